// The contract's WorkloadKind and the registry's descriptors behind it. A kind without a controller
// (UnitedDeployment until its controller lands) is refused in words wherever it is named.
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

/** The descriptor of a kind with a controller; a BAD_USER_INPUT naming the field otherwise. */
export function kindOf(kind: WorkloadKind): WorkloadKindDescriptor {
  const descriptor = workloadKind(kind);
  if (!descriptor) {
    const supported = WORKLOAD_KINDS.map((k) => k.name).join(', ');
    throw badUserInput(`${kind} workloads are not supported yet; ${supported} are`, [{ field: 'kind', message: `${kind} has no controller yet` }]);
  }
  return descriptor;
}
