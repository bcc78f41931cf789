// The BatchRelease reconcile loop, partition style (docs/spec/kruise-rollout.md §3.1–§3.6, §3.9): the
// finalizer, a fresh status for a new release, the checks before acting (plan/pre-execution.ts), then
// one pass of the phase machine (plan/phases.ts) whose one workload operation — claim, lower the
// partition and label pods, check the batch, release — is run here; the status is written when it
// changed, and the release looks again after 2 s while it has something to wait for. An apps/v1
// Deployment is released in canary style (docs/spec/kruise-rollout.md §3.7): an extra canary Deployment carries the batches
// (sync/canary-deployment.ts), the stable Deployment stays paused until Finalize; or in partition style
// (docs/spec/kruise-rollout.md §3.6, plan/deployment-partition.ts): the advanced Deployment controller
// rolls it to the partition the release raises.
import { isoNow, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { Informer, Logger, ReconcileResult, Reconciler, Request, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import {
  ANNOTATION_ROLLBACK_IN_BATCH, FINALIZER_BATCH_RELEASE, LABEL_NO_NEED_UPDATE, LABEL_ROLLOUT_BATCH_ID, ROLLOUT_ID_KEY,
  type BatchRelease, type BatchReleaseStatus, type Deployment, type FeatureGates, type ReleasePlan,
} from '@coxswain/kruise-api';
import { awaitResourceVersions } from '../sync/reconcile-gates.js';
import { batchNotReady, batchTarget, type BatchTarget } from './plan/batch-context.js';
import { batchLabelPatches } from './plan/batch-labels.js';
import { cloneSetPartition, loweredPartition } from './plan/partitions.js';
import { answeredOps, executePhase, phaseOperation, REQUEUE_SECONDS, type Outcome } from './plan/phases.js';
import { finalizeSpec, finalizing, stablePaused } from './plan/finalize.js';
import { preExecution, resetBatchReleaseStatus, type WorkloadInfo } from './plan/pre-execution.js';
import { workloadEvent } from './plan/workload-event.js';
import { releasePlanHash } from '../release-target/release-plan-hash.js';
import { claimWorkload, controlInfo, controlledBy, labelPod, markPodNoNeedUpdate, patchDeployment, releaseWorkload, setPartition } from './sync/workload-control.js';
import { deploymentClaimPatch, deploymentPartitionPatch, deploymentPlannedUpdated, deploymentReleasePatch } from './plan/deployment-partition.js';
import { setReleaseFinalizer, writeReleaseStatus } from './sync/release-writes.js';
import { canaryDeploymentsOf, claimStableDeployment, createCanaryDeployment, dropCanaryFinalizer, raiseCanaryReplicas, releaseStableDeployment } from './sync/canary-deployment.js';
import { onUpdateRevision, readWorkload, releaseTarget, type ReleaseWorkload } from '../release-target/workload.js';

export interface BatchReleaseReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  releases: Informer<BatchRelease>;
  /** The release's own writes (finalizer, status). */
  versions: ResourceVersionExpectations;
  /** KeepWorkloadPausedOnRolloutDeletion (plan/finalize.ts). */
  gates: FeatureGates;
  log: Logger;
}

const REQUEUE = { requeueAfterMs: REQUEUE_SECONDS * 1000 };
const OK: Outcome = { ok: true };

export class BatchReleaseReconciler implements Reconciler {
  constructor(private readonly deps: BatchReleaseReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult | void> {
    const { client, clock, releases, versions } = this.deps;
    const key = requestKey(request);
    const cached = releases.get(request.namespace, request.name);
    if (!cached) {
      versions.deleteExpectations(key);
      return;
    }
    const wait = awaitResourceVersions(versions, key, clock, this.deps.log);
    if (wait) return wait;
    let release = cached;
    const deleting = release.metadata.deletionTimestamp !== undefined;
    const hasFinalizer = (release.metadata.finalizers ?? []).includes(FINALIZER_BATCH_RELEASE);
    if (deleting && release.status?.phase === 'Completed') {
      if (hasFinalizer) this.expect(key, await setReleaseFinalizer(client, release, false));
      return;
    }
    if (!deleting && !hasFinalizer) {
      const written = await setReleaseFinalizer(client, release, true);
      if (!written) return;
      this.expect(key, written);
      release = written;
    }

    const status: BatchReleaseStatus = release.status?.phase ? structuredClone(release.status) : resetBatchReleaseStatus();
    const target = releaseTarget(release.spec.workloadRef);
    const namespace = release.metadata.namespace ?? '';
    const plan = release.spec.releasePlan;
    if (!target) {
      status.message = `the workload ${release.spec.workloadRef?.apiVersion ?? ''} ${release.spec.workloadRef?.kind ?? ''} is not one Coxswain's BatchRelease drives (CloneSet, Advanced StatefulSet, apps/v1 StatefulSet, apps/v1 Deployment)`;
      await this.write(key, release, status);
      return;
    }
    // docs/spec/kruise-rollout.md §3.1: the style is the plan's rollingStyle, else Canary with an extra workload.
    const style = planStyle(plan);
    if (style === 'BlueGreen') {
      // Refused at admission (coxswainBatchReleaseRefusals); one stored before that rule is told so, never released as another style.
      status.message = 'rollingStyle BlueGreen is not supported by Coxswain (docs/spec/kruise-rollout.md §8.1): nothing is released; use Partition or Canary';
      await this.write(key, release, status);
      return;
    }
    let workload: ReleaseWorkload | undefined;
    let readError: string | undefined;
    try {
      workload = await readWorkload(client, target, namespace, release.spec.workloadRef!.name, true, release.metadata.uid, style === 'Canary' ? 'Canary' : 'Partition');
    } catch (err) {
      readError = err instanceof Error ? err.message : String(err);
    }
    const info: WorkloadInfo | undefined = workload && {
      replicas: workload.replicas, updatedReplicas: workload.updatedReplicas, updatedReadyReplicas: workload.updatedReadyReplicas,
      stableRevision: workload.currentRevision, updateRevision: workload.updateRevision,
    };
    const event = readError !== undefined ? 'GetError' : workloadEvent(deleting, workload && {
      ...workload, stableRevision: workload.currentRevision,
      // A canary-style Deployment's own updated replicas (its batch counts are the canary's).
      updatedReplicas: workload.deployment?.stableUpdatedReplicas ?? workload.updatedReplicas,
    }, status);
    const planHash = releasePlanHash(plan);
    const pre = preExecution({
      release: { metadata: release.metadata, spec: release.spec, status }, deleting, planHash, event,
      workload: deleting ? undefined : info, ...(readError !== undefined ? { error: readError } : {}),
    });
    if (pre.message) this.deps.log('info', pre.message, { key });
    if (pre.stop) {
      const changed = await this.write(key, release, { ...pre.status, observedGeneration: release.metadata.generation ?? 0 });
      return changed || readError !== undefined ? REQUEUE : undefined;
    }

    const operation = phaseOperation(pre.status);
    let outcome: Outcome = OK;
    try {
      if (operation) outcome = await this.operate(operation, release, pre.status, workload);
    } catch (err) {
      outcome = { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    const pass = executePhase({ status: pre.status, batchPartition: plan.batchPartition ?? undefined, batchCount: plan.batches.length, now: isoNow(clock) }, answeredOps(outcome));
    if (operation === 'initialize' && outcome.ok && workload) {
      // docs/spec/kruise-rollout.md §3.4: the revisions and replicas the release starts from.
      pass.status.stableRevision = workload.currentRevision;
      pass.status.updateRevision = workload.updateRevision;
      pass.status.observedWorkloadReplicas = workload.replicas;
    }
    pass.status.observedGeneration = release.metadata.generation ?? 0;
    if (pass.error) this.deps.log('info', pass.error, { key });
    await this.write(key, release, pass.status);
    return pass.requeue || pass.error !== undefined ? REQUEUE : undefined;
  }

  /** Runs the phase's workload operation (docs/spec/kruise-rollout.md §3.4). */
  private async operate(operation: 'initialize' | 'upgradeBatch' | 'batchReady' | 'finalize', release: BatchRelease, status: BatchReleaseStatus, workload: ReleaseWorkload | undefined): Promise<Outcome> {
    const { client } = this.deps;
    const plan = release.spec.releasePlan;
    const canaryStyle = releaseTarget(release.spec.workloadRef)?.kind === 'Deployment' && planStyle(plan) === 'Canary';
    if (operation === 'finalize' && canaryStyle) return this.finalizeCanary(release, workload);
    if (operation === 'finalize' && workload?.partitionDeployment) {
      // docs/spec/kruise-rollout.md §3.6 Finalize, with the KeepWorkloadPausedOnRolloutDeletion gate's rule.
      const rule = finalizing(plan, this.deps.gates);
      await patchDeployment(client, workload, deploymentReleasePatch(workload.object as Deployment, rule.released, rule.keepPaused));
      return OK;
    }
    if (operation === 'finalize') {
      if (workload && workload.target.kind !== 'Deployment') await releaseWorkload(client, workload, finalizeSpec(workload.target.kind, finalizing(plan, this.deps.gates)));
      return OK;
    }
    if (!workload) return { ok: false, message: 'the workload is not found' };
    if (operation === 'initialize' && workload.deployment) {
      // docs/spec/kruise-rollout.md §3.7 Initialize.
      if (!controlledBy(workload, release)) await claimStableDeployment(client, workload.object as Deployment, release);
      if (!workload.deployment.canary) await createCanaryDeployment(client, workload.object as Deployment, release);
      return OK;
    }
    if (operation === 'initialize' && workload.partitionDeployment) {
      // docs/spec/kruise-rollout.md §3.6 Initialize: handed to the advanced Deployment controller.
      if (!controlledBy(workload, release)) await patchDeployment(client, workload, deploymentClaimPatch(workload.object as Deployment, controlInfo(release)));
      return this.markNoNeedUpdate(release, status, workload);
    }
    if (operation === 'initialize') {
      if (!controlledBy(workload, release)) await claimWorkload(client, workload, release);
      return this.markNoNeedUpdate(release, status, workload);
    }
    if (workload.replicas === 0) return OK;
    const currentBatch = status.canaryStatus?.currentBatch ?? 0;
    const batch = plan.batches[currentBatch]?.canaryReplicas ?? 0;
    const target = workload.partitionDeployment
      // docs/spec/kruise-rollout.md §3.6: planned = desired = NewRSReplicasLimit of the batch's canaryReplicas.
      ? deploymentTarget(deploymentPlannedUpdated(batch, workload.replicas), workload.replicas)
      : batchTarget(plan.batches, workload.replicas, currentBatch, status.canaryStatus?.noNeedUpdateReplicas);
    const rolloutId = plan.rolloutID ?? '';
    if (operation === 'upgradeBatch' && workload.deployment) {
      // docs/spec/kruise-rollout.md §3.7 UpgradeBatch: the canary Deployment raised to the batch's pods.
      const canary = workload.deployment.canary;
      if (!canary) return { ok: false, message: `the canary Deployment of ${workload.object.metadata.name ?? ''} is not found` };
      await raiseCanaryReplicas(client, canary.object, target.plannedUpdated);
      await this.labelBatch(release, workload, currentBatch);
      return OK;
    }
    if (operation === 'upgradeBatch' && workload.partitionDeployment) {
      // docs/spec/kruise-rollout.md §3.6 UpgradeBatch: the partition (pods on the new revision) raised to the batch's.
      await patchDeployment(client, workload, deploymentPartitionPatch(workload.object as Deployment, batch));
      await this.labelBatch(release, workload, currentBatch);
      return OK;
    }
    if (operation === 'upgradeBatch') {
      // docs/spec/kruise-rollout.md §3.6: an ordered StatefulSet keeps the pods that need no update below the partition too.
      const desired = workload.target.kind === 'CloneSet'
        ? cloneSetPartition(target.desiredStable, workload.replicas, batch)
        : target.desiredStable + (status.canaryStatus?.noNeedUpdateReplicas ?? 0);
      const lowered = loweredPartition(workload.partition, desired, workload.replicas);
      if (lowered !== undefined) await setPartition(client, workload, lowered);
      await this.labelBatch(release, workload, currentBatch);
      return OK;
    }
    const notReady = batchNotReady({
      desiredUpdated: target.desiredUpdated, plannedUpdated: target.plannedUpdated,
      updatedReplicas: workload.updatedReplicas, updatedReadyReplicas: workload.updatedReadyReplicas,
      failureThreshold: plan.failureThreshold, rolloutID: rolloutId,
      podRolloutIds: rolloutId === '' ? [] : workload.pods.map((p) => p.metadata.labels?.[ROLLOUT_ID_KEY]),
    });
    return notReady === undefined ? OK : { ok: false, message: notReady };
  }

  /** docs/spec/kruise-rollout.md §3.9: the batch labels of the pods on the update revision. */
  private async labelBatch(release: BatchRelease, workload: ReleaseWorkload, currentBatch: number): Promise<void> {
    const plan = release.spec.releasePlan;
    const pods = workload.pods.map((p) => ({
      name: p.metadata.name ?? '', deleting: p.metadata.deletionTimestamp !== undefined, updated: onUpdateRevision(p, workload),
      rolloutId: p.metadata.labels?.[ROLLOUT_ID_KEY], batchId: p.metadata.labels?.[LABEL_ROLLOUT_BATCH_ID],
    }));
    for (const patch of batchLabelPatches(pods, plan.batches, workload.replicas, currentBatch, plan.rolloutID ?? '')) {
      await labelPod(this.deps.client, release.metadata.namespace, patch);
    }
  }

  /**
   * docs/spec/kruise-rollout.md §3.7 Finalize: the stable Deployment loses the control-info and is resumed
   * (kept paused while batchPartition is set, or by the KeepWorkloadPausedOnRolloutDeletion gate, plan/finalize.ts); with WaitResume, until every replica is updated and
   * available within maxUnavailable the release is not finalized; then the canary Deployments lose their
   * finalizer (garbage-collected with the release).
   */
  private async finalizeCanary(release: BatchRelease, workload: ReleaseWorkload | undefined): Promise<Outcome> {
    const { client } = this.deps;
    const plan = release.spec.releasePlan;
    const interrupted = plan.batchPartition !== undefined && plan.batchPartition !== null;
    if (workload?.deployment) {
      const stable = workload.object as Deployment;
      const paused = stablePaused(finalizing(plan, this.deps.gates));
      if (workload.controlInfo !== undefined || (stable.spec.paused === true) !== paused) await releaseStableDeployment(client, stable, paused);
      const facts = workload.deployment;
      const resumed = !interrupted && plan.finalizingPolicy === 'WaitResume';
      if (resumed && (workload.observedGeneration < workload.generation || stable.spec.paused === true
        || facts.stableUpdatedReplicas < workload.replicas || facts.stableAvailableReplicas + facts.maxUnavailable < workload.replicas)) {
        return { ok: false, message: `the stable Deployment ${stable.metadata.name ?? ''} is not resumed and updated yet` };
      }
    }
    for (const canary of await canaryDeploymentsOf(client, release)) await dropCanaryFinalizer(client, canary);
    return OK;
  }

  /**
   * docs/spec/kruise-rollout.md §3.8: rolling back in batches, the live pods already on the (rolled-back-to)
   * update revision are labelled no-need-update with the rollout id and counted into
   * noNeedUpdateReplicas; until every one carries the label, Initialize is not done. Without a rollout
   * id the workload's updated replicas are the count.
   */
  private async markNoNeedUpdate(release: BatchRelease, status: BatchReleaseStatus, workload: ReleaseWorkload): Promise<Outcome> {
    if ((release.metadata.annotations?.[ANNOTATION_ROLLBACK_IN_BATCH] ?? '') === '') return OK;
    const canary = (status.canaryStatus ??= { currentBatch: 0 });
    const rolloutId = release.spec.releasePlan.rolloutID ?? '';
    if (rolloutId === '') {
      canary.noNeedUpdateReplicas = workload.updatedReplicas;
      return OK;
    }
    const onUpdate = workload.pods.filter((p) => !p.metadata.deletionTimestamp && onUpdateRevision(p, workload));
    const marked = onUpdate.filter((p) => p.metadata.labels?.[LABEL_NO_NEED_UPDATE] === rolloutId);
    const unmarked = onUpdate.filter((p) => p.metadata.labels?.[LABEL_NO_NEED_UPDATE] !== rolloutId);
    if (unmarked.length === 0) {
      canary.noNeedUpdateReplicas = marked.length;
      return OK;
    }
    for (const pod of unmarked) await markPodNoNeedUpdate(this.deps.client, release.metadata.namespace, pod.metadata.name ?? '', rolloutId);
    return { ok: false, message: `initilization not yet: patch and find ${marked.length} pods with no-need-update-label` };
  }

  /** Writes the status when it changed; true when it did. */
  private async write(key: string, release: BatchRelease, status: BatchReleaseStatus): Promise<boolean> {
    if (JSON.stringify(sorted(status)) === JSON.stringify(sorted(release.status ?? {}))) return false;
    this.expect(key, await writeReleaseStatus(this.deps.client, release, status));
    return true;
  }

  private expect(key: string, written: BatchRelease | undefined): void {
    if (written) this.deps.versions.expect(key, written);
  }
}

/** docs/spec/kruise-rollout.md §3.1: the plan's rollingStyle, else Canary with an extra workload, else Partition. */
function planStyle(plan: ReleasePlan): 'Canary' | 'Partition' | 'BlueGreen' {
  if (plan.rollingStyle === 'Canary' || plan.rollingStyle === 'BlueGreen') return plan.rollingStyle;
  if (plan.rollingStyle === 'Partition') return 'Partition';
  return plan.enableExtraWorkloadForCanary ? 'Canary' : 'Partition';
}

function deploymentTarget(planned: number, replicas: number): BatchTarget {
  return { plannedUpdated: planned, desiredUpdated: planned, desiredStable: replicas - planned };
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sorted(v)]));
}
