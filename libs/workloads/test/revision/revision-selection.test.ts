// Selecting the current and update revisions, pure part (docs/spec/cloneset.md §4.3).
import { describe, expect, it } from '@jest/globals';
import type { ControllerRevision } from '@coxswain/kruise-api';
import { hashRevision, newRevision, revisionName, revisionPayload } from '../../src/revision/cloneset-revision.js';
import { currentRevisionName, nextRevisionNumber, revisionsForCloneSet, selectCurrentRevision, selectRevisions, sortRevisions } from '../../src/revision/revision-selection.js';
import { volumeClaimTemplatesHash } from '../../src/revision/volume-claim-templates-hash.js';
import { cloneSet, status, stored } from './fixtures.js';

const VCT = 'kruise.io/cloneset-volumeclaimtemplate-hash';

/** Revisions 1..n of the given images, as the store would list them. */
function historyOf(...images: string[]): ControllerRevision[] {
  return images.map((image, i) => stored(newRevision(cloneSet(image), i + 1, 0), { revision: i + 1 }));
}

describe('selectRevisions', () => {
  it('creates revision #1 when there is no history', () => {
    const cs = cloneSet('nginx:1');
    const decision = selectRevisions({ cs, revisions: [], collisionCount: 0 });
    expect(decision.kind).toBe('create');
    if (decision.kind !== 'create') return;
    expect(decision.candidate.revision).toBe(1);
    expect(decision.candidate.metadata.name).toBe(revisionName('web', hashRevision(revisionPayload(cs), 0)));
    expect(decision.candidate).toEqual(newRevision(cs, 1, 0));
  });

  it('reuses the latest revision when the template is unchanged', () => {
    const revisions = historyOf('nginx:1', 'nginx:2');
    const decision = selectRevisions({ cs: cloneSet('nginx:2'), revisions, collisionCount: 0 });
    expect(decision).toEqual({ kind: 'reuse-latest', update: revisions[1] });
    if (decision.kind === 'reuse-latest') expect(decision.update).toBe(revisions[1]);
  });

  it('reuses the latest revision when only volumeClaimTemplates changed, without refreshing its annotation', () => {
    const revisions = historyOf('nginx:1');
    const cs = cloneSet('nginx:1');
    cs.spec.volumeClaimTemplates = [];
    const decision = selectRevisions({ cs, revisions, collisionCount: 0 });
    expect(decision.kind).toBe('reuse-latest');
    if (decision.kind === 'reuse-latest') expect(decision.update.metadata.annotations![VCT]).not.toBe('');
  });

  it('creates revision last+1 for a new template', () => {
    const decision = selectRevisions({ cs: cloneSet('nginx:3'), revisions: historyOf('nginx:1', 'nginx:2'), collisionCount: 0 });
    expect(decision.kind).toBe('create');
    if (decision.kind === 'create') expect(decision.candidate.revision).toBe(3);
  });

  it('rolls back to an older revision by renumbering it last+1', () => {
    const revisions = historyOf('nginx:1', 'nginx:2', 'nginx:3');
    const before = structuredClone(revisions);
    const decision = selectRevisions({ cs: cloneSet('nginx:1'), revisions, collisionCount: 0 });
    expect(decision.kind).toBe('rollback');
    if (decision.kind !== 'rollback') return;
    expect(decision.update.metadata.name).toBe(revisions[0]!.metadata.name);
    expect(decision.update.revision).toBe(4);
    // Same VCT hash as the CloneSet's: nothing else changes, resourceVersion kept for the update.
    expect(decision.update).toEqual({ ...revisions[0], revision: 4 });
    // The listed objects are untouched.
    expect(revisions).toEqual(before);
  });

  it('refreshes the VCT annotation of the rolled-back revision when it differs', () => {
    const revisions = historyOf('nginx:1', 'nginx:2');
    const cs = cloneSet('nginx:1');
    cs.spec.volumeClaimTemplates = [{ metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteMany'] } }];
    const decision = selectRevisions({ cs, revisions, collisionCount: 0 });
    expect(decision.kind).toBe('rollback');
    if (decision.kind !== 'rollback') return;
    expect(decision.update.metadata.annotations).toEqual({ team: 'payments', [VCT]: volumeClaimTemplatesHash(cs) });
    expect(volumeClaimTemplatesHash(cs)).not.toBe(revisions[0]!.metadata.annotations![VCT]);
  });

  it('sets the VCT annotation when the rolled-back revision lacks it', () => {
    const revisions = historyOf('nginx:1', 'nginx:2');
    delete revisions[0]!.metadata.annotations;
    const decision = selectRevisions({ cs: cloneSet('nginx:1'), revisions, collisionCount: 0 });
    if (decision.kind !== 'rollback') throw new Error(`expected rollback, got ${decision.kind}`);
    expect(decision.update.metadata.annotations).toEqual({ [VCT]: volumeClaimTemplatesHash(cloneSet()) });
  });

  it('picks the last of several equal revisions', () => {
    const revisions = historyOf('nginx:1', 'nginx:2', 'nginx:1', 'nginx:3');
    revisions[2]!.metadata.name = 'web-copy';
    const decision = selectRevisions({ cs: cloneSet('nginx:1'), revisions, collisionCount: 0 });
    if (decision.kind !== 'rollback') throw new Error(`expected rollback, got ${decision.kind}`);
    expect(decision.update.metadata.name).toBe('web-copy');
    expect(decision.update.revision).toBe(5);
  });

  it('compares data, not names: a revision named under another collisionCount is reused', () => {
    const cs = cloneSet('nginx:1');
    const revisions = [stored(newRevision(cs, 1, 7), { revision: 1 })];
    expect(selectRevisions({ cs, revisions, collisionCount: 0 }).kind).toBe('reuse-latest');
  });

  it('sorts the listed revisions itself', () => {
    const revisions = historyOf('nginx:1', 'nginx:2');
    expect(selectRevisions({ cs: cloneSet('nginx:2'), revisions: [revisions[1]!, revisions[0]!], collisionCount: 0 }).kind).toBe('reuse-latest');
  });

  it('names the candidate with the given collisionCount, defaulting to status.collisionCount', () => {
    const cs = cloneSet('nginx:1', { status: status({ collisionCount: 2 }) });
    const payload = revisionPayload(cs);
    const fromStatus = selectRevisions({ cs, revisions: [] });
    const explicit = selectRevisions({ cs, revisions: [], collisionCount: 5 });
    if (fromStatus.kind !== 'create' || explicit.kind !== 'create') throw new Error('expected create');
    expect(fromStatus.candidate.metadata.name).toBe(revisionName('web', hashRevision(payload, 2)));
    expect(explicit.candidate.metadata.name).toBe(revisionName('web', hashRevision(payload, 5)));
  });
});

describe('current revision', () => {
  const revisions = historyOf('nginx:1', 'nginx:2');
  const update = revisions[1]!;

  it('is the listed revision named by status.currentRevision', () => {
    const cs = cloneSet('nginx:2', { status: status({ currentRevision: revisions[0]!.metadata.name }) });
    expect(selectCurrentRevision(cs, revisions, update)).toBe(revisions[0]);
    expect(currentRevisionName(cs, revisions, update.metadata.name!)).toBe(revisions[0]!.metadata.name);
  });

  it('falls back to the update revision when status.currentRevision is unknown or absent', () => {
    const unknown = cloneSet('nginx:2', { status: status({ currentRevision: 'web-gone' }) });
    expect(selectCurrentRevision(unknown, revisions, update)).toBe(update);
    expect(currentRevisionName(unknown, revisions, update.metadata.name!)).toBe(update.metadata.name);
    const fresh = cloneSet('nginx:2');
    expect(selectCurrentRevision(fresh, revisions, update)).toBe(update);
    expect(currentRevisionName(fresh, [], 'web-new')).toBe('web-new');
  });
});

describe('sortRevisions', () => {
  const base = newRevision(cloneSet(), 1, 0);

  it('orders by revision, then older creationTimestamp, then name; absent timestamps first', () => {
    const a = stored(base, { revision: 2, name: 'b', creationTimestamp: '2026-01-02T00:00:00Z' });
    const b = stored(base, { revision: 2, name: 'a', creationTimestamp: '2026-01-03T00:00:00Z' });
    const c = stored(base, { revision: 2, name: 'z', creationTimestamp: '2026-01-02T00:00:00Z' });
    const d = stored(base, { revision: 1, name: 'q' });
    const e = stored(base, { revision: 2, name: 'y' });
    delete e.metadata.creationTimestamp;
    const sorted = sortRevisions([b, c, a, e, d]);
    expect(sorted.map((r) => r.metadata.name)).toEqual(['q', 'y', 'b', 'z', 'a']);
    expect(nextRevisionNumber(sorted)).toBe(3);
    expect(nextRevisionNumber([])).toBe(1);
  });
});

describe('revisionsForCloneSet', () => {
  const cs = cloneSet();
  const own = stored(newRevision(cs, 1, 0), { name: 'own' });

  it('keeps revisions controlled by this CloneSet and orphans that match the selector', () => {
    const orphan = stored(own, { name: 'orphan' });
    delete orphan.metadata.ownerReferences;
    const nonController = stored(own, { name: 'non-controller' });
    nonController.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Thing', name: 't', uid: 'other' }];
    const result = revisionsForCloneSet(cs, [own, orphan, nonController]);
    expect(result.map((r) => r.metadata.name)).toEqual(['own', 'orphan', 'non-controller']);
    // Orphans are not adopted.
    expect(result[1]!.metadata.ownerReferences).toBeUndefined();
  });

  it('drops revisions controlled by another owner, not matching the selector, or in another namespace', () => {
    const foreign = stored(own, { name: 'foreign' });
    foreign.metadata.ownerReferences = [{ ...foreign.metadata.ownerReferences![0]!, uid: 'other-uid' }];
    const unselected = stored(own, { name: 'unselected' });
    unselected.metadata.labels = { app: 'api' };
    const elsewhere = stored(own, { name: 'elsewhere' });
    elsewhere.metadata.namespace = 'other';
    expect(revisionsForCloneSet(cs, [own, foreign, unselected, elsewhere]).map((r) => r.metadata.name)).toEqual(['own']);
  });
});
