// Which listed pods and PVCs a CloneSet works with this reconcile (docs/spec/cloneset.md §5.1 step 2, docs/spec/cloneset.md §5.4).
// Pure: the reconciler writes the ownership changes these functions decide.
import { LABEL_CLONESET_INSTANCE_ID, Selector, type CloneSet, type OwnerReference, type PersistentVolumeClaim, type Pod } from '@coxswain/kruise-api';
import { isActive } from '../pod/pod-state.js';

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

export interface PvcCleanup {
  /** PVCs of active pods (and, with reuse enabled, every owned PVC): passed on to scale and update. */
  keep: PersistentVolumeClaim[];
  /** PVCs handed to the terminating pod that carries their instance id, so they go with it. */
  handOver: { pvc: PersistentVolumeClaim; pod: Pod }[];
  /** PVCs no pod carries: deleted. */
  remove: PersistentVolumeClaim[];
}

/** docs/spec/cloneset.md §5.4, run only when PVC reuse is disabled. */
export function planPvcCleanup(active: readonly Pod[], inactive: readonly Pod[], pvcs: readonly PersistentVolumeClaim[]): PvcCleanup {
  const activeIds = new Set(active.map(instanceId).filter((id) => id !== ''));
  const inactiveById = new Map<string, Pod>();
  for (const pod of inactive) {
    const id = instanceId(pod);
    if (id !== '' && !inactiveById.has(id)) inactiveById.set(id, pod);
  }
  const result: PvcCleanup = { keep: [], handOver: [], remove: [] };
  for (const pvc of pvcs) {
    const id = instanceId(pvc);
    if (activeIds.has(id)) result.keep.push(pvc);
    else if (inactiveById.has(id)) result.handOver.push({ pvc, pod: inactiveById.get(id)! });
    else result.remove.push(pvc);
  }
  return result;
}

/** The PVC re-owned by its terminating pod: the CloneSet reference replaced by the pod's controller reference. */
export function handOverPvc(cs: CloneSet, pvc: PersistentVolumeClaim, pod: Pod): PersistentVolumeClaim {
  const podRef: OwnerReference = { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid!, controller: true, blockOwnerDeletion: true };
  const others = (pvc.metadata.ownerReferences ?? []).filter((r) => r.uid !== cs.metadata.uid);
  return { ...pvc, metadata: { ...pvc.metadata, ownerReferences: [...others, podRef] } };
}

function instanceId(object: Pod | PersistentVolumeClaim): string {
  return object.metadata.labels?.[LABEL_CLONESET_INSTANCE_ID] ?? '';
}
