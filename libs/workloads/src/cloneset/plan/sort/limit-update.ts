// limitUpdateIndexes (docs/spec/cloneset.md §8.3): how many of the ordered candidates this pass may update
// without breaking maxUnavailable — and, for the rollout plan explainer, why the batch stopped.
import type { Pod } from '@coxswain/kruise-api';

export interface LimitUpdateInput {
  /** All active pods (any revision); `sortedIndexes` point into it. */
  readonly pods: readonly Pod[];
  /** Candidates in update order (sortUpdateIndexes). */
  readonly sortedIndexes: readonly number[];
  /** From the diff calculation (docs/spec/cloneset.md §6); its magnitude caps the batch, the sign only picks the target. */
  readonly updateNum: number;
  /** `U + len(pods) − R` from the diff calculation; may be ≤ 0. */
  readonly updateMaxUnavailable: number;
  /** `available(minReadySeconds)` at the plan's `now`, lifecycle-aware (docs/spec/cloneset.md §6). */
  readonly isAvailable: (pod: Pod) => boolean;
  /** At the target revision (updateRevision, or currentRevision when rolling back), short-hash aware. */
  readonly isAtTargetRevision: (pod: Pod) => boolean;
}

/**
 * Which check stopped the batch:
 * - `targetRevisionUnavailable` (check i): unavailable pods already at the target revision plus the pods
 *   updated in this pass reached updateMaxUnavailable;
 * - `totalUnavailable` (check ii): the next candidate is available and updating it would take the number
 *   of unavailable pods of all revisions past updateMaxUnavailable.
 */
export type UpdateLimitCheck = 'targetRevisionUnavailable' | 'totalUnavailable';

export interface UpdateBatchStop {
  readonly check: UpdateLimitCheck;
  /** Index into `pods` of the first candidate that was refused. */
  readonly index: number;
  /** Its position in the ordered candidates. */
  readonly position: number;
  readonly podName: string | undefined;
  /** The count that met the limit: targetRevisionUnavailable + chosen so far (i), or all unavailable (ii). */
  readonly unavailable: number;
  readonly updateMaxUnavailable: number;
}

export interface UpdateBatch {
  /** Indexes into `pods` of the pods to update now, in order. */
  readonly indexes: number[];
  readonly pods: Pod[];
  /** Set when a check refused a candidate within the first |updateNum|; later ones were not considered. */
  readonly stop?: UpdateBatchStop;
}

/**
 * Takes the first |updateNum| candidates, then keeps them in order while both checks pass and stops at
 * the first that fails. Updating a pod that is already unavailable does not raise the total, so it
 * passes check (ii) but still counts against check (i). With updateMaxUnavailable ≤ 0 nothing passes.
 */
export function limitUpdateIndexes(input: LimitUpdateInput): UpdateBatch {
  const { pods, updateMaxUnavailable, isAvailable, isAtTargetRevision } = input;
  const chosen = input.sortedIndexes.slice(0, Math.abs(input.updateNum));
  const available = pods.map((pod) => isAvailable(pod));

  let unavailable = 0;
  let targetRevisionUnavailable = 0;
  pods.forEach((pod, i) => {
    if (available[i]) return;
    unavailable++;
    if (isAtTargetRevision(pod)) targetRevisionUnavailable++;
  });

  const stopAt = (check: UpdateLimitCheck, position: number, count: number): UpdateBatch => {
    const index = chosen[position]!;
    const taken = chosen.slice(0, position);
    return {
      indexes: taken,
      pods: taken.map((i) => pods[i]!),
      stop: { check, index, position, podName: pods[index]!.metadata.name, unavailable: count, updateMaxUnavailable },
    };
  };

  for (let can = 0; can < chosen.length; can++) {
    if (targetRevisionUnavailable + can >= updateMaxUnavailable) {
      return stopAt('targetRevisionUnavailable', can, targetRevisionUnavailable + can);
    }
    if (available[chosen[can]!]) {
      if (unavailable >= updateMaxUnavailable) return stopAt('totalUnavailable', can, unavailable);
      unavailable++;
    }
  }
  return { indexes: chosen, pods: chosen.map((i) => pods[i]!) };
}
