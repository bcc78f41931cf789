// History truncation (docs/spec/cloneset.md §4.5).
import { describe, expect, it } from '@jest/globals';
import type { ControllerRevision } from '@coxswain/kruise-api';
import { revisionsToTruncate } from '../../src/revision/history.js';
import { pod } from './fixtures.js';

function revision(n: number): ControllerRevision {
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: `web-h${n}`, namespace: 'demo' }, revision: n };
}

/** Revisions 1..count, current = `count - 1`, update = `count`. */
function history(count: number) {
  const revisions = Array.from({ length: count }, (_, i) => revision(i + 1));
  return { revisions, currentRevisionName: `web-h${count - 1}`, updateRevisionName: `web-h${count}` };
}

const names = (rs: ControllerRevision[]) => rs.map((r) => r.metadata.name);

describe('revisionsToTruncate', () => {
  it('keeps everything within the limit', () => {
    expect(revisionsToTruncate({ ...history(12), activePods: [], revisionHistoryLimit: 10 })).toEqual([]);
  });

  it('deletes the oldest non-live revisions beyond limit 10', () => {
    // 14 revisions, 2 live (current, update) -> 12 non-live, 2 over the limit.
    expect(names(revisionsToTruncate({ ...history(14), activePods: [], revisionHistoryLimit: 10 }))).toEqual(['web-h1', 'web-h2']);
  });

  it('defaults the limit to 10', () => {
    expect(names(revisionsToTruncate({ ...history(13), activePods: [] }))).toEqual(['web-h1']);
  });

  it('with limit 1 keeps the newest non-live revision', () => {
    expect(names(revisionsToTruncate({ ...history(5), activePods: [], revisionHistoryLimit: 1 }))).toEqual(['web-h1', 'web-h2']);
  });

  it('with limit 0 deletes every non-live revision but never current or update', () => {
    expect(names(revisionsToTruncate({ ...history(5), activePods: [], revisionHistoryLimit: 0 }))).toEqual(['web-h1', 'web-h2', 'web-h3']);
  });

  it('keeps revisions active pods are at, by full name or short hash, without counting them against the limit', () => {
    const activePods = [pod('p1', 'web-h1'), pod('p2', 'h2'), pod('p3', undefined)];
    expect(names(revisionsToTruncate({ ...history(6), activePods, revisionHistoryLimit: 0 }))).toEqual(['web-h3', 'web-h4']);
    expect(names(revisionsToTruncate({ ...history(6), activePods, revisionHistoryLimit: 1 }))).toEqual(['web-h3']);
  });

  it('works on the sorted order whatever the input order, oldest first', () => {
    const { revisions, ...rest } = history(6);
    const shuffled = [revisions[3]!, revisions[0]!, revisions[5]!, revisions[2]!, revisions[4]!, revisions[1]!];
    expect(names(revisionsToTruncate({ ...rest, revisions: shuffled, activePods: [], revisionHistoryLimit: 1 }))).toEqual([
      'web-h1',
      'web-h2',
      'web-h3',
    ]);
  });

  it('treats current == update as one live revision', () => {
    const revisions = [revision(1), revision(2), revision(3)];
    const result = revisionsToTruncate({ revisions, currentRevisionName: 'web-h3', updateRevisionName: 'web-h3', activePods: [], revisionHistoryLimit: 1 });
    expect(names(result)).toEqual(['web-h1']);
  });
});
