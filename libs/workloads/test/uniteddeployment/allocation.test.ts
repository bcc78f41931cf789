// The UnitedDeployment allocators, rule by rule (docs/spec/uniteddeployment.md §2, §4): the spec's worked
// examples, rounding, errors, and the reason each subset gets.
import { describe, expect, it } from '@jest/globals';
import type { IntOrString, Subset, UnitedDeployment } from '@coxswain/kruise-api';
import { allocateReplicas } from '../../src/uniteddeployment/plan/allocation/allocate.js';
import { allocateByMinMax } from '../../src/uniteddeployment/plan/allocation/min-max.js';
import { allocateReservation } from '../../src/uniteddeployment/plan/allocation/reservation.js';
import { allocateSpecific } from '../../src/uniteddeployment/plan/allocation/specific.js';
import type { SubsetFacts } from '../../src/uniteddeployment/plan/allocation/types.js';

function facts(current: Record<string, number>, extra: Partial<Record<string, Partial<SubsetFacts>>> = {}): SubsetFacts[] {
  return Object.entries(current).map(([name, cur]) => ({
    name, exists: cur > 0 || extra[name]?.exists === true, specReplicas: cur, readyReplicas: cur, unschedulable: false, marked: false, reservedPods: 0, ...extra[name],
  }));
}

const subsets = (spec: Record<string, { replicas?: IntOrString; min?: IntOrString; max?: IntOrString } | undefined>): Subset[] =>
  Object.entries(spec).map(([name, s]) => ({
    name,
    ...(s?.replicas !== undefined ? { replicas: s.replicas } : {}),
    ...(s?.min !== undefined ? { minReplicas: s.min } : {}),
    ...(s?.max !== undefined ? { maxReplicas: s.max } : {}),
  }));

function result(r: ReturnType<typeof allocateSpecific>): Record<string, number> | string {
  return r.ok ? Object.fromEntries(r.allocation.subsets.map((s) => [s.name, s.replicas])) : r.error;
}

describe('specific allocator (docs/spec/uniteddeployment.md §2.1)', () => {
  it.each<[string, number, Record<string, number>, Record<string, { replicas?: IntOrString } | undefined>, Record<string, number> | string]>([
    ['R=5: the remainder goes to the subset running most', 5, { t1: 1, t2: 4, t3: 2, t4: 2 }, { t1: undefined, t2: undefined, t3: undefined, t4: undefined }, { t1: 1, t2: 2, t3: 1, t4: 1 }],
    ['R=17', 17, { t1: 1, t2: 4, t3: 2, t4: 2 }, { t1: undefined, t2: undefined, t3: undefined, t4: undefined }, { t1: 4, t2: 5, t3: 4, t4: 4 }],
    ['R=19 over two', 19, { t1: 0, t2: 10 }, { t1: undefined, t2: undefined }, { t1: 9, t2: 10 }],
    ['R=21 over two', 21, { t1: 0, t2: 10 }, { t1: undefined, t2: undefined }, { t1: 10, t2: 11 }],
    ['R=27 with t1 and t3 specified', 27, { t1: 1, t2: 4, t3: 2, t4: 2 }, { t1: { replicas: 4 }, t2: undefined, t3: { replicas: 4 }, t4: undefined }, { t1: 4, t2: 10, t3: 4, t4: 9 }],
    ['R=8 with t1 and t3 taking everything', 8, { t1: 2, t2: 4, t3: 2, t4: 2 }, { t1: { replicas: 4 }, t2: undefined, t3: { replicas: 4 }, t4: undefined }, { t1: 4, t2: 0, t3: 4, t4: 0 }],
    ['the seed: 1, 50% of 6, the rest', 6, { 'subset-a': 0, 'subset-b': 0, 'subset-c': 0 }, { 'subset-a': { replicas: 1 }, 'subset-b': { replicas: '50%' }, 'subset-c': undefined }, { 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 }],
    ['33% of 10 rounds to 3', 10, { a: 0, b: 0 }, { a: { replicas: '33%' }, b: undefined }, { a: 3, b: 7 }],
    ['35% of 10 rounds half up to 4', 10, { a: 0, b: 0 }, { a: { replicas: '35%' }, b: undefined }, { a: 4, b: 6 }],
    ['25% of 6 rounds half up to 2', 6, { a: 0, b: 0 }, { a: { replicas: '25%' }, b: undefined }, { a: 2, b: 4 }],
    ['ties go to the later name', 5, { a: 0, b: 0, c: 0 }, { a: undefined, b: undefined, c: undefined }, { a: 1, b: 2, c: 2 }],
    ['an unreadable value makes the subset unspecified', 6, { a: 0, b: 0 }, { a: { replicas: '5' }, b: { replicas: 2 } }, { a: 4, b: 2 }],
    ['more specified than R', 3, { a: 0, b: 0 }, { a: { replicas: 2 }, b: { replicas: 2 } }, "specified subsets' replica (4) is greater than UnitedDeployment replica (3)"],
    ['every subset specified, sum short', 6, { a: 0, b: 0 }, { a: { replicas: 2 }, b: { replicas: 2 } }, "specified subsets' replica (4) is less than UnitedDeployment replica (6)"],
  ])('%s', (_name, R, current, spec, expected) => {
    expect(result(allocateSpecific(R, subsets(spec), facts(current)))).toEqual(expected);
  });

  it('says why each subset got its number', () => {
    const r = allocateSpecific(6, subsets({ 'subset-a': { replicas: 1 }, 'subset-b': { replicas: '50%' }, 'subset-c': undefined }), facts({ 'subset-a': 0, 'subset-b': 0, 'subset-c': 0 }));
    expect(r.ok && r.allocation.subsets.map((s) => s.reason)).toEqual([
      'replicas 1',
      'replicas 50% of 6 = 3 (rounded half up)',
      'the rest (2 of 6) shared by 1 subset without replicas: 2',
    ]);
    const shared = allocateSpecific(5, subsets({ a: undefined, b: undefined }), facts({ a: 1, b: 4 }));
    expect(shared.ok && shared.allocation.subsets.map((s) => s.reason)).toEqual([
      'the rest (5 of 5) shared by 2 subsets without replicas: 2 each',
      'the rest (5 of 5) shared by 2 subsets without replicas: 2 each, +1 of the remainder 1 as it runs 4 pods now (the remainder goes to the subsets running most; ties to the later name)',
    ]);
  });
});

describe('min/max allocator (docs/spec/uniteddeployment.md §2.2)', () => {
  it.each<[string, number, Record<string, { min?: IntOrString; max?: IntOrString } | undefined>, Record<string, number> | string]>([
    ['R=5: earlier subsets win both rounds', 5, { a: { min: 2, max: 4 }, b: { min: 2 } }, { a: 3, b: 2 }],
    ['R=3: minReplicas first', 3, { a: { min: 2, max: 4 }, b: { min: 2 } }, { a: 2, b: 1 }],
    ['beyond Σmax stays unallocated', 10, { a: { max: 2 }, b: { max: 3 } }, { a: 2, b: 3 }],
    ['percentages of R', 10, { a: { min: '20%', max: '50%' }, b: {} }, { a: 5, b: 5 }],
    ['an unreadable maxReplicas counts as 0', 4, { a: { max: '5' }, b: {} }, { a: 0, b: 4 }],
    ['min above max is an error', 4, { a: { min: 3, max: 2 }, b: {} }, 'subset[0].maxReplicas(2) must be more than or equal to minReplicas(3)'],
  ])('%s', (_name, R, spec, expected) => {
    const ud = { spec: { replicas: R, topology: { subsets: subsets(spec) } } } as unknown as UnitedDeployment;
    expect(result(allocateReplicas(ud, facts(Object.fromEntries(Object.keys(spec).map((k) => [k, 0])))))).toEqual(expected);
  });

  it('explains the two rounds', () => {
    const a = allocateByMinMax(5, [{ name: 'a', min: 2, max: 4 }, { name: 'b', min: 2, max: 2147483647 }]);
    expect(a.subsets.map((s) => s.reason)).toEqual([
      'minReplicas 2, then 1 more up to maxReplicas 4: 3',
      'minReplicas 2, nothing left for more: 2',
    ]);
  });
});

describe('Adaptive allocator (docs/spec/uniteddeployment.md §4.1)', () => {
  const adaptive = (R: number, spec: Record<string, { min?: number; max?: number } | undefined>) =>
    ({ spec: { replicas: R, topology: { scheduleStrategy: { type: 'Adaptive' }, subsets: subsets(spec) } } }) as unknown as UnitedDeployment;

  it('caps an unschedulable subset at its ready pods and lets the surplus flow to the next subsets', () => {
    const ud = adaptive(6, { a: { max: 3 }, b: { max: 3 }, c: {} });
    const f = facts({ a: 3, b: 3, c: 0 }, { a: { readyReplicas: 1, unschedulable: true } });
    expect(result(allocateReplicas(ud, f))).toEqual({ a: 1, b: 3, c: 2 });
    const r = allocateReplicas(ud, f);
    // The manifest sets no minReplicas and maxReplicas 3: the 1 is the ready pods, not a bound of its own.
    expect(r.ok && r.allocation.subsets[0]!.reason).toBe('unschedulable: held at its 1 ready pods; no more while unschedulable: 1');
  });

  it('never gives a schedulable subset fewer than its ready pods (substitutes stay where they run)', () => {
    // After recovery: c runs 2 ready substitutes, a is schedulable again with 1 ready pod.
    const ud = adaptive(6, { a: { max: 3 }, b: { max: 3 }, c: {} });
    expect(result(allocateReplicas(ud, facts({ a: 1, b: 3, c: 2 })))).toEqual({ a: 1, b: 3, c: 2 });
    // A scale-up then goes to the recovered subset first.
    expect(result(allocateReplicas(adaptive(8, { a: { max: 3 }, b: { max: 3 }, c: {} }), facts({ a: 1, b: 3, c: 2 })))).toEqual({ a: 3, b: 3, c: 2 });
  });

  it('gives the replicas back to the first subsets once nothing holds the later ones', () => {
    const ud = adaptive(6, { a: { max: 3 }, b: { max: 3 }, c: {} });
    expect(result(allocateReplicas(ud, facts({ a: 1, b: 3, c: 0 }, { c: { exists: true } })))).toEqual({ a: 3, b: 3, c: 0 });
  });
});

describe('reservation allocator (docs/spec/uniteddeployment.md §4.2)', () => {
  it('keeps an unschedulable subset\'s replicas but counts only its unreserved pods', () => {
    const list = subsets({ a: { min: 0, max: 3 }, b: { min: 0 } });
    const f = facts({ a: 3, b: 0 }, { a: { unschedulable: true, marked: true, reservedPods: 2, readyReplicas: 1 }, b: { exists: true } });
    expect(result(allocateReservation(6, list, f))).toEqual({ a: 3, b: 5 });
  });

  it('allocates normally when nothing is reserved', () => {
    const list = subsets({ a: { min: 0, max: 3 }, b: { min: 0 } });
    expect(result(allocateReservation(6, list, facts({ a: 3, b: 3 })))).toEqual({ a: 3, b: 3 });
  });
});

describe('reasons name minReplicas and maxReplicas only as the manifest sets them', () => {
  const ud = (R: number, type: 'Adaptive' | 'Fixed', spec: Record<string, { min?: number; max?: number } | undefined>, reserve = false) =>
    ({ spec: { replicas: R, topology: { scheduleStrategy: { type, ...(reserve ? { adaptive: { reserveUnschedulablePods: true } } : {}) }, subsets: subsets(spec) } } }) as unknown as UnitedDeployment;
  it.each<[string, UnitedDeployment, SubsetFacts[], string[]]>([
    ['Adaptive, no bounds, the ready pods take all 4', ud(4, 'Adaptive', { a: {}, b: {} }), facts({ a: 2, b: 2 }), [
      'keeps its 2 ready pods; the 4 replicas were used up by the ready pods subsets keep: 2',
      'keeps its 2 ready pods; the 4 replicas were used up by the ready pods subsets keep: 2',
    ]],
    ['Adaptive, no bounds, room left after the ready pods', ud(6, 'Adaptive', { a: {}, b: {} }), facts({ a: 2, b: 1 }), [
      'keeps its 2 ready pods; then 3 more: 5',
      'keeps its 1 ready pods; nothing left for more: 1',
    ]],
    ['Adaptive, no bounds, nothing running yet', ud(3, 'Adaptive', { a: {}, b: {} }), facts({ a: 0, b: 0 }), ['3 of the 3 left: 3', 'nothing left for more: 0']],
    ['Adaptive, maxReplicas only: named, minReplicas not', ud(5, 'Adaptive', { a: { max: 3 }, b: {} }), facts({ a: 1, b: 0 }), [
      'keeps its 1 ready pods (within maxReplicas 3); then 2 more up to maxReplicas 3: 3',
      '2 of the 2 left: 2',
    ]],
    ['Adaptive, minReplicas and ready pods together take all 3', ud(3, 'Adaptive', { a: { min: 2 }, b: {} }), facts({ a: 0, b: 2 }), [
      'minReplicas 2, the 3 replicas were used up by minReplicas and the ready pods subsets keep: 2',
      'keeps its 2 ready pods; only 1 left of 3, the 3 replicas were used up by minReplicas and the ready pods subsets keep: 1',
    ]],
    ['Fixed with min/max as written (Kruise defaults the missing minReplicas to 0)', ud(5, 'Fixed', { a: { min: 2, max: 4 }, b: { min: 0 } }), facts({ a: 0, b: 0 }), [
      'minReplicas 2, then 2 more up to maxReplicas 4: 4',
      '1 of the 1 left: 1',
    ]],
    ['reservation, nothing reserved, no bounds', ud(4, 'Adaptive', { a: {}, b: { max: 3 } }, true), facts({ a: 2, b: 2 }), [
      'no minReplicas or maxReplicas: 4',
      'maxReplicas 3: 0',
    ]],
  ])('%s', (_name, manifest, subsetFacts, reasons) => {
    const r = allocateReplicas(manifest, subsetFacts);
    expect(r.ok && r.allocation.subsets.map((s) => s.reason)).toEqual(reasons);
  });
});
