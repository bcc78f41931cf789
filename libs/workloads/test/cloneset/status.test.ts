import { describe, it, expect } from '@jest/globals';
import type { CloneSet, CloneSetCondition, CloneSetStatus, Pod } from '@coxswain/kruise-api';
import {
  PROGRESS_DEADLINE_DISABLED, computeStatus, expectedUpdatedReplicas, minReadyRequeueMs, setFailedCondition, statusNeedsWrite,
} from '../../src/cloneset/plan/status.js';
import { T0, iso, makeCloneSet, makePod, notReadyPod, readyPod, times, type CloneSetOptions } from './pod-state-fixtures.js';

const CUR = 'web-aaaaa';
const UPD = 'web-bbbbb';

function compute(cs: CloneSet, pods: Pod[], o: { now?: number; current?: string; previous?: CloneSetStatus } = {}) {
  return computeStatus({
    cs, activePods: pods, currentRevision: o.current ?? CUR, updateRevision: UPD, collisionCount: 0, now: o.now ?? T0 + 60_000,
    ...(o.previous !== undefined ? { previousStatus: o.previous } : {}),
  });
}

function progressing(status: CloneSetStatus): CloneSetCondition | undefined {
  return status.conditions?.find((c) => c.type === 'Progressing');
}

function withProgressing(reason: string, status: 'True' | 'False', lastUpdateMs: number): CloneSetStatus {
  return {
    replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0,
    conditions: [{ type: 'Progressing', status, reason, message: 'old message', lastUpdateTime: iso(lastUpdateMs), lastTransitionTime: iso(lastUpdateMs) }],
  };
}

describe('computeStatus — counters and fields', () => {
  it('computes every field', () => {
    const cs = makeCloneSet({ replicas: 4, partition: 1, minReadySeconds: 10, generation: 7 });
    cs.spec.selector = {
      matchLabels: { app: 'web', tier: 'front' },
      matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['b', 'a'] }, { key: 'canary', operator: 'DoesNotExist' }],
    };
    const now = T0 + 20_000;
    const pods = [
      readyPod(UPD), // ready, available, updated
      readyPod(UPD, { state: 'PreparingDelete' }), // ready (lifecycle ignored), not available
      readyPod(CUR), // ready, available, old
      notReadyPod(CUR),
      readyPod(UPD, { inPlaceUpdateReady: 'False' }), // neither ready nor available
      readyPod('bbbbb', { readySince: T0 + 15_000 }), // short-hash label; ready, minReadySeconds not passed yet
    ];
    const { status, requeueAfterMs } = computeStatus({
      cs, activePods: pods, currentRevision: CUR, updateRevision: UPD, collisionCount: 2, now,
    });
    expect(status).toEqual({
      observedGeneration: 7,
      replicas: 6,
      readyReplicas: 4,
      availableReplicas: 2,
      updatedReplicas: 4,
      updatedReadyReplicas: 3,
      updatedAvailableReplicas: 1,
      expectedUpdatedReplicas: 3,
      updateRevision: UPD,
      currentRevision: CUR,
      collisionCount: 2,
      // Sorted by key ("canary" for !canary), values sorted.
      labelSelector: 'app=web,!canary,tier=front,zone notin (a,b)',
    });
    expect(requeueAfterMs).toBeUndefined();
  });

  it('counts pods with no lifecycle label (legacy) as available', () => {
    const pod = makePod({ revision: UPD, ready: 'True' });
    expect(compute(makeCloneSet({ replicas: 1 }), [pod]).status.availableReplicas).toBe(1);
  });
});

describe('computeStatus — currentRevision', () => {
  const cs = makeCloneSet({ replicas: 3 });

  it('switches to updateRevision when every pod is updated and the count matches; readiness not required', () => {
    expect(compute(cs, times(3, () => notReadyPod(UPD))).status.currentRevision).toBe(UPD);
    expect(compute(cs, times(3, () => makePod({ revision: UPD, phase: 'Pending' }))).status.currentRevision).toBe(UPD);
  });

  it('short-hash labels count as at the revision', () => {
    expect(compute(cs, [readyPod('bbbbb'), readyPod(UPD), readyPod('other-bbbbb')]).status.currentRevision).toBe(UPD);
  });

  it('keeps docs/spec/cloneset.md §4.3 current revision while a pod is old or the count differs', () => {
    expect(compute(cs, [readyPod(CUR), readyPod(UPD), readyPod(UPD)]).status.currentRevision).toBe(CUR);
    expect(compute(cs, times(4, () => readyPod(UPD))).status.currentRevision).toBe(CUR);
    expect(compute(cs, times(2, () => readyPod(UPD))).status.currentRevision).toBe(CUR);
  });

  it('with zero replicas and no pods, the update revision becomes current', () => {
    expect(compute(makeCloneSet({ replicas: 0 }), []).status.currentRevision).toBe(UPD);
  });
});

describe('expectedUpdatedReplicas', () => {
  it.each([
    [{ replicas: 5, partition: '99%' }, 1],
    [{ replicas: 5, partition: '100%' }, 0],
    [{ replicas: 5, partition: 2 }, 3],
    [{ replicas: 5, partition: 7 }, 0],
    [{ replicas: 5, partition: '20%' }, 4],
    [{ replicas: 5, onDelete: true }, 5],
    // Parser P reads an unparseable partition as 0.
    [{ replicas: 5, partition: 'abc' }, 5],
  ] as [CloneSetOptions, number][])('%j -> %d', (options, expected) => {
    expect(expectedUpdatedReplicas(makeCloneSet(options))).toBe(expected);
  });

  it('replicas defaults to 1', () => {
    const cs = makeCloneSet();
    delete cs.spec.replicas;
    expect(expectedUpdatedReplicas(cs)).toBe(1);
  });
});

describe('computeStatus — Progressing', () => {
  const DEADLINE = 10;
  const now = T0 + 600_000;

  it('is removed without a deadline or with 2147483647; FailedScale/FailedUpdate stay', () => {
    const previous: CloneSetStatus = {
      ...withProgressing('CloneSetUpdated', 'True', now),
      conditions: [
        { type: 'FailedScale', status: 'True', message: 'quota' },
        ...withProgressing('CloneSetUpdated', 'True', now).conditions!,
        { type: 'FailedUpdate', status: 'True', message: 'boom' },
      ],
    };
    for (const cs of [makeCloneSet({ replicas: 1 }), makeCloneSet({ replicas: 1, progressDeadlineSeconds: PROGRESS_DEADLINE_DISABLED })]) {
      const { status, requeueAfterMs } = compute(cs, [], { now, previous });
      expect(status.conditions?.map((c) => c.type)).toEqual(['FailedScale', 'FailedUpdate']);
      expect(requeueAfterMs).toBeUndefined();
    }
  });

  it('1. available: all updated and available at the right count', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE, paused: true });
    const { status, requeueAfterMs } = compute(cs, [readyPod(UPD), readyPod(UPD)], { now });
    expect(progressing(status)).toEqual({
      type: 'Progressing', status: 'True', reason: 'CloneSetAvailable', message: 'CloneSet is available',
      lastUpdateTime: iso(now), lastTransitionTime: iso(now),
    });
    expect(requeueAfterMs).toBeUndefined();
  });

  it('2. paused (when not available), even with the partition reached', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE, paused: true, partition: 1 });
    const { status } = compute(cs, [readyPod(CUR), readyPod(UPD)], { now });
    expect(progressing(status)).toMatchObject({ status: 'True', reason: 'CloneSetPaused', message: 'CloneSet is paused' });
  });

  it('3. partition available: expectedUpdated < replicas and <= updatedAvailable, even when the deadline passed', () => {
    const cs = makeCloneSet({ replicas: 5, progressDeadlineSeconds: DEADLINE, partition: 3 });
    const pods = [...times(3, () => readyPod(CUR)), readyPod(UPD), readyPod(UPD)];
    const previous = withProgressing('ProgressDeadlineExceeded', 'False', now - 1_000_000);
    const { status } = compute(cs, pods, { now, previous });
    expect(progressing(status)).toMatchObject({
      status: 'True', reason: 'ProgressPartitionAvailable', message: 'CloneSet has been paused due to partition ready',
    });
  });

  it('3 needs the updated pods available, not only updated', () => {
    const cs = makeCloneSet({ replicas: 5, progressDeadlineSeconds: DEADLINE, partition: 3 });
    const pods = [...times(3, () => readyPod(CUR)), readyPod(UPD), notReadyPod(UPD)];
    expect(progressing(compute(cs, pods, { now }).status)?.reason).toBe('CloneSetUpdated');
  });

  it('4. deadline exceeded: lastUpdateTime + deadline strictly before now', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const pods = [readyPod(CUR), readyPod(UPD)];
    const previous = withProgressing('CloneSetUpdated', 'True', now - 10_001);
    const { status, requeueAfterMs } = compute(cs, pods, { now, previous });
    expect(progressing(status)).toEqual({
      type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded',
      message: `CloneSet revision ${UPD} has timed out progressing`,
      lastUpdateTime: iso(now), lastTransitionTime: iso(now),
    });
    expect(requeueAfterMs).toBeUndefined();
  });

  it('4 at the exact boundary is not exceeded yet (and nothing is left to wait for)', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const previous = withProgressing('CloneSetUpdated', 'True', now - 10_000);
    const result = compute(cs, [readyPod(CUR), readyPod(UPD)], { now, previous });
    expect(progressing(result.status)).toMatchObject({ status: 'True', reason: 'CloneSetUpdated' });
    expect(result.requeueAfterMs).toBeUndefined();
  });

  it('4 is sticky until cases 1–3 apply, and a sticky write keeps its times', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const previous = withProgressing('ProgressDeadlineExceeded', 'False', now - 1_000);
    const stuck = compute(cs, [readyPod(CUR), readyPod(UPD)], { now, previous }).status;
    expect(progressing(stuck)).toEqual(previous.conditions![0]);
    const done = compute(cs, [readyPod(UPD), readyPod(UPD)], { now, previous }).status;
    expect(progressing(done)).toMatchObject({ status: 'True', reason: 'CloneSetAvailable', lastTransitionTime: iso(now) });
  });

  it('4 judges any stored Progressing condition by its lastUpdateTime, e.g. a long pause (Kruise behaviour)', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const previous = withProgressing('CloneSetPaused', 'True', now - 3_600_000);
    expect(progressing(compute(cs, [readyPod(CUR), readyPod(UPD)], { now, previous }).status)?.reason).toBe('ProgressDeadlineExceeded');
  });

  it('5. progressing: new condition, requeue after deadline + 1 s', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const { status, requeueAfterMs } = compute(cs, [readyPod(CUR), readyPod(UPD)], { now: now + 250 });
    expect(progressing(status)).toEqual({
      type: 'Progressing', status: 'True', reason: 'CloneSetUpdated', message: 'CloneSet is progressing',
      lastUpdateTime: iso(now), lastTransitionTime: iso(now),
    });
    expect(requeueAfterMs).toBe(11_000);
  });

  it('5. progressing: an unchanged condition keeps lastUpdateTime; requeue counts from it', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const pods = [readyPod(CUR), readyPod(UPD)];
    const previous = withProgressing('CloneSetUpdated', 'True', now - 4_000);
    const result = compute(cs, pods, { now, previous });
    expect(progressing(result.status)).toEqual(previous.conditions![0]);
    expect(result.requeueAfterMs).toBe(7_000);
    // Under one second left: no extra second.
    expect(compute(cs, pods, { now: now + 5_500, previous }).requeueAfterMs).toBe(500);
    expect(compute(cs, pods, { now: now + 5_000, previous }).requeueAfterMs).toBe(2_000);
  });

  it('a reason change with the same status keeps lastTransitionTime and moves lastUpdateTime', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const previous = withProgressing('CloneSetAvailable', 'True', now - 1_000);
    const cond = progressing(compute(cs, [readyPod(CUR), readyPod(UPD)], { now, previous }).status);
    expect(cond).toMatchObject({ reason: 'CloneSetUpdated', lastUpdateTime: iso(now), lastTransitionTime: iso(now - 1_000) });
  });

  it('does not modify the previous status', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    const previous = withProgressing('CloneSetUpdated', 'True', now - 100_000);
    const before = structuredClone(previous);
    compute(cs, [readyPod(CUR)], { now, previous });
    expect(previous).toEqual(before);
  });

  it('previousStatus defaults to cs.status', () => {
    const cs = makeCloneSet({ replicas: 2, progressDeadlineSeconds: DEADLINE });
    cs.status = withProgressing('ProgressDeadlineExceeded', 'False', now);
    expect(progressing(compute(cs, [readyPod(CUR)], { now }).status)?.reason).toBe('ProgressDeadlineExceeded');
  });
});

describe('setFailedCondition', () => {
  const base: CloneSetStatus = { replicas: 1, readyReplicas: 1, availableReplicas: 1, updatedReplicas: 1, updatedReadyReplicas: 1 };

  it('sets True with the message; the first message sticks', () => {
    const first = setFailedCondition(base, 'FailedScale', 'quota exceeded', T0);
    expect(first.conditions).toEqual([
      { type: 'FailedScale', status: 'True', message: 'quota exceeded', lastTransitionTime: iso(T0), lastUpdateTime: iso(T0) },
    ]);
    const second = setFailedCondition(first, 'FailedScale', 'another error', T0 + 5_000);
    expect(second).toBe(first);
    expect(base.conditions).toBeUndefined();
  });

  it('FailedScale and FailedUpdate are independent', () => {
    const both = setFailedCondition(setFailedCondition(base, 'FailedScale', 'a', T0), 'FailedUpdate', 'b', T0);
    expect(both.conditions?.map((c) => [c.type, c.message])).toEqual([['FailedScale', 'a'], ['FailedUpdate', 'b']]);
  });

  it('replaces a condition of that type with another status', () => {
    const old: CloneSetStatus = { ...base, conditions: [{ type: 'FailedUpdate', status: 'False', message: 'old', lastTransitionTime: iso(0) }] };
    expect(setFailedCondition(old, 'FailedUpdate', 'new', T0).conditions).toEqual([
      { type: 'FailedUpdate', status: 'True', message: 'new', lastTransitionTime: iso(T0), lastUpdateTime: iso(T0) },
    ]);
  });
});

describe('statusNeedsWrite', () => {
  const stored: CloneSetStatus = {
    observedGeneration: 3, replicas: 5, readyReplicas: 4, availableReplicas: 3, updatedReplicas: 2, updatedReadyReplicas: 2,
    updatedAvailableReplicas: 1, expectedUpdatedReplicas: 5, updateRevision: UPD, currentRevision: CUR, collisionCount: 0,
    labelSelector: 'app=web',
    conditions: [
      { type: 'Progressing', status: 'True', reason: 'CloneSetUpdated', message: 'CloneSet is progressing', lastUpdateTime: iso(T0) },
    ],
  };
  const progressingAs = (status: 'True' | 'False', reason: string, message = 'm'): CloneSetCondition[] =>
    [{ type: 'Progressing', status, reason, message }];

  it.each([
    ['identical', {}, false],
    ['observedGeneration increased', { observedGeneration: 4 }, true],
    ['observedGeneration decreased', { observedGeneration: 2 }, false],
    ['replicas', { replicas: 6 }, true],
    ['readyReplicas', { readyReplicas: 5 }, true],
    ['availableReplicas', { availableReplicas: 4 }, true],
    ['updatedReplicas', { updatedReplicas: 3 }, true],
    ['updatedReadyReplicas', { updatedReadyReplicas: 1 }, true],
    ['updatedAvailableReplicas', { updatedAvailableReplicas: 2 }, true],
    ['expectedUpdatedReplicas', { expectedUpdatedReplicas: 4 }, true],
    ['updateRevision', { updateRevision: 'web-ccccc' }, true],
    ['currentRevision', { currentRevision: UPD }, true],
    ['labelSelector', { labelSelector: 'app=api' }, true],
    ['collisionCount only', { collisionCount: 1 }, false],
    ['a new FailedScale condition only', { conditions: [...stored.conditions!, { type: 'FailedScale', status: 'True', message: 'x' }] }, false],
    ['Progressing message/time only', { conditions: progressingAs('True', 'CloneSetUpdated', 'other') }, false],
    ['Progressing reason', { conditions: progressingAs('True', 'CloneSetAvailable') }, true],
    ['Progressing status', { conditions: progressingAs('False', 'CloneSetUpdated') }, true],
    ['Progressing removed', { conditions: [] }, true],
  ] as [string, Partial<CloneSetStatus>, boolean][])('%s -> %s', (_name, change, expected) => {
    expect(statusNeedsWrite(stored, { ...stored, ...change })).toBe(expected);
  });

  it('Progressing added counts', () => {
    const { conditions: _dropped, ...withoutConditions } = stored;
    expect(statusNeedsWrite(withoutConditions, stored)).toBe(true);
  });

  it('a missing stored status compares as zero values', () => {
    const zero: CloneSetStatus = { replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0 };
    expect(statusNeedsWrite(undefined, zero)).toBe(false);
    expect(statusNeedsWrite(undefined, { ...zero, labelSelector: 'app=web' })).toBe(true);
  });
});

describe('minReadyRequeueMs', () => {
  const s = (ready: number, available: number): CloneSetStatus =>
    ({ replicas: 3, readyReplicas: ready, availableReplicas: available, updatedReplicas: 3, updatedReadyReplicas: ready });
  it('asks to look again after minReadySeconds while available lags ready', () => {
    expect(minReadyRequeueMs(makeCloneSet({ minReadySeconds: 30 }), s(3, 1))).toBe(30_000);
    expect(minReadyRequeueMs(makeCloneSet({ minReadySeconds: 30 }), s(3, 3))).toBeUndefined();
    expect(minReadyRequeueMs(makeCloneSet(), s(3, 1))).toBeUndefined();
  });
});
