// The confirmation for setting one subset's partition, shared by the subset rows and the Actions
// panel: what will happen in words (only that subset moves), then setPartition with `subset`.
import type { Pod, Subset, Workload } from '../../lib/api/types';
import { confirmSubsetPartition } from '../../lib/subsets/confirm-subset-partition';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import type { Mutations } from '../workload/mutations';

export interface SubsetPartitionContext {
  workload: Workload;
  m: Mutations;
  /** The pods as they are when the confirmation opens (to name the ones that move). */
  pods(): Pod[];
  onRequest(r: ConfirmRequest): void;
  /** After a CONFLICT: the page reloads, so the operator sees what changed. */
  onConflict(): void;
}

export function askSubsetPartition(ctx: SubsetPartitionContext, subset: Subset, next: number): void {
  // The generation the operator sees now; a change made meanwhile by someone else is a CONFLICT.
  const seen = ctx.workload.generation;
  ctx.onRequest({
    title: `Change the partition of ${subset.name}`,
    body: confirmSubsetPartition(ctx.workload, subset, next, ctx.pods()),
    confirmLabel: `Set ${subset.name} partition to ${next}`,
    action: `change the partition of subset ${subset.name}`,
    run: () => ctx.m.setSubsetPartition(subset.name, next, seen),
    onError: (err) => {
      if ((err as { code?: string })?.code === 'CONFLICT') ctx.onConflict();
    },
  });
}
