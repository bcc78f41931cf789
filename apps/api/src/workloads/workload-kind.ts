// The contract's WorkloadKind and the cluster kinds behind it. Only CloneSet has a controller so far;
// the other kinds are named by the contract and refused in words until their controllers exist.
import { registerEnumType } from '@nestjs/graphql';
import type { KindRef } from '@coxswain/cluster';
import { CLONESET_REF } from '@coxswain/workloads';
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

const SUPPORTED: Partial<Record<WorkloadKind, KindRef>> = { [WorkloadKind.CLONE_SET]: CLONESET_REF };

export function isSupportedKind(kind: WorkloadKind): boolean {
  return SUPPORTED[kind] !== undefined;
}

/** The cluster kind of a supported workload kind; a BAD_USER_INPUT naming the field otherwise. */
export function workloadRef(kind: WorkloadKind): KindRef {
  const ref = SUPPORTED[kind];
  if (!ref) throw badUserInput(`${kind} workloads are not supported yet; CLONE_SET is`, [{ field: 'kind', message: `${kind} has no controller yet` }]);
  return ref;
}
