// A UnitedDeployment subset's partition as an operator steps or sets it. It is a whole number
// (manualUpdate.partitions is a map of int32), and the controller caps it at the subset's replicas: a
// step therefore starts from what actually holds pods back, and never goes below 0. Deployment subsets
// have no partition (apps/v1 Deployments have none), so they get no control.
import type { Subset } from '../api/types';

/** Whether the subset's workload kind has a partition to step. */
export function hasPartition(subset: Pick<Subset, 'kind'>): boolean {
  return subset.kind !== 'Deployment';
}

/** The pods (or, for StatefulSets, the lowest ordinals) the partition holds back now. */
export function heldBack(subset: Pick<Subset, 'partition' | 'replicas'>): number {
  return Math.max(0, Math.min(subset.partition, subset.replicas));
}

/** The partition after stepping by `by` pods: never below 0, counted from the capped value. */
export function steppedPartition(subset: Pick<Subset, 'partition' | 'replicas'>, by: number): number {
  return Math.max(0, heldBack(subset) - by);
}

/** A step can release pods only while the partition holds some back. */
export function canStep(subset: Pick<Subset, 'kind' | 'partition' | 'replicas'>): boolean {
  return hasPartition(subset) && heldBack(subset) > 0;
}

/** A step as typed: a whole number of at least 1, else null. */
export function parseStep(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) && Number(t) >= 1 ? Number(t) : null;
}

/** A partition as typed: a whole number of at least 0, else null (a subset's partition has no percentages). */
export function parseSubsetPartition(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}
