import { describe, it, expect } from '@jest/globals';
import { POD, openStore, pod, record, settle } from './store-fixtures.js';

const STALE = 'the object has been modified; please apply your changes to the latest version and try again';

describe('EmbeddedStore optimistic concurrency', () => {
  it('update with a stale resourceVersion fails with Conflict and changes nothing', async () => {
    const { store } = await openStore();
    const v1 = await store.create(pod('p', { labels: { v: '1' } }));
    const v2 = await store.update({ ...v1, metadata: { ...v1.metadata, labels: { v: '2' } } });
    const before = store.currentResourceVersion();
    const err = await store.update({ ...v1, metadata: { ...v1.metadata, labels: { v: '3' } } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'Conflict', code: 409, message: `Operation cannot be fulfilled on Pod "p": ${STALE}` });
    expect(await store.get(POD, 'default', 'p')).toEqual(v2);
    expect(store.currentResourceVersion()).toBe(before);
  });

  it('update without resourceVersion is unconditional', async () => {
    const { store } = await openStore();
    const v1 = await store.create(pod('p'));
    await store.update({ ...v1, metadata: { ...v1.metadata, labels: { a: 'b' } } });
    const { resourceVersion: _dropped, ...meta } = v1.metadata;
    const updated = await store.update({ ...v1, metadata: { ...meta, labels: { a: 'c' } } });
    expect(updated.metadata.labels).toEqual({ a: 'c' });
  });

  it('update with a different uid fails with Conflict', async () => {
    const { store } = await openStore();
    const v1 = await store.create(pod('p'));
    await expect(store.update({ ...v1, metadata: { ...v1.metadata, uid: 'someone-else' } })).rejects.toMatchObject({ reason: 'Conflict' });
  });

  it('update of a missing object fails with NotFound', async () => {
    const { store } = await openStore();
    await expect(store.update(pod('ghost'))).rejects.toMatchObject({ reason: 'NotFound' });
  });

  it('updateStatus with a stale resourceVersion fails with Conflict', async () => {
    const { store } = await openStore();
    const v1 = await store.create(pod('p'));
    await store.updateStatus({ ...v1, status: { phase: 'Pending' } });
    await expect(store.updateStatus({ ...v1, status: { phase: 'Running' } })).rejects.toMatchObject({ reason: 'Conflict', message: expect.stringContaining(STALE) });
    expect((await store.get(POD, 'default', 'p')).status).toEqual({ phase: 'Pending' });
  });

  it('patch honours a resourceVersion precondition', async () => {
    const { store } = await openStore();
    const v1 = await store.create(pod('p'));
    const v2 = await store.patch(POD, 'default', 'p', { metadata: { labels: { a: '1' }, resourceVersion: v1.metadata.resourceVersion } });
    expect(v2.metadata.labels).toEqual({ a: '1' });
    expect(Number(v2.metadata.resourceVersion)).toBeGreaterThan(Number(v1.metadata.resourceVersion));
    await expect(store.patch(POD, 'default', 'p', { metadata: { labels: { a: '2' }, resourceVersion: v1.metadata.resourceVersion } })).rejects.toMatchObject({ reason: 'Conflict' });
    await expect(store.patch(POD, 'default', 'p', { metadata: { uid: 'other' } })).rejects.toMatchObject({ reason: 'Conflict' });
    expect((await store.get(POD, 'default', 'p')).metadata.labels).toEqual({ a: '1' });
  });

  it('delete honours uid and resourceVersion preconditions', async () => {
    const { store } = await openStore();
    const v1 = await store.create(pod('p'));
    const v2 = await store.patch(POD, 'default', 'p', { metadata: { labels: { a: '1' } } });
    await expect(store.delete(POD, 'default', 'p', { preconditions: { uid: 'not-the-uid' } })).rejects.toMatchObject({ reason: 'Conflict' });
    await expect(store.delete(POD, 'default', 'p', { preconditions: { resourceVersion: v1.metadata.resourceVersion } })).rejects.toMatchObject({ reason: 'Conflict' });
    expect(store.size()).toBe(2);
    const deleted = await store.delete(POD, 'default', 'p', { preconditions: { uid: v1.metadata.uid, resourceVersion: v2.metadata.resourceVersion } });
    expect(deleted.metadata.uid).toBe(v1.metadata.uid);
    await expect(store.get(POD, 'default', 'p')).rejects.toMatchObject({ reason: 'NotFound' });
  });

  it('judges concurrent writes in order: exactly one of two racing updates from the same version wins', async () => {
    const { store, persistence } = await openStore();
    const v1 = await store.create(pod('p'));
    const commitsBefore = persistence.commits;
    const results = await Promise.allSettled([
      store.update({ ...v1, metadata: { ...v1.metadata, labels: { writer: 'a' } } }),
      store.update({ ...v1, metadata: { ...v1.metadata, labels: { writer: 'b' } } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ reason: 'Conflict' });
    expect(persistence.commits - commitsBefore).toBe(1);
    expect((await store.get(POD, 'default', 'p')).metadata.labels).toEqual({ writer: 'a' });
  });

  it('a failing write in a batch fails only itself', async () => {
    const { store } = await openStore();
    const watch = await record(store, POD);
    const results = await Promise.allSettled([store.create(pod('a')), store.create(pod('a')), store.create(pod('b'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await settle();
    expect(watch.lines()).toEqual(['ADDED a@2', 'ADDED b@3']);
  });
});
