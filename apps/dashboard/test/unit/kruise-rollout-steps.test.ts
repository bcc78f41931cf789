// The Rollout panel's timeline and the workloads list's line (lib/kruise-rollout/steps.ts), walked
// through docs/spec/kruise-rollout.md §6.1: each step done, current (with its state in words) or to come.
import { describe, expect, it } from '@jest/globals';
import { pauseWords, replicasWords, rolloutWhere, stepStateWords, stepTimeline } from '../../src/lib/kruise-rollout/steps';
import { kruiseRollout } from '../support/fixtures';

const places = (r: ReturnType<typeof kruiseRollout>) => stepTimeline(r).map((s) => s.place);

describe('stepTimeline (docs/spec/kruise-rollout.md §6.1)', () => {
  it.each([
    ['step 1 paused', { currentStepIndex: 1, nextStepIndex: 2, currentStepState: 'StepPaused' }, ['current', 'next', 'later']],
    ['step 2 upgrading', { currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'StepUpgrade' }, ['done', 'current', 'next']],
    ['step 3, the last (nextStepIndex -1)', { currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'StepUpgrade' }, ['done', 'done', 'current']],
    ['a jump set to step 3 from step 1', { currentStepIndex: 1, nextStepIndex: 3, currentStepState: 'StepPaused' }, ['current', 'later', 'next']],
  ])('%s', (_, status, expected) => {
    expect(places(kruiseRollout({ status }))).toEqual(expected);
  });

  it('marks every step done once the release completed (Healthy, synthetic Completed status)', () => {
    expect(places(kruiseRollout({ phase: 'Healthy', status: { currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'Completed' } }))).toEqual([
      'done',
      'done',
      'done',
    ]);
  });

  it('marks every step to come before the first release (no canaryStatus)', () => {
    expect(places(kruiseRollout({ phase: 'Healthy', status: null }))).toEqual(['later', 'later', 'later']);
  });

  it('says what each step asks for, and only the current step its state', () => {
    const steps = stepTimeline(kruiseRollout());
    expect(steps.map((s) => `${s.replicas}, then ${s.pause}`)).toEqual([
      '20% of the pods, then waits for approval',
      '50% of the pods, then waits 60 s, then goes on',
      '100% of the pods, then ends the release',
    ]);
    expect(steps.map((s) => s.state)).toEqual(['paused: waiting for approval (1 of 1 new pod ready)', null, null]);
  });
});

describe('stepStateWords', () => {
  it.each([
    [{ currentStepState: 'BeforeStepUpgrade' }, 'starting the step'],
    [{ currentStepState: 'StepUpgrade', canaryReplicas: 3, canaryReadyReplicas: 1 }, 'upgrading pods to the new revision (1 of 3 new pods ready)'],
    [{ currentStepState: 'StepReady' }, 'approved: moving to the next step'],
    [
      { currentStepState: 'StepPaused', currentStepIndex: 2, canaryReplicas: 3, canaryReadyReplicas: 3 },
      'paused: going on 60 s after its pods became ready (3 of 3 new pods ready)',
    ],
  ])('%j → %s', (status, words) => {
    expect(stepStateWords(kruiseRollout({ status }))).toBe(words);
  });

  it('says a failed analysis with its message', () => {
    const analysis = {
      stepIndex: 1,
      canaryRevision: 'web-new',
      phase: 'Failed',
      message: 'error-ratio: 0.3 is not < 0.05',
      startedAt: '2026-01-01T00:00:00Z',
      onFailure: 'Pause',
      checks: [],
    };
    expect(stepStateWords(kruiseRollout({ status: { currentStepState: 'StepMetricsAnalysis', analysis } }))).toBe(
      'analysis failed: error-ratio: 0.3 is not < 0.05',
    );
  });

  it('says the Rollout is held while spec.strategy.paused is set', () => {
    expect(stepStateWords(kruiseRollout({ paused: true }))).toBe('held: the Rollout is paused (spec.strategy.paused)');
  });
});

describe('rolloutWhere (the workloads list)', () => {
  it.each([
    [kruiseRollout(), 'Rollout step 1/3 · paused, waiting for approval'],
    [kruiseRollout({ status: { currentStepIndex: 2, currentStepState: 'StepPaused' } }), 'Rollout step 2/3 · waiting 60 s'],
    [kruiseRollout({ status: { currentStepIndex: 2, currentStepState: 'StepUpgrade' } }), 'Rollout step 2/3 · upgrading'],
    [kruiseRollout({ paused: true }), 'Rollout step 1/3 · held (spec.strategy.paused)'],
    [kruiseRollout({ status: { currentStepIndex: 3, currentStepState: 'Completed' } }), 'Rollout finishing (3/3 steps done)'],
    [kruiseRollout({ phase: 'Healthy', status: { currentStepIndex: 3, currentStepState: 'Completed' } }), 'Rollout demo: healthy, 3 steps'],
    [kruiseRollout({ phase: null, status: null }), 'Rollout demo: not seen by its controller yet'],
  ])('%#: %s', (r, words) => {
    expect(rolloutWhere(r)).toBe(words);
  });

  it('says nothing for a workload no Rollout drives', () => {
    expect(rolloutWhere(null)).toBeNull();
  });
});

describe('words for one step', () => {
  it('counts pods or a share of them', () => {
    expect([replicasWords(1), replicasWords(3), replicasWords('20%')]).toEqual(['1 pod', '3 pods', '20% of the pods']);
  });

  it('says a pause of 0 s goes straight on, and that a last "100%" step ends the release', () => {
    expect(pauseWords({ index: 1, replicas: 1, pauseSeconds: 0, waitsForApproval: false }, false)).toBe('goes on');
    expect(pauseWords({ index: 3, replicas: '100%', pauseSeconds: null, waitsForApproval: false }, true)).toBe('ends the release');
  });
});
