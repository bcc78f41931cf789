// The replica slots of a pass (docs/spec/advanced-statefulset.md §2.1, §4.2): one per valid ordinal, in
// ascending order, holding the existing pod or the one the planner is about to create (at the revision
// docs/spec/advanced-statefulset.md §4.6 picks). Pure.
import type { Pod, StatefulSet } from '@coxswain/kruise-api';
import { podOrdinal, type OrdinalRange } from './identity.js';
import { isCreated, isHealthy } from './pod-health.js';
import { newStatefulPod } from './new-pod.js';
import type { StatefulSetPlanContext } from './plan-types.js';
import type { Slot } from './slot.js';
import { isPodUpdated, newPodTakesCurrentRevision } from './update-order.js';

export function podName(pod: Pod): string {
  return pod.metadata.name!;
}

/** Existing pods in their slots; new pods (in memory) in the empty ones, each at the revision docs/spec/advanced-statefulset.md §4.6 picks. */
export function fillSlots(
  ctx: StatefulSetPlanContext, range: OrdinalRange, existing: ReadonlyMap<number, Pod>, currentSet: StatefulSet, updateSet: StatefulSet,
): Slot[] {
  const { set, flavor } = ctx.view;
  const currentName = ctx.currentRevision.metadata.name!;
  const updateName = ctx.updateRevision.metadata.name!;
  const slots: Slot[] = [];
  // Only the unordered rule counts the pods that are not updated.
  const unordered = set.spec.updateStrategy?.rollingUpdate?.unorderedUpdate !== undefined;
  let notUpdated = unordered ? [...existing.values()].filter((p) => !isPodUpdated(p, updateName, ctx.gates)).length : 0;
  for (let ordinal = range.reserved.firstFreeFrom(range.start); ordinal < range.end; ordinal = range.reserved.firstFreeFrom(ordinal + 1)) {
    const index = ordinal - range.start;
    const pod = existing.get(ordinal);
    if (pod) {
      slots.push({ ordinal, index, pod, created: isCreated(pod) });
      continue;
    }
    const atCurrent = newPodTakesCurrentRevision(set, ordinal, range.start, slots.length, notUpdated);
    const created = newStatefulPod({ set: atCurrent ? currentSet : updateSet, flavor, ordinal, revision: atCurrent ? currentName : updateName, gates: ctx.gates });
    if (unordered && !isPodUpdated(created, updateName, ctx.gates)) notUpdated++;
    slots.push({ ordinal, index, pod: created, created: false });
  }
  return slots;
}

/** The lowest-ordinal pod among slots (ascending) and condemned pods that is not healthy. */
export function findFirstUnhealthy(slots: readonly Slot[], condemned: readonly Pod[]): Pod | undefined {
  let first: Pod | undefined;
  let firstOrdinal = Infinity;
  for (const slot of slots) {
    if (!isHealthy(slot.pod)) {
      first = slot.pod;
      firstOrdinal = slot.ordinal;
      break;
    }
  }
  for (const pod of condemned) {
    if (!isHealthy(pod) && podOrdinal(pod) < firstOrdinal) {
      first = pod;
      firstOrdinal = podOrdinal(pod);
    }
  }
  return first;
}

/** "web-0..web-2, web-4": consecutive ordinals as ranges, in ascending order. */
export function describeOrdinals(setName: string, ordinals: readonly number[]): string {
  const sorted = [...ordinals].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${setName}-${sorted[i]}` : `${setName}-${sorted[i]}..${setName}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
