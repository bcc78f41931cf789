// Controller ownerReferences: the one a CloneSet puts on everything it creates (pods, PVCs, revisions),
// and whether an object's controller is a given owner.
import type { CloneSet, OwnerReference } from '@coxswain/kruise-api';

/** The object's controller ownerReference names `uid` (false for an owner without a uid). */
export function isControlledBy(object: { metadata: { ownerReferences?: readonly OwnerReference[] } }, uid: string | undefined): boolean {
  return uid !== undefined && (object.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === uid);
}

export function cloneSetControllerRef(cs: CloneSet): OwnerReference {
  return { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: cs.metadata.name!, uid: cs.metadata.uid!, controller: true, blockOwnerDeletion: true };
}
