// A BatchRelease batch in numbers (docs/spec/kruise-rollout.md §3.5): how many pods the current batch
// plans on the new revision, how many must stay stable, and whether the batch is ready. Every
// percentage rounds up. Pure: the reconciler hands in the workload's counts and the live pods' labels.
import { scaledIntOrPercent, type IntOrString } from '@coxswain/kruise-api';

export interface ReleaseBatch {
  canaryReplicas: IntOrString;
}

/** planned(b) = clamp(scaled(batches[b].canaryReplicas, R), 0, R) (Go: CalculateBatchReplicas). */
export function plannedUpdated(batches: readonly ReleaseBatch[], replicas: number, batch: number): number {
  const size = scaledIntOrPercent(batches[batch]?.canaryReplicas, replicas, true) ?? 0;
  return Math.max(0, Math.min(size, replicas));
}

export interface BatchTarget {
  /** planned(currentBatch) over all replicas: the count the batch labels are checked against. */
  plannedUpdated: number;
  desiredUpdated: number;
  desiredStable: number;
}

/**
 * The batch's targets; with pods that need no update (rolling back in batches, docs/spec/kruise-rollout.md §3.8) the batch is
 * planned over the remaining replicas and those pods count as updated.
 */
export function batchTarget(batches: readonly ReleaseBatch[], replicas: number, currentBatch: number, noNeedUpdate?: number): BatchTarget {
  const planned = plannedUpdated(batches, replicas, currentBatch);
  if (noNeedUpdate === undefined || noNeedUpdate <= 0) return { plannedUpdated: planned, desiredUpdated: planned, desiredStable: replicas - planned };
  const desiredStable = replicas - noNeedUpdate - plannedUpdated(batches, replicas - noNeedUpdate, currentBatch);
  return { plannedUpdated: planned, desiredUpdated: replicas - desiredStable, desiredStable };
}

export interface BatchReadinessInput {
  desiredUpdated: number;
  plannedUpdated: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  failureThreshold: IntOrString | undefined;
  rolloutID: string;
  /** rollout-id labels of the live (not deleting) pods; empty when none were listed. */
  podRolloutIds: readonly (string | undefined)[];
}

/** Unready updated pods tolerated: failureThreshold of the UPDATED replicas, rounded up; absent → 0 (docs/spec/kruise-rollout.md §7). */
export function allowedUnavailable(failureThreshold: IntOrString | undefined, updatedReplicas: number): number {
  return failureThreshold === undefined ? 0 : (scaledIntOrPercent(failureThreshold, updatedReplicas, true) ?? 0);
}

/** Why the batch is not ready, in the BatchRelease's words; undefined when it is (Go: IsBatchReady). */
export function batchNotReady(input: BatchReadinessInput): string | undefined {
  const { desiredUpdated, updatedReplicas, updatedReadyReplicas } = input;
  if (updatedReplicas < desiredUpdated) {
    return `current batch not ready: updated replicas not satisfied, UpdatedReplicas ${updatedReplicas} < DesiredUpdatedReplicas ${desiredUpdated}`;
  }
  const tolerated = allowedUnavailable(input.failureThreshold, updatedReplicas);
  if (tolerated + updatedReadyReplicas < desiredUpdated) {
    return `current batch not ready: updated ready replicas not satisfied, allowedUnavailable + UpdatedReadyReplicas ${tolerated + updatedReadyReplicas} < DesiredUpdatedReplicas ${desiredUpdated}`;
  }
  if (desiredUpdated > 0 && updatedReadyReplicas === 0) {
    return `current batch not ready: no updated ready replicas, DesiredUpdatedReplicas ${desiredUpdated} > 0 and UpdatedReadyReplicas ${updatedReadyReplicas} = 0`;
  }
  if (input.rolloutID !== '' && input.podRolloutIds.length > 0) {
    const labelled = input.podRolloutIds.filter((id) => id === input.rolloutID).length;
    if (labelled < input.plannedUpdated) {
      return `current batch not ready: pods with batch label not satisfied, RolloutID ${input.rolloutID}, PlannedUpdatedReplicas ${input.plannedUpdated}`;
    }
  }
  return undefined;
}
