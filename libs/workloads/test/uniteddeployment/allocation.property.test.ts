// Properties of the UnitedDeployment allocation over random valid specs (int, %, nil, min/max; Fixed
// and Adaptive) and random subset states, against the spec's definitions (docs/spec/uniteddeployment.md §2, §4.1), re-derived here:
// the specific allocator places exactly spec.replicas; min/max places min(R, Σmax) and respects every
// bound; Adaptive holds an unschedulable subset at its ready pods (unless its minReplicas says more),
// never takes ready pods from a schedulable one, and places min(R, Σ adjusted max).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseSubsetReplicas, setDefaultsUnitedDeployment, validateUnitedDeployment, type IntOrString, type Subset, type UnitedDeployment } from '@coxswain/kruise-api';
import { allocateReplicas } from '../../src/uniteddeployment/plan/allocation/allocate.js';
import type { SubsetFacts } from '../../src/uniteddeployment/plan/allocation/types.js';

const UNBOUNDED = 2147483647;
const RUNS = Number(process.env['FC_RUNS'] ?? 400);

const count = fc.integer({ min: 0, max: 30 });
const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 100 }).map((p) => `${p}%`));

const specificSubsets = fc.array(fc.option(intOrPercent, { nil: undefined }), { minLength: 1, maxLength: 5 });
const minMaxSubsets = fc.array(fc.record({ min: fc.option(intOrPercent, { nil: undefined }), max: fc.option(intOrPercent, { nil: undefined }) }), { minLength: 1, maxLength: 5 });

function ud(replicas: number, subsets: Subset[], adaptive: boolean): UnitedDeployment {
  return setDefaultsUnitedDeployment({
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment', metadata: { name: 'p', namespace: 'default' },
    spec: {
      replicas, selector: { matchLabels: { app: 'p' } },
      template: { cloneSetTemplate: { spec: { selector: { matchLabels: { app: 'p' } }, template: { metadata: { labels: { app: 'p' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } } as never },
      topology: { subsets, ...(adaptive ? { scheduleStrategy: { type: 'Adaptive' as const } } : {}) },
    },
  });
}

const valid = (u: UnitedDeployment) => validateUnitedDeployment(u, { version: 'v1beta1' }).length === 0;
const facts = (names: string[], states: { cur: number; ready: number; unschedulable: boolean; exists: boolean }[]): SubsetFacts[] =>
  names.map((name, i) => {
    const s = states[i % states.length]!;
    return { name, exists: s.exists, specReplicas: s.exists ? s.cur : 0, readyReplicas: s.exists ? Math.min(s.ready, s.cur) : 0, unschedulable: s.unschedulable, marked: false, reservedPods: 0 };
  });
const states = fc.array(fc.record({ cur: count, ready: count, unschedulable: fc.boolean(), exists: fc.boolean() }), { minLength: 1, maxLength: 5 });
const parse = (R: number, v: IntOrString | undefined, unset: number) => (v === undefined ? unset : parseSubsetReplicas(R, v).value);

describe('allocation properties', () => {
  it('specific: places exactly spec.replicas, each specified subset its parsed value', () => {
    fc.assert(fc.property(count, specificSubsets, states, (R, spec, st) => {
      const subsets = spec.map((replicas, i): Subset => ({ name: `s${i}`, ...(replicas !== undefined ? { replicas } : {}) }));
      const u = ud(R, subsets, false);
      fc.pre(valid(u));
      const r = allocateReplicas(u, facts(subsets.map((s) => s.name), st));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.allocation.subsets.reduce((a, s) => a + s.replicas, 0)).toBe(R);
      for (const s of subsets) if (s.replicas !== undefined) expect(r.allocation.subsets.find((x) => x.name === s.name)!.replicas).toBe(parse(R, s.replicas, 0));
      // The unspecified share evenly: they differ by at most one.
      const free = r.allocation.subsets.filter((x) => subsets.find((s) => s.name === x.name)!.replicas === undefined).map((x) => x.replicas);
      if (free.length > 0) expect(Math.max(...free) - Math.min(...free)).toBeLessThanOrEqual(1);
    }), { numRuns: RUNS });
  });

  it('min/max: places min(R, Σmax), within every bound, minReplicas first', () => {
    fc.assert(fc.property(count, minMaxSubsets, states, (R, spec, st) => {
      const subsets = spec.map((b, i): Subset => ({ name: `s${i}`, ...(b.min !== undefined ? { minReplicas: b.min } : {}), ...(b.max !== undefined ? { maxReplicas: b.max } : {}) }));
      const u = ud(R, subsets, false);
      fc.pre(subsets.some((s) => s.minReplicas !== undefined || s.maxReplicas !== undefined) && valid(u));
      const r = allocateReplicas(u, facts(subsets.map((s) => s.name), st));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const mins = u.spec.topology!.subsets!.map((s) => parse(R, s.minReplicas, 0));
      const maxes = u.spec.topology!.subsets!.map((s) => parse(R, s.maxReplicas, UNBOUNDED));
      const total = r.allocation.subsets.reduce((a, s) => a + s.replicas, 0);
      expect(total).toBe(Math.min(R, maxes.reduce((a, m) => Math.min(UNBOUNDED, a + m), 0)));
      let before = 0;
      r.allocation.subsets.forEach((s, i) => {
        expect(s.replicas).toBeLessThanOrEqual(maxes[i]!);
        expect(s.replicas).toBeGreaterThanOrEqual(Math.min(mins[i]!, Math.max(0, R - before)));
        before += mins[i]!;
      });
    }), { numRuns: RUNS });
  });

  it('Adaptive: an unschedulable subset holds at most its ready pods (or its minReplicas), a schedulable one keeps its ready pods when it can', () => {
    fc.assert(fc.property(count, minMaxSubsets, states, (R, spec, st) => {
      const subsets = spec.map((b, i): Subset => ({ name: `s${i}`, ...(b.min !== undefined ? { minReplicas: b.min } : {}), ...(b.max !== undefined ? { maxReplicas: b.max } : {}) }));
      const u = ud(R, subsets, true);
      fc.pre(valid(u));
      const f = facts(subsets.map((s) => s.name), st);
      const r = allocateReplicas(u, f);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const rawMins = u.spec.topology!.subsets!.map((s) => parse(R, s.minReplicas, 0));
      const rawMaxes = u.spec.topology!.subsets!.map((s) => parse(R, s.maxReplicas, UNBOUNDED));
      // docs/spec/uniteddeployment.md §4.1's adjusted bounds, derived here independently.
      const mins: number[] = [];
      const maxes: number[] = [];
      f.forEach((x, i) => {
        let min = rawMins[i]!;
        let max = rawMaxes[i]!;
        if (x.unschedulable && x.exists) { min = Math.max(x.readyReplicas, min); max = Math.min(x.readyReplicas, max); }
        if (!x.unschedulable && x.readyReplicas > min) min = Math.min(x.readyReplicas, max);
        mins.push(min);
        maxes.push(max);
      });
      const total = r.allocation.subsets.reduce((a, s) => a + s.replicas, 0);
      let first = 0;
      for (const m of mins) first += Math.max(Math.min(m, R - first), 0);
      const expected = first >= R ? first : Math.min(R, first + mins.reduce((a, m, i) => a + Math.max(maxes[i]! - m, 0), 0));
      expect(total).toBe(expected);
      r.allocation.subsets.forEach((s, i) => {
        const x = f[i]!;
        if (x.unschedulable && x.exists) expect(s.replicas).toBeLessThanOrEqual(Math.max(x.readyReplicas, rawMins[i]!));
        if (!x.unschedulable && x.readyReplicas <= rawMaxes[i]! && mins.slice(0, i + 1).reduce((a, m) => a + m, 0) <= R) expect(s.replicas).toBeGreaterThanOrEqual(x.readyReplicas);
      });
    }), { numRuns: RUNS });
  });
});
