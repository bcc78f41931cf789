// Kubernetes' ActivePods order (pkg/controller/controller_utils.go), "earlier = less valuable":
// docs/spec/cloneset.md §8.2 step 1 orders update candidates with it, and its rules are the backbone of
// the scale-down ranking (docs/spec/cloneset.md §7.4), which reuses the helpers below.
import type { Pod } from '@coxswain/kruise-api';
import {
  creationMillis, hasReadyCondition, maxContainerRestarts, nodeNameOf, phaseOrdinal, readySinceMillis,
} from '../../../sort/pod-facts.js';
import { stableSortBy, trueFirst } from '../../../sort/stable-sort.js';

/**
 * What the ActivePods order looks at, computed once per pod. Times are ms since the epoch, with Go's
 * zero time as +Infinity: every rule that reads a time treats the zero time as the latest one.
 */
export interface ActivePodKey {
  readonly nodeName: string;
  readonly phase: number;
  readonly ready: boolean;
  readonly readySince: number;
  readonly restarts: number;
  readonly created: number;
}

export function activePodKey(pod: Pod): ActivePodKey {
  // One object literal shape for every pod keeps the comparator's property reads monomorphic (fast).
  return {
    nodeName: nodeNameOf(pod),
    phase: phaseOrdinal(pod),
    ready: hasReadyCondition(pod),
    readySince: zeroAsLatest(readySinceMillis(pod)),
    restarts: maxContainerRestarts(pod),
    created: zeroAsLatest(creationMillis(pod)),
  };
}

export function zeroAsLatest(ms: number | undefined): number {
  return ms ?? Number.POSITIVE_INFINITY;
}

/**
 * 1. unscheduled before scheduled (only when exactly one of the two is unscheduled);
 * 2. Pending < Unknown < Running; 3. not Ready before Ready;
 * 4. both Ready: the more recently Ready first (zero time = most recent);
 * 5. higher max restart count first; 6. newer creationTimestamp first (zero = newest).
 */
export function compareActivePodKeys(a: ActivePodKey, b: ActivePodKey): number {
  return (
    compareUnscheduledFirst(a.nodeName, b.nodeName) ||
    a.phase - b.phase ||
    trueFirst(!a.ready, !b.ready) ||
    (a.ready && b.ready ? compareLaterOrZeroFirst(a.readySince, b.readySince) : 0) ||
    b.restarts - a.restarts ||
    compareLaterOrZeroFirst(a.created, b.created)
  );
}

export function compareActivePods(a: Pod, b: Pod): number {
  return compareActivePodKeys(activePodKey(a), activePodKey(b));
}

/** Candidate indexes into `pods` in ActivePods order (stable, so ties keep their input order). */
export function sortIndexesByActivePods(pods: readonly Pod[], indexes: readonly number[]): number[] {
  return stableSortBy(indexes, (i) => activePodKey(pods[i]!), compareActivePodKeys);
}

/** Rule 1: decisive only when the node names differ and one of them is empty. */
export function compareUnscheduledFirst(a: string, b: string): number {
  if (a === b || (a !== '' && b !== '')) return 0;
  return a === '' ? -1 : 1;
}

/**
 * Go's afterOrZero as an order: the later time first, and a zero time (+Infinity in the keys) before
 * any non-zero time. Two zero times are equal.
 */
export function compareLaterOrZeroFirst(a: number, b: number): number {
  return a === b ? 0 : a > b ? -1 : 1;
}
