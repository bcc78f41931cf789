// Which pods a rolling update moves and in what order, and which revision a (re)created pod gets
// (docs/spec/advanced-statefulset.md §4.6). Pure.
import { LIFECYCLE_STATES, LABEL_CONTROLLER_REVISION_HASH, type FeatureGates, type Pod, type StatefulSet } from '@coxswain/kruise-api';
import { sortByUpdatePriority } from '../../sort/priority-sort.js';
import { lifecycleState } from '../../pod/pod-state.js';
import { shortHash } from '../../revision/revision-match.js';
import { isTerminating } from './pod-health.js';
import type { Slot } from './slot.js';

/** The pod's revision label (the full revision name for StatefulSets). */
export function podRevision(pod: Pod): string {
  return pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] ?? '';
}

/**
 * Kruise's revision.IsPodUpdate, used by the unordered update: the short hashes match, or (gate
 * PreparingUpdateAsUpdate) the pod waits in PreparingUpdate.
 */
export function isPodUpdated(pod: Pod, updateRevision: string, gates: FeatureGates): boolean {
  const revision = podRevision(pod);
  if (revision === updateRevision) return true;
  if (gates.enabled('PreparingUpdateAsUpdate') && lifecycleState(pod) === LIFECYCLE_STATES.PreparingUpdate) return true;
  return shortHash(revision) === shortHash(updateRevision);
}

export function partitionOf(set: StatefulSet): number {
  return set.spec.updateStrategy?.rollingUpdate?.partition ?? 0;
}

/**
 * sortPodsToUpdate: indexes into `slots`, in update order. Ordered: the `replicas − partition` slots with
 * the highest index (≥ partition), highest first. Unordered: already-updated and terminating pods take
 * the quota first, then the others by priority (ties by descending ordinal), cut at `replicas − partition`.
 */
export function sortPodsToUpdate(set: StatefulSet, slots: readonly Slot[], updateRevision: string, gates: FeatureGates): number[] {
  const rolling = set.spec.updateStrategy?.rollingUpdate;
  const maxUpdate = (set.spec.replicas ?? 1) - partitionOf(set);
  if (maxUpdate <= 0) return [];
  const order: number[] = [];
  if (!rolling?.unorderedUpdate) {
    const partition = partitionOf(set);
    for (let i = slots.length - 1; i >= 0 && order.length < maxUpdate; i--) {
      if (slots[i]!.index < partition) break;
      order.push(i);
    }
    return order;
  }
  const updated: number[] = [];
  const waiting: number[] = [];
  for (let i = slots.length - 1; i >= 0; i--) {
    const pod = slots[i]!.pod;
    if (isTerminating(pod) || isPodUpdated(pod, updateRevision, gates)) updated.push(i);
    else waiting.push(i);
  }
  const pods = slots.map((s) => s.pod);
  const sortedWaiting = sortByUpdatePriority(pods, waiting, rolling.unorderedUpdate.priorityStrategy);
  return [...updated, ...sortedWaiting].slice(0, maxUpdate);
}

/**
 * docs/spec/advanced-statefulset.md §4.6 revisionForNewPod: whether the pod created at `ordinal` takes the current revision. `position` is
 * its rank among the valid ordinals (the non-reserved slots below it). Kruise counts the non-nil slots
 * below, but fills the empty ones in ascending order before it gets there, so a missing pod below counts
 * like an existing one: the count is this rank. `notUpdatedOthers` is the filled slots other than this
 * one whose pod is not updated (the unordered rule).
 */
export function newPodTakesCurrentRevision(set: StatefulSet, ordinal: number, start: number, position: number, notUpdatedOthers: number): boolean {
  const strategy = set.spec.updateStrategy;
  if (strategy?.type !== undefined && strategy.type !== 'RollingUpdate') return false;
  const rolling = strategy?.rollingUpdate;
  if (!rolling) return ordinal < start + (set.status?.currentReplicas ?? 0);
  if (!rolling.unorderedUpdate) return position + 1 <= partitionOf(set);
  return notUpdatedOthers < partitionOf(set);
}
