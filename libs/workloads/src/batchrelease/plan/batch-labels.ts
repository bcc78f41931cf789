// Which updated pods get which batch label (docs/spec/kruise-rollout.md §3.9): each batch up to the
// current one has a quota (its planned increment); pods already labelled with this rollout id and a
// valid batch use up their batch's quota; the other updated pods are labelled, newest batch with free
// quota first, taking pods from the end of the list as Go does. Pure: the pods come in as facts.
import { plannedUpdated, type ReleaseBatch } from './batch-context.js';

export interface PodBatchFacts {
  name: string;
  deleting: boolean;
  /** On the update revision (pod-template-hash or controller-revision-hash). */
  updated: boolean;
  rolloutId: string | undefined;
  batchId: string | undefined;
}

export interface BatchLabelPatch {
  pod: string;
  rolloutId: string;
  /** 1-based. */
  batchId: number;
}

/** inc[b] = planned(b) − planned(b−1) for b ≤ currentBatch, later batches 0 (Go: calculatePlannedStepIncrements). */
export function plannedIncrements(batches: readonly ReleaseBatch[], replicas: number, currentBatch: number): number[] {
  const out = batches.map((_, b) => (b <= currentBatch ? plannedUpdated(batches, replicas, b) : 0));
  for (let b = currentBatch; b > 0; b--) out[b]! -= out[b - 1]!;
  return out;
}

/** The label patches of one UpgradeBatch; none without a rollout id. */
export function batchLabelPatches(
  pods: readonly PodBatchFacts[], batches: readonly ReleaseBatch[], replicas: number, currentBatch: number, rolloutId: string,
): BatchLabelPatch[] {
  if (rolloutId === '') return [];
  const quota = plannedIncrements(batches, replicas, currentBatch);
  const unpatched: PodBatchFacts[] = [];
  for (const pod of pods) {
    if (pod.deleting || !pod.updated) continue;
    if (pod.rolloutId !== rolloutId) {
      unpatched.push(pod);
      continue;
    }
    const id = /^[+-]?\d+$/.test(pod.batchId ?? '') ? Number(pod.batchId) : NaN;
    if (id > 0 && id <= quota.length) quota[id - 1]!--;
    else unpatched.push(pod);
  }
  const patches: BatchLabelPatch[] = [];
  for (let b = quota.length - 1; b >= 0; b--) {
    for (; quota[b]! > 0; quota[b]!--) {
      const pod = unpatched.pop();
      if (!pod) return patches;
      patches.push({ pod: pod.name, rolloutId, batchId: b + 1 });
    }
  }
  return patches;
}
