// controller-runtime's event handlers, as functions from a changed object to the requests it should
// wake: the object itself (EnqueueRequestForObject) or its controlling owner (EnqueueRequestForOwner
// with OnlyControllerOwner), e.g. a CloneSet reconciled when one of its pods changes.
import type { KindRef } from '@coxswain/cluster';
import { groupOf, type KubeObject } from '@coxswain/kruise-api';
import type { Request } from './keys.js';

export type MapFunc<T extends KubeObject = KubeObject> = (object: T) => Request[];

export function enqueueObject<T extends KubeObject = KubeObject>(): MapFunc<T> {
  return (object) => [{ namespace: object.metadata.namespace, name: object.metadata.name ?? '' }];
}

/**
 * Maps a dependent to its controller owner of `ownerKind`. The group must match but not the version:
 * an ownerReference written as apps.kruise.io/v1alpha1 names the same CloneSet as v1beta1.
 * Owners live in the dependent's namespace (cross-namespace owner references are not allowed).
 */
export function enqueueOwner<T extends KubeObject = KubeObject>(ownerKind: KindRef): MapFunc<T> {
  const group = groupOf(ownerKind.apiVersion);
  return (object) => {
    const owner = (object.metadata.ownerReferences ?? []).find(
      (ref) => ref.controller === true && ref.kind === ownerKind.kind && groupOf(ref.apiVersion) === group,
    );
    return owner ? [{ namespace: object.metadata.namespace, name: owner.name }] : [];
  };
}
