// The Rollout controller's other rules, one table each: the phase machine (docs/spec/kruise-rollout.md
// §2.2, §2.12, §2.13), what an InRolling Rollout does next (docs/spec/kruise-rollout.md §2.4), the finalising order and its passes
// (docs/spec/kruise-rollout.md §2.15), and where a changed step plan continues (docs/spec/kruise-rollout.md §2.10).
import { describe, expect, it } from '@jest/globals';
import type { CanaryStatus, RolloutStatus } from '@coxswain/kruise-api';
import { setCondition } from '../../src/rollout/plan/conditions.js';
import { finalisingPass, nextFinalisingTask } from '../../src/rollout/plan/finalising.js';
import { inRollingAction, isRollbackInBatch, type InRollingInput } from '../../src/rollout/plan/in-rolling.js';
import { calculateRolloutStatus, type PhaseInput, type WorkloadFacts } from '../../src/rollout/plan/phase.js';
import { afterPlanChange, recalculatedStep } from '../../src/rollout/plan/plan-change.js';

const NOW = '2026-07-01T10:00:00Z';
const T0 = Date.parse(NOW);
const workload = (over: Partial<WorkloadFacts> = {}): WorkloadFacts => ({
  generation: 4, statusConsistent: true, inProgressing: false, stableRevision: 'v1', canaryRevision: 'v1', podTemplateHash: 'v1', rolloutId: 'v1', ...over,
});
const phase = (over: Partial<PhaseInput>) => calculateRolloutStatus({
  generation: 2, deleting: false, disabled: false, stepCount: 3, rolloutHash: 'h', status: undefined, workload: workload(), now: NOW, ...over,
});
const withPhase = (p: RolloutStatus['phase'], extra: Partial<RolloutStatus> = {}): RolloutStatus => ({ phase: p, currentStepIndex: 0, currentStepState: '', ...extra });

describe('the phase machine (docs/spec/kruise-rollout.md §2.2)', () => {
  it.each<[string, Partial<PhaseInput>, Partial<RolloutStatus>]>([
    ['a new Rollout: Initial → Healthy in one pass', {}, { phase: 'Healthy', message: 'rollout is healthy', observedGeneration: 2 }],
    ['deletion → Terminating with its condition', { deleting: true, status: withPhase('Progressing') }, { phase: 'Terminating' }],
    ['disabled while Progressing → Disabling', { disabled: true, status: withPhase('Progressing') }, { phase: 'Disabling', message: 'Disabling rollout, release resources' }],
    ['disabled otherwise → Disabled', { disabled: true, status: withPhase('Healthy') }, { phase: 'Disabled', message: 'Rollout is disabled' }],
    ['enabled again → Healthy', { status: withPhase('Disabled') }, { phase: 'Healthy', message: 'rollout is healthy' }],
    ['workload gone → Initial, status reset', { status: withPhase('Healthy', { message: 'x', canaryStatus: {} as CanaryStatus }), workload: undefined },
      { phase: 'Initial', message: 'Workload Not Found', currentStepIndex: 0 }],
    ['workload gone while disabled → status kept', { disabled: true, status: withPhase('Disabled', { message: 'Rollout is disabled' }), workload: undefined }, { phase: 'Disabled', message: 'Rollout is disabled' }],
    ['Healthy and in progressing → Progressing, Initializing', { status: withPhase('Healthy', { conditions: [{ type: 'Succeeded', status: 'True', reason: '', message: '' }] }), workload: workload({ inProgressing: true, canaryRevision: 'v2' }) },
      { phase: 'Progressing', conditions: [{ type: 'Progressing', status: 'True', reason: 'Initializing', message: 'Rollout is in Progressing', lastUpdateTime: NOW, lastTransitionTime: NOW }] }],
  ])('%s', (_, over, expected) => {
    const result = phase(over);
    expect(result.retry).toBe(false);
    if (!result.retry) expect(result.status).toMatchObject(expected);
    // A reset status keeps nothing of the old one.
    if (!result.retry && result.status.message === 'Workload Not Found') expect(result.status.canaryStatus).toBeUndefined();
  });

  it('a workload whose status lags its generation: retry, write nothing', () => {
    expect(phase({ status: withPhase('Healthy'), workload: workload({ statusConsistent: false }) })).toEqual({ retry: true });
  });

  it('docs/spec/kruise-rollout.md §6.1 row 0: a first deployment gets a synthesised completed sub-status', () => {
    const result = phase({ status: withPhase('Healthy') });
    expect(!result.retry && result.status).toMatchObject({
      message: 'workload deployment is completed',
      canaryStatus: { currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'Completed', canaryRevision: 'v1', stableRevision: 'v1', rolloutHash: 'h', observedWorkloadGeneration: 4 },
    });
  });

  it('conditions keep lastTransitionTime while their status holds', () => {
    const first = setCondition([], 'Progressing', 'True', 'Initializing', 'a', '2026-07-01T09:00:00Z');
    const second = setCondition(first, 'Progressing', 'True', 'InRolling', 'b', NOW);
    expect(second).toEqual([{ type: 'Progressing', status: 'True', reason: 'InRolling', message: 'b', lastUpdateTime: NOW, lastTransitionTime: '2026-07-01T09:00:00Z' }]);
    expect(setCondition(second, 'Progressing', 'False', 'Completed', 'c', NOW)[0]!.lastTransitionTime).toBe(NOW);
  });
});

describe('InRolling dispatch, in order (docs/spec/kruise-rollout.md §2.4)', () => {
  const base: InRollingInput = {
    workloadInRollback: false, workloadCanaryRevision: 'v2', statusCanaryRevision: 'v2', rollbackInBatch: false, paused: false,
    statusRolloutHash: 'h', annotationRolloutHash: 'h', currentStepState: 'StepPaused',
  };
  it.each<[string, Partial<InRollingInput>, string]>([
    ['normal', {}, 'Step'],
    ['completed', { currentStepState: 'Completed' }, 'Finalise'],
    ['docs/spec/kruise-rollout.md §6.6 rollback to v1', { workloadInRollback: true, workloadCanaryRevision: 'v1' }, 'Cancel'],
    ['a quick rollback wins over a pause', { workloadInRollback: true, workloadCanaryRevision: 'v1', paused: true }, 'Cancel'],
    ['paused', { paused: true }, 'Pause'],
    ['paused wins over rollback in batches', { workloadInRollback: true, workloadCanaryRevision: 'v1', rollbackInBatch: true, paused: true }, 'Pause'],
    ['rollback in batches', { workloadInRollback: true, workloadCanaryRevision: 'v1', rollbackInBatch: true }, 'RollbackInBatches'],
    ['docs/spec/kruise-rollout.md §6.6 v3 pushed mid-release', { workloadCanaryRevision: 'v3' }, 'ContinuousRelease'],
    ['plan changed', { annotationRolloutHash: 'h2' }, 'PlanChanged'],
    ['a new revision wins over a plan change', { workloadCanaryRevision: 'v3', annotationRolloutHash: 'h2' }, 'ContinuousRelease'],
    ['no hash recorded yet: no plan change', { statusRolloutHash: '', annotationRolloutHash: 'h2' }, 'Step'],
  ])('%s → %s', (_, over, expected) => {
    expect(inRollingAction({ ...base, ...over })).toBe(expected);
  });

  it.each<[string, Parameters<typeof isRollbackInBatch>[0], boolean]>([
    ['a CloneSet with the annotation', { trafficRoutings: 0, refKind: 'CloneSet', workloadTypeLabel: undefined, annotation: 'true' }, true],
    ['an Advanced StatefulSet (the kind alone is compared)', { trafficRoutings: 0, refKind: 'StatefulSet', workloadTypeLabel: undefined, annotation: 'true' }, true],
    ['a Deployment', { trafficRoutings: 0, refKind: 'Deployment', workloadTypeLabel: undefined, annotation: 'true' }, false],
    ['a workload-type label StatefulSet', { trafficRoutings: 0, refKind: 'Other', workloadTypeLabel: 'StatefulSet', annotation: 'true' }, true],
    ['without the annotation', { trafficRoutings: 0, refKind: 'CloneSet', workloadTypeLabel: undefined, annotation: 'false' }, false],
    ['with traffic routing', { trafficRoutings: 1, refKind: 'CloneSet', workloadTypeLabel: undefined, annotation: 'true' }, false],
  ])('rollback in batches: %s → %p', (_, input, expected) => {
    expect(isRollbackInBatch(input)).toBe(expected);
  });
});

describe('finalising (docs/spec/kruise-rollout.md §2.15)', () => {
  it.each([
    ['Rollback', ['FinalisingStepRouteTrafficToStable', 'ResumeWorkload', 'ReleaseWorkloadControl', 'RestoreStableService', 'RemoveCanaryService', 'END']],
    ['Success', ['RestoreStableService', 'FinalisingStepRouteTrafficToStable', 'RemoveCanaryService', 'ResumeWorkload', 'ReleaseWorkloadControl', 'END']],
    ['RolloutDeleting', ['RestoreStableService', 'FinalisingStepRouteTrafficToStable', 'RemoveCanaryService', 'ResumeWorkload', 'ReleaseWorkloadControl', 'END']],
  ] as const)('%s: the task order', (reason, order) => {
    const seen: string[] = [];
    let step: Parameters<typeof nextFinalisingTask>[1] = '';
    while (step !== 'END') seen.push((step = nextFinalisingTask(reason, step)));
    expect(seen).toEqual(order);
  });

  it('passes run the named task, wait while it retries, and end at END (success: resume waits for the BatchRelease)', () => {
    let resumeRetries = 2;
    const calls: string[] = [];
    const tasks = { resumeWorkload: () => (calls.push('resume'), resumeRetries-- > 0), releaseWorkloadControl: () => (calls.push('release'), false) };
    let step: Parameters<typeof finalisingPass>[1] = '';
    const steps: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = finalisingPass('Success', step, tasks);
      step = r.step;
      steps.push(step);
      if (r.done) break;
    }
    expect(steps).toEqual(['RestoreStableService', 'FinalisingStepRouteTrafficToStable', 'RemoveCanaryService', 'ResumeWorkload', 'ResumeWorkload', 'ResumeWorkload', 'ReleaseWorkloadControl', 'END']);
    expect(calls).toEqual(['resume', 'resume', 'resume', 'release']);
    expect(finalisingPass('Success', 'END', tasks)).toEqual({ step: 'END', done: true });
  });
});

describe('a changed step plan (docs/spec/kruise-rollout.md §2.10)', () => {
  const steps = (...r: string[]) => r.map((replicas) => ({ replicas }));
  it.each<[string, string[], number, string | undefined, number]>([
    ['no BatchRelease: step 1', ['20%', '50%', '100%'], 2, undefined, 1],
    ['only the current step changed traffic: the current step', ['20%', '40%', '100%'], 2, '40%', 2],
    ['the current step asks for fewer than released: the first step reaching it', ['20%', '30%', '60%', '100%'], 2, '50%', 3],
    ['nothing reaches it: the last step examined', ['10%', '20%'], 1, '50%', 2],
    ['the current index beyond the steps: the others in order', ['20%', '100%'], 5, '20%', 1],
  ])('%s', (_, plan, current, released, expected) => {
    expect(recalculatedStep(steps(...plan), 5, current, released)).toBe(expected);
  });

  const status = (over: Partial<CanaryStatus>): CanaryStatus => ({
    podTemplateHash: 'v2', currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'StepPaused', finalisingStep: '', canaryRevision: 'v2', canaryReplicas: 3, canaryReadyReplicas: 3, rolloutHash: 'old', ...over,
  });

  it('a target equal to nextStepIndex: StepReady, so the machine advances to it', () => {
    expect(afterPlanChange(status({}), steps('20%', '40%', '100%'), 5, '50%', 'new', T0)).toMatchObject({ currentStepIndex: 2, currentStepState: 'StepReady', rolloutHash: 'new' });
  });

  it('otherwise a jump: e2e "changing only the traffic of the current step re-runs it"', () => {
    expect(afterPlanChange(status({ currentStepIndex: 3, nextStepIndex: 4 }), steps('20%', '40%', '60%', '100%'), 5, '60%', 'new', T0)).toMatchObject({
      currentStepIndex: 3, nextStepIndex: 4, currentStepState: 'StepTrafficRouting', rolloutHash: 'new',
    });
  });
});
