// The Rollout reconcile loop (docs/spec/kruise-rollout.md §2.2): the finalizer, the workload-type label,
// the plan hash annotation, the phase machine (plan/phase.ts), then by the stored phase: Progressing
// (sync/progressing.ts), Terminating and Disabling (the release finished, docs/spec/kruise-rollout.md §2.12, §2.13); the status is written
// when it changed, with the top-level step copies refreshed, and the Rollout looks again at the earliest
// time a step asked for.
import { isApiError, isoNow, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, Logger, ReconcileResult, Reconciler, Request, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import { ANNOTATION_ROLLOUT_HASH, FINALIZER_ROLLOUT, LABEL_WORKLOAD_TYPE, type BatchRelease, type Rollout, type RolloutStatus } from '@coxswain/kruise-api';
import { readWorkload, releaseTarget, type ReleaseWorkload } from '../release-target/workload.js';
import type { AnalysisRunner } from '../analysis/runner.js';
import { BATCH_RELEASE_REF } from '../refs.js';
import { awaitResourceVersions } from '../sync/reconcile-gates.js';
import { calculateRolloutStatus } from './plan/phase.js';
import { rolloutPlanHash } from './plan/plan-hash.js';
import { deploymentStyle } from './plan/batch-release-spec.js';
import { rolloutWorkload, type RolloutWorkload } from './plan/rollout-workload.js';
import { Progressing, type RolloutContext } from './sync/progressing.js';
import { labelWorkloadType, setRolloutFinalizer, setRolloutHash, writeRolloutStatus } from './sync/rollout-writes.js';

export interface RolloutReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  rollouts: Informer<Rollout>;
  /** The Rollout's own writes (finalizer, annotation, status). */
  versions: ResourceVersionExpectations;
  recorder?: EventRecorder;
  log: Logger;
  /** Evaluates steps' analysis checks off the reconcile (docs/analysis.md §5). */
  analysis?: AnalysisRunner;
}

/** Go's recheck while the workload's status lags (docs/spec/kruise-rollout.md §2.2 step 6). */
const INCONSISTENT_RECHECK_MS = 3000;

export class RolloutReconciler implements Reconciler {
  private readonly progressing: Progressing;

  constructor(private readonly deps: RolloutReconcilerDeps) {
    this.progressing = new Progressing(deps);
  }

  async reconcile(request: Request): Promise<ReconcileResult | void> {
    const { client, clock, rollouts, versions } = this.deps;
    const key = requestKey(request);
    const cached = rollouts.get(request.namespace, request.name);
    if (!cached) {
      versions.deleteExpectations(key);
      this.deps.analysis?.forget(key);
      return;
    }
    const wait = awaitResourceVersions(versions, key, clock, this.deps.log);
    if (wait) return wait;
    let rollout = cached;
    const deleting = rollout.metadata.deletionTimestamp !== undefined;
    const hasFinalizer = (rollout.metadata.finalizers ?? []).includes(FINALIZER_ROLLOUT);
    if (deleting) {
      const terminating = rollout.status?.conditions?.find((c) => c.type === 'Terminating');
      if (terminating?.reason === 'Completed') {
        if (hasFinalizer) this.expect(key, await setRolloutFinalizer(client, rollout, false));
        return;
      }
    } else if (!hasFinalizer) {
      const written = await setRolloutFinalizer(client, rollout, true);
      if (!written) return;
      this.expect(key, written);
      rollout = written;
    }

    const target = releaseTarget(rollout.spec.workloadRef);
    const namespace = rollout.metadata.namespace ?? '';
    const workload = target ? await readWorkload(client, target, namespace, rollout.spec.workloadRef.name, false, undefined, deploymentStyle(rollout)) : undefined;
    if (workload && workload.object.metadata.labels?.[LABEL_WORKLOAD_TYPE] === undefined) {
      await labelWorkloadType(client, workload.target.ref, workload.object, workload.target.workloadType);
    }
    const strategy = rollout.spec.strategy.canary ?? rollout.spec.strategy.blueGreen ?? {};
    const hash = rolloutPlanHash(strategy as Parameters<typeof rolloutPlanHash>[0]);
    if (rollout.metadata.annotations?.[ANNOTATION_ROLLOUT_HASH] !== hash) {
      const written = await setRolloutHash(client, rollout, hash);
      if (!written) return;
      this.expect(key, written);
      rollout = written;
    }
    const facts = workload ? workloadFacts(workload) : undefined;
    const steps = strategy.steps ?? [];
    const now = isoNow(clock);
    const result = calculateRolloutStatus({
      generation: rollout.metadata.generation ?? 0, deleting, disabled: rollout.spec.disabled === true, stepCount: steps.length,
      rolloutHash: hash, status: rollout.status, workload: facts, now,
    });
    if (result.retry) return { requeueAfterMs: INCONSISTENT_RECHECK_MS };
    const status = result.status;
    const context: RolloutContext = { rollout, workload, facts, hash, status, release: await this.release(rollout), now };
    let recheckAt: number | undefined;
    switch (rollout.status?.phase) {
      case 'Progressing':
        if (facts && workload) recheckAt = await this.progressing.reconcile({ ...context, facts, workload });
        break;
      case 'Terminating':
        recheckAt = await this.progressing.terminating(context);
        break;
      case 'Disabling':
        recheckAt = await this.progressing.disabling(context);
        break;
      default:
        break;
    }
    status.currentStepIndex = status.canaryStatus?.currentStepIndex ?? 0;
    status.currentStepState = status.canaryStatus?.currentStepState ?? '';
    await this.write(key, rollout, status);
    return recheckAt !== undefined ? { requeueAfterMs: Math.max(1, recheckAt - clock.now()) } : undefined;
  }

  private async release(rollout: Rollout): Promise<BatchRelease | undefined> {
    try {
      return await this.deps.client.get<BatchRelease>(BATCH_RELEASE_REF, rollout.metadata.namespace, rollout.metadata.name ?? '');
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      throw err;
    }
  }

  private async write(key: string, rollout: Rollout, status: RolloutStatus): Promise<void> {
    if (canonical(status) === canonical(rollout.status ?? {})) return;
    this.expect(key, await writeRolloutStatus(this.deps.client, rollout, status));
  }

  private expect(key: string, written: Rollout | undefined): void {
    if (written) this.deps.versions.expect(key, written);
  }
}

export function workloadFacts(workload: ReleaseWorkload): RolloutWorkload {
  return rolloutWorkload({
    kind: workload.target.kind, labels: workload.object.metadata.labels, generation: workload.generation, observedGeneration: workload.observedGeneration,
    replicas: workload.replicas, updatedReplicas: workload.updatedReplicas, currentRevision: workload.currentRevision, updateRevision: workload.updateRevision,
    inProgressing: workload.inProgressing,
    ...(workload.deployment ? {
      deployment: {
        stableFound: workload.deployment.stableFound, stableTemplateEqual: workload.deployment.stableTemplateEqual,
        canaryPodTemplateHash: workload.deployment.canary?.podTemplateHash ?? '',
      },
    } : {}),
    ...(workload.partitionDeployment ? { partitionDeployment: { podTemplateHash: workload.partitionDeployment.podTemplateHash } } : {}),
  });
}

function canonical(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, walk(x)]));
  };
  return JSON.stringify(walk(value));
}
