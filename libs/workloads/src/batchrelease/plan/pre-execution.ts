// What a BatchRelease checks before it acts (docs/spec/kruise-rollout.md §3.3), first match wins, then
// the status refresh: the counts from the workload, the plan hash when missing, the rollout id. When
// anything changed, the round stops and the status is written first (each change persisted before
// acting). Pure: the workload event and the plan's hash are computed by the caller.
import type { BatchRelease, BatchReleaseStatus } from '@coxswain/kruise-api';

/** What the workload did since the BatchRelease last looked (Go: control.WorkloadEventType). */
export type WorkloadEvent = 'Normal' | 'Gone' | 'ReplicasChanged' | 'PodTemplateChanged' | 'StillReconciling' | 'RollbackInBatch' | 'GetError';

export interface WorkloadInfo {
  replicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  stableRevision: string;
  updateRevision: string;
}

export interface PreExecutionInput {
  release: Pick<BatchRelease, 'metadata' | 'spec'> & { status: BatchReleaseStatus };
  deleting: boolean;
  /** sha256 of the releasePlan's JSON (Go: HashReleasePlanBatches). */
  planHash: string;
  event: WorkloadEvent;
  /** undefined when the workload is gone or could not be read. */
  workload: WorkloadInfo | undefined;
  /** The error text when `event` is GetError. */
  error?: string;
}

export interface PreExecutionResult {
  status: BatchReleaseStatus;
  stop: boolean;
  message?: string;
}

/** Go: resetStatus — a fresh release. */
export function resetBatchReleaseStatus(): BatchReleaseStatus {
  return { phase: 'Preparing', stableRevision: '', updateRevision: '', observedReleasePlanHash: '', observedWorkloadReplicas: -1, canaryStatus: { currentBatch: 0 } };
}

/** Go: syncStatusBeforeExecuting (with getInitializedStatus done by the caller). */
export function preExecution(input: PreExecutionInput): PreExecutionResult {
  const { release, workload } = input;
  const old = release.status;
  let status: BatchReleaseStatus = structuredClone(old);
  status.canaryStatus = { currentBatch: 0, ...status.canaryStatus };
  const plan = release.spec.releasePlan;
  const progressing = old.phase === 'Progressing';
  let stop = false;
  let message: string | undefined;
  const restartBatch = () => {
    delete status.canaryStatus!.batchReadyTime;
    status.canaryStatus!.batchState = 'Upgrading';
  };
  if (old.phase === 'Completed') {
    message = 'release plan has been completed, will do nothing';
    stop = true;
  } else if (input.deleting || old.phase === 'Finalizing' || plan.batchPartition === undefined || plan.batchPartition === null) {
    message = 'release plan is deleted or canceled, then finalize';
    status.phase = 'Finalizing';
  } else if (progressing && old.observedReleasePlanHash !== input.planHash) {
    message = 'release plan is changed, then recalculate status';
    const sameId = (plan.rolloutID ?? '') === (old.observedRolloutID ?? '');
    const currentBatch = sameId ? Math.min(plan.batchPartition, plan.batches.length - 1) : 0;
    status.canaryStatus = { ...status.canaryStatus, currentBatch, batchState: 'Upgrading' };
    delete status.canaryStatus.batchReadyTime;
    status.observedRolloutID = plan.rolloutID ?? '';
    status.observedReleasePlanHash = input.planHash;
  } else if (progressing && (old.canaryStatus?.currentBatch ?? 0) >= plan.batches.length) {
    message = 'release plan is unhealthy, then restart';
    status = resetBatchReleaseStatus();
  } else if (input.event === 'GetError') {
    message = input.error ?? 'cannot read the workload';
  } else if (input.event === 'Gone' && old.phase !== undefined && (old.phase as string) !== '' && (old.phase as string) !== 'Initial') {
    message = 'target workload has gone, then finalize';
    status.phase = 'Finalizing';
  } else if (input.event === 'ReplicasChanged' && progressing) {
    message = 'workload is scaling, then reinitialize batch status';
    restartBatch();
    status.observedWorkloadReplicas = workload?.replicas ?? -1;
  } else if (input.event === 'PodTemplateChanged' && progressing) {
    message = 'workload revision was changed, then abort';
    status.updateRevision = workload?.updateRevision ?? '';
    stop = true;
  } else if (input.event === 'StillReconciling') {
    message = 'workload status is not stable, then wait';
    stop = true;
  } else if ((input.event === 'RollbackInBatch' || (release.metadata.annotations?.['rollouts.kruise.io/rollback-in-batch'] ?? '') !== '')
    && old.canaryStatus?.noNeedUpdateReplicas === undefined && progressing) {
    if (workload && workload.stableRevision === workload.updateRevision && (release.metadata.annotations?.['rollouts.kruise.io/rollback-in-batch'] ?? '') !== '') {
      message = 'workload is rollback in batch';
      status.phase = 'Preparing';
      restartBatch();
      status.updateRevision = workload.updateRevision;
    } else {
      message = 'workload is preparing rollback, wait condition to be satisfied';
      stop = true;
    }
  }
  if (workload) {
    status.canaryStatus!.updatedReplicas = workload.updatedReplicas;
    status.canaryStatus!.updatedReadyReplicas = workload.updatedReadyReplicas;
  }
  if (!status.observedReleasePlanHash) status.observedReleasePlanHash = input.planHash;
  status.observedRolloutID = plan.rolloutID ?? '';
  const changed = JSON.stringify(normalize(status)) !== JSON.stringify(normalize(old));
  // A read error ends the round as Go's returned error does.
  return { status, stop: stop || changed || input.event === 'GetError', ...(message !== undefined ? { message } : {}) };
}

/** Key order and absent-vs-undefined do not make a change. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, normalize(v)]));
}
