import { describe, it, expect } from '@jest/globals';
import { CLONESET, POD, cloneSet, openStore, pod, record, settle } from './store-fixtures.js';

describe('EmbeddedStore deletion', () => {
  it('removes an object without finalizers at once and returns its last state', async () => {
    const { store } = await openStore();
    const created = await store.create(cloneSet('web'));
    const watch = await record(store, CLONESET);
    const deleted = await store.delete(CLONESET, 'default', 'web');
    expect(deleted.metadata.uid).toBe(created.metadata.uid);
    expect(Number(deleted.metadata.resourceVersion)).toBe(Number(created.metadata.resourceVersion) + 1);
    await expect(store.get(CLONESET, 'default', 'web')).rejects.toMatchObject({ reason: 'NotFound' });
    await settle();
    expect(watch.lines()).toEqual([`DELETED web@${deleted.metadata.resourceVersion}`]);
  });

  it('marks an object with finalizers and removes it when the last finalizer goes', async () => {
    const { store, clock } = await openStore();
    await store.create({ ...cloneSet('web'), metadata: { name: 'web', namespace: 'default', finalizers: ['a.example.com/x', 'b.example.com/y'] } });
    const watch = await record(store, CLONESET);
    await clock.advance(5_000);

    const marked = await store.delete(CLONESET, 'default', 'web');
    expect(marked.metadata.deletionTimestamp).toBe('2026-01-01T00:00:05Z');
    expect(marked.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(marked.metadata.generation).toBe(2);
    expect(await store.get(CLONESET, 'default', 'web')).toEqual(marked);

    // Deleting again changes nothing.
    expect(await store.delete(CLONESET, 'default', 'web')).toEqual(marked);
    // No new finalizers once terminating.
    await expect(store.patch(CLONESET, 'default', 'web', { metadata: { finalizers: ['a.example.com/x', 'b.example.com/y', 'c.example.com/z'] } })).rejects.toMatchObject({ reason: 'Invalid' });
    // Clients cannot clear deletionTimestamp.
    const stillMarked = await store.patch(CLONESET, 'default', 'web', { metadata: { deletionTimestamp: null, finalizers: ['b.example.com/y'] } });
    expect(stillMarked.metadata.deletionTimestamp).toBe('2026-01-01T00:00:05Z');
    expect(stillMarked.metadata.finalizers).toEqual(['b.example.com/y']);

    const gone = await store.update({ ...stillMarked, metadata: { ...stillMarked.metadata, finalizers: [] } });
    expect(gone.metadata.finalizers).toBeUndefined();
    await expect(store.get(CLONESET, 'default', 'web')).rejects.toMatchObject({ reason: 'NotFound' });
    await settle();
    expect(watch.events.map((e) => e.type)).toEqual(['MODIFIED', 'MODIFIED', 'DELETED']);
    expect(watch.events[2]!.object.metadata.resourceVersion).toBe(gone.metadata.resourceVersion);
  });

  it('gives a scheduled pod its grace period and lets the kubelet finish it', async () => {
    const { store, clock } = await openStore();
    await store.create({ ...pod('p', { nodeName: 'node-a' }), spec: { nodeName: 'node-a', terminationGracePeriodSeconds: 45, containers: [] } });
    const watch = await record(store, POD);

    const marked = await store.delete(POD, 'default', 'p');
    expect(marked.metadata.deletionTimestamp).toBe('2026-01-01T00:00:45Z');
    expect(marked.metadata.deletionGracePeriodSeconds).toBe(45);
    expect(store.size()).toBe(2);

    // A later delete without a shorter grace period is a no-op.
    expect(await store.delete(POD, 'default', 'p')).toEqual(marked);
    expect(await store.delete(POD, 'default', 'p', { gracePeriodSeconds: 60 })).toEqual(marked);

    await clock.advance(10_000);
    const removed = await store.delete(POD, 'default', 'p', { gracePeriodSeconds: 0 });
    expect(removed.metadata.deletionGracePeriodSeconds).toBe(0);
    await expect(store.get(POD, 'default', 'p')).rejects.toMatchObject({ reason: 'NotFound' });
    await settle();
    expect(watch.events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
  });

  it('uses the requested grace period, then the default of 30 seconds', async () => {
    const { store } = await openStore();
    await store.create(pod('a', { nodeName: 'n' }));
    await store.create(pod('b', { nodeName: 'n' }));
    expect((await store.delete(POD, 'default', 'a', { gracePeriodSeconds: 5 })).metadata.deletionGracePeriodSeconds).toBe(5);
    expect((await store.delete(POD, 'default', 'b')).metadata.deletionTimestamp).toBe('2026-01-01T00:00:30Z');
  });

  it('shortens a pending grace period but keeps the pod for its finalizers', async () => {
    const { store } = await openStore();
    await store.create(pod('p', { nodeName: 'n', finalizers: ['hooks.example.com/pre-delete'] }));
    await store.delete(POD, 'default', 'p');
    const shortened = await store.delete(POD, 'default', 'p', { gracePeriodSeconds: 0 });
    expect(shortened.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(shortened.metadata.deletionTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(store.size()).toBe(2);
    await store.patch(POD, 'default', 'p', { metadata: { finalizers: null } });
    expect(store.size()).toBe(1);
  });

  it('waits for the grace period even when finalizers are removed first', async () => {
    const { store } = await openStore();
    await store.create(pod('p', { nodeName: 'n', finalizers: ['hooks.example.com/pre-delete'] }));
    await store.delete(POD, 'default', 'p');
    const released = await store.patch(POD, 'default', 'p', { metadata: { finalizers: null } });
    expect(released.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(store.size()).toBe(2);
    await store.delete(POD, 'default', 'p', { gracePeriodSeconds: 0 });
    expect(store.size()).toBe(1);
  });

  it('deletes unscheduled and finished pods at once, and any pod with grace 0', async () => {
    const { store } = await openStore();
    await store.create(pod('unscheduled'));
    const finished = await store.create(pod('finished', { nodeName: 'n' }));
    await store.updateStatus({ ...finished, status: { phase: 'Succeeded' } });
    await store.create(pod('forced', { nodeName: 'n' }));
    await store.delete(POD, 'default', 'unscheduled');
    await store.delete(POD, 'default', 'finished');
    await store.delete(POD, 'default', 'forced', { gracePeriodSeconds: 0 });
    expect((await store.list(POD)).items).toEqual([]);
  });

  it('rejects nonsense delete options', async () => {
    const { store } = await openStore();
    await store.create(pod('p'));
    await expect(store.delete(POD, 'default', 'p', { gracePeriodSeconds: -1 })).rejects.toMatchObject({ reason: 'BadRequest' });
    await expect(store.delete(POD, 'default', 'ghost')).rejects.toMatchObject({ reason: 'NotFound' });
  });
});
