// The contract's WorkloadKind and the registry's descriptors behind it. A kind the registry lacks is
// refused in words wherever it is named.
import { registerEnumType } from '@nestjs/graphql';
import { WORKLOAD_KINDS, workloadKind, type WorkloadKindDescriptor } from '@coxswain/workloads';
import { badUserInput } from '../graphql/errors.js';

export enum WorkloadKind {
  CLONE_SET = 'CLONE_SET',
  STATEFUL_SET = 'STATEFUL_SET',
  UNITED_DEPLOYMENT = 'UNITED_DEPLOYMENT',
}

registerEnumType(WorkloadKind, {
  name: 'WorkloadKind',
  valuesMap: { STATEFUL_SET: { description: 'Advanced StatefulSet, apps.kruise.io/v1beta1' } },
});

export function isSupportedKind(kind: WorkloadKind): boolean {
  return workloadKind(kind) !== undefined;
}

/** The contract's name of a registry kind given its Kubernetes kind ("StatefulSet" -> STATEFUL_SET). */
export function contractKind(kubernetesKind: string): WorkloadKind | undefined {
  return WORKLOAD_KINDS.find((k) => k.kind === kubernetesKind)?.name as WorkloadKind | undefined;
}

/** The descriptor of a kind with a controller; a BAD_USER_INPUT naming the field otherwise. */
export function kindOf(kind: WorkloadKind): WorkloadKindDescriptor {
  const descriptor = workloadKind(kind);
  if (!descriptor) {
    const supported = WORKLOAD_KINDS.map((k) => k.name).join(', ');
    throw badUserInput(`${kind} workloads are not supported yet; ${supported} are`, [{ field: 'kind', message: `${kind} has no controller yet` }]);
  }
  return descriptor;
}
