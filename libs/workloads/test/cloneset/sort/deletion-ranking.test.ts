import { describe, it, expect } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { sortForDeletion, type DeletionRankingOptions } from '../../../src/cloneset/plan/sort/deletion-ranking.js';
import { parsePodDeletionCost } from '../../../src/sort/pod-facts.js';
import { T0, T1, names, pod } from './fixtures.js';

const unavailable = new Set(['a-unavailable']);
const isAvailable = (p: Pod) => !unavailable.has(p.metadata.name!);
const rankOf: Record<string, number> = { 'a-ranked': 2.5 };
const options: DeletionRankingOptions = { isAvailable, ranker: (p) => rankOf[p.metadata.name!] ?? 0 };

// Each row: `first` is the better deletion candidate; the pods differ only in what the rule reads.
// Both orders of input are checked, so a rule that never decides fails (stable sort keeps input order).
const rules: Array<[string, Pod, Pod]> = [
  ['1. unscheduled first', pod('a', { node: '' }), pod('b')],
  ['2. Pending before Running', pod('a', { phase: 'Pending' }), pod('b')],
  ['2. Unknown before Running', pod('a', { phase: 'Unknown' }), pod('b')],
  ['3. not available first', pod('a-unavailable'), pod('b')],
  ['4. not Ready first', pod('a', { ready: false }), pod('b')],
  ['5. lower pod-deletion-cost first', pod('a', { cost: '-1' }), pod('b')],
  ['5. lower of two explicit costs first', pod('a', { cost: '10' }), pod('b', { cost: '200' })],
  ['6. higher rank first', pod('a-ranked'), pod('b')],
  ['7. both Ready: more recently Ready first', pod('a', { readySince: T1 }), pod('b', { readySince: T0 })],
  ['7. zero ready time counts as most recent', pod('a', { readySince: null }), pod('b', { readySince: T1 })],
  ['8. higher max restart count first', pod('a', { restarts: [1, 4] }), pod('b', { restarts: [3] })],
  ['9. newer creationTimestamp first', pod('a', { created: T1 }), pod('b', { created: T0 })],
  ['9. zero creationTimestamp counts as newest', pod('a', { created: null }), pod('b', { created: T0 })],
  ["9. Go's zero time counts as newest", pod('a', { created: '0001-01-01T00:00:00Z' }), pod('b', { created: T0 })],
];

describe('scale-down ranking (docs/spec/cloneset.md §7.4)', () => {
  it.each(rules)('%s', (_rule, first, second) => {
    const expected = [first.metadata.name, second.metadata.name];
    expect(names(sortForDeletion([first, second], options))).toEqual(expected);
    expect(names(sortForDeletion([second, first], options))).toEqual(expected);
  });

  // Precedence: each row pits a rule against the next one that would decide the other way.
  const precedence: Array<[string, Pod, Pod]> = [
    ['1 before 2', pod('a', { node: '', phase: 'Running' }), pod('b', { phase: 'Pending' })],
    ['2 before 3', pod('a', { phase: 'Pending' }), pod('a-unavailable')],
    ['3 before 4', pod('a-unavailable'), pod('b', { ready: false })],
    ['4 before 5', pod('a', { ready: false, cost: '100' }), pod('b', { cost: '-100' })],
    ['5 before 6', pod('a', { cost: '-1' }), pod('a-ranked')],
    ['6 before 7', pod('a-ranked', { readySince: T0 }), pod('b', { readySince: T1 })],
    ['7 before 8', pod('a', { readySince: T1 }), pod('b', { restarts: [9] })],
    ['8 before 9', pod('a', { restarts: [1] }), pod('b', { created: T1 })],
  ];
  it.each(precedence)('rule %s', (_rules, first, second) => {
    expect(names(sortForDeletion([second, first], options))).toEqual([first.metadata.name, second.metadata.name]);
  });

  it('skips rule 3 without an availability predicate and rule 6 without a ranker', () => {
    expect(names(sortForDeletion([pod('b'), pod('a-unavailable')]))).toEqual(['b', 'a-unavailable']);
    expect(names(sortForDeletion([pod('b'), pod('a-ranked')]))).toEqual(['b', 'a-ranked']);
  });

  it('compares ready times only when both pods are Ready', () => {
    const a = pod('a', { ready: false, readySince: T1, created: T0 });
    const b = pod('b', { ready: false, readySince: T0, created: T1 });
    expect(names(sortForDeletion([a, b], options))).toEqual(['b', 'a']);
  });

  it('keeps the input order of ties (stable) and does not modify the input', () => {
    const input = [pod('x'), pod('y'), pod('z')];
    expect(names(sortForDeletion(input, options))).toEqual(['x', 'y', 'z']);
    expect(names(input)).toEqual(['x', 'y', 'z']);
  });
});

describe('pod-deletion-cost parsing (int32, Kubernetes rules)', () => {
  it.each([
    ['5', 5],
    ['-5', -5],
    ['0', 0],
    ['-0', 0],
    ['-05', -5],
    ['+5', 0],
    ['05', 0],
    ['00', 0],
    ['2147483647', 2147483647],
    ['2147483648', 0],
    ['-2147483648', -2147483648],
    ['-2147483649', 0],
    ['', 0],
    ['-', 0],
    [' 5', 0],
    ['5 ', 0],
    ['1.5', 0],
    ['1e3', 0],
    ['abc', 0],
    ['1_000', 0],
  ])('%j -> %d', (value, expected) => {
    expect(parsePodDeletionCost(value)).toBe(expected);
  });

  it('reads an absent annotation as 0', () => {
    expect(parsePodDeletionCost(undefined)).toBe(0);
  });
});
