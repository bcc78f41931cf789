// The workload whose `spec.lifecycle` configures a pod's hooks: the pod's controller. CloneSet is the
// only workload with a controller so far; other owners have no hooks Coxswain can acknowledge.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { CloneSet, Pod } from '@coxswain/kruise-api';
import { CLONESET_REF } from '@coxswain/workloads';

export async function hookOwner(cluster: ClusterClient, pod: Pod): Promise<CloneSet | undefined> {
  const ref = pod.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'CloneSet' && r.apiVersion.startsWith('apps.kruise.io/'));
  if (!ref) return undefined;
  try {
    const owner = await cluster.get<CloneSet>(CLONESET_REF, pod.metadata.namespace, ref.name);
    return owner.metadata.uid === ref.uid ? owner : undefined;
  } catch (err) {
    if (isApiError(err, 'NotFound')) return undefined;
    throw err;
  }
}

export function isOwnedBy(pod: Pod, owner: CloneSet): boolean {
  return pod.metadata.ownerReferences?.some((r) => r.controller && r.uid === owner.metadata.uid) ?? false;
}
