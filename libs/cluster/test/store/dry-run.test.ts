import { describe, it, expect } from '@jest/globals';
import { CLONESET, POD, cloneSet, openStore, pod, record, settle } from './store-fixtures.js';

describe('EmbeddedStore dry run', () => {
  it('validates and computes every write but changes nothing', async () => {
    const { store, persistence } = await openStore();
    const cs = await store.create(cloneSet('web'));
    const watch = await record(store, CLONESET);
    const pods = await record(store, POD);
    const rv = store.currentResourceVersion();
    const commits = persistence.commits;

    const created = await store.create(pod('p', { namespace: 'new-ns' }), { dryRun: true });
    expect(created.metadata.uid).toBeDefined();
    expect(created.metadata.resourceVersion).toBeUndefined();
    await expect(store.create(cloneSet('web'), { dryRun: true })).rejects.toMatchObject({ reason: 'AlreadyExists' });

    const updated = await store.update({ ...cs, spec: { replicas: 9 } }, { dryRun: true });
    expect(updated.metadata.generation).toBe(2);
    expect(updated.metadata.resourceVersion).toBe(cs.metadata.resourceVersion);
    await expect(store.update({ ...cs, metadata: { ...cs.metadata, resourceVersion: '999' } }, { dryRun: true })).rejects.toMatchObject({ reason: 'Conflict' });

    expect((await store.patch(CLONESET, 'default', 'web', { metadata: { labels: { a: 'b' } } }, { dryRun: true })).metadata.labels).toEqual({ a: 'b' });
    expect((await store.updateStatus({ ...cs, status: { replicas: 1 } }, { dryRun: true })).status).toEqual({ replicas: 1 });
    expect((await store.delete(CLONESET, 'default', 'web', { dryRun: true })).metadata.uid).toBe(cs.metadata.uid);

    await settle();
    expect(await store.get(CLONESET, 'default', 'web')).toEqual(cs);
    expect(store.currentResourceVersion()).toBe(rv);
    expect(persistence.commits).toBe(commits);
    expect(store.size()).toBe(2);
    expect(watch.events).toEqual([]);
    expect(pods.events).toEqual([]);
  });
});
