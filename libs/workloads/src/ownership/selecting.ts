// Which controllers an object without a controller wakes: the ones of its namespace whose selector
// matches it (Kubernetes' getPodStatefulSets, Kruise's UnitedDeployment handler for orphan subsets), so
// that their next pass can adopt it.
import type { MapFunc, Request } from '@coxswain/controller-runtime';
import { Selector, type KubeObject, type LabelSelector } from '@coxswain/kruise-api';

/** `owners` that pass `eligible` and whose selector matches the object's labels; a selector that cannot be read matches nothing. */
export function ownersSelecting<T extends KubeObject>(
  owners: readonly T[], object: KubeObject, selectorOf: (owner: T) => LabelSelector, eligible: (owner: T) => boolean = () => true,
): Request[] {
  const labels = object.metadata.labels ?? {};
  return owners.filter((owner) => {
    if (!eligible(owner)) return false;
    try {
      return Selector.fromLabelSelector(selectorOf(owner)).matches(labels);
    } catch {
      return false;
    }
  }).map((owner) => ({ namespace: owner.metadata.namespace, name: owner.metadata.name! }));
}

/** Wakes the object's controlling owner; an object with no controller wakes the owners `selecting` finds for it. */
export function enqueueOwnerOrSelecting<T extends KubeObject>(owner: MapFunc<T>, selecting: (object: T) => Request[]): MapFunc<T> {
  return (object) => {
    const requests = owner(object);
    return requests.length > 0 || object.metadata.ownerReferences?.some((r) => r.controller === true) ? requests : selecting(object);
  };
}
