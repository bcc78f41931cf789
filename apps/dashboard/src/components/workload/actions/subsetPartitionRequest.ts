// The confirmation for setting one subset's partition, shared by the subset rows' step buttons and the
// Actions panel's subset partition action: what will happen in words (only that subset moves), then
// setPartition with `subset`.
import type { Subset } from '../../../lib/api/types';
import { confirmSubsetPartition } from '../../../lib/subsets/confirm-subset-partition';
import type { ConfirmRequest } from '../../common/ConfirmDialog';
import { confirmChange, type ActionContext } from './confirm';

export function subsetPartitionRequest(ctx: ActionContext, subset: Subset, next: number): Omit<ConfirmRequest, 'onError'> {
  // The generation the operator sees now; a change made meanwhile by someone else is a CONFLICT.
  const seen = ctx.workload.generation;
  return {
    title: `Change the partition of ${subset.name}`,
    body: confirmSubsetPartition(ctx.workload, subset, next, ctx.pods()),
    confirmLabel: `Set ${subset.name} partition to ${next}`,
    action: `change the partition of subset ${subset.name}`,
    run: () => ctx.m.setSubsetPartition(subset.name, next, seen),
  };
}

export function askSubsetPartition(ctx: ActionContext, subset: Subset, next: number): void {
  confirmChange(ctx, subsetPartitionRequest(ctx, subset, next));
}
