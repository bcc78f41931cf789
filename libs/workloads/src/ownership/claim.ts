// Kubernetes' ControllerRefManager (ClaimPods, ClaimReplicaSets, Kruise's ref managers): which objects a
// controller works with. Objects it controls that still match stay; controlled ones that no longer
// match are released; orphans that match are adopted. Objects controlled by someone else are skipped,
// and a controller being deleted neither adopts nor releases. Pure: the caller writes the changes.
import type { KubeObject, OwnerReference } from '@coxswain/kruise-api';

export interface Claim<T extends KubeObject> {
  /** The controller's objects after adoption, in candidate order. */
  owned: T[];
  adopt: T[];
  release: T[];
}

export function claimObjects<T extends KubeObject>(owner: KubeObject, candidates: readonly T[], matches: (object: T) => boolean): Claim<T> {
  const uid = owner.metadata.uid;
  const deleting = Boolean(owner.metadata.deletionTimestamp);
  const result: Claim<T> = { owned: [], adopt: [], release: [] };
  for (const object of candidates) {
    const controller = (object.metadata.ownerReferences ?? []).find((r) => r.controller === true);
    const match = matches(object);
    if (controller) {
      if (controller.uid !== uid) continue;
      if (match) result.owned.push(object);
      else if (!deleting) result.release.push(object);
      continue;
    }
    if (match && !deleting && !object.metadata.deletionTimestamp) {
      result.adopt.push(object);
      result.owned.push(object);
    }
  }
  return result;
}

/** The object with `ref` as its controller reference (replacing a reference to the same uid). */
export function withControllerRef<T extends KubeObject>(object: T, ref: OwnerReference): T {
  const refs = object.metadata.ownerReferences ?? [];
  const next = refs.some((r) => r.uid === ref.uid) ? refs.map((r) => (r.uid === ref.uid ? { ...ref } : r)) : [...refs, { ...ref }];
  return { ...object, metadata: { ...object.metadata, ownerReferences: next } };
}

/** The object without any reference to `uid`. */
export function withoutOwner<T extends KubeObject>(object: T, uid: string): T {
  return { ...object, metadata: { ...object.metadata, ownerReferences: (object.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid) } };
}

/** The controller reference `owner` puts on what it creates. */
export function controllerRefTo(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}
