// A Rollout step's analysis (docs/analysis.md §5): the pure planner rule by rule, the runner that keeps
// the network off the reconcile, and the step machine's StepMetricsAnalysis state with and without checks.
import { describe, expect, it } from '@jest/globals';
import { ManualClock } from '@coxswain/cluster';
import type { AnalysisCheck, CanaryStatus, StepAnalysis, StepAnalysisStatus } from '@coxswain/kruise-api';
import type { AnalysisResult } from '../../src/analysis/result.js';
import { AnalysisRunner } from '../../src/analysis/runner.js';
import { planStepAnalysis, type StepAnalysisInput } from '../../src/analysis/step-analysis.js';
import { runStepMachine, type StepMachineInput } from '../../src/rollout/plan/step-machine.js';

const T0 = Date.parse('2026-11-29T07:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const ERRORS: AnalysisCheck = { name: 'errors', prometheus: { address: 'http://p:9090', query: 'q', successCondition: { operator: 'LessThan', value: 0.05 } } };
const STEADY: AnalysisCheck = { name: 'steady', pods: { readyForSeconds: 30 } };
const ANALYSIS: StepAnalysis = { checks: [ERRORS, STEADY], onFailure: 'Abort', intervalSeconds: 10 };

const result = (check: string, phase: AnalysisResult['phase'], over: Partial<AnalysisResult> = {}): AnalysisResult => ({
  check, kind: check === 'steady' ? 'pods' : 'prometheus', phase, condition: check === 'steady' ? 'ready 30s' : '< 0.05', reason: `${check} is ${phase}`, ...over,
});

const plan = (over: Partial<StepAnalysisInput>) => planStepAnalysis({ analysis: ANALYSIS, previous: undefined, stepIndex: 1, canaryRevision: 'v2', now: T0, ...over });
const evaluated = (at: number, ...results: AnalysisResult[]) => ({ results, at });

describe('planStepAnalysis', () => {
  it('starts Running with the first evaluation due at once', () => {
    expect(plan({})).toEqual({
      status: { stepIndex: 1, canaryRevision: 'v2', phase: 'Running', message: 'evaluating its 2 checks', startedAt: iso(T0), onFailure: 'Abort', checks: [] },
      evaluateAt: T0,
    });
  });

  it.each<[string, AnalysisResult[], StepAnalysisStatus['phase'], string, number | undefined]>([
    ['every check passed → Passed', [result('errors', 'Passed', { measured: 0.01 }), result('steady', 'Passed')], 'Passed', 'all 2 checks passed', undefined],
    ['a check failed → Failed, its reason in the message', [result('errors', 'Failed', { measured: 0.3 }), result('steady', 'Passed')], 'Failed', 'check errors failed: errors is Failed', undefined],
    ['a failure decides even beside a pending check', [result('errors', 'Pending'), result('steady', 'Failed')], 'Failed', 'check steady failed: steady is Failed', undefined],
    ['a pending check → Running, evaluated again an interval later', [result('errors', 'Passed'), result('steady', 'Pending')], 'Running', 'steady: pending, steady is Pending', T0 + 5000 + 10_000],
    ['a pods check that can pass sooner than the interval is looked at then', [result('errors', 'Passed'), result('steady', 'Pending', { recheckAt: T0 + 8000 })], 'Running', 'steady: pending, steady is Pending', T0 + 8000],
    ['one error is not a verdict', [result('errors', 'Error'), result('steady', 'Passed')], 'Running', 'errors: error (1 of 3), errors is Error', T0 + 15_000],
  ])('%s', (_name, results, phase, message, evaluateAt) => {
    const decision = plan({ now: T0 + 5000, evaluation: evaluated(T0 + 5000, ...results) });
    expect(decision.status.phase).toBe(phase);
    expect(decision.status.message).toBe(message);
    expect(decision.evaluateAt).toBe(evaluateAt);
    expect(decision.status.checks.map((c) => c.phase)).toEqual(results.map((r) => r.phase));
  });

  it('fails a check that could not be evaluated three times in a row; a good answer between resets the count', () => {
    let previous = plan({}).status;
    const round = (t: number, phase: AnalysisResult['phase']) => (previous = plan({ previous, now: t, evaluation: evaluated(t, result('errors', phase), result('steady', 'Passed')) }).status);
    round(T0, 'Error');
    round(T0 + 10_000, 'Error');
    round(T0 + 20_000, 'Pending');
    expect(previous.checks[0]!.consecutiveErrors).toBe(0);
    round(T0 + 30_000, 'Error');
    round(T0 + 40_000, 'Error');
    expect(previous.phase).toBe('Running');
    round(T0 + 50_000, 'Error');
    expect(previous.phase).toBe('Failed');
    expect(previous.message).toBe('check errors failed: could not be evaluated 3 times in a row: errors is Error');
    expect(previous.checks[0]!.history.map((s) => s.phase)).toEqual(['Error', 'Error', 'Pending', 'Error', 'Error', 'Error']);
  });

  it('keeps each check\'s latest 30 values, oldest first', () => {
    let previous = plan({}).status;
    for (let k = 0; k < 35; k++) {
      previous = plan({ previous, now: T0 + k, evaluation: evaluated(T0 + k, result('errors', 'Pending', { measured: k }), result('steady', 'Pending')) }).status;
    }
    expect(previous.checks[0]!.history.map((s) => s.measured)).toEqual(Array.from({ length: 30 }, (_, k) => k + 5));
  });

  it('without a new evaluation, the next is due an interval after the last', () => {
    const running = plan({ evaluation: evaluated(T0, result('errors', 'Pending'), result('steady', 'Pending')) }).status;
    expect(plan({ previous: running, now: T0 + 3000 })).toEqual({ status: running, evaluateAt: T0 + 10_000 });
  });

  it('a verdict is final for its step and revision; another step or revision starts over', () => {
    const failed = plan({ evaluation: evaluated(T0, result('errors', 'Failed'), result('steady', 'Passed')) }).status;
    expect(plan({ previous: failed, now: T0 + 60_000, evaluation: evaluated(T0 + 60_000, result('errors', 'Passed'), result('steady', 'Passed')) }).status).toBe(failed);
    expect(plan({ previous: failed, stepIndex: 2 }).status).toMatchObject({ stepIndex: 2, phase: 'Running', checks: [] });
    expect(plan({ previous: failed, canaryRevision: 'v3' }).status).toMatchObject({ canaryRevision: 'v3', phase: 'Running', checks: [] });
  });
});

describe('AnalysisRunner', () => {
  const clock = () => new ManualClock(T0);

  it('evaluates every check off the caller, once at a time, and hands the results to the token they were started for', async () => {
    const finished: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    const runner = new AnalysisRunner((key) => finished.push(key), async (check) => {
      calls.push(check.name);
      await gate;
      return result(check.name, 'Passed');
    });
    runner.start('ns/r', '1/v2', [ERRORS, STEADY], { clock: clock() });
    runner.start('ns/r', '1/v2', [ERRORS, STEADY], { clock: clock() });
    expect(runner.running('ns/r')).toBe(true);
    expect(runner.take('ns/r', '1/v2')).toBeUndefined();
    release();
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(['errors', 'steady']);
    expect(finished).toEqual(['ns/r']);
    expect(runner.take('ns/r', '1/v2')).toEqual({ results: [result('errors', 'Passed'), result('steady', 'Passed')], at: T0 });
    expect(runner.take('ns/r', '1/v2')).toBeUndefined();
  });

  it('drops results started for another step, and results of a forgotten Rollout', async () => {
    const finished: string[] = [];
    const runner = new AnalysisRunner((key) => finished.push(key), async (check) => result(check.name, 'Failed'));
    runner.start('ns/r', '1/v2', [ERRORS], { clock: clock() });
    await new Promise((r) => setImmediate(r));
    expect(runner.take('ns/r', '2/v2')).toBeUndefined();
    expect(runner.running('ns/r')).toBe(false);
    runner.start('ns/q', '1/v2', [ERRORS], { clock: clock() });
    runner.forget('ns/q');
    await new Promise((r) => setImmediate(r));
    expect(finished).toEqual(['ns/r']);
    expect(runner.take('ns/q', '1/v2')).toBeUndefined();
  });

  it('an evaluation that throws is an Error result, never a crash', async () => {
    const runner = new AnalysisRunner(() => undefined, async () => {
      throw new Error('boom');
    });
    runner.start('ns/r', 't', [ERRORS], { clock: clock() });
    await new Promise((r) => setImmediate(r));
    expect(runner.take('ns/r', 't')!.results).toEqual([{ check: 'errors', kind: 'prometheus', phase: 'Error', condition: '', reason: 'evaluation failed: boom' }]);
  });
});

describe('the step machine in StepMetricsAnalysis', () => {
  const status = (over: Partial<CanaryStatus> = {}): CanaryStatus => ({
    podTemplateHash: 'v2', currentStepIndex: 1, nextStepIndex: 2, currentStepState: 'StepMetricsAnalysis', finalisingStep: '',
    canaryRevision: 'v2', canaryReplicas: 1, canaryReadyReplicas: 1, stableRevision: 'v1', lastUpdateTime: iso(T0), ...over,
  });
  const input = (analysis: StepAnalysis | undefined, over: Partial<StepMachineInput> = {}): StepMachineInput => ({
    steps: [{ replicas: '20%', pause: {}, ...(analysis ? { analysis } : {}) }, { replicas: '100%' }],
    replicas: 5, realPartition: true, status: status(), podTemplateHash: 'v2', batchRelease: undefined, now: T0 + 1000, ...over,
  });

  it('without checks: straight to StepPaused, as upstream, time untouched', () => {
    expect(runStepMachine(input(undefined))).toEqual({ status: { ...status(), currentStepState: 'StepPaused' } });
  });

  it('with checks: stays while they run, and asks for an evaluation', () => {
    const out = runStepMachine(input(ANALYSIS));
    expect(out.status.currentStepState).toBe('StepMetricsAnalysis');
    expect(out.evaluateAt).toBe(T0 + 1000);
    expect(out.recheckAt).toBe(T0 + 1000);
    expect(out.message).toBe('Rollout is in step(1/2), and analysing the new version: evaluating its 2 checks');
  });

  it('passed: on to StepPaused with the results kept, time untouched', () => {
    const out = runStepMachine(input(ANALYSIS, { evaluation: evaluated(T0 + 1000, result('errors', 'Passed'), result('steady', 'Passed')) }));
    expect(out.status.currentStepState).toBe('StepPaused');
    expect(out.status.lastUpdateTime).toBe(iso(T0));
    expect(out.status.analysis?.phase).toBe('Passed');
    expect(out.abort).toBeUndefined();
  });

  it.each<['Abort' | 'Pause', boolean | undefined, string]>([
    ['Abort', true, 'Rollout is in step(1/2), and its analysis failed (check errors failed: errors is Failed); rolling back to the stable revision'],
    ['Pause', undefined, 'Rollout is in step(1/2), and its analysis failed (check errors failed: errors is Failed); approve to go on, or abort'],
  ])('failed with onFailure %s', (onFailure, abort, message) => {
    const out = runStepMachine(input({ ...ANALYSIS, onFailure }, { evaluation: evaluated(T0 + 1000, result('errors', 'Failed'), result('steady', 'Passed')) }));
    expect(out.status.currentStepState).toBe('StepMetricsAnalysis');
    expect(out.abort).toBe(abort);
    expect(out.message).toBe(message);
    // Stays decided on later passes.
    const again = runStepMachine(input({ ...ANALYSIS, onFailure }, { status: out.status, now: T0 + 60_000 }));
    expect(again.status.analysis).toBe(out.status.analysis);
    expect(again.abort).toBe(abort);
  });

  it('an approval (StepReady) moves on past a paused failure', () => {
    const failed = runStepMachine(input({ ...ANALYSIS, onFailure: 'Pause' }, { evaluation: evaluated(T0 + 1000, result('errors', 'Failed'), result('steady', 'Passed')) })).status;
    const out = runStepMachine(input({ ...ANALYSIS, onFailure: 'Pause' }, { status: { ...failed, currentStepState: 'StepReady' } }));
    expect(out.status).toMatchObject({ currentStepIndex: 2, currentStepState: 'BeforeStepUpgrade' });
  });
});
