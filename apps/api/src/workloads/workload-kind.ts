// The contract's WorkloadKind and the registry's descriptors behind it. A kind the registry lacks is
// refused in words wherever it is named.
import { WORKLOAD_KINDS, workloadKind, type WorkloadKindDescriptor } from '@coxswain/workloads';
import { DomainError } from '../errors/domain-error.js';

/** The contract's workload kinds (GraphQL's enum WorkloadKind, registered in graphql/workloads/workload.types.ts). */
export enum WorkloadKind {
  CLONE_SET = 'CLONE_SET',
  STATEFUL_SET = 'STATEFUL_SET',
  UNITED_DEPLOYMENT = 'UNITED_DEPLOYMENT',
}

export function isSupportedKind(kind: WorkloadKind): boolean {
  return workloadKind(kind) !== undefined;
}

/**
 * A descriptor's `kind` (CLONE_SET; its `clusterKind` is CloneSet, as in GraphQL) as the API's enum: the
 * registry's WorkloadKindName and the enum hold the same strings, the enum is what GraphQL registers.
 */
export function kindOfDescriptor(descriptor: WorkloadKindDescriptor): WorkloadKind {
  return descriptor.kind as WorkloadKind;
}

/** The contract's kind of a registry kind given its cluster kind ("StatefulSet" -> STATEFUL_SET). */
export function kindOfClusterKind(clusterKind: string): WorkloadKind | undefined {
  const descriptor = WORKLOAD_KINDS.find((k) => k.clusterKind === clusterKind);
  return descriptor && kindOfDescriptor(descriptor);
}

/** The descriptor of a kind with a controller; a BAD_USER_INPUT naming the field otherwise. */
export function descriptorOf(kind: WorkloadKind): WorkloadKindDescriptor {
  const descriptor = workloadKind(kind);
  if (!descriptor) {
    const supported = WORKLOAD_KINDS.map((k) => k.kind).join(', ');
    throw new DomainError('BAD_USER_INPUT', `${kind} workloads are not supported yet; ${supported} are`, { fieldErrors: [{ field: 'kind', message: `${kind} has no controller yet` }] });
  }
  return descriptor;
}
