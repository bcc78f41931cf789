// The three things a person does to a Rollout in flight, as pure rules: what each requires of the Rollout
// and what it writes. Approve and jump are writes of the Rollout's status, exactly what kubectl-kruise and a
// `kubectl patch --subresource=status` do; abort is a write of the workload (rollout-action.service.ts).
//   approve  docs/spec/kruise-rollout.md §2.8: refused unless currentStepState is StepPaused (or the step's
//            analysis failed with onFailure Pause, docs/analysis.md §5), in kubectl-kruise's words; then
//            currentStepState = StepReady, which the controller treats as the step done (docs/spec/kruise-rollout.md §2.5).
//   jump     docs/spec/kruise-rollout.md §2.9: nextStepIndex = n, for 1 <= n <= N. Values the controller
//            ignores (<= 0, > N) and the step it goes to anyway (natural(currentStepIndex)) are refused
//            in words instead of stored and ignored.
//   abort    docs/spec/kruise-rollout.md §2.11: the workload's template set back to the stable revision;
//            the controller sees the workload in rollback and cancels the release.
import type { CanaryStatus, Rollout, RolloutStatus } from '@coxswain/kruise-api';

type BlueGreenStatus = NonNullable<RolloutStatus['blueGreenStatus']>;
import { naturalNext } from '@coxswain/workloads';
import { DomainError } from '../errors/domain-error.js';

export const ROLLOUT_ACTIONS = ['approve', 'jump', 'abort'] as const;
export type RolloutActionName = (typeof ROLLOUT_ACTIONS)[number];

/** kubectl-kruise's refusal (kruise-tools objectapprover.go), docs/spec/kruise-rollout.md §2.8. */
export const NOT_PAUSED_MESSAGE = "does not allow to approve, because current canary state is not 'StepPaused'";

type SubStatusKey = 'canaryStatus' | 'blueGreenStatus';

/** The sub-status a release keeps its steps in: canary (and partition) style, or blue-green. */
function subStatus(rollout: Rollout): { key: SubStatusKey; status: CanaryStatus | BlueGreenStatus } | undefined {
  const status = rollout.status;
  if (status?.canaryStatus) return { key: 'canaryStatus', status: status.canaryStatus };
  if (status?.blueGreenStatus) return { key: 'blueGreenStatus', status: status.blueGreenStatus };
  return undefined;
}

const stepCount = (rollout: Rollout) => rollout.spec?.strategy?.canary?.steps?.length ?? rollout.spec?.strategy?.blueGreen?.steps?.length ?? 0;
const address = (rollout: Rollout) => `rollout ${rollout.metadata.namespace}/${rollout.metadata.name}`;

/** What an approval writes: the Rollout with its paused step marked StepReady; or why not. */
export function approve(rollout: Rollout): { rollout: Rollout; stepIndex: number } {
  const sub = subStatus(rollout);
  if (!sub || !awaitsApproval(sub.status)) {
    const now = sub ? `it is ${sub.status.currentStepState || 'empty'} at step ${sub.status.currentStepIndex} of ${stepCount(rollout)}` : 'no release has started';
    throw new DomainError('STEP_NOT_PAUSED', `${address(rollout)} ${NOT_PAUSED_MESSAGE} (${now})`);
  }
  return { rollout: withSubStatus(rollout, sub.key, { ...sub.status, currentStepState: 'StepReady' }), stepIndex: sub.status.currentStepIndex };
}

/**
 * The step waits for a person's approval: StepPaused, or its analysis failed with onFailure Pause
 * (docs/analysis.md §5). The one rule approve() applies and every surface shows (awaitingApproval).
 */
export function awaitsApproval(status: CanaryStatus | BlueGreenStatus): boolean {
  if (status.currentStepState === 'StepPaused') return true;
  const analysis = 'analysis' in status ? status.analysis : undefined;
  return status.currentStepState === 'StepMetricsAnalysis' && analysis?.phase === 'Failed' && analysis.onFailure === 'Pause';
}

/** What a jump writes: nextStepIndex set to `stepIndex`; or why the controller would not act on it. */
export function jump(rollout: Rollout, stepIndex: number): { rollout: Rollout; fromStepIndex: number } {
  const steps = stepCount(rollout);
  if (!Number.isSafeInteger(stepIndex) || stepIndex < 1 || stepIndex > steps) {
    throw new DomainError('BAD_USER_INPUT', `stepIndex must be a step of ${address(rollout)}: from 1 to ${steps}, got ${stepIndex}`, { field: 'stepIndex' });
  }
  const sub = inRelease(rollout, 'jump');
  const current = sub.status.currentStepIndex;
  if (stepIndex === naturalNext(current, steps)) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `step ${stepIndex} is already the step ${address(rollout)} goes to after step ${current}: the controller does not jump to it (docs/spec/kruise-rollout.md §2.9); approve step ${current} to move on, or jump to another step`,
      { field: 'stepIndex' },
    );
  }
  return { rollout: withSubStatus(rollout, sub.key, { ...sub.status, nextStepIndex: stepIndex }), fromStepIndex: current };
}

/** What an abort goes back to: the stable revision of the release in progress; or why there is none. */
export function abortTarget(rollout: Rollout): { stableRevision: string; stepIndex: number } {
  const sub = inRelease(rollout, 'abort');
  const stableRevision = sub.status.stableRevision;
  if (!stableRevision) throw new DomainError('ROLLOUT_NOT_PROGRESSING', `${address(rollout)} has no stable revision recorded (status.${sub.key}.stableRevision): nothing to go back to`);
  return { stableRevision, stepIndex: sub.status.currentStepIndex };
}

/**
 * The sub-status of a release the controller is stepping through: phase Progressing, steps not yet
 * Completed. Outside one, the controller reads neither nextStepIndex nor a rollback (docs/spec/kruise-rollout.md §2.2, docs/spec/kruise-rollout.md §2.4).
 */
function inRelease(rollout: Rollout, action: 'jump' | 'abort'): { key: SubStatusKey; status: CanaryStatus | BlueGreenStatus } {
  const sub = subStatus(rollout);
  const phase = rollout.status?.phase;
  if (phase !== 'Progressing' || !sub) {
    throw new DomainError('ROLLOUT_NOT_PROGRESSING', `${address(rollout)} is not releasing (phase ${phase || 'not set'}): there is nothing to ${action}`);
  }
  if (sub.status.currentStepState === 'Completed') {
    throw new DomainError('ROLLOUT_NOT_PROGRESSING', `${address(rollout)} has completed its last step and is finalising: there is nothing to ${action}`);
  }
  return sub;
}

function withSubStatus(rollout: Rollout, key: SubStatusKey, sub: CanaryStatus | BlueGreenStatus): Rollout {
  const status = { ...(rollout.status as RolloutStatus), [key]: sub };
  return { ...rollout, status };
}
