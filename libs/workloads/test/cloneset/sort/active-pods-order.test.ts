import { describe, it, expect } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { compareActivePods, sortIndexesByActivePods } from '../../../src/cloneset/plan/sort/active-pods-order.js';
import { T0, T1, pod } from './fixtures.js';

// Each row: `first` must come before `second`, and the two differ only in the attribute the rule reads.
const rules: Array<[string, Pod, Pod]> = [
  ['1. unscheduled before scheduled', pod('a', { node: '' }), pod('b')],
  ['2. Pending before Unknown', pod('a', { phase: 'Pending' }), pod('b', { phase: 'Unknown' })],
  ['2. Unknown before Running', pod('a', { phase: 'Unknown' }), pod('b', { phase: 'Running' })],
  ['2. Succeeded counts as Pending (0), before Unknown', pod('a', { phase: 'Succeeded' }), pod('b', { phase: 'Unknown' })],
  ['3. not Ready before Ready', pod('a', { ready: false }), pod('b')],
  ['3. no Ready condition before Ready', pod('a', { noReadyCondition: true }), pod('b')],
  ['4. both Ready: more recently Ready first', pod('a', { readySince: T1 }), pod('b', { readySince: T0 })],
  ['4. both Ready: zero ready time counts as most recent', pod('a', { readySince: null }), pod('b', { readySince: T1 })],
  ["4. Go's zero time 0001-01-01T00:00:00Z is a zero time too", pod('a', { readySince: '0001-01-01T00:00:00Z' }), pod('b', { readySince: T1 })],
  ['5. higher max restart count first', pod('a', { restarts: [0, 3] }), pod('b', { restarts: [2, 2] })],
  ['6. newer creationTimestamp first', pod('a', { created: T1 }), pod('b', { created: T0 })],
  ['6. zero creationTimestamp counts as newest', pod('a', { created: null }), pod('b', { created: T1 })],
];

describe('ActivePods order (docs/spec/cloneset.md §8.2 step 1)', () => {
  it.each(rules)('%s', (_rule, first, second) => {
    expect(compareActivePods(first, second)).toBeLessThan(0);
    expect(compareActivePods(second, first)).toBeGreaterThan(0);
  });

  it('does not order two scheduled pods by node name', () => {
    expect(compareActivePods(pod('a', { node: 'node-a' }), pod('b', { node: 'node-b' }))).toBe(0);
  });

  it('compares ready times only when both pods are Ready', () => {
    // Both not Ready with different transition times: falls through to creation time.
    const a = pod('a', { ready: false, readySince: T1, created: T0 });
    const b = pod('b', { ready: false, readySince: T0, created: T1 });
    expect(compareActivePods(b, a)).toBeLessThan(0);
  });

  it('applies the rules in order: phase beats readiness', () => {
    expect(compareActivePods(pod('a', { phase: 'Pending' }), pod('b', { ready: false }))).toBeLessThan(0);
  });

  it('sorts candidate indexes stably and leaves the input alone', () => {
    const pods = [pod('p0'), pod('p1', { ready: false }), pod('p2'), pod('p3', { node: '' })];
    const candidates = [0, 1, 2, 3];
    expect(sortIndexesByActivePods(pods, candidates)).toEqual([3, 1, 0, 2]);
    expect(candidates).toEqual([0, 1, 2, 3]);
    expect(sortIndexesByActivePods(pods, [2, 0])).toEqual([2, 0]);
  });
});
