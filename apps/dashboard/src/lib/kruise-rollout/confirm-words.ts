// What an approval, a jump or an abort of a Rollout will do, said before the person confirms it
// (docs/spec/kruise-rollout.md §2.8, §2.9, §2.11; the API's rules: docs/rollouts-api.md). Pure.
import type { KruiseRollout } from '../api/types';
import { replicasWords } from './steps';

function stepLine(r: KruiseRollout, index: number): string {
  const step = r.steps[index - 1];
  return step ? `step ${index} of ${r.steps.length} (${replicasWords(step.replicas)} on the new revision)` : `step ${index}`;
}

export function confirmApproveWords(r: KruiseRollout): string {
  const s = r.canaryStatus;
  if (!s) return `Rollout ${r.name} has no release under way: the API will refuse the approval.`;
  const current = stepLine(r, s.currentStepIndex);
  if (!s.awaitingApproval) {
    return `Rollout ${r.name} is at ${current} in state ${s.currentStepState}, not paused: the API refuses an approval until the step waits for one.`;
  }
  const next = s.nextStepIndex > 0 ? `then moves on to ${stepLine(r, s.nextStepIndex)}` : 'then completes the release';
  const pause = r.steps[s.currentStepIndex - 1]?.pauseSeconds;
  const early = pause ? `, without waiting out the rest of its ${pause} s pause` : '';
  return `Approve ${current} of Rollout ${r.name} (${s.canaryReadyReplicas} of ${s.canaryReplicas} new pods ready): the Rollout ${next}${early}.`;
}

export function confirmJumpWords(r: KruiseRollout, to: number): string {
  const s = r.canaryStatus;
  const from = s ? ` from ${stepLine(r, s.currentStepIndex)}` : '';
  const back =
    s && to === s.currentStepIndex
      ? ' This re-runs the current step; pods already on the new revision stay on it.'
      : s && to < s.currentStepIndex
        ? ' Going back re-runs that step; pods already on the new revision stay on it (a partition only ever lets more pods go). To go back to the old revision, abort instead.'
        : '';
  return `Rollout ${r.name} goes to ${stepLine(r, to)}${from} (canaryStatus.nextStepIndex = ${to}); the BatchRelease then sets the workload's partition for that step.${back}`;
}

export function confirmAbortWords(r: KruiseRollout, workload: string): string {
  const s = r.canaryStatus;
  const stable = s?.stableRevision ? `the stable revision ${s.stableRevision}` : 'the stable revision';
  const at = s ? ` at ${stepLine(r, s.currentStepIndex)}` : '';
  return `Abort the release of Rollout ${r.name}${at}: ${workload}'s template is set back to ${stable}, so the pods on the new revision (${s?.canaryReplicas ?? 0}) go back to it at the workload's own pace, and the Rollout cancels the release.`;
}

/**
 * The steps one may jump to (docs/spec/kruise-rollout.md §2.9): any step but the one the Rollout goes to
 * anyway after the current one (the controller ignores that jump; approving moves there), the current
 * one included (it re-runs).
 */
export function jumpTargets(r: KruiseRollout): number[] {
  const current = r.canaryStatus?.currentStepIndex ?? 0;
  const natural = current < r.steps.length ? current + 1 : -1;
  return r.steps.map((s) => s.index).filter((i) => i !== natural);
}
