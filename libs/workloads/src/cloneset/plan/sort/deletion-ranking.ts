// The scale-down ranking of docs/spec/cloneset.md §7.4 (Kruise's ActivePodsWithRanks): "a before b" means
// a is the better pod to delete. Used by choosePodsToDelete and, with parts of it switched off, by the
// rankers themselves.
import type { Pod } from '@coxswain/kruise-api';
import { compareLaterOrZeroFirst, compareUnscheduledFirst, zeroAsLatest, type ActivePodKey } from './active-pods-order.js';
import {
  creationMillis, hasReadyCondition, maxContainerRestarts, nodeNameOf, phaseOrdinal, podDeletionCost, readySinceMillis,
} from '../../../sort/pod-facts.js';
import { stableSortBy, trueFirst } from '../../../sort/stable-sort.js';

/** A rank source for rule 6 (Kruise's Ranker.GetRank); higher ranks are deleted first. */
export type Ranker = (pod: Pod) => number;

export interface DeletionRankingOptions {
  /**
   * Rule 3, `available(minReadySeconds)` at the plan's `now` (lifecycle-aware, docs/spec/cloneset.md §6). When absent the
   * rule is skipped, as Kruise does when it sorts the pods of one node or one topology domain.
   */
  readonly isAvailable?: (pod: Pod) => boolean;
  /** Rule 6. When absent every pod has rank 0 and the rule never decides. */
  readonly ranker?: Ranker;
}

export interface DeletionKey extends ActivePodKey {
  readonly available: boolean;
  readonly cost: number;
  readonly rank: number;
}

export function deletionKey(pod: Pod, options: DeletionRankingOptions = {}): DeletionKey {
  // Spelled out rather than spread from activePodKey: a fixed literal shape keeps the comparator fast.
  return {
    nodeName: nodeNameOf(pod),
    phase: phaseOrdinal(pod),
    ready: hasReadyCondition(pod),
    readySince: zeroAsLatest(readySinceMillis(pod)),
    restarts: maxContainerRestarts(pod),
    created: zeroAsLatest(creationMillis(pod)),
    available: options.isAvailable?.(pod) ?? true,
    cost: podDeletionCost(pod),
    rank: options.ranker?.(pod) ?? 0,
  };
}

/**
 * First decisive rule wins:
 * 1. unscheduled first (only when exactly one is unscheduled); 2. Pending < Unknown < Running;
 * 3. not available first; 4. not Ready first; 5. lower pod-deletion-cost first; 6. higher rank first;
 * 7. both Ready: more recently Ready first (zero time = most recent); 8. higher max restart count first;
 * 9. newer creationTimestamp first (zero = newest).
 */
export function compareDeletionKeys(a: DeletionKey, b: DeletionKey): number {
  return (
    compareUnscheduledFirst(a.nodeName, b.nodeName) ||
    a.phase - b.phase ||
    trueFirst(!a.available, !b.available) ||
    trueFirst(!a.ready, !b.ready) ||
    a.cost - b.cost ||
    compareHigherFirst(a.rank, b.rank) ||
    (a.ready && b.ready ? compareLaterOrZeroFirst(a.readySince, b.readySince) : 0) ||
    b.restarts - a.restarts ||
    compareLaterOrZeroFirst(a.created, b.created)
  );
}

/** The pods in deletion order, best candidate first. Stable: ties keep their input order. */
export function sortForDeletion(pods: readonly Pod[], options: DeletionRankingOptions = {}): Pod[] {
  return stableSortBy(pods, (pod) => deletionKey(pod, options), compareDeletionKeys);
}

// Ranks are floats (the spread ranker multiplies by logarithms); compare them, never subtract them.
function compareHigherFirst(a: number, b: number): number {
  return a === b ? 0 : a > b ? -1 : 1;
}
