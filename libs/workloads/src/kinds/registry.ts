// The registry of workload kinds: the API, dashboard and hook endpoints look a kind up here instead of
// naming CloneSet, StatefulSet or UnitedDeployment in their own code.
import type { KubeObject } from '@coxswain/kruise-api';
import { CLONESET_KIND } from './cloneset-kind.js';
import { STATEFULSET_KIND } from './statefulset-kind.js';
import { UNITED_DEPLOYMENT_KIND } from './uniteddeployment-kind.js';
import type { WorkloadKindDescriptor } from './types.js';

/** Every kind with a controller, in the contract's order. */
export const WORKLOAD_KINDS: readonly WorkloadKindDescriptor[] = [
  CLONESET_KIND as unknown as WorkloadKindDescriptor,
  STATEFULSET_KIND as unknown as WorkloadKindDescriptor,
  UNITED_DEPLOYMENT_KIND as unknown as WorkloadKindDescriptor,
];

/** The descriptor of a contract kind (WorkloadKind: CLONE_SET, ...); undefined when that kind has no controller. */
export function workloadKind(kind: string): WorkloadKindDescriptor | undefined {
  return WORKLOAD_KINDS.find((k) => k.kind === kind);
}

/** The descriptor of a stored object or ownerReference (`apiVersion` + `kind`), in any served version. */
export function workloadKindOf(object: Pick<KubeObject, 'apiVersion' | 'kind'>): WorkloadKindDescriptor | undefined {
  return WORKLOAD_KINDS.find((k) => k.clusterKind === object.kind && k.servedVersions.includes(object.apiVersion));
}
