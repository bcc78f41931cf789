// A changed step plan mid-release (docs/spec/kruise-rollout.md §2.10a): the step the release continues
// from is the first step — the current one tried first, then the others in order — whose replicas
// reach what the BatchRelease already released; the machine then advances to it (StepReady) or jumps.
import type { CanaryStatus, IntOrString } from '@coxswain/kruise-api';
import { stepJump } from './step-machine.js';
import { stepReplicas, type Step } from './steps.js';

/**
 * Go: recalculateCanaryStep. `released` is the BatchRelease's batch at its batchPartition (undefined:
 * no BatchRelease → step 1). When no step reaches it, the last step examined wins.
 */
export function recalculatedStep(steps: readonly Step[], replicas: number, currentStepIndex: number, released: IntOrString | undefined): number {
  if (released === undefined) return 1;
  const current = stepReplicas({ replicas: released }, replicas);
  const order: number[] = [];
  const ci = currentStepIndex - 1;
  if (ci >= 0 && ci < steps.length) order.push(ci);
  for (let i = 0; i < steps.length; i++) if (i !== ci) order.push(i);
  let target = 0;
  for (const i of order) {
    target = i + 1;
    if (current <= stepReplicas(steps[i], replicas)) break;
  }
  return target;
}

/** Go: handleRolloutPlanChanged: the sub-status after the plan changed to `rolloutHash`. */
export function afterPlanChange(
  status: CanaryStatus, steps: readonly Step[], replicas: number, released: IntOrString | undefined, rolloutHash: string, now: number,
): CanaryStatus {
  const target = recalculatedStep(steps, replicas, status.currentStepIndex, released);
  const lastUpdateTime = new Date(now).toISOString().replace('.000Z', 'Z');
  if (status.nextStepIndex === target) return { ...status, currentStepState: 'StepReady', lastUpdateTime, rolloutHash };
  const moved: CanaryStatus = { ...status, nextStepIndex: target, lastUpdateTime, rolloutHash };
  return stepJump(moved, steps, replicas, now) ?? moved;
}
