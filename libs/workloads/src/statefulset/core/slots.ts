// The replica slots of a pass (spec/advanced-statefulset.md §2.1, §4.2): one per valid ordinal, in
// ascending order, holding the existing pod or the one the planner is about to create. Reserved
// ordinals have no slot (Kruise keeps them as null entries; only their index matters, kept in `index`).
import type { Pod } from '@coxswain/kruise-api';

export interface Slot {
  ordinal: number;
  /** ordinal − start: the slot's index in Kruise's replicas array (reserved entries included). */
  index: number;
  pod: Pod;
  /** The pod exists in the cluster (false: the planner creates it this pass). */
  created: boolean;
}

export function podName(pod: Pod): string {
  return pod.metadata.name!;
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
