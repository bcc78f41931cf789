// Which pods a scale-down removes (docs/spec/cloneset.md §7.4): old-revision pods first, up to `oldNum`, each
// group ranked with the deletion order when only part of it goes.
import type { Pod, TopologySpreadConstraint } from '@coxswain/kruise-api';
import { sortForDeletion, type Ranker } from './deletion-ranking.js';
import { newSameNodeRanker, newSpreadConstraintsRanker, type NodeLabels } from './rankers.js';

export interface ScaleDownContext {
  /** `available(minReadySeconds)` at the plan's `now`, lifecycle-aware (docs/spec/cloneset.md §6). */
  readonly isAvailable: (pod: Pod) => boolean;
  /** The CloneSet's `template.spec.topologySpreadConstraints`; non-empty selects the spread ranker. */
  readonly topologySpreadConstraints?: readonly TopologySpreadConstraint[];
  /** Labels of the nodes the pods run on (only read by the spread ranker). */
  readonly nodeLabels?: NodeLabels;
}

/**
 * `total` pods to delete, of which `oldNum` should come from `notUpdated` (the pods not at the update
 * revision); the rest come from `updated`. Returns new arrays; the inputs are not reordered.
 */
export function choosePodsToDelete(
  total: number,
  oldNum: number,
  notUpdated: readonly Pod[],
  updated: readonly Pod[],
  context: ScaleDownContext,
): Pod[] {
  if (oldNum >= total) return chooseToDelete(notUpdated, total, context);
  if (oldNum > 0) return [...chooseToDelete(notUpdated, oldNum, context), ...chooseToDelete(updated, total - oldNum, context)];
  return chooseToDelete(updated, total, context);
}

/**
 * Kruise's `choose(list, n)`: the `n` best deletion candidates when `n < len(list)`; the whole list, in
 * its own order and without ranking, when `n == len(list)` or (unexpectedly) `n > len(list)`.
 * `n <= 0` yields nothing (Go would slice to an empty list for 0 and panic below it).
 */
export function chooseToDelete(list: readonly Pod[], n: number, context: ScaleDownContext): Pod[] {
  if (n <= 0) return [];
  if (n >= list.length) return [...list];
  return sortForDeletion(list, { isAvailable: context.isAvailable, ranker: rankerFor(list, context) }).slice(0, n);
}

/** The spread ranker when the template has topology spread constraints, else the same-node ranker. */
function rankerFor(list: readonly Pod[], context: ScaleDownContext): Ranker {
  const constraints = context.topologySpreadConstraints ?? [];
  if (constraints.length === 0) return newSameNodeRanker(list);
  return newSpreadConstraintsRanker(
    list,
    constraints.map((c) => c.topologyKey),
    context.nodeLabels ?? new Map(),
    context.isAvailable,
  );
}
