// What a Progressing Rollout in reason InRolling does next (docs/spec/kruise-rollout.md §2.4), in the
// order Go checks it: a quick rollback, a pause, a rollback in batches, a new revision mid-rollout, a
// changed step plan, finalising a completed release, or one pass of the step machine. Pure.
import type { CanaryStatus } from '@coxswain/kruise-api';

export type InRollingAction = 'Cancel' | 'Pause' | 'RollbackInBatches' | 'ContinuousRelease' | 'PlanChanged' | 'Finalise' | 'Step';

export interface InRollingInput {
  /** docs/spec/kruise-rollout.md §2.1: the workload's update revision equals its current one with pods left to move (only while in progressing). */
  workloadInRollback: boolean;
  workloadCanaryRevision: string;
  statusCanaryRevision: string;
  rollbackInBatch: boolean;
  paused: boolean;
  statusRolloutHash: string;
  annotationRolloutHash: string;
  currentStepState: CanaryStatus['currentStepState'];
}

export function inRollingAction(input: InRollingInput): InRollingAction {
  const revisionMoved = input.workloadCanaryRevision !== input.statusCanaryRevision;
  if (input.workloadInRollback && revisionMoved && !input.rollbackInBatch) return 'Cancel';
  if (input.paused) return 'Pause';
  if (input.workloadInRollback && revisionMoved && input.rollbackInBatch) return 'RollbackInBatches';
  if (input.statusCanaryRevision !== '' && revisionMoved && !input.workloadInRollback) return 'ContinuousRelease';
  if (input.statusRolloutHash !== '' && input.statusRolloutHash !== input.annotationRolloutHash) return 'PlanChanged';
  return input.currentStepState === 'Completed' ? 'Finalise' : 'Step';
}

/**
 * Rolling back in batches (docs/spec/kruise-rollout.md §2.4; Go: IsRollbackInBatchPolicy): no traffic routing, a reference of kind
 * CloneSet or StatefulSet (whatever its group, so an Advanced StatefulSet too), or a workload-type label
 * `statefulset` in any case, and the annotation "true".
 */
export function isRollbackInBatch(input: { trafficRoutings: number; refKind: string; workloadTypeLabel: string | undefined; annotation: string | undefined }): boolean {
  if (input.trafficRoutings > 0 || input.annotation !== 'true') return false;
  return input.refKind === 'CloneSet' || input.refKind === 'StatefulSet' || (input.workloadTypeLabel ?? '').toLowerCase() === 'statefulset';
}
