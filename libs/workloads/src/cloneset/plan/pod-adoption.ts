// Which listed pods a CloneSet works with this reconcile (docs/spec/cloneset.md §5.1 step 2): the ones it
// controls, the ones it adopts and the ones it releases. Pure: the reconciler writes the ownership changes.
import type { CloneSet, Pod, Selector } from '@coxswain/kruise-api';
import { isActive } from '../../pod/pod-state.js';

export interface PodClaim {
  /** Active pods the CloneSet controls (after adoption), in list order. */
  active: Pod[];
  /** Terminated or terminating pods that reference the CloneSet. */
  inactive: Pod[];
  /** Pods controlled by the CloneSet whose labels no longer match: their ownerReference is removed. */
  release: Pod[];
  /** Matching pods with only a non-controller reference to the CloneSet: they get the controller reference. */
  adopt: Pod[];
}

/**
 * `pods` are the ones with any ownerReference to the CloneSet's uid (the list is by owner uid, so true
 * orphans are never seen — docs/spec/cloneset.md §10.7). A pod controlled by another object is dropped.
 */
export function claimPods(cs: CloneSet, pods: readonly Pod[], selector: Selector): PodClaim {
  const uid = cs.metadata.uid;
  const result: PodClaim = { active: [], inactive: [], release: [], adopt: [] };
  for (const pod of pods) {
    const refs = pod.metadata.ownerReferences ?? [];
    if (!refs.some((r) => r.uid === uid)) continue;
    if (!isActive(pod)) {
      result.inactive.push(pod);
      continue;
    }
    const controller = refs.find((r) => r.controller === true);
    const matches = selector.matches(pod.metadata.labels ?? {});
    if (controller && controller.uid !== uid) continue;
    if (controller) {
      if (matches) result.active.push(pod);
      else if (!cs.metadata.deletionTimestamp) result.release.push(pod);
      continue;
    }
    // Adoption needs a live CloneSet, as Kubernetes' ClaimPods checks before adopting.
    if (matches && !cs.metadata.deletionTimestamp) {
      result.adopt.push(pod);
      result.active.push(pod);
    }
  }
  return result;
}
