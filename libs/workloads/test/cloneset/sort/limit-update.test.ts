import { describe, it, expect } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { limitUpdateIndexes, type LimitUpdateInput } from '../../../src/cloneset/plan/sort/limit-update.js';
import { pod } from './fixtures.js';

/** "old" / "new" revision; `down` = not available. */
const p = (name: string, rev: 'old' | 'new', down = false): Pod => pod(name, { labels: { rev, ...(down ? { down: '' } : {}) } });
const isAvailable = (x: Pod) => x.metadata.labels?.['down'] === undefined;
const isAtTargetRevision = (x: Pod) => x.metadata.labels?.['rev'] === 'new';

function limit(pods: Pod[], sortedIndexes: number[], updateNum: number, updateMaxUnavailable: number) {
  const input: LimitUpdateInput = { pods, sortedIndexes, updateNum, updateMaxUnavailable, isAvailable, isAtTargetRevision };
  return limitUpdateIndexes(input);
}

describe('limitUpdateIndexes (docs/spec/cloneset.md §8.3)', () => {
  it('updates at most updateMaxUnavailable available pods at once', () => {
    const pods = [p('a', 'old'), p('b', 'old'), p('c', 'old'), p('d', 'old'), p('e', 'old')];
    const batch = limit(pods, [0, 1, 2, 3, 4], 5, 2);
    expect(batch.indexes).toEqual([0, 1]);
    expect(batch.pods.map((x) => x.metadata.name)).toEqual(['a', 'b']);
    expect(batch.stop).toEqual({
      check: 'targetRevisionUnavailable', index: 2, position: 2, podName: 'c', unavailable: 2, updateMaxUnavailable: 2,
    });
  });

  it('counts not-yet-available pods already at the target revision against the budget (check i)', () => {
    const pods = [p('a', 'old'), p('b', 'old'), p('n', 'new', true)];
    const batch = limit(pods, [0, 1], 2, 2);
    expect(batch.indexes).toEqual([0]);
    expect(batch.stop).toMatchObject({ check: 'targetRevisionUnavailable', position: 1, podName: 'b', unavailable: 2 });
  });

  it('lets an already-unavailable candidate pass check ii, while it still consumes check i', () => {
    // One unavailable pod exists (the first candidate) and the budget is 1.
    const pods = [p('down', 'old', true), p('up', 'old')];
    const batch = limit(pods, [0, 1], 2, 1);
    expect(batch.indexes).toEqual([0]);
    expect(batch.stop).toMatchObject({ check: 'targetRevisionUnavailable', index: 1, position: 1, unavailable: 1 });
    // The same budget refuses an available candidate first (check ii): the one unavailable pod uses it up.
    const refused = limit(pods, [1, 0], 2, 1);
    expect(refused.indexes).toEqual([]);
    expect(refused.stop).toMatchObject({ check: 'totalUnavailable', index: 1, position: 0, podName: 'up', unavailable: 1 });
  });

  it('stops at the first refused candidate even if a later one would pass', () => {
    // A non-candidate old pod is down, using the whole budget of check ii; the second candidate is
    // itself down and would pass both checks, but is never considered.
    const pods = [p('other', 'old', true), p('up', 'old'), p('down', 'old', true)];
    const batch = limit(pods, [1, 2], 2, 1);
    expect(batch.indexes).toEqual([]);
    expect(batch.stop).toMatchObject({ check: 'totalUnavailable', index: 1, podName: 'up' });
  });

  it.each([0, -2])('updates nothing when updateMaxUnavailable is %d', (max) => {
    const pods = [p('a', 'old', true), p('b', 'old')];
    const batch = limit(pods, [0, 1], 2, max);
    expect(batch.indexes).toEqual([]);
    expect(batch.stop).toMatchObject({ check: 'targetRevisionUnavailable', position: 0, updateMaxUnavailable: max });
  });

  it('takes only the first |updateNum| candidates, with no stop reason when all of them pass', () => {
    const pods = [p('a', 'old'), p('b', 'old'), p('c', 'old')];
    expect(limit(pods, [2, 0, 1], 2, 5)).toEqual({ indexes: [2, 0], pods: [pods[2], pods[0]] });
    // Rolling back (updateNum < 0) uses the magnitude.
    expect(limit(pods, [2, 0, 1], -1, 5).indexes).toEqual([2]);
    expect(limit(pods, [2, 0, 1], 0, 5)).toEqual({ indexes: [], pods: [] });
  });

  it('counts unavailable pods over all pods, not only the candidates', () => {
    const pods = [p('x', 'new', true), p('y', 'old', true), p('a', 'old'), p('b', 'old')];
    // check ii: 2 unavailable of 3 allowed -> one available candidate fits; check i: 1 + 1 < 3.
    const batch = limit(pods, [2, 3], 2, 3);
    expect(batch.indexes).toEqual([2]);
    expect(batch.stop).toMatchObject({ check: 'totalUnavailable', index: 3, unavailable: 3 });
  });
});
