// The workload whose `spec.lifecycle` configures a pod's hooks: the pod's controller, when it is a
// workload kind of the registry, as the API's cache has it, with that kind's hook configuration.
import type { Lifecycle, Pod } from '@coxswain/kruise-api';
import type { ClusterCache } from '../cluster/cluster-cache.js';

export interface HookOwner {
  kind: string;
  name: string;
  lifecycle: Lifecycle | undefined;
}

export function hookOwner(cache: ClusterCache, pod: Pod): HookOwner | undefined {
  const owner = cache.podOwner(pod);
  if (!owner) return undefined;
  return { kind: owner.descriptor.clusterKind, name: owner.object.metadata.name!, lifecycle: owner.descriptor.lifecycle(owner.object) };
}
