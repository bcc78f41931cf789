// A UnitedDeployment's pods by subset (the pod's `subset`, from apps.kruise.io/subset-name), each
// subset's grouped by zone and node as the topology grid groups them, in the subsets' topology order.
// Pods whose subset is not (or no longer) among the subsets get a group of their own, last, so no pod
// is left off the page.
import type { Pod } from '../api/types';
import { groupPods, type ZoneGroup } from '../grid/group';

export const NO_SUBSET = '(no subset)';

export interface SubsetPods {
  subset: string;
  count: number;
  zones: ZoneGroup[];
}

export function podsBySubset(subsets: readonly string[], pods: Iterable<Pod>): SubsetPods[] {
  const known = new Set(subsets);
  const lists = new Map<string, Pod[]>(subsets.map((s) => [s, []]));
  const other: Pod[] = [];
  for (const pod of pods) {
    if (pod.subset && known.has(pod.subset)) lists.get(pod.subset)!.push(pod);
    else other.push(pod);
  }
  const groups = subsets.map((subset) => ({ subset, count: lists.get(subset)!.length, zones: groupPods(lists.get(subset)!) }));
  if (other.length > 0) groups.push({ subset: NO_SUBSET, count: other.length, zones: groupPods(other) });
  return groups;
}
