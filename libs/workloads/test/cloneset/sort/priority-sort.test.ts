import { describe, it, expect } from '@jest/globals';
import type { Pod, UpdatePriorityStrategy } from '@coxswain/kruise-api';
import { sortByUpdatePriority } from '../../../src/sort/priority-sort.js';
import { pod } from './fixtures.js';

const podsWith = (labels: Array<Record<string, string>>): Pod[] => labels.map((l, i) => pod(`p${i}`, { labels: l }));
const all = (pods: readonly Pod[]) => pods.map((_, i) => i);

describe('weightPriority (docs/spec/cloneset.md §8.2 step 2)', () => {
  const strategy: UpdatePriorityStrategy = {
    weightPriority: [
      { weight: 20, matchSelector: { matchLabels: { app: 'foo' } } },
      { weight: 10, matchSelector: { matchLabels: { tier: 'bar' } } },
      { weight: 15, matchSelector: { matchExpressions: [{ key: 'extra', operator: 'Exists' }] } },
    ],
  };

  it('puts the higher summed weight first and keeps the order of equal weights', () => {
    const pods = podsWith([{}, { tier: 'bar', extra: '' }, { app: 'foo' }, {}, { app: 'foo' }]);
    // weights: 0, 25, 20, 0, 20
    expect(sortByUpdatePriority(pods, all(pods), strategy)).toEqual([1, 2, 4, 0, 3]);
    expect(sortByUpdatePriority(pods, [3, 4, 0, 2, 1], strategy)).toEqual([1, 4, 2, 3, 0]);
  });

  it('ignores terms whose selector is invalid', () => {
    const pods = podsWith([{ app: 'foo' }, { app: 'has space' }, { tier: 'x' }]);
    const withInvalid: UpdatePriorityStrategy = {
      weightPriority: [
        { weight: 100, matchSelector: { matchLabels: { app: 'has space' } } }, // invalid label value
        { weight: 100, matchSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: [] }] } }, // In without values
        { weight: 1, matchSelector: { matchLabels: { app: 'foo' } } },
      ],
    };
    expect(sortByUpdatePriority(pods, all(pods), withInvalid)).toEqual([0, 1, 2]);
    expect(sortByUpdatePriority(pods, [2, 1, 0], withInvalid)).toEqual([0, 2, 1]);
  });

  it('lets an empty selector match every pod', () => {
    const pods = podsWith([{}, { app: 'foo' }]);
    const s: UpdatePriorityStrategy = {
      weightPriority: [{ weight: 50, matchSelector: {} }, { weight: 1, matchSelector: { matchLabels: { app: 'foo' } } }],
    };
    expect(sortByUpdatePriority(pods, all(pods), s)).toEqual([1, 0]);
  });

  it('wins over orderPriority when both are set', () => {
    const pods = podsWith([{ k: 'x-9' }, { app: 'foo' }]);
    const both: UpdatePriorityStrategy = { ...strategy, orderPriority: [{ orderedKey: 'k' }] };
    expect(sortByUpdatePriority(pods, all(pods), both)).toEqual([1, 0]);
  });
});

describe('orderPriority (docs/spec/cloneset.md §8.2 step 2)', () => {
  const strategy: UpdatePriorityStrategy = { orderPriority: [{ orderedKey: 'k1' }, { orderedKey: 'k2' }] };

  it('puts pods with no ordered key first, then key #0, then key #1, trailing numbers descending', () => {
    const pods = podsWith([
      { k2: 'x-20' },
      { k1: 'sts-5' },
      {},
      { k1: 'sts-10' },
      { k1: 'abc' },
      { other: 'sts-99' },
      { k2: 'x-3' },
      { k1: 'sts-1', k2: 'x-100' }, // the first key present decides: level 0, order 1
    ]);
    expect(sortByUpdatePriority(pods, all(pods), strategy)).toEqual([2, 5, 3, 1, 7, 4, 0, 6]);
  });

  it('orders sts-10 before sts-5 (numeric, not string order)', () => {
    const pods = podsWith([{ k1: 'sts-5' }, { k1: 'sts-10' }]);
    expect(sortByUpdatePriority(pods, all(pods), strategy)).toEqual([1, 0]);
  });

  it('compares trailing numbers exactly as int64 and reads an overflow as 0', () => {
    const pods = podsWith([{ k1: 'a-9007199254740992' }, { k1: 'a-9007199254740993' }, { k1: 'a-99999999999999999999' }, { k1: 'a-1' }]);
    expect(sortByUpdatePriority(pods, all(pods), strategy)).toEqual([1, 0, 3, 2]);
  });

  it('keeps the order of equal priorities', () => {
    const pods = podsWith([{ k1: 'a-1' }, {}, { k1: 'b-1' }, {}]);
    expect(sortByUpdatePriority(pods, [2, 3, 0, 1], strategy)).toEqual([3, 1, 2, 0]);
  });
});

describe('no priority terms', () => {
  const none: Array<UpdatePriorityStrategy | undefined> = [undefined, {}, { weightPriority: [], orderPriority: [] }];
  it.each(none)('keeps the order for %j', (strategy) => {
    const pods = podsWith([{ app: 'foo' }, {}]);
    expect(sortByUpdatePriority(pods, [1, 0], strategy)).toEqual([1, 0]);
  });
});
