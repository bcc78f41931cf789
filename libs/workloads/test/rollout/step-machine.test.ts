// The Rollout's step state machine, one pass at a time (docs/spec/kruise-rollout.md §2.5, §2.8, §2.9):
// each state's rule in a table, then the worked examples walked pass by pass — docs/spec/kruise-rollout.md §6.1 (20% with an
// approval, 50% with a 60 s pause, 100%) and docs/spec/kruise-rollout.md §6.4 (nextStepIndex jumps).
import { describe, expect, it } from '@jest/globals';
import type { CanaryStatus } from '@coxswain/kruise-api';
import { runStepMachine, stepJump, type BatchReleaseFacts, type StepMachineInput } from '../../src/rollout/plan/step-machine.js';
import { naturalNext } from '../../src/rollout/plan/steps.js';

const T0 = Date.parse('2026-07-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const STEPS_6_1 = [{ replicas: '20%', pause: {} }, { replicas: '50%', pause: { duration: 60 } }, { replicas: '100%' }];

function status(over: Partial<CanaryStatus> = {}): CanaryStatus {
  return {
    podTemplateHash: '', currentStepIndex: 1, nextStepIndex: 2, currentStepState: 'BeforeStepUpgrade', finalisingStep: '',
    canaryRevision: 'v2', canaryReplicas: 0, canaryReadyReplicas: 0, stableRevision: 'v1', lastUpdateTime: iso(T0), ...over,
  };
}

const ready = (batch: number, updated: number): BatchReleaseFacts => ({
  specIsDesired: true, observed: true, batchState: 'Ready', currentBatch: batch, updatedReplicas: updated, updatedReadyReplicas: updated,
});

const input = (over: Partial<StepMachineInput>): StepMachineInput => ({
  steps: STEPS_6_1, replicas: 5, realPartition: true, status: status(), podTemplateHash: 'v2', batchRelease: undefined, now: T0, ...over,
});

describe('each state (docs/spec/kruise-rollout.md §2.5)', () => {
  it.each<[string, Partial<StepMachineInput>, Partial<CanaryStatus>, Record<string, unknown>]>([
    ['BeforeStepUpgrade → StepUpgrade, time untouched', {}, { currentStepState: 'StepUpgrade', lastUpdateTime: iso(T0) }, {}],
    ['StepUpgrade waits for the BatchRelease and asks for batch i−1', { status: status({ currentStepState: 'StepUpgrade' }), now: T0 + 5000 },
      { currentStepState: 'StepUpgrade' }, { runBatch: 0, message: 'Rollout is in step(1/3), and upgrade workload to new version' }],
    ['StepUpgrade waits while the BatchRelease has not observed its plan', { status: status({ currentStepState: 'StepUpgrade' }), batchRelease: { ...ready(0, 1), observed: false } },
      { currentStepState: 'StepUpgrade' }, { runBatch: 0 }],
    ['StepUpgrade waits while the BatchRelease is behind the step', { status: status({ currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'StepUpgrade' }), batchRelease: ready(0, 1) },
      { currentStepState: 'StepUpgrade', canaryReplicas: 1 }, { runBatch: 1 }],
    ['StepUpgrade done → StepTrafficRouting, time set, podTemplateHash refreshed', { status: status({ currentStepState: 'StepUpgrade', podTemplateHash: 'old' }), batchRelease: ready(0, 1), now: T0 + 7000 },
      { currentStepState: 'StepTrafficRouting', lastUpdateTime: iso(T0 + 7000), podTemplateHash: 'v2', canaryReplicas: 1 }, { event: 'upgrade step(1) canary pods with new versions done' }],
    ['StepUpgrade of a full step in a real partition → StepMetricsAnalysis', { status: status({ currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'StepUpgrade' }), batchRelease: ready(2, 5) },
      { currentStepState: 'StepMetricsAnalysis' }, {}],
    ['StepUpgrade of a full step, not a real partition → StepTrafficRouting', { realPartition: false, status: status({ currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'StepUpgrade' }), batchRelease: ready(2, 5) },
      { currentStepState: 'StepTrafficRouting' }, {}],
    ['StepTrafficRouting → StepMetricsAnalysis, time set, look again in 3 s', { status: status({ currentStepState: 'StepTrafficRouting' }), now: T0 + 1000 },
      { currentStepState: 'StepMetricsAnalysis', lastUpdateTime: iso(T0 + 1000) }, { recheckAt: T0 + 4000 }],
    ['StepMetricsAnalysis → StepPaused, time NOT touched', { status: status({ currentStepState: 'StepMetricsAnalysis' }), now: T0 + 9000 },
      { currentStepState: 'StepPaused', lastUpdateTime: iso(T0) }, {}],
    ['StepPaused without a duration waits for approval', { status: status({ currentStepState: 'StepPaused' }) },
      { currentStepState: 'StepPaused' }, { message: 'Rollout is in step(1/3), and you need manually confirm to enter the next step' }],
    ['the last step at the string "100%" never pauses', { steps: [{ replicas: '50%' }, { replicas: '100%', pause: {} }], status: status({ currentStepIndex: 2, nextStepIndex: -1, currentStepState: 'StepPaused' }) },
      { currentStepState: 'StepReady' }, {}],
    ['a last step of int replicas does pause', { steps: [{ replicas: 2 }, { replicas: 5, pause: {} }], status: status({ currentStepIndex: 2, nextStepIndex: -1, currentStepState: 'StepPaused' }) },
      { currentStepState: 'StepPaused' }, { message: 'Rollout is in step(2/2), and you need manually confirm to enter the next step' }],
    ['StepReady → the next step', { status: status({ currentStepState: 'StepReady' }), now: T0 + 1 }, { currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'BeforeStepUpgrade', lastUpdateTime: iso(T0 + 1) }, {}],
    ['StepReady of the last step → Completed', { status: status({ currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'StepReady' }) }, { currentStepIndex: 3, currentStepState: 'Completed' }, {}],
    ['Completed stays', { status: status({ currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'Completed' }) }, { currentStepState: 'Completed' }, {}],
  ])('%s', (_, over, expectedStatus, extra) => {
    const result = runStepMachine(input(over));
    expect(result.status).toMatchObject(expectedStatus);
    expect(result).toMatchObject(extra);
  });

  it('a timed pause counts from lastUpdateTime and advances only once strictly past it (Go: Before)', () => {
    const paused = input({ status: status({ currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'StepPaused' }) });
    expect(runStepMachine({ ...paused, now: T0 + 30_000 })).toMatchObject({ status: { currentStepState: 'StepPaused' }, recheckAt: T0 + 60_000, message: 'Rollout is in step(2/3), and wait duration(60 seconds) to enter the next step' });
    expect(runStepMachine({ ...paused, now: T0 + 60_000 }).status.currentStepState).toBe('StepPaused');
    expect(runStepMachine({ ...paused, now: T0 + 60_001 }).status).toMatchObject({ currentStepState: 'StepReady', lastUpdateTime: iso(T0 + 60_001) });
  });
});

describe('jumps (docs/spec/kruise-rollout.md §2.9)', () => {
  const STEPS_6_4 = ['20%', '40%', '60%', '80%', '100%'].map((replicas) => ({ replicas, pause: {} }));
  const at4 = (next: number) => status({ currentStepIndex: 4, nextStepIndex: next, currentStepState: 'StepPaused', canaryReplicas: 4 });

  it.each<[number, Partial<CanaryStatus> | undefined]>([
    // 5 is step 4's natural next step: no jump.
    [5, undefined],
    [3, { currentStepIndex: 3, nextStepIndex: 4, currentStepState: 'BeforeStepUpgrade' }],
    [1, { currentStepIndex: 1, nextStepIndex: 2, currentStepState: 'BeforeStepUpgrade' }],
    // Re-run of the current step, whose replicas are already there: straight to StepTrafficRouting.
    [4, { currentStepIndex: 4, nextStepIndex: 5, currentStepState: 'StepTrafficRouting' }],
    [0, undefined], [6, undefined], [-1, undefined],
  ])('docs/spec/kruise-rollout.md §6.4: paused at step 4 of 5 with 4 updated, nextStepIndex %p', (next, expected) => {
    const jumped = stepJump(at4(next), STEPS_6_4, 5, T0 + 1);
    if (expected === undefined) expect(jumped).toBeUndefined();
    else expect(jumped).toMatchObject({ ...expected, lastUpdateTime: iso(T0 + 1) });
  });

  it('docs/spec/kruise-rollout.md §6.4: after jumping back to step 1 (still 4 updated), a jump to 5 is the last step, nextStepIndex −1', () => {
    expect(naturalNext(1, 5)).toBe(2);
    const at1 = status({ currentStepIndex: 1, nextStepIndex: 5, currentStepState: 'StepPaused', canaryReplicas: 4 });
    expect(stepJump(at1, STEPS_6_4, 5, T0)).toMatchObject({ currentStepIndex: 5, nextStepIndex: -1, currentStepState: 'BeforeStepUpgrade' });
  });

  it('a jump wins over an approval patched at the same time, and ends the pass', () => {
    const result = runStepMachine(input({ steps: STEPS_6_4, status: { ...at4(2), currentStepState: 'StepReady' } }));
    expect(result).toMatchObject({ jumped: true, status: { currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'BeforeStepUpgrade' } });
  });
});

describe('docs/spec/kruise-rollout.md §6.1 walked pass by pass: 20% and an approval, 50% and 60 s, 100%', () => {
  it('reaches Completed with 1, 3 and 5 updated pods, asking the BatchRelease for batches 0, 1, 2', () => {
    let now = T0;
    let s = status();
    const batches: number[] = [];
    const messages: string[] = [];
    let br: BatchReleaseFacts | undefined;
    const pass = () => {
      const r = runStepMachine(input({ status: s, batchRelease: br, now }));
      s = r.status;
      if (r.runBatch !== undefined && !batches.includes(r.runBatch)) batches.push(r.runBatch);
      if (r.message && messages[messages.length - 1] !== r.message) messages.push(r.message);
      now += 1000;
      return r;
    };
    pass(); // BeforeStepUpgrade → StepUpgrade
    pass(); // StepUpgrade, no BatchRelease yet
    br = ready(0, 1);
    pass(); // → StepTrafficRouting
    pass(); // → StepMetricsAnalysis
    pass(); // → StepPaused
    pass(); // waits for approval
    expect(s).toMatchObject({ currentStepIndex: 1, currentStepState: 'StepPaused', canaryReplicas: 1 });
    s = { ...s, currentStepState: 'StepReady' }; // kubectl-kruise rollout approve (docs/spec/kruise-rollout.md §2.8)
    pass();
    expect(s).toMatchObject({ currentStepIndex: 2, nextStepIndex: 3, currentStepState: 'BeforeStepUpgrade' });
    pass(); // → StepUpgrade
    br = ready(1, 3);
    pass(); pass(); // → StepTrafficRouting → StepMetricsAnalysis (the pause counts from here)
    const pauseFrom = Date.parse(s.lastUpdateTime!);
    pass(); // → StepPaused
    const waiting = pass();
    expect(waiting.recheckAt).toBe(pauseFrom + 60_000);
    now = pauseFrom + 60_001;
    pass(); // → StepReady
    pass(); // → step 3
    expect(s).toMatchObject({ currentStepIndex: 3, nextStepIndex: -1, currentStepState: 'BeforeStepUpgrade', canaryReplicas: 3 });
    pass(); // → StepUpgrade
    br = ready(2, 5);
    pass(); // full step, real partition → StepMetricsAnalysis
    expect(s.currentStepState).toBe('StepMetricsAnalysis');
    pass(); pass(); pass(); // → StepPaused → (last "100%") StepReady → Completed
    expect(s).toMatchObject({ currentStepIndex: 3, currentStepState: 'Completed', canaryReplicas: 5, canaryReadyReplicas: 5 });
    expect(batches).toEqual([0, 1, 2]);
    expect(messages).toEqual([
      'Rollout is in step(1/3), and upgrade workload to new version',
      'Rollout is in step(1/3), and you need manually confirm to enter the next step',
      'Rollout is in step(2/3), and upgrade workload to new version',
      'Rollout is in step(2/3), and wait duration(60 seconds) to enter the next step',
      'Rollout is in step(3/3), and upgrade workload to new version',
    ]);
  });
});
