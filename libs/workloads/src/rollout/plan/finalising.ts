// Finalising a release (docs/spec/kruise-rollout.md §2.15): the task order per reason and one pass of
// walking it. Without traffic routing (refused, docs/spec/kruise-rollout.md §8.1) the traffic and Service tasks are done at once;
// ResumeWorkload and ReleaseWorkloadControl report whether they must be retried.
import type { FinalisingStep } from '@coxswain/kruise-api';

export type FinaliseReason = 'Rollback' | 'Success' | 'RolloutDisabled' | 'RolloutDeleting';

const ROLLBACK_ORDER: readonly FinalisingStep[] = ['FinalisingStepRouteTrafficToStable', 'ResumeWorkload', 'ReleaseWorkloadControl', 'RestoreStableService', 'RemoveCanaryService'];
const SUCCESS_ORDER: readonly FinalisingStep[] = ['RestoreStableService', 'FinalisingStepRouteTrafficToStable', 'RemoveCanaryService', 'ResumeWorkload', 'ReleaseWorkloadControl'];

/** Go: nextCanaryTask: the task after `current` ('' → the first; the last or an unknown one → END). */
export function nextFinalisingTask(reason: FinaliseReason, current: FinalisingStep): FinalisingStep {
  const order = reason === 'Rollback' ? ROLLBACK_ORDER : SUCCESS_ORDER;
  if (current === '') return order[0]!;
  const i = order.indexOf(current);
  return i >= 0 && i < order.length - 1 ? order[i + 1]! : 'END';
}

/** The task a pass runs for the sub-status's `current` step (an empty one: the first of the order). */
export function finalisingTask(reason: FinaliseReason, current: FinalisingStep): FinalisingStep {
  return current === '' ? nextFinalisingTask(reason, '') : current;
}

/** The workload tasks, which talk to the BatchRelease; `true` = retry later. */
export interface FinalisingTasks {
  resumeWorkload(): boolean;
  releaseWorkloadControl(): boolean;
}

/**
 * One pass (Go: doCanaryFinalising after the in-progressing annotation is removed): the task the
 * sub-status names is run and, when it needs no retry, the sub-status names the task after it. As in
 * Go, the "next" task is computed before an empty step is filled in, so the first pass runs the first
 * task and stays on it (the second pass runs it again, a no-op, and moves on).
 */
export function finalisingPass(reason: FinaliseReason, current: FinalisingStep, tasks: FinalisingTasks): { step: FinalisingStep; done: boolean } {
  if (current === 'END') return { step: current, done: true };
  const next = nextFinalisingTask(reason, current);
  const step = current === '' ? next : current;
  let retry = false;
  switch (step) {
    case 'ResumeWorkload': retry = tasks.resumeWorkload(); break;
    case 'ReleaseWorkloadControl': retry = tasks.releaseWorkloadControl(); break;
    case 'FinalisingStepRouteTrafficToStable': case 'RestoreStableService': case 'RemoveCanaryService': break;
    default: return { step: nextFinalisingTask(reason, ''), done: false };
  }
  if (retry) return { step, done: false };
  return { step: next, done: next === 'END' };
}
