// A Rollout's release (docs/spec/kruise-rollout.md §2.3–§2.5, §2.7, §2.10, §2.11, §2.15): the
// Progressing condition's reason machine, the InRolling dispatch (plan/in-rolling.ts), one pass of the
// step machine (plan/step-machine.ts) with the BatchRelease it drives, and finalising — also what
// Terminating and Disabling run (docs/spec/kruise-rollout.md §2.12, §2.13). Every function edits the
// status the reconciler writes and returns when to look again (ms), if it needs to.
import { isoNow, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Logger } from '@coxswain/controller-runtime';
import { ANNOTATION_ROLLBACK_IN_BATCH, LABEL_WORKLOAD_TYPE, type BatchRelease, type CanaryStatus, type Pod, type Rollout, type RolloutStatus } from '@coxswain/kruise-api';
import { onUpdateRevision, readWorkload, type ReleaseWorkload } from '../../release-target/workload.js';
import { releasePlanHash } from '../../release-target/release-plan-hash.js';
import { deploymentStyle, desiredBatchRelease, releaseIsDesired } from '../plan/batch-release-spec.js';
import { condition, progressingTransition, setCondition } from '../plan/conditions.js';
import { finalisingPass, finalisingTask, type FinaliseReason } from '../plan/finalising.js';
import { inRollingAction, isRollbackInBatch } from '../plan/in-rolling.js';
import { afterPlanChange } from '../plan/plan-change.js';
import type { RolloutWorkload } from '../plan/rollout-workload.js';
import { runStepMachine, type BatchReleaseFacts } from '../plan/step-machine.js';
import { naturalNext, type Step } from '../plan/steps.js';
import type { AnalysisRunner } from '../../analysis/runner.js';
import { podAtRevision } from '../../revision/revision-match.js';
import { applyBatchRelease, deleteBatchRelease, patchBatchRelease, removeInProgressing, restoreStableTemplate } from './rollout-writes.js';

/** Go's recheck while initializing, cancelling, finalising (docs/spec/kruise-rollout.md §2.3). */
const RECHECK_MS = 3000;

export interface RolloutContext {
  rollout: Rollout;
  workload: ReleaseWorkload | undefined;
  facts: RolloutWorkload | undefined;
  /** The plan hash (annotation rollouts.kruise.io/hash). */
  hash: string;
  /** The status being computed (edited in place). */
  status: RolloutStatus;
  release: BatchRelease | undefined;
  now: string;
}

type Rolling = RolloutContext & { workload: ReleaseWorkload; facts: RolloutWorkload };

export interface ProgressingDeps {
  client: ClusterClient;
  clock: Clock;
  recorder?: EventRecorder;
  log: Logger;
  /** Evaluates steps' analysis checks off the reconcile (docs/analysis.md §5); shared by the controller's reconcilers. */
  analysis?: AnalysisRunner;
}

export class Progressing {
  constructor(private readonly deps: ProgressingDeps) {}

  /** docs/spec/kruise-rollout.md §2.3: by the Progressing condition's reason. */
  async reconcile(ctx: Rolling): Promise<number | undefined> {
    const { status, now } = ctx;
    const nowMs = this.deps.clock.now();
    const cond = condition(status.conditions, 'Progressing');
    switch (cond?.reason) {
      case 'Initializing': {
        status.canaryStatus = freshCanaryStatus(ctx);
        const due = Date.parse(cond.lastUpdateTime ?? now) + RECHECK_MS;
        if (nowMs < due) return due;
        this.transition(status, 'True', 'InRolling', 'Rollout is in Progressing');
        return undefined;
      }
      case 'InRolling':
        return this.inRolling(ctx);
      case 'Paused':
        if (ctx.rollout.spec.strategy.paused !== true) this.transition(status, 'True', 'InRolling', '');
        return undefined;
      case 'Cancelling': {
        if (!(await this.finalise(ctx, 'Rollback', true))) return nowMs + RECHECK_MS;
        this.transition(status, 'False', 'Completed', 'Rollout progressing has been canceled');
        status.conditions = setCondition(status.conditions, 'Succeeded', 'False', '', '', now);
        return undefined;
      }
      case 'Finalising': {
        if (!(await this.finalise(ctx, 'Success', true))) return nowMs + RECHECK_MS;
        this.transition(status, 'False', 'Completed', 'Rollout progressing has been completed');
        status.conditions = setCondition(status.conditions, 'Succeeded', 'True', '', '', now);
        return undefined;
      }
      case 'Completed':
        status.phase = 'Healthy';
        return undefined;
      default:
        return undefined;
    }
  }

  /** docs/spec/kruise-rollout.md §2.13: the release is finished, then the Terminating condition completes. */
  async terminating(ctx: RolloutContext): Promise<number | undefined> {
    if (!(await this.finalise(ctx, 'RolloutDeleting', false))) return this.deps.clock.now() + RECHECK_MS;
    const current = condition(ctx.status.conditions, 'Terminating');
    ctx.status.conditions = setCondition(ctx.status.conditions, 'Terminating', 'False', 'Completed', current?.message ?? 'Rollout is in terminating', ctx.now);
    return undefined;
  }

  /** docs/spec/kruise-rollout.md §2.12: the release is finished, then Disabled. */
  async disabling(ctx: RolloutContext): Promise<number | undefined> {
    if (!(await this.finalise(ctx, 'RolloutDisabled', false))) return this.deps.clock.now() + RECHECK_MS;
    ctx.status.phase = 'Disabled';
    ctx.status.message = 'Rollout is disabled';
    return undefined;
  }

  /** docs/spec/kruise-rollout.md §2.4. */
  private async inRolling(ctx: Rolling): Promise<number | undefined> {
    const { rollout, facts, status, hash } = ctx;
    const canary = status.canaryStatus;
    if (!canary) return undefined;
    const nowMs = this.deps.clock.now();
    const strategy = rollout.spec.strategy.canary ?? {};
    const rollbackInBatch = isRollbackInBatch({
      trafficRoutings: strategy.trafficRoutings?.length ?? 0, refKind: rollout.spec.workloadRef.kind,
      workloadTypeLabel: ctx.workload.object.metadata.labels?.[LABEL_WORKLOAD_TYPE], annotation: rollout.metadata.annotations?.[ANNOTATION_ROLLBACK_IN_BATCH],
    });
    const action = inRollingAction({
      workloadInRollback: facts.inRollback, workloadCanaryRevision: facts.canaryRevision, statusCanaryRevision: canary.canaryRevision,
      rollbackInBatch, paused: rollout.spec.strategy.paused === true, statusRolloutHash: canary.rolloutHash ?? '', annotationRolloutHash: hash,
      currentStepState: canary.currentStepState,
    });
    const steps: Step[] = strategy.steps ?? [];
    switch (action) {
      case 'Cancel':
        canary.canaryRevision = facts.canaryRevision;
        this.transition(status, 'True', 'Cancelling', 'Workload has been rollback, then rollout is canceled');
        return undefined;
      case 'Pause':
        this.transition(status, 'True', 'Paused', 'Rollout has been paused, you can resume it by kube-cli');
        return undefined;
      case 'RollbackInBatches':
        // docs/spec/kruise-rollout.md §2.11: v1 is released again from step 1.
        status.canaryStatus = {
          ...canary, currentStepIndex: 1, nextStepIndex: naturalNext(1, steps.length), canaryRevision: facts.canaryRevision,
          currentStepState: 'BeforeStepUpgrade', rolloutHash: hash, lastUpdateTime: ctx.now,
        };
        return undefined;
      case 'ContinuousRelease':
        // docs/spec/kruise-rollout.md §2.10b: the release is reset (its BatchRelease deleted, waited for), then starts again.
        if (ctx.release) {
          if (!ctx.release.metadata.deletionTimestamp) await deleteBatchRelease(this.deps.client, ctx.release);
          return nowMs + RECHECK_MS;
        }
        delete status.canaryStatus;
        this.transition(status, 'True', 'Initializing', 'Workload is continuous release');
        return undefined;
      case 'PlanChanged': {
        const plan = ctx.release?.spec.releasePlan;
        const released = plan && plan.batchPartition !== undefined && plan.batchPartition !== null ? plan.batches[plan.batchPartition]?.canaryReplicas : undefined;
        status.canaryStatus = afterPlanChange(canary, steps, facts.replicas, released, hash, nowMs);
        return undefined;
      }
      case 'Finalise':
        this.transition(status, 'True', 'Finalising', 'Rollout has been completed and some closing work is being done');
        return undefined;
      case 'Step':
        return this.step(ctx, canary, steps);
    }
  }

  /** docs/spec/kruise-rollout.md §2.5, §2.7: one pass of the step machine and the BatchRelease it drives. */
  private async step(ctx: Rolling, canary: CanaryStatus, steps: readonly Step[]): Promise<number | undefined> {
    const { rollout, facts, status, release } = ctx;
    const { client } = this.deps;
    const rolloutId = canary.observedRolloutID || facts.rolloutId;
    const desired = (batch: number) => desiredBatchRelease(rollout, batch, rolloutId, facts.inRollback);
    let brFacts: BatchReleaseFacts | undefined;
    if (release) {
      if ((release.spec.releasePlan.rolloutID ?? '') !== rolloutId) await patchBatchRelease(client, release, { rolloutID: rolloutId });
      const s = release.status ?? {};
      brFacts = {
        specIsDesired: releaseIsDesired(release, desired(canary.currentStepIndex - 1)),
        observed: s.observedReleasePlanHash === releasePlanHash(release.spec.releasePlan) && (release.metadata.generation ?? 0) === (s.observedGeneration ?? -1),
        batchState: s.canaryStatus?.batchState,
        currentBatch: s.canaryStatus?.currentBatch ?? 0,
        updatedReplicas: s.canaryStatus?.updatedReplicas ?? 0,
        updatedReadyReplicas: s.canaryStatus?.updatedReadyReplicas ?? 0,
      };
    }
    // Coxswain's extension (docs/analysis.md §5): an evaluation of this step's checks that finished since.
    const key = `${rollout.metadata.namespace ?? ''}/${rollout.metadata.name ?? ''}`;
    const step = steps[canary.currentStepIndex - 1];
    const token = `${canary.currentStepIndex}/${canary.canaryRevision}`;
    const analysing = step?.analysis !== undefined && canary.currentStepState === 'StepMetricsAnalysis';
    const evaluation = analysing ? this.deps.analysis?.take(key, token) : undefined;
    const result = runStepMachine({
      steps, replicas: facts.replicas, realPartition: facts.realPartition, status: canary, podTemplateHash: facts.podTemplateHash, batchRelease: brFacts, now: this.deps.clock.now(),
      ...(evaluation ? { evaluation } : {}),
    });
    if (!analysing) this.deps.analysis?.forget(key);
    const next = result.status;
    await this.analyse(ctx, canary, next, step, key, token, result);
    if (release) {
      const s = release.status ?? {};
      next.message = `BatchRelease is at state ${s.canaryStatus?.batchState ?? ''}, rollout-id ${release.spec.releasePlan.rolloutID ?? ''}, step ${(s.canaryStatus?.currentBatch ?? 0) + 1}`
        + (s.message ? `, ${s.message}` : '');
    }
    status.canaryStatus = next;
    if (result.runBatch !== undefined) {
      const wanted = desired(result.runBatch);
      if (!release || !releaseIsDesired(release, wanted)) await applyBatchRelease(client, release, wanted);
    }
    if (result.message !== undefined) this.transition(status, 'True', 'InRolling', result.message);
    if (result.event) this.deps.recorder?.event(rollout, 'Normal', 'Progressing', result.event);
    return result.recheckAt;
  }

  /**
   * docs/spec/kruise-rollout.md §2.15: the in-progressing annotation removed, then one finalising task
   * per pass; true when the release is finished. A release that never started finishes at once.
   */
  private async finalise(ctx: RolloutContext, reason: FinaliseReason, waitReady: boolean): Promise<boolean> {
    const canary = ctx.status.canaryStatus;
    if (!canary) return true;
    if (ctx.workload?.inProgressing) await removeInProgressing(this.deps.client, ctx.workload.target.ref, ctx.workload.object);
    const task = finalisingTask(reason, canary.finalisingStep);
    let retry = false;
    if (task === 'ResumeWorkload') retry = await this.resumeWorkload(ctx.release, waitReady);
    else if (task === 'ReleaseWorkloadControl') retry = await this.releaseWorkloadControl(ctx.release);
    const pass = finalisingPass(reason, canary.finalisingStep, { resumeWorkload: () => retry, releaseWorkloadControl: () => retry });
    canary.finalisingStep = pass.step;
    return pass.done;
  }

  /** Go: finalizingBatchRelease; true = retry. */
  private async resumeWorkload(release: BatchRelease | undefined, waitReady: boolean): Promise<boolean> {
    if (!release) return false;
    const plan = release.spec.releasePlan;
    const policy = waitReady ? 'WaitResume' : 'Immediate';
    const finishing = plan.batchPartition === undefined || plan.batchPartition === null;
    if (finishing && release.status?.phase === 'Completed') return false;
    if (finishing && (plan.finalizingPolicy ?? 'Immediate') === policy) return true;
    await patchBatchRelease(this.deps.client, release, { batchPartition: null, finalizingPolicy: policy });
    return true;
  }

  /** Go: removeBatchRelease; true = retry until it is gone. */
  private async releaseWorkloadControl(release: BatchRelease | undefined): Promise<boolean> {
    if (!release) return false;
    if (!release.metadata.deletionTimestamp) await deleteBatchRelease(this.deps.client, release);
    return true;
  }

  /**
   * docs/analysis.md §5: starts an evaluation that is due (the batch's pods, the Rollout's values bound),
   * records a failure as an event once, and on an Abort failure writes the workload's template back to
   * the stable revision — Kruise Rollouts' rollback (docs/spec/kruise-rollout.md §2.11) does the rest.
   */
  private async analyse(
    ctx: Rolling, before: CanaryStatus, after: CanaryStatus, step: Step | undefined, key: string, token: string,
    result: { evaluateAt?: number; abort?: boolean; message?: string },
  ): Promise<void> {
    const { analysis, clock } = this.deps;
    const { workload, rollout } = ctx;
    if (step?.analysis && analysis && result.evaluateAt !== undefined && result.evaluateAt <= clock.now() && !analysis.running(key)) {
      // The Rollout reads its workload without pods; a pods check judges the batch's, read now.
      const namespace = rollout.metadata.namespace ?? '';
      const full = step.analysis.checks.some((check) => check.pods)
        ? await readWorkload(this.deps.client, workload.target, namespace, rollout.spec.workloadRef.name, true, undefined, deploymentStyle(rollout))
        : undefined;
      // A Deployment's pods carry a pod-template-hash, not a controller-revision-hash.
      const atRevision = (pod: Pod) => (full?.target.kind === 'Deployment' ? onUpdateRevision(pod, full) : podAtRevision(pod, workload.updateRevision));
      analysis.start(key, token, step.analysis.checks, {
        clock,
        pods: (full?.pods ?? []).filter(atRevision),
        variables: { namespace, workload: rollout.spec.workloadRef.name, updateRevision: workload.updateRevision, currentRevision: workload.currentRevision },
      });
    }
    if (after.analysis?.phase === 'Failed' && before.analysis?.phase !== 'Failed') {
      const then = result.abort ? 'rolling back to the stable revision' : 'approve to go on, or abort';
      this.deps.recorder?.event(rollout, 'Warning', 'AnalysisFailed', `step ${after.analysis.stepIndex}: ${after.analysis.message}; ${then}`);
    }
    if (result.abort) await restoreStableTemplate(this.deps.client, workload);
  }

  private transition(status: RolloutStatus, condStatus: 'True' | 'False', reason: string, message: string): void {
    status.conditions = progressingTransition(status.conditions, condStatus, reason, message, isoNow(this.deps.clock));
    status.message = condition(status.conditions, 'Progressing')?.message ?? status.message;
  }
}

/** docs/spec/kruise-rollout.md §2.3 Initializing: a new sub-status at step 1. */
function freshCanaryStatus(ctx: Rolling): CanaryStatus {
  const steps = (ctx.rollout.spec.strategy.canary?.steps ?? []).length;
  return {
    observedWorkloadGeneration: ctx.facts.generation,
    rolloutHash: ctx.hash,
    observedRolloutID: ctx.facts.rolloutId,
    stableRevision: ctx.facts.stableRevision,
    canaryRevision: ctx.facts.canaryRevision,
    podTemplateHash: '',
    currentStepIndex: 1,
    nextStepIndex: naturalNext(1, steps),
    currentStepState: 'BeforeStepUpgrade',
    finalisingStep: '',
    canaryReplicas: 0,
    canaryReadyReplicas: 0,
    lastUpdateTime: ctx.now,
  };
}
