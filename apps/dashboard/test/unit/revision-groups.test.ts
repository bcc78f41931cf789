import { describe, expect, it } from '@jest/globals';
import { flatCell, flatHit, flatLayout } from '../../src/lib/grid/flat';
import { FIRST_PAGE, PAGE, pageSize } from '../../src/lib/live/pod-pages';
import { revisionGroups } from '../../src/lib/rollout/revision-groups';
import { pod, revision as rev } from '../support/fixtures';

describe('revisions and their pods', () => {
  it('puts the update revision first (even without pods), then revisions with pods newest first; no card for an empty old revision', () => {
    const revisions = [rev('web-3', 3, { isUpdate: true }), rev('web-2', 2, { isCurrent: true }), rev('web-1', 1)];
    const groups = revisionGroups(revisions, [pod('a', { revision: 'web-2' }), pod('b', { revision: '2', ready: false, available: false })]);
    expect(groups.map((g) => [g.name, g.pods.length, g.ready, g.available])).toEqual([
      ['web-3', 0, 0, 0],
      ['web-2', 2, 1, 1],
    ]);
  });

  it('keeps pods of an unknown revision in a group of their own, after the known ones', () => {
    const groups = revisionGroups([rev('web-1', 1, { isUpdate: true, isCurrent: true })], [pod('a', { revision: 'web-1' }), pod('b', { revision: 'web-9' })]);
    expect(groups.map((g) => [g.name, g.revision?.name ?? null])).toEqual([
      ['web-1', 'web-1'],
      ['web-9', null],
    ]);
  });
});

describe('small cell grids', () => {
  it('lays cells out in rows that fill the width, and hit-tests them', () => {
    const layout = flatLayout(25, 100, 10);
    expect(layout).toEqual({ cell: 10, cols: 10, rows: 3, width: 100, height: 30 });
    expect(flatCell(layout, 12)).toEqual({ x: 20, y: 10 });
    expect(flatHit(layout, 25, 25, 15)).toBe(12);
    expect(flatHit(layout, 25, 95, 25)).toBe(-1); // the 30th slot: beyond the 25 pods
    expect(flatHit(layout, 25, 105, 5)).toBe(-1);
  });
});

describe('pod pages', () => {
  it('asks for a small first page (first paint), then pages of 5,000: two round trips for a 5,000-pod workload', () => {
    expect(FIRST_PAGE).toBeLessThan(PAGE);
    let read = 0;
    let rounds = 0;
    while (read < 5000) read += pageSize(rounds++);
    expect(rounds).toBe(2);
    expect(pageSize(0)).toBe(500);
    expect(pageSize(3)).toBe(5000);
  });
});
