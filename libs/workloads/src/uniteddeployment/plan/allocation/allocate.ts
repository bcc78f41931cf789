// Which allocator a UnitedDeployment uses (docs/spec/uniteddeployment.md §2): reservation, Adaptive, min/max,
// else specific — and the allocation it makes. Pure.
import { isAdaptive, shouldReserveUnschedulablePods, type UnitedDeployment } from '@coxswain/kruise-api';
import { allocateAdaptive, allocateMinMax } from './min-max.js';
import { allocateReservation } from './reservation.js';
import { allocateSpecific } from './specific.js';
import type { AllocationResult, SubsetFacts } from './types.js';

/** `facts`: one per topology subset, in topology order. */
export function allocateReplicas(ud: UnitedDeployment, facts: readonly SubsetFacts[]): AllocationResult {
  const subsets = ud.spec.topology?.subsets ?? [];
  const R = ud.spec.replicas ?? -1;
  const strategy = ud.spec.topology?.scheduleStrategy;
  if (shouldReserveUnschedulablePods(strategy)) return allocateReservation(R, subsets, facts);
  if (isAdaptive(strategy)) return allocateAdaptive(R, subsets, facts);
  const minMax = subsets.some((s) => (s.minReplicas !== undefined && s.minReplicas !== null) || (s.maxReplicas !== undefined && s.maxReplicas !== null));
  if (minMax) return allocateMinMax(R, subsets);
  return allocateSpecific(R, subsets, facts);
}
