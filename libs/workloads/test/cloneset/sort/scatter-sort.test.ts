import { describe, it, expect } from '@jest/globals';
import type { Pod, UpdateScatterStrategy } from '@coxswain/kruise-api';
import { calculateScatterGroup, scatterSort } from '../../../src/cloneset/plan/sort/scatter-sort.js';
import { sortUpdateIndexes } from '../../../src/cloneset/plan/sort/update-order.js';
import { roundHalfAwayFromZero } from '../../../src/cloneset/plan/sort/scatter-sort.js';
import { pod } from './fixtures.js';

const zoneA: UpdateScatterStrategy = [{ key: 'zone', value: 'A' }];
/** One pod per entry; "" = no zone label. */
const zones = (values: string[]): Pod[] => values.map((z, i) => pod(`p${i}`, { labels: z === '' ? {} : { zone: z } }));
const all = (pods: readonly Pod[]) => pods.map((_, i) => i);

describe('scatter (docs/spec/cloneset.md §8.2 step 3)', () => {
  it.each([
    [['', '', '', 'A', 'A', 'A'], [3, 0, 1, 4, 2, 5]],
    [['', '', '', '', 'A', 'A'], [4, 0, 1, 2, 3, 5]],
  ])('spec example %j -> %j', (labels, expected) => {
    const pods = zones(labels);
    expect(scatterSort(pods, all(pods), zoneA)).toEqual(expected);
    // Through the whole SortUpdateIndexes pipeline too (the pods are otherwise identical).
    expect(sortUpdateIndexes(pods, all(pods), { scatterStrategy: zoneA })).toEqual(expected);
  });

  it('1 term: uses the whole set\'s group sizes when the candidates are denser in unmatched pods', () => {
    // Candidates 0..6: four unmatched, three A; pods 7..9 are A pods that are not candidates.
    // After the last A is set aside: totals 5 A / 4 other (ratio 0.8) < candidates 2 A / 4 other (ratio 2),
    // so groups are sized from the totals (1 and 1), 2 groups, and 2 unmatched candidates lead.
    const pods = zones(['', '', '', '', 'A', 'A', 'A', 'A', 'A', 'A']);
    expect(scatterSort(pods, [0, 1, 2, 3, 4, 5, 6], zoneA)).toEqual([0, 1, 4, 2, 5, 3, 6]);
  });

  it('1 term: used even when no candidate matches it, and then changes nothing', () => {
    const pods = zones(['', 'B', '', 'B']);
    expect(scatterSort(pods, [3, 2, 1, 0], zoneA)).toEqual([3, 2, 1, 0]);
  });

  it('1 term with value "": pods without the key count as matched', () => {
    const pods = zones(['A', 'A', 'A', '', '', '']);
    expect(scatterSort(pods, all(pods), [{ key: 'zone', value: '' }])).toEqual([3, 0, 1, 4, 2, 5]);
  });

  it('2 terms: applies the most-matched term first and drops terms nobody matches', () => {
    const pods = [
      pod('p0'), pod('p1'),
      pod('p2', { labels: { zone: 'a' } }), pod('p3', { labels: { zone: 'a' } }), pod('p4', { labels: { zone: 'a' } }),
      pod('p5', { labels: { rack: 'r1' } }), pod('p6', { labels: { rack: 'r1' } }),
      pod('p7'),
    ];
    const strategy: UpdateScatterStrategy = [
      { key: 'rack', value: 'r1' }, // 2 candidates
      { key: 'zone', value: 'a' }, // 3 candidates: applied first
      { key: 'zone', value: 'b' }, // none: dropped
    ];
    // zone=a: [2,0,1,5,3,6,7,4] (group sizes 1 and round(2.5) = 3); then rack=r1: [5,2,0,1,3,7,4,6].
    expect(scatterSort(pods, all(pods), strategy)).toEqual([5, 2, 0, 1, 3, 7, 4, 6]);
  });

  it('leaves the order alone with at most one candidate, one matched or one unmatched candidate', () => {
    expect(scatterSort(zones(['A']), [0], zoneA)).toEqual([0]);
    expect(scatterSort(zones(['', '', 'A']), [2, 0, 1], zoneA)).toEqual([2, 0, 1]);
    expect(scatterSort(zones(['', 'A', 'A']), [1, 0, 2], zoneA)).toEqual([1, 0, 2]);
    expect(scatterSort(zones(['', 'A']), [1, 0], [])).toEqual([1, 0]);
  });
});

describe('group arithmetic', () => {
  it('compares the densities in float32, as Go does', () => {
    // In float64 4163/2081 < 4161/2080, in float32 they are equal: the candidates' own ratio is used.
    expect(calculateScatterGroup(2081, 4163, 2080, 4161)).toEqual({
      groupNum: 2080, matchedGroupSize: 1, unmatchedGroupSize: 2, unmatchedRemainder: 0,
    });
  });

  it('uses the totals\' sizes and an unmatched remainder when the candidates are denser', () => {
    expect(calculateScatterGroup(5, 4, 2, 4)).toEqual({ groupNum: 2, matchedGroupSize: 1, unmatchedGroupSize: 1, unmatchedRemainder: 2 });
  });

  it('rounds half away from zero', () => {
    expect(calculateScatterGroup(2, 5, 2, 5)).toEqual({ groupNum: 2, matchedGroupSize: 1, unmatchedGroupSize: 3, unmatchedRemainder: 0 });
    expect([0.5, 1.5, 2.5, 2.4999, -2.5, -0.4, 3].map(roundHalfAwayFromZero)).toEqual([1, 2, 3, 2, -3, -0, 3]);
  });
});
