// The workload whose `spec.lifecycle` configures a pod's hooks: the pod's controller, as the API's
// cache has it. CloneSet is the only workload with a controller so far; other owners have no hooks
// Coxswain can acknowledge.
import type { CloneSet, Pod } from '@coxswain/kruise-api';
import type { ClusterCache } from '../cluster/cluster-cache.js';

export function hookOwner(cache: ClusterCache, pod: Pod): CloneSet | undefined {
  const ref = pod.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'CloneSet' && r.apiVersion.startsWith('apps.kruise.io/'));
  if (!ref) return undefined;
  const owner = cache.cloneSets.get(pod.metadata.namespace, ref.name);
  return owner?.metadata.uid === ref.uid ? owner : undefined;
}

export function isOwnedBy(pod: Pod, owner: CloneSet): boolean {
  return pod.metadata.ownerReferences?.some((r) => r.controller && r.uid === owner.metadata.uid) ?? false;
}
