// The approve / jump / abort rules (docs/spec/kruise-rollout.md §2.8, §2.9, §2.11), table by table, and the
// jump rule against its definition for every step and target (fast-check; the seed is printed by the preset).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Rollout } from '@coxswain/kruise-api';
import { DomainError } from '../errors/domain-error.js';
import { naturalNext } from '@coxswain/workloads';
import { abortTarget, approve, jump, NOT_PAUSED_MESSAGE } from './rollout-actions.js';

function rollout(steps: number, index: number, state: string, phase = 'Progressing'): Rollout {
  return {
    apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout', metadata: { name: 'web', namespace: 'shop' },
    spec: { workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' }, strategy: { canary: { steps: Array.from({ length: steps }, (_, i) => ({ replicas: i + 1, pause: {} })) } } },
    status: {
      phase: phase as never, currentStepIndex: index, currentStepState: state as never,
      canaryStatus: { podTemplateHash: 'h', stableRevision: 'v1', canaryRevision: 'v2', currentStepIndex: index, nextStepIndex: naturalNext(index, steps), currentStepState: state as never, finalisingStep: '', canaryReplicas: 0, canaryReadyReplicas: 0 },
    },
  } as Rollout;
}

const code = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (err) {
    return (err as DomainError).code;
  }
};

describe('approve', () => {
  it.each([
    ['StepPaused', 'ok'],
    ['BeforeStepUpgrade', 'STEP_NOT_PAUSED'],
    ['StepUpgrade', 'STEP_NOT_PAUSED'],
    ['StepTrafficRouting', 'STEP_NOT_PAUSED'],
    ['StepMetricsAnalysis', 'STEP_NOT_PAUSED'],
    ['StepReady', 'STEP_NOT_PAUSED'],
    ['Completed', 'STEP_NOT_PAUSED'],
  ])('in %s: %s', (state, expected) => {
    expect(code(() => approve(rollout(3, 2, state)))).toBe(expected);
  });

  it.each<[string, 'Failed' | 'Running' | 'Passed', 'Pause' | 'Abort', string]>([
    ['a failure that waits for a person', 'Failed', 'Pause', 'ok'],
    ['a failure that aborts by itself', 'Failed', 'Abort', 'STEP_NOT_PAUSED'],
    ['checks still running', 'Running', 'Pause', 'STEP_NOT_PAUSED'],
  ])('in StepMetricsAnalysis with %s: %s (docs/analysis.md §5)', (_what, phase, onFailure, expected) => {
    const r = rollout(3, 1, 'StepMetricsAnalysis');
    r.status!.canaryStatus!.analysis = { stepIndex: 1, canaryRevision: 'v2', phase, message: 'm', startedAt: '2026-11-29T07:00:00Z', onFailure, checks: [] };
    expect(code(() => approve(r))).toBe(expected);
  });

  it('writes exactly currentStepState = StepReady, in kubectl-kruise\'s words when refused', () => {
    const before = rollout(3, 2, 'StepPaused');
    const { rollout: after, stepIndex } = approve(before);
    expect(stepIndex).toBe(2);
    expect(after.status).toEqual({ ...before.status, canaryStatus: { ...before.status!.canaryStatus, currentStepState: 'StepReady' } });
    expect(() => approve(rollout(3, 2, 'StepUpgrade'))).toThrow(`rollout shop/web ${NOT_PAUSED_MESSAGE} (it is StepUpgrade at step 2 of 3)`);
    const none = { ...before, status: undefined };
    expect(() => approve(none)).toThrow('(no release has started)');
  });
});

describe('jump', () => {
  it('accepts exactly the targets the controller acts on: 1..N except natural(current), while releasing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: -3, max: 14 }), (steps, at, target) => {
        const index = Math.min(at, steps);
        const accepted = target >= 1 && target <= steps && target !== naturalNext(index, steps);
        const outcome = code(() => jump(rollout(steps, index, 'StepPaused'), target));
        expect(outcome).toBe(accepted ? 'ok' : 'BAD_USER_INPUT');
        if (accepted) expect(jump(rollout(steps, index, 'StepPaused'), target).rollout.status!.canaryStatus!.nextStepIndex).toBe(target);
      }),
    );
  });

  it.each([
    ['Healthy', 'StepPaused'],
    ['Initial', 'StepPaused'],
    ['Progressing', 'Completed'],
  ])('refuses a Rollout in phase %s, step state %s', (phase, state) => {
    expect(code(() => jump(rollout(4, 2, state, phase), 1))).toBe('ROLLOUT_NOT_PROGRESSING');
  });
});

describe('abortTarget', () => {
  it('names the stable revision and the step of a release in progress; refuses otherwise', () => {
    expect(abortTarget(rollout(3, 2, 'StepUpgrade'))).toEqual({ stableRevision: 'v1', stepIndex: 2 });
    expect(code(() => abortTarget(rollout(3, 2, 'StepUpgrade', 'Healthy')))).toBe('ROLLOUT_NOT_PROGRESSING');
    const noStable = rollout(3, 2, 'StepUpgrade');
    noStable.status!.canaryStatus!.stableRevision = '';
    expect(code(() => abortTarget(noStable))).toBe('ROLLOUT_NOT_PROGRESSING');
  });
});
