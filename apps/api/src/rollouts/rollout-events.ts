// The Rollout events outgoing webhooks deliver (docs/rollouts-api.md), computed in this one place from a
// Rollout as it was and as it is (a change the API's cache observed). Pure. Derived from the status the
// controller writes (docs/spec/kruise-rollout.md §1.6, §2.3, §2.5):
//   STEP_REACHED  a release reaches a step: canaryStatus.currentStepIndex changes (a new release starts
//                 at step 1, StepReady moves to the next, a jump moves anywhere), while steps are not
//                 Completed.
//   PAUSED        the step waits for a person: currentStepState becomes StepPaused on a step without
//                 pause.duration (not the last "100%" step, which never pauses, docs/spec/kruise-rollout.md §2.5).
//   ANALYSIS_FAILED  the step's analysis failed: canaryStatus.analysis.phase becomes Failed (docs/analysis.md
//                 §5); an Abort failure is followed by ABORTED when the controller cancels the release.
//   ABORTED       the release is cancelled: the Progressing condition's reason becomes Cancelling (a
//                 rollback to the stable revision, docs/spec/kruise-rollout.md §2.11).
//   COMPLETED     the release succeeded: the Succeeded condition becomes True (docs/spec/kruise-rollout.md §2.3, Finalising).
// A Rollout seen for the first time (the cache's first list, a create) has no "before": no event, so a
// restart of the API never repeats events of releases already under way.
import type { Rollout, RolloutCondition } from '@coxswain/kruise-api';
import { waitsForApproval } from './rollout-views.js';

export const ROLLOUT_EVENT_TYPES = ['STEP_REACHED', 'PAUSED', 'ANALYSIS_FAILED', 'ABORTED', 'COMPLETED'] as const;
export type RolloutEventType = (typeof ROLLOUT_EVENT_TYPES)[number];

export interface RolloutEvent {
  type: RolloutEventType;
  namespace: string;
  rollout: string;
  /** The step the event is about (the current step), 1-based; 0 when no release has a step yet. */
  stepIndex: number;
  steps: number;
  phase: string | null;
  stableRevision: string | null;
  canaryRevision: string | null;
  message: string | null;
}

export function rolloutEvents(before: Rollout, after: Rollout): RolloutEvent[] {
  const was = before.status;
  const is = after.status;
  const canary = is?.canaryStatus;
  const events: RolloutEventType[] = [];
  if (canary && canary.currentStepState !== 'Completed' && canary.currentStepIndex > 0 && canary.currentStepIndex !== was?.canaryStatus?.currentStepIndex) {
    events.push('STEP_REACHED');
  }
  if (
    canary?.currentStepState === 'StepPaused' &&
    (was?.canaryStatus?.currentStepState !== 'StepPaused' || was.canaryStatus.currentStepIndex !== canary.currentStepIndex) &&
    waitsForApproval(after, canary.currentStepIndex)
  ) {
    events.push('PAUSED');
  }
  const analysis = canary?.analysis;
  const wasAnalysis = was?.canaryStatus?.analysis;
  if (analysis?.phase === 'Failed' && !(wasAnalysis?.phase === 'Failed' && wasAnalysis.stepIndex === analysis.stepIndex && wasAnalysis.canaryRevision === analysis.canaryRevision)) {
    events.push('ANALYSIS_FAILED');
  }
  if (reason(is?.conditions, 'Progressing') === 'Cancelling' && reason(was?.conditions, 'Progressing') !== 'Cancelling') events.push('ABORTED');
  if (conditionStatus(is?.conditions, 'Succeeded') === 'True' && conditionStatus(was?.conditions, 'Succeeded') !== 'True') events.push('COMPLETED');
  return events.map((type) => ({
    type,
    namespace: after.metadata.namespace ?? '',
    rollout: after.metadata.name ?? '',
    stepIndex: canary?.currentStepIndex ?? 0,
    steps: after.spec?.strategy?.canary?.steps?.length ?? 0,
    phase: is?.phase ?? null,
    stableRevision: canary?.stableRevision || null,
    canaryRevision: canary?.canaryRevision || null,
    message: is?.message || null,
  }));
}

/**
 * An event's identity, the same on every API replica: the Rollout (its uid), the resourceVersion whose
 * change made it, and its type. (A replica whose informer relisted over a change sees it against another
 * "before", and may name it at a later resourceVersion.)
 */
export function eventKey(after: Rollout, type: RolloutEventType): string {
  return `${after.metadata.uid ?? ''}/${after.metadata.resourceVersion ?? ''}/${type}`;
}

function condition(conditions: RolloutCondition[] | undefined, type: string): RolloutCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

function reason(conditions: RolloutCondition[] | undefined, type: string): string | undefined {
  return condition(conditions, type)?.reason;
}

function conditionStatus(conditions: RolloutCondition[] | undefined, type: string): string | undefined {
  return condition(conditions, type)?.status;
}
