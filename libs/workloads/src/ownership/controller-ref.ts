// The controller ownerReference a CloneSet puts on everything it creates (pods, PVCs, revisions).
import type { CloneSet, OwnerReference } from '@coxswain/kruise-api';

export function cloneSetControllerRef(cs: CloneSet): OwnerReference {
  return { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: cs.metadata.name!, uid: cs.metadata.uid!, controller: true, blockOwnerDeletion: true };
}
