// Facts about a Rollout's steps (docs/spec/kruise-rollout.md §2.5, §2.9): the natural next step, a
// step's replicas against the workload, and the step a jump lands on.
import { scaledIntOrPercent, type IntOrString, type StepAnalysis } from '@coxswain/kruise-api';

export interface Step {
  replicas?: IntOrString;
  pause?: { duration?: number };
  /** Coxswain's extension (docs/analysis.md §5). */
  analysis?: StepAnalysis;
}

/** natural(i) = i + 1 below the last step, −1 at it. */
export function naturalNext(index: number, stepCount: number): number {
  return index < stepCount ? index + 1 : -1;
}

/** ceil(step.replicas, R): an absent or unreadable value counts as 0, as Go's ignored error does. */
export function stepReplicas(step: Step | undefined, replicas: number): number {
  return scaledIntOrPercent(step?.replicas, replicas, true) ?? 0;
}
