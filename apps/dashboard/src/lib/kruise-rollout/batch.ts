// The current batch's pods (docs/spec/kruise-rollout.md §3.9): the BatchRelease labels each pod it updated
// with rollouts.kruise.io/rollout-batch-id, the 1-based batch (= the Rollout's step) it was updated in.
// A pod of the current step's batch is at the update revision and carries the current step's id; pods left
// from an earlier release are at another revision (and relabelled when updated again). Pure.
import type { Pod, RolloutCanaryStatus } from '../api/types';

type BatchPod = Pick<Pod, 'name' | 'rolloutBatchId' | 'isUpdated'>;

/** The names of the current step's batch pods; none while no release runs. */
export function batchPodNames(pods: readonly BatchPod[], status: Pick<RolloutCanaryStatus, 'currentStepIndex'> | null, releasing: boolean): string[] {
  if (!status || !releasing) return [];
  return pods.filter((p) => p.isUpdated && p.rolloutBatchId === status.currentStepIndex).map((p) => p.name);
}

/** Pods on the new revision, by the batch they were updated in (batch id → names), for "batch 1: …, batch 2: …". */
export function podsByBatch(pods: readonly BatchPod[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const p of pods) {
    if (!p.isUpdated || p.rolloutBatchId === null) continue;
    const names = out.get(p.rolloutBatchId) ?? [];
    names.push(p.name);
    out.set(p.rolloutBatchId, names);
  }
  for (const names of out.values()) names.sort();
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}
