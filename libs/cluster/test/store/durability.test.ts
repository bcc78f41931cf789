import { describe, it, expect } from '@jest/globals';
import { CLONESET, NAMESPACE, NODE, POD, FlakyPersistence, cloneSet, openStore, pod, record, settle } from './store-fixtures.js';

async function everything(store: Awaited<ReturnType<typeof openStore>>['store']) {
  const [namespaces, nodes, pods, clonesets] = await Promise.all([store.list(NAMESPACE), store.list(NODE), store.list(POD), store.list(CLONESET)]);
  return { namespaces: namespaces.items, nodes: nodes.items, pods: pods.items, clonesets: clonesets.items };
}

describe('EmbeddedStore durability', () => {
  it('reopens over the same persistence with identical objects and a counter that keeps climbing', async () => {
    const first = await openStore();
    const cs = await first.store.create(cloneSet('web', 2));
    await first.store.create(pod('web-0', { owners: [cs], labels: { app: 'web' }, finalizers: ['hooks.example.com/pre-delete'] }));
    await first.store.create(pod('web-1', { owners: [cs], namespace: 'prod' }));
    await first.store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-a', labels: { zone: 'a' } } });
    await first.store.updateStatus({ ...cs, status: { replicas: 2 } });
    await first.store.delete(POD, 'default', 'web-0');
    await first.store.delete(POD, 'prod', 'web-1');
    await first.store.gcIdle();
    const before = await everything(first.store);
    const rvBefore = first.store.currentResourceVersion();
    const sizeBefore = first.store.size();
    await first.store.close();

    const second = await openStore({ persistence: first.persistence, clock: first.clock });
    expect(await everything(second.store)).toEqual(before);
    expect(second.store.currentResourceVersion()).toBe(rvBefore);
    expect(second.store.size()).toBe(sizeBefore);

    const next = await second.store.create(pod('web-2'));
    expect(Number(next.metadata.resourceVersion)).toBe(Number(rvBefore) + 1);
    // The pending deletion survived, and finishing it still works.
    const marked = await second.store.get(POD, 'default', 'web-0');
    expect(marked.metadata.deletionTimestamp).toBe('2026-01-01T00:00:00Z');
    await second.store.patch(POD, 'default', 'web-0', { metadata: { finalizers: null } });
    await expect(second.store.get(POD, 'default', 'web-0')).rejects.toMatchObject({ reason: 'NotFound' });
  });

  it('a deletion consumes a resourceVersion that survives a restart', async () => {
    const first = await openStore();
    await first.store.create(pod('a'));
    await first.store.delete(POD, 'default', 'a');
    expect(first.store.currentResourceVersion()).toBe('3');
    await first.store.close();
    const second = await openStore({ persistence: first.persistence });
    expect(second.store.currentResourceVersion()).toBe('3');
  });

  it('a failed commit rejects the write, changes nothing in memory and emits nothing', async () => {
    const persistence = new FlakyPersistence();
    const { store } = await openStore({ persistence });
    const existing = await store.create(pod('a'));
    const watch = await record(store, POD);
    const rv = store.currentResourceVersion();

    persistence.failing = true;
    const pending = Promise.allSettled([
      store.create(pod('b')),
      store.patch(POD, 'default', 'a', { metadata: { labels: { x: 'y' } } }),
      store.create(pod('a')),
    ]);
    const results = await pending;
    persistence.failing = false;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ reason: 'InternalError', code: 500, message: expect.stringContaining('disk full') });
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ reason: 'AlreadyExists' });
    await settle();
    expect(watch.events).toEqual([]);
    expect(store.currentResourceVersion()).toBe(rv);
    expect(await store.get(POD, 'default', 'a')).toEqual(existing);
    expect(store.size()).toBe(2);
    expect((await persistence.load()).objects).toHaveLength(2);
    // The batch, then each of its two good writes alone.
    expect(persistence.batchSizes.slice(-3)).toEqual([2, 1, 1]);

    // The store carries on after the failure; the counter continues without a gap.
    const b = await store.create(pod('b'));
    expect(b.metadata.resourceVersion).toBe(String(Number(rv) + 1));
  });
});
