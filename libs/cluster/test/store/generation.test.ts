import { describe, it, expect } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { CLONESET, EVENT, cloneSet, openStore, record, settle } from './store-fixtures.js';

interface CloneSetLike extends KubeObject {
  spec: { replicas: number; [k: string]: unknown };
  status?: { replicas?: number; observedGeneration?: number };
}

describe('EmbeddedStore generation, spec and status', () => {
  it('bumps generation on spec changes only', async () => {
    const { store } = await openStore();
    const created = (await store.create(cloneSet('web', 1))) as CloneSetLike;
    const relabelled = await store.update<CloneSetLike>({ ...created, metadata: { ...created.metadata, labels: { team: 'a' }, annotations: { note: 'x' } } });
    expect(relabelled.metadata.generation).toBe(1);
    expect(Number(relabelled.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
    const scaled = await store.update<CloneSetLike>({ ...relabelled, spec: { ...relabelled.spec, replicas: 3 } });
    expect(scaled.metadata.generation).toBe(2);
    const patched = await store.patch<CloneSetLike>(CLONESET, 'default', 'web', { spec: { replicas: 5 } });
    expect(patched.metadata.generation).toBe(3);
    const relabelPatch = await store.patch<CloneSetLike>(CLONESET, 'default', 'web', { metadata: { labels: { team: 'b' } } });
    expect(relabelPatch.metadata.generation).toBe(3);
    expect(relabelPatch.spec.replicas).toBe(5);
  });

  it('ignores client-set system fields on update', async () => {
    const { store } = await openStore();
    const created = await store.create(cloneSet('web'));
    const updated = await store.update({
      ...created,
      metadata: { ...created.metadata, generation: 42, creationTimestamp: '1999-01-01T00:00:00Z', deletionTimestamp: '2030-01-01T00:00:00Z', labels: { a: 'b' } },
    });
    expect(updated.metadata).toMatchObject({ generation: 1, creationTimestamp: created.metadata.creationTimestamp, labels: { a: 'b' } });
    expect(updated.metadata.deletionTimestamp).toBeUndefined();
  });

  it('a status write never changes spec, metadata or generation', async () => {
    const { store } = await openStore();
    const created = (await store.create(cloneSet('web', 2))) as CloneSetLike;
    const written = await store.updateStatus<CloneSetLike>({
      ...created,
      metadata: { ...created.metadata, labels: { sneaky: 'yes' } },
      spec: { ...created.spec, replicas: 99 },
      status: { replicas: 2, observedGeneration: 1 },
    });
    expect(written.status).toEqual({ replicas: 2, observedGeneration: 1 });
    expect(written.spec.replicas).toBe(2);
    expect(written.metadata.labels).toBeUndefined();
    expect(written.metadata.generation).toBe(1);
    expect(Number(written.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
  });

  it('a spec write never changes status', async () => {
    const { store } = await openStore();
    const created = (await store.create(cloneSet('web', 2))) as CloneSetLike;
    const withStatus = await store.updateStatus<CloneSetLike>({ ...created, status: { replicas: 2 } });
    const updated = await store.update<CloneSetLike>({ ...withStatus, spec: { ...withStatus.spec, replicas: 4 }, status: { replicas: 1000 } });
    expect(updated.status).toEqual({ replicas: 2 });
    const patched = await store.patch<CloneSetLike>(CLONESET, 'default', 'web', { status: { replicas: 7 }, spec: { replicas: 6 } });
    expect(patched.status).toEqual({ replicas: 2 });
    expect(patched.spec.replicas).toBe(6);
  });

  it('refuses a status write for kinds without a status subresource', async () => {
    const { store } = await openStore();
    const created = await store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' } });
    await expect(store.updateStatus({ ...created, status: { x: 1 } })).rejects.toMatchObject({ reason: 'MethodNotAllowed', code: 405 });
    // Without a subresource, status is ordinary content written by update.
    const updated = await store.update({ ...created, status: { x: 1 } });
    expect(updated.status).toEqual({ x: 1 });
    expect((await store.get(EVENT, 'default', 'e')).status).toEqual({ x: 1 });
  });

  it('a write that changes nothing keeps the resourceVersion and emits no event', async () => {
    const { store, persistence } = await openStore();
    const created = (await store.create(cloneSet('web', 2))) as CloneSetLike;
    const watch = await record(store, CLONESET);
    const commits = persistence.commits;
    const rv = store.currentResourceVersion();

    expect(await store.update(created)).toEqual(created);
    expect(await store.patch(CLONESET, 'default', 'web', { spec: { replicas: 2 } })).toEqual(created);
    expect(await store.updateStatus({ ...created })).toEqual(created);
    expect(await store.update({ ...created, metadata: { ...created.metadata, finalizers: [] } })).toEqual(created);
    await settle();
    expect(store.currentResourceVersion()).toBe(rv);
    expect(persistence.commits).toBe(commits);
    expect(watch.events).toEqual([]);
  });
});
