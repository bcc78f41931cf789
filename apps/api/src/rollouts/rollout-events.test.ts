// The events outgoing webhooks deliver, from a Rollout as it was and as it is (rollout-events.ts): one row
// per transition of the status a controller writes (docs/spec/kruise-rollout.md §1.6, §2.3, §2.5).
import { describe, expect, it } from '@jest/globals';
import type { Rollout, RolloutCondition } from '@coxswain/kruise-api';
import { eventKey, rolloutEvents } from './rollout-events.js';

type At = { index: number; state: string; progressing?: string; succeeded?: 'True' | 'False' } | null;

const STEPS = [{ replicas: 1, pause: {} }, { replicas: 2, pause: { duration: 60 } }, { replicas: '100%', pause: {} }];

function rollout(at: At, steps: object[] = STEPS): Rollout {
  const conditions: RolloutCondition[] = [];
  if (at?.progressing) conditions.push({ type: 'Progressing', status: at.progressing === 'Completed' ? 'False' : 'True', reason: at.progressing, message: '' });
  if (at?.succeeded) conditions.push({ type: 'Succeeded', status: at.succeeded, reason: '', message: '' });
  return {
    apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout', metadata: { name: 'web', namespace: 'shop' },
    spec: { workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' }, strategy: { canary: { steps } } },
    status: at === null ? undefined : {
      phase: 'Progressing', currentStepIndex: at.index, currentStepState: at.state as never, conditions,
      canaryStatus: { podTemplateHash: '', currentStepIndex: at.index, nextStepIndex: 0, currentStepState: at.state as never, finalisingStep: '', canaryRevision: 'v2', stableRevision: 'v1', canaryReplicas: 0, canaryReadyReplicas: 0 },
    },
  } as Rollout;
}

describe('rolloutEvents', () => {
  it.each<[string, At, At, string[]]>([
    ['a release starts at step 1', null, { index: 1, state: 'BeforeStepUpgrade' }, ['STEP_REACHED']],
    ['the step upgrades: nothing new', { index: 1, state: 'BeforeStepUpgrade' }, { index: 1, state: 'StepUpgrade' }, []],
    ['a step without pause.duration pauses', { index: 1, state: 'StepMetricsAnalysis' }, { index: 1, state: 'StepPaused' }, ['PAUSED']],
    ['still paused: said once', { index: 1, state: 'StepPaused' }, { index: 1, state: 'StepPaused' }, []],
    ['a timed pause waits for no one', { index: 2, state: 'StepMetricsAnalysis' }, { index: 2, state: 'StepPaused' }, []],
    ['approved: StepReady', { index: 1, state: 'StepPaused' }, { index: 1, state: 'StepReady' }, []],
    ['the next step', { index: 1, state: 'StepReady' }, { index: 2, state: 'BeforeStepUpgrade' }, ['STEP_REACHED']],
    ['a jump straight into a paused step', { index: 3, state: 'StepPaused' }, { index: 1, state: 'StepPaused' }, ['STEP_REACHED', 'PAUSED']],
    ['the last "100%" step never waits', { index: 3, state: 'StepMetricsAnalysis' }, { index: 3, state: 'StepPaused' }, []],
    ['the steps complete: no step reached', { index: 3, state: 'StepReady' }, { index: 3, state: 'Completed' }, []],
    ['cancelled (rollback)', { index: 2, state: 'StepUpgrade', progressing: 'InRolling' }, { index: 2, state: 'StepUpgrade', progressing: 'Cancelling' }, ['ABORTED']],
    ['still cancelling: said once', { index: 2, state: 'StepUpgrade', progressing: 'Cancelling' }, { index: 2, state: 'StepUpgrade', progressing: 'Cancelling' }, []],
    ['finalised with success', { index: 3, state: 'Completed', progressing: 'Finalising' }, { index: 3, state: 'Completed', progressing: 'Completed', succeeded: 'True' }, ['COMPLETED']],
    ['finalised after a cancel: not completed', { index: 2, state: 'StepUpgrade', progressing: 'Cancelling' }, { index: 2, state: 'StepUpgrade', progressing: 'Completed', succeeded: 'False' }, []],
    ['the first deployment\'s synthesised Completed status', null, { index: 3, state: 'Completed' }, []],
  ])('%s', (_, before, after, expected) => {
    expect(rolloutEvents(rollout(before), rollout(after)).map((e) => e.type)).toEqual(expected);
  });

  it('tells the step, the revisions and where the Rollout is', () => {
    const [event] = rolloutEvents(rollout({ index: 1, state: 'StepMetricsAnalysis' }), rollout({ index: 1, state: 'StepPaused' }));
    expect(event).toEqual({ type: 'PAUSED', namespace: 'shop', rollout: 'web', stepIndex: 1, steps: 3, phase: 'Progressing', stableRevision: 'v1', canaryRevision: 'v2', message: null });
  });
});

describe('ANALYSIS_FAILED (docs/analysis.md §5)', () => {
  const analysing = (phase: 'Running' | 'Failed' | 'Passed', stepIndex = 1, canaryRevision = 'v2'): Rollout => {
    const r = rollout({ index: stepIndex, state: 'StepMetricsAnalysis' });
    r.status!.canaryStatus!.analysis = { stepIndex, canaryRevision, phase, message: 'check errors failed', startedAt: '2026-11-29T07:00:00Z', onFailure: 'Abort', checks: [] };
    return r;
  };
  it.each<[string, Rollout, Rollout, string[]]>([
    ['a running analysis fails', analysing('Running'), analysing('Failed'), ['ANALYSIS_FAILED']],
    ['still failed: said once', analysing('Failed'), analysing('Failed'), []],
    ['passed: nothing', analysing('Running'), analysing('Passed'), []],
    ['a failure of another revision is news', analysing('Failed', 1, 'v1'), analysing('Failed'), ['ANALYSIS_FAILED']],
  ])('%s', (_, before, after, expected) => {
    expect(rolloutEvents(before, after).map((e) => e.type)).toEqual(expected);
  });
});

describe('eventKey', () => {
  it('names an event by the Rollout, the change that made it and its type: the same on every replica', () => {
    const at = (resourceVersion: string) => ({ ...rollout({ index: 1, state: 'StepPaused' }), metadata: { name: 'web', namespace: 'shop', uid: 'u1', resourceVersion } }) as Rollout;
    expect(eventKey(at('7'), 'PAUSED')).toBe(eventKey(structuredClone(at('7')), 'PAUSED'));
    expect(new Set([eventKey(at('7'), 'PAUSED'), eventKey(at('7'), 'STEP_REACHED'), eventKey(at('8'), 'PAUSED')]).size).toBe(3);
  });
});
