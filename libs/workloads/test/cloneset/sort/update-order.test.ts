import { describe, it, expect } from '@jest/globals';
import { sortUpdateIndexes } from '../../../src/cloneset/plan/sort/update-order.js';
import { T0, T1, pod } from './fixtures.js';

describe('sortUpdateIndexes (docs/spec/cloneset.md §8.2)', () => {
  it('without a strategy uses the ActivePods order, stable for ties', () => {
    const pods = [pod('p0'), pod('p1', { ready: false }), pod('p2', { node: '' }), pod('p3'), pod('p4', { phase: 'Pending' })];
    expect(sortUpdateIndexes(pods, [0, 1, 2, 3, 4])).toEqual([2, 4, 1, 0, 3]);
  });

  it('re-sorts by priority, equal priorities keeping the default order', () => {
    const pods = [
      pod('p0', { ready: false }),
      pod('p1', { labels: { app: 'foo' } }),
      pod('p2'),
      pod('p3', { ready: false, labels: { app: 'foo' } }),
    ];
    const priorityStrategy = { weightPriority: [{ weight: 10, matchSelector: { matchLabels: { app: 'foo' } } }] };
    expect(sortUpdateIndexes(pods, [0, 1, 2, 3])).toEqual([0, 3, 1, 2]);
    expect(sortUpdateIndexes(pods, [0, 1, 2, 3], { priorityStrategy })).toEqual([3, 1, 0, 2]);
  });

  it('moves PreparingUpdate pods to the front, keeping the order within both groups', () => {
    const pods = [
      pod('p0', { ready: false }),
      pod('p1', { state: 'PreparingUpdate', readySince: T0 }),
      pod('p2', { readySince: T1 }),
      pod('p3', { state: 'PreparingUpdate', ready: false }),
      pod('p4', { state: 'Normal' }),
    ];
    // default: p0, p3 (not Ready), p2 (Ready more recently), p1, p4
    expect(sortUpdateIndexes(pods, [0, 1, 2, 3, 4])).toEqual([3, 1, 0, 2, 4]);
  });

  it('applies PreparingUpdate after scatter', () => {
    const pods = [
      pod('p0'), pod('p1'), pod('p2'),
      pod('p3', { labels: { zone: 'A' } }), pod('p4', { labels: { zone: 'A' } }), pod('p5', { labels: { zone: 'A' }, state: 'PreparingUpdate' }),
    ];
    // scatter alone gives [3,0,1,4,2,5]; p5 then moves to the front.
    expect(sortUpdateIndexes(pods, [0, 1, 2, 3, 4, 5], { scatterStrategy: [{ key: 'zone', value: 'A' }] })).toEqual([5, 3, 0, 1, 4, 2]);
  });

  it('orders only the candidates, and leaves the candidate array alone', () => {
    const pods = [pod('p0'), pod('p1', { ready: false }), pod('p2'), pod('p3', { node: '' }), pod('p4')];
    const candidates = [4, 1, 3];
    expect(sortUpdateIndexes(pods, candidates)).toEqual([3, 1, 4]);
    expect(candidates).toEqual([4, 1, 3]);
    expect(sortUpdateIndexes(pods, [])).toEqual([]);
  });
});
