// What every UnitedDeployment allocator (docs/spec/uniteddeployment.md §2, §4) reads and answers: the
// subsets in topology order with what is known of their workloads, and per subset the replicas it gets
// with the reason in words, so the plan can say why each subset got its number.

/** A topology subset as the allocators see it. */
export interface SubsetFacts {
  name: string;
  /** The subset workload exists. */
  exists: boolean;
  /** The workload's spec.replicas; 0 when it does not exist. */
  specReplicas: number;
  /** The workload's status.readyReplicas; 0 when it does not exist. */
  readyReplicas: number;
  /** Adaptive: the subset counts as unschedulable this pass (docs/spec/uniteddeployment.md §4.1, §4.2). */
  unschedulable: boolean;
  /** Reservation: the Schedulable condition was False at the start of the pass. */
  marked: boolean;
  /** Reservation: pods held as reserved. */
  reservedPods: number;
}

export type AllocatorName = 'specific' | 'minMax' | 'adaptive' | 'reservation';

export interface SubsetAllocation {
  name: string;
  replicas: number;
  /** Why, in words: "replicas: 50% of 6 = 3", "the rest ...", "minReplicas 2 ...". */
  reason: string;
  /** The bounds the allocation used (min/max allocators), after Adaptive's adjustments. */
  minReplicas?: number;
  maxReplicas?: number;
}

export interface Allocation {
  allocator: AllocatorName;
  /** In topology order. */
  subsets: SubsetAllocation[];
}

export type AllocationResult = { ok: true; allocation: Allocation } | { ok: false; error: string };

/** Go's math.MaxInt32: an unset maxReplicas. */
export const UNBOUNDED = 2147483647;
