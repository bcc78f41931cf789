import { describe, it, expect } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { CLONESET, POD, UNITED, cloneSet, openStore, ownerRef, pod, record, unitedDeployment } from './store-fixtures.js';

describe('EmbeddedStore garbage collection', () => {
  it('cascades through two levels of owners', async () => {
    const { store } = await openStore();
    const ud = await store.create(unitedDeployment('ud'));
    const csA = await store.create(cloneSet('ud-a', 2, ud));
    const csB = await store.create(cloneSet('ud-b', 1, ud));
    for (const [cs, n] of [[csA, 2], [csB, 1]] as Array<[KubeObject, number]>) {
      for (let i = 0; i < n; i++) await store.create(pod(`${cs.metadata.name}-${i}`, { owners: [cs] }));
    }
    const unrelated = await store.create(pod('unrelated'));
    const pods = await record(store, POD);

    await store.delete(UNITED, 'default', 'ud');
    await store.gcIdle();

    expect((await store.list(CLONESET)).items).toEqual([]);
    expect((await store.list(POD)).items.map((p) => p.metadata.name)).toEqual([unrelated.metadata.name]);
    expect(pods.events.map((e) => `${e.type} ${e.object.metadata.name}`).sort()).toEqual(['DELETED ud-a-0', 'DELETED ud-a-1', 'DELETED ud-b-0']);
  });

  it('deletes dependents through the normal delete: scheduled pods get their grace period, finalizers hold', async () => {
    const { store } = await openStore();
    const cs = await store.create(cloneSet('web'));
    await store.create(pod('scheduled', { owners: [cs], nodeName: 'node-a' }));
    await store.create(pod('held', { owners: [cs], finalizers: ['hooks.example.com/pre-delete'] }));
    await store.delete(CLONESET, 'default', 'web');
    await store.gcIdle();
    const remaining = (await store.list(POD)).items;
    expect(remaining.map((p) => [p.metadata.name, p.metadata.deletionGracePeriodSeconds])).toEqual([
      ['held', 0],
      ['scheduled', 30],
    ]);
    expect(remaining.every((p) => p.metadata.deletionTimestamp)).toBe(true);
  });

  it('keeps a dependent that still has a live owner and drops the dangling reference', async () => {
    const { store } = await openStore();
    const a = await store.create(cloneSet('a'));
    const b = await store.create(cloneSet('b'));
    await store.create({ ...pod('shared'), metadata: { name: 'shared', namespace: 'default', ownerReferences: [ownerRef(a), { ...ownerRef(b), controller: false }] } });
    await store.delete(CLONESET, 'default', 'a');
    await store.gcIdle();
    const shared = await store.get(POD, 'default', 'shared');
    expect(shared.metadata.ownerReferences?.map((r) => r.name)).toEqual(['b']);
    expect(shared.metadata.deletionTimestamp).toBeUndefined();
  });

  it('collects after the owner finally goes, not when it is only marked', async () => {
    const { store } = await openStore();
    const cs = await store.create({ ...cloneSet('web'), metadata: { name: 'web', namespace: 'default', finalizers: ['example.com/hold'] } });
    await store.create(pod('web-0', { owners: [cs] }));
    await store.delete(CLONESET, 'default', 'web');
    await store.gcIdle();
    expect(store.size()).toBe(3);
    await store.patch(CLONESET, 'default', 'web', { metadata: { finalizers: null } });
    await store.gcIdle();
    expect((await store.list(POD)).items).toEqual([]);
  });

  it('orphans dependents with propagationPolicy Orphan', async () => {
    const { store } = await openStore();
    const cs = await store.create(cloneSet('web'));
    await store.create(pod('web-0', { owners: [cs] }));
    await store.create(pod('web-1', { owners: [cs] }));
    const marked = await store.delete(CLONESET, 'default', 'web', { propagationPolicy: 'Orphan' });
    expect(marked.metadata.finalizers).toEqual(['orphan']);
    await store.gcIdle();
    await expect(store.get(CLONESET, 'default', 'web')).rejects.toMatchObject({ reason: 'NotFound' });
    const pods = (await store.list(POD)).items;
    expect(pods.map((p) => p.metadata.name)).toEqual(['web-0', 'web-1']);
    expect(pods.every((p) => p.metadata.ownerReferences === undefined && p.metadata.deletionTimestamp === undefined)).toBe(true);
  });

  it('runs in the background: the delete resolves before dependents are collected', async () => {
    const { store } = await openStore();
    const cs = await store.create(cloneSet('web'));
    await store.create(pod('web-0', { owners: [cs] }));
    await store.delete(CLONESET, 'default', 'web');
    expect(store.size()).toBe(2);
    await store.gcIdle();
    expect(store.size()).toBe(1);
  });

  it('finishes collection left over from before a restart', async () => {
    const first = await openStore();
    const cs = await first.store.create(cloneSet('web'));
    await first.store.create(pod('web-0', { owners: [cs] }));
    await first.store.close();
    // Simulate a crash between the owner's removal and its collection.
    await first.persistence.commit([{ type: 'delete', key: 'CloneSet.apps.kruise.io/default/web', object: cs }], Number(first.store.currentResourceVersion()) + 1, first.clock.now());

    const second = await openStore({ persistence: first.persistence });
    await second.store.gcIdle();
    expect((await second.store.list(POD)).items).toEqual([]);
  });
});
