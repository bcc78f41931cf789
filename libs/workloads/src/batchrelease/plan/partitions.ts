// The partition a BatchRelease batch gives its workload (docs/spec/kruise-rollout.md §3.6): a CloneSet
// keeps `desiredStable` pods on the old revision, as a percentage when the batch was one (so that the
// CloneSet's own rounding lands on the same count); an Advanced or apps/v1 StatefulSet keeps the
// ordinals below `desiredStable`. A partition is only ever lowered: partition style never takes pods
// back to the old revision (docs/spec/kruise-rollout.md §7).
import { scaledIntOrPercent, type IntOrString } from '@coxswain/kruise-api';

/** What the webhook and Initialize freeze a StatefulSet at (MaxInt16). */
export const STATEFULSET_FROZEN_PARTITION = 32767;
/** What the webhook and Initialize freeze a CloneSet at. */
export const CLONESET_FROZEN_PARTITION = '100%';

/** Go: ParseIntegerAsPercentageIfPossible. */
export function stableAsPercentage(desiredStable: number, replicas: number, batchCanaryReplicas: IntOrString): string {
  if (desiredStable >= replicas) return '100%';
  if (desiredStable <= 0) return '0%';
  const percent = `${Math.trunc((desiredStable * 100) / replicas)}%`;
  const restored = scaledIntOrPercent(percent, replicas, true) ?? 0;
  // At least one pod is updated unless the batch asks for 100%.
  if (restored <= 0 && batchCanaryReplicas !== '100%') return '1%';
  return percent;
}

/** The CloneSet partition of a batch: an int, or a percentage when the batch's canaryReplicas is one. */
export function cloneSetPartition(desiredStable: number, replicas: number, batchCanaryReplicas: IntOrString): IntOrString {
  return typeof batchCanaryReplicas === 'string' ? stableAsPercentage(desiredStable, replicas, batchCanaryReplicas) : desiredStable;
}

/**
 * The partition to write, or undefined when the current one is already at or below it (a missing
 * partition counts as 0).
 */
export function loweredPartition(current: IntOrString | undefined, desired: IntOrString, replicas: number): IntOrString | undefined {
  const now = current === undefined ? 0 : (scaledIntOrPercent(current, replicas, true) ?? 0);
  const wanted = scaledIntOrPercent(desired, replicas, true) ?? 0;
  return now > wanted ? desired : undefined;
}
