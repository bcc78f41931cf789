// Which of a CloneSet's PVCs stay, go with a terminating pod, or are deleted (docs/spec/cloneset.md §5.4).
// Pure: the reconciler writes what these functions decide.
import { LABEL_CLONESET_INSTANCE_ID, type CloneSet, type OwnerReference, type PersistentVolumeClaim, type Pod } from '@coxswain/kruise-api';

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
