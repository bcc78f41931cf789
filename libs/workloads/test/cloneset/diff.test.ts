import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import type { Pod } from '@coxswain/kruise-api';
import { calculateDiffs, cloneSetDiffs, isUpdatedPredicate, type CloneSetDiffs, type DiffInput } from '../../src/cloneset/plan/diff.js';
import { T0, makeCloneSet, notReadyPod, readyPod, times, type CloneSetOptions, type PodOptions } from './pod-state-fixtures.js';

// Abstract pods: the core calculation only sees them through the predicates.
interface FakePod {
  updated: boolean;
  available: boolean;
  state: string;
  specifiedDelete: boolean;
}

function pods(n: number, o: Partial<FakePod> & { updated: boolean }): FakePod[] {
  return Array.from({ length: n }, () => ({ available: true, state: 'Normal', specifiedDelete: false, ...o }));
}
const oldReady = (n: number, o: Partial<FakePod> = {}) => pods(n, { updated: false, ...o });
const newReady = (n: number, o: Partial<FakePod> = {}) => pods(n, { updated: true, ...o });
const newNotReady = (n: number, o: Partial<FakePod> = {}) => pods(n, { updated: true, available: false, ...o });

const ZERO: CloneSetDiffs = {
  scaleUpNum: 0, scaleUpNumOldRevision: 0, scaleDownNum: 0, scaleDownNumOldRevision: 0, scaleUpLimit: 0,
  deleteReadyLimit: 0, useSurge: 0, useSurgeOldRevision: 0, updateNum: 0, updateMaxUnavailable: 0,
};

const MAX_INT32 = 2147483647;

interface Row {
  name: string;
  R: number;
  P: number;
  S: number;
  U: number;
  SU?: number;
  pods: FakePod[];
  /** Default: current ≠ update. */
  sameRevision?: boolean;
  /** CloneSetPartitionRollback; default on (as in the spec's worked vectors). */
  gate?: boolean;
  exclude?: boolean;
  expected: Partial<CloneSetDiffs>;
}

function run(row: Omit<Row, 'name' | 'expected'>): CloneSetDiffs {
  const input: DiffInput<FakePod> = {
    replicas: row.R, partition: row.P, maxSurge: row.S, maxUnavailable: row.U, scaleMaxUnavailable: row.SU ?? MAX_INT32,
    pods: row.pods,
    isUpdated: (p) => p.updated,
    isSpecifiedDelete: (p) => p.specifiedDelete,
    isAvailable: (p) => p.available,
    lifecycleState: (p) => p.state,
    currentRevision: 'web-old',
    updateRevision: row.sameRevision ? 'web-old' : 'web-new',
    partitionRollbackGate: row.gate ?? true,
    excludePreparingDelete: row.exclude ?? false,
  };
  return calculateDiffs(input);
}

// docs/spec/cloneset.md §6 worked vectors. P, S, U are the docs/spec/cloneset.md §3.2 resolutions the spec states (e.g. "99%" of 5 → 4).
const workedVectors: Row[] = [
  { name: '1: R5 "99%"/"30%"/"30%", 5 old r', R: 5, P: 4, S: 2, U: 1, pods: oldReady(5),
    expected: { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 1 } },
  { name: '2: R5 "99%"/"30%"/"30%", 5 old r + 1 new not-ready', R: 5, P: 4, S: 2, U: 1, pods: [...oldReady(5), ...newNotReady(1)],
    expected: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 } },
  { name: '3: R5 P0 U0 S1, 5 new r, one specified-delete', R: 5, P: 0, S: 1, U: 0,
    pods: [...newReady(4), ...newReady(1, { specifiedDelete: true })],
    expected: { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1 } },
  { name: '4: R5 P0 U0 S1, 6 new r, one specified-delete', R: 5, P: 0, S: 1, U: 0,
    pods: [...newReady(5), ...newReady(1, { specifiedDelete: true })],
    expected: { useSurge: 1, deleteReadyLimit: 1 } },
  { name: '5: R5 P3 U1 S1, 5 old r', R: 5, P: 3, S: 1, U: 1, pods: oldReady(5),
    expected: { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1, updateNum: 2, updateMaxUnavailable: 1 } },
  { name: '6: R5 P3 U1 S1, 5 old r + 1 new not-ready', R: 5, P: 3, S: 1, U: 1, pods: [...oldReady(5), ...newNotReady(1)],
    expected: { useSurge: 1, updateNum: 1, updateMaxUnavailable: 2 } },
  { name: '7: R5 P1 U1 S0, 3 old r + 3 new r, current==update', R: 5, P: 1, S: 0, U: 1, sameRevision: true,
    pods: [...oldReady(3), ...newReady(3)],
    expected: { scaleDownNum: 1, scaleDownNumOldRevision: 2, deleteReadyLimit: 2, updateNum: 1, updateMaxUnavailable: 2 } },
  { name: '8: R5 P4 U1 S0, 1 old r + 4 new r, rollback gate off', R: 5, P: 4, S: 0, U: 1, gate: false,
    pods: [...oldReady(1), ...newReady(4)], expected: {} },
  { name: '9: R5 P0 U1 S0, no pods, scale maxUnavailable 2', R: 5, P: 0, S: 0, U: 1, SU: 2, pods: [],
    expected: { scaleUpNum: 5, scaleUpLimit: 2 } },
  { name: '10: R6 P0 U1 S0, 1 r + 2 not-ready new, scale maxUnavailable 2', R: 6, P: 0, S: 0, U: 1, SU: 2,
    pods: [...newReady(1), ...newNotReady(2)], expected: { scaleUpNum: 3, scaleUpLimit: 0 } },
  { name: '11: R5 P0 U0 S3 paused (S forced 0), 3 old r', R: 5, P: 0, S: 0, U: 0, pods: oldReady(3),
    expected: { scaleUpNum: 2, scaleUpLimit: 2, updateNum: 3, updateMaxUnavailable: -2 } },
  { name: '12: R3 P0 U1 S0, 2 new r + 1 new PreparingDelete, excludePreparingDelete', R: 3, P: 0, S: 0, U: 1, exclude: true,
    pods: [...newReady(2), ...newReady(1, { state: 'PreparingDelete' })], expected: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: '12b: same without the exclude flag', R: 3, P: 0, S: 0, U: 1,
    pods: [...newReady(2), ...newReady(1, { state: 'PreparingDelete' })], expected: {} },
];

const ruleRows: Row[] = [
  // Rollback gate.
  { name: 'gate on, current≠update: raising the partition moves pods back (updateNum < 0)', R: 5, P: 4, S: 0, U: 1,
    pods: [...oldReady(1), ...newReady(4)], expected: { updateNum: -3, updateMaxUnavailable: 1 } },
  { name: 'gate on but current==update: clamped, nothing to roll back to', R: 5, P: 4, S: 0, U: 1, sameRevision: true,
    pods: [...oldReady(1), ...newReady(4)], expected: {} },
  { name: 'gate on, rollback with surge pre-creates old-revision pods', R: 5, P: 4, S: 1, U: 1,
    pods: [...oldReady(1), ...newReady(4)],
    expected: { scaleUpNum: 1, scaleUpNumOldRevision: 4, scaleUpLimit: 1, useSurge: 1, useSurgeOldRevision: 1, updateNum: -3, updateMaxUnavailable: 1 } },
  { name: 'gate off, same pods with surge: clamped, no surge', R: 5, P: 4, S: 1, U: 1, gate: false,
    pods: [...oldReady(1), ...newReady(4)], expected: {} },
  { name: 'clamping when current==update: new pods above R−P are not moved back', R: 5, P: 3, S: 0, U: 1, sameRevision: true,
    pods: newReady(5), expected: {} },
  // Surge: specified deletes vs update.
  { name: 'surge covers specified deletes beyond the budget (new revision)', R: 3, P: 0, S: 2, U: 0,
    pods: [...newReady(1), ...newReady(2, { specifiedDelete: true })],
    expected: { scaleUpNum: 2, scaleUpLimit: 2, useSurge: 2 } },
  { name: 'surge for an old-revision specified delete is old-revision surge', R: 3, P: 1, S: 2, U: 0,
    pods: [...oldReady(1, { specifiedDelete: true }), ...newReady(2)],
    expected: { scaleUpNum: 1, scaleUpNumOldRevision: 1, scaleUpLimit: 1, useSurge: 1, useSurgeOldRevision: 1 } },
  { name: 'no delete surge when maxUnavailable covers the specified delete', R: 3, P: 1, S: 2, U: 1,
    pods: [...oldReady(1, { specifiedDelete: true }), ...newReady(2)], expected: { deleteReadyLimit: 1 } },
  { name: 'update surge wins when larger than the delete surge', R: 5, P: 2, S: 2, U: 0,
    pods: [...oldReady(4), ...oldReady(1, { specifiedDelete: true })],
    expected: { scaleUpNum: 2, scaleUpLimit: 2, useSurge: 2, updateNum: 3 } },
  { name: 'delete surge wins ties (scaleSurge >= updateSurge): its old-revision split is used', R: 3, P: 1, S: 3, U: 0,
    pods: [...oldReady(1), ...oldReady(2, { specifiedDelete: true })],
    // scaleSurge 2 (both old) vs updateSurge 2 (oldDiff 2 > 0 → none of it old).
    expected: { scaleUpNum: 2, scaleUpLimit: 2, useSurge: 2, useSurgeOldRevision: 2, updateNum: 2 } },
  { name: 'a specified delete with nothing to update needs no scale-up', R: 2, P: 1, S: 3, U: 0,
    pods: [...oldReady(2), ...newReady(1, { specifiedDelete: true })],
    expected: { useSurge: 1, deleteReadyLimit: 1 } },
  // Opposite-sign rule.
  { name: 'same-sign diffs use no update surge', R: 5, P: 2, S: 2, U: 1, pods: [...oldReady(3), ...newReady(4)],
    expected: { scaleDownNum: 2, scaleDownNumOldRevision: 1, deleteReadyLimit: 3, updateNum: 1, updateMaxUnavailable: 3 } },
  { name: 'one diff zero uses no update surge', R: 5, P: 5, S: 2, U: 1, pods: oldReady(5), expected: {} },
  // excludePreparingDelete.
  { name: 'old PreparingDelete pod counted in len(pods): surplus scaled down', R: 3, P: 1, S: 0, U: 1,
    pods: [...oldReady(1, { state: 'PreparingDelete' }), ...oldReady(1), ...newReady(2)],
    expected: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 } },
  { name: 'old PreparingDelete pod excluded: no scale-down', R: 3, P: 1, S: 0, U: 1, exclude: true,
    pods: [...oldReady(1, { state: 'PreparingDelete' }), ...oldReady(1), ...newReady(2)], expected: {} },
  { name: 'deleteReadyLimit keeps len(pods) even when excluding PreparingDelete', R: 3, P: 0, S: 0, U: 1, exclude: true,
    pods: [...newReady(2), ...newReady(1, { specifiedDelete: true }), ...newReady(1, { state: 'PreparingDelete' })],
    // 1 + (4 − 3) − 1 unavailable (the PreparingDelete pod) = 1
    expected: { deleteReadyLimit: 1 } },
  // Unavailability accounting.
  { name: 'PreparingDelete counts as unavailable (eats the scale-up limit)', R: 3, P: 0, S: 0, U: 1, SU: 1, exclude: true,
    pods: [...newReady(2), ...newReady(1, { state: 'PreparingDelete' })], expected: { scaleUpNum: 1, scaleUpLimit: 0 } },
  { name: 'a not-available specified-delete pod is not counted unavailable', R: 4, P: 0, S: 0, U: 1, SU: 1,
    pods: [...newReady(2), ...newNotReady(1, { specifiedDelete: true })], expected: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: '...whereas the same pod without specified-delete is', R: 4, P: 0, S: 0, U: 1, SU: 1,
    pods: [...newReady(2), ...newNotReady(1)], expected: { scaleUpNum: 1, scaleUpLimit: 0 } },
  { name: 'deleteReadyLimit subtracts unavailable pods and is floored at 0', R: 3, P: 0, S: 0, U: 1,
    pods: [...newNotReady(2), ...newReady(1, { specifiedDelete: true })], expected: {} },
  // Paused: S is forced to 0 before the calculation, so a finished update drops the surplus.
  { name: 'paused with a surge pod left: S=0 scales the surplus down, old revision first', R: 3, P: 0, S: 0, U: 1,
    pods: [...oldReady(1), ...newReady(3)],
    expected: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 2 } },
  { name: 'paused (S forced 0): no surge pod for the update', R: 3, P: 0, S: 0, U: 1, pods: oldReady(3),
    expected: { updateNum: 3, updateMaxUnavailable: 1 } },
  { name: 'not paused (S=1): one surge pod for the update', R: 3, P: 0, S: 1, U: 1, pods: oldReady(3),
    expected: { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1, updateNum: 3, updateMaxUnavailable: 1 } },
  { name: 'scaleDownNumOldRevision is clamped to 0', R: 2, P: 0, S: 0, U: 0, pods: newReady(4),
    expected: { scaleDownNum: 2, deleteReadyLimit: 2 } },
];

describe('calculateDiffs — docs/spec/cloneset.md §6 worked vectors', () => {
  it.each(workedVectors.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    expect(run(row)).toEqual({ ...ZERO, ...row.expected });
  });
});

describe('calculateDiffs — rules', () => {
  it.each(ruleRows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    expect(run(row)).toEqual({ ...ZERO, ...row.expected });
  });
});

describe('calculateDiffs — properties', () => {
  const fakePod = fc.record({
    updated: fc.boolean(),
    available: fc.boolean(),
    state: fc.constantFrom('', 'Normal', 'PreparingNormal', 'PreparingUpdate', 'Updating', 'Updated', 'PreparingDelete'),
    specifiedDelete: fc.boolean(),
  });
  const scenario = fc.record({
    R: fc.integer({ min: 0, max: 30 }),
    partitionShare: fc.double({ min: 0, max: 1, noNaN: true }),
    S: fc.integer({ min: 0, max: 6 }),
    U: fc.integer({ min: 0, max: 6 }),
    SU: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(MAX_INT32)),
    pods: fc.array(fakePod, { maxLength: 40 }),
    sameRevision: fc.boolean(),
    gate: fc.boolean(),
    exclude: fc.boolean(),
  });

  it('limits and surge stay within their bounds; without the gate pods only move forward', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const P = Math.floor(s.partitionShare * s.R);
        const d = run({ R: s.R, P, S: s.S, U: s.U, SU: s.SU, pods: s.pods, sameRevision: s.sameRevision, gate: s.gate, exclude: s.exclude });
        expect(d.scaleUpLimit).toBeLessThanOrEqual(d.scaleUpNum);
        expect(d.scaleUpLimit).toBeGreaterThanOrEqual(0);
        expect(d.useSurge).toBeLessThanOrEqual(s.S);
        expect(d.useSurgeOldRevision).toBeLessThanOrEqual(d.useSurge);
        expect(d.useSurgeOldRevision).toBeGreaterThanOrEqual(0);
        expect(d.deleteReadyLimit).toBeGreaterThanOrEqual(0);
        // Scale-up and scale-down exclude each other.
        expect(d.scaleUpNum > 0 && d.scaleDownNum > 0).toBe(false);
        if (!s.gate || s.sameRevision) expect(d.updateNum).toBeGreaterThanOrEqual(0);
        if (d.scaleUpNum === 0) expect(d.scaleUpNumOldRevision + d.scaleUpLimit).toBe(0);
        if (d.updateNum === 0) expect(d.updateMaxUnavailable).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cloneSetDiffs — from a CloneSet and real pods', () => {
  const CUR = 'web-aaaaa';
  const UPD = 'web-bbbbb';
  const now = T0 + 60_000;
  const rollback = { CloneSetPartitionRollback: true };
  const old = (n: number, o: PodOptions = {}) => times(n, () => readyPod(CUR, o));
  const upd = (n: number, o: PodOptions = {}) => times(n, () => readyPod(UPD, o));

  const vectors: [string, CloneSetOptions, Pod[], Partial<CloneSetDiffs>, boolean?][] = [
    ['1', { replicas: 5, partition: '99%', maxUnavailable: '30%', maxSurge: '30%' }, old(5),
      { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 1 }],
    ['2', { replicas: 5, partition: '99%', maxUnavailable: '30%', maxSurge: '30%' }, [...old(5), notReadyPod(UPD)],
      { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 }],
    ['3', { replicas: 5, partition: 0, maxUnavailable: 0, maxSurge: 1 }, [...upd(4), ...upd(1, { specifiedDelete: 'true' })],
      { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1 }],
    ['4', { replicas: 5, partition: 0, maxUnavailable: 0, maxSurge: 1 }, [...upd(5), ...upd(1, { specifiedDelete: 'true' })],
      { useSurge: 1, deleteReadyLimit: 1 }],
    ['5', { replicas: 5, partition: 3, maxUnavailable: 1, maxSurge: 1 }, old(5),
      { scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1, updateNum: 2, updateMaxUnavailable: 1 }],
    ['6', { replicas: 5, partition: 3, maxUnavailable: 1, maxSurge: 1 }, [...old(5), notReadyPod(UPD)],
      { useSurge: 1, updateNum: 1, updateMaxUnavailable: 2 }],
    ['8', { replicas: 5, partition: 4, maxUnavailable: 1, maxSurge: 0 }, [...old(1), ...upd(4)], {}, false],
    ['9', { replicas: 5, partition: 0, maxUnavailable: 1, maxSurge: 0, scaleMaxUnavailable: 2 }, [], { scaleUpNum: 5, scaleUpLimit: 2 }],
    ['10', { replicas: 6, partition: 0, maxUnavailable: 1, maxSurge: 0, scaleMaxUnavailable: 2 }, [...upd(1), notReadyPod(UPD), notReadyPod(UPD)],
      { scaleUpNum: 3, scaleUpLimit: 0 }],
    ['11 (paused forces maxSurge 3 to 0)', { replicas: 5, partition: 0, maxUnavailable: 0, maxSurge: 3, paused: true }, old(3),
      { scaleUpNum: 2, scaleUpLimit: 2, updateNum: 3, updateMaxUnavailable: -2 }],
    ['12', { replicas: 3, partition: 0, maxUnavailable: 1, maxSurge: 0, excludePreparingDelete: true },
      [...upd(2), ...upd(1, { state: 'PreparingDelete' })], { scaleUpNum: 1, scaleUpLimit: 1 }],
  ];

  it.each(vectors)('worked vector %s', (_name, options, pods, expected, gate = true) => {
    const cs = makeCloneSet(options);
    const d = cloneSetDiffs(cs, pods, CUR, UPD, { now, gates: gate ? rollback : {}, predicate: 'update' });
    expect(d).toEqual({ ...ZERO, ...expected });
  });

  it('worked vector 7 (current == update; old pods carry another revision label)', () => {
    const cs = makeCloneSet({ replicas: 5, partition: 1, maxUnavailable: 1, maxSurge: 0 });
    const pods = [...times(3, () => readyPod('web-zzzzz')), ...upd(3)];
    expect(cloneSetDiffs(cs, pods, UPD, UPD, { now, gates: rollback, predicate: 'update' })).toEqual({
      ...ZERO, scaleDownNum: 1, scaleDownNumOldRevision: 2, deleteReadyLimit: 2, updateNum: 1, updateMaxUnavailable: 2,
    });
  });

  it('scale predicate counts PreparingUpdate pods as updated only under gate PreparingUpdateAsUpdate', () => {
    const cs = makeCloneSet({ replicas: 3, partition: 0, maxUnavailable: 1, maxSurge: 0 });
    const pods = [...old(2), readyPod(CUR, { state: 'PreparingUpdate' })];
    const gates = { PreparingUpdateAsUpdate: true };
    // 2 old available + 1 old PreparingUpdate (unavailable): oldDiff 3 vs newDiff −3 → updateNum 3 …
    expect(cloneSetDiffs(cs, pods, CUR, UPD, { now, predicate: 'scale' }).updateNum).toBe(3);
    expect(cloneSetDiffs(cs, pods, CUR, UPD, { now, gates, predicate: 'update' }).updateNum).toBe(3);
    // … but the gated scale predicate sees one pod as already new.
    expect(cloneSetDiffs(cs, pods, CUR, UPD, { now, gates, predicate: 'scale' }).updateNum).toBe(2);
    expect(isUpdatedPredicate('scale', UPD, gates)(pods[2]!)).toBe(true);
    expect(isUpdatedPredicate('update', UPD, gates)(pods[2]!)).toBe(false);
  });

  it('podsToDelete names are specified deletes', () => {
    const cs = makeCloneSet({ replicas: 3, maxUnavailable: 0, maxSurge: 1, podsToDelete: ['web-victim'] });
    const pods = [...upd(2), readyPod(UPD, { name: 'web-victim' })];
    expect(cloneSetDiffs(cs, pods, UPD, UPD, { now, predicate: 'scale' })).toEqual({ ...ZERO, scaleUpNum: 1, scaleUpLimit: 1, useSurge: 1 });
  });

  it('minReadySeconds comes from the CloneSet and `now`', () => {
    const cs = makeCloneSet({ replicas: 3, maxUnavailable: 1, scaleMaxUnavailable: 1, minReadySeconds: 30 });
    const pods = [...upd(1), ...upd(1, { readySince: now - 10_000 })];
    expect(cloneSetDiffs(cs, pods, UPD, UPD, { now, predicate: 'scale' }).scaleUpLimit).toBe(0);
    expect(cloneSetDiffs(cs, pods, UPD, UPD, { now: now + 20_001, predicate: 'scale' }).scaleUpLimit).toBe(1);
  });

  it('the controller flag excludes PreparingDelete pods like the spec field', () => {
    const cs = makeCloneSet({ replicas: 3, maxUnavailable: 1 });
    const pods = [...upd(2), ...upd(1, { state: 'PreparingDelete' })];
    expect(cloneSetDiffs(cs, pods, UPD, UPD, { now, predicate: 'scale' }).scaleUpNum).toBe(0);
    expect(cloneSetDiffs(cs, pods, UPD, UPD, { now, predicate: 'scale', excludePreparingDeleteFlag: true }).scaleUpNum).toBe(1);
  });
});
