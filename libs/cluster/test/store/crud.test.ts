import { describe, it, expect } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { ApiError } from '../../src/errors.js';
import { CLONESET, CLONESET_V1BETA1, NAMESPACE, NODE, POD, cloneSet, openStore, pod } from './store-fixtures.js';

describe('EmbeddedStore create/get/list', () => {
  it('stamps uid, creationTimestamp, generation 1 and a fresh resourceVersion', async () => {
    const { store } = await openStore();
    const created = await store.create(pod('web-0'));
    expect(created.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(created.metadata.generation).toBe(1);
    // The namespace "default" was created first in the same batch.
    expect(created.metadata.resourceVersion).toBe('2');
    expect(store.currentResourceVersion()).toBe('2');
    const ns = await store.get(NAMESPACE, undefined, 'default');
    expect(ns.metadata.resourceVersion).toBe('1');
    expect(await store.get(POD, 'default', 'web-0')).toEqual(created);
  });

  it('refuses a second create of the same name with AlreadyExists', async () => {
    const { store } = await openStore();
    await store.create(pod('web-0'));
    await expect(store.create(pod('web-0'))).rejects.toMatchObject({ reason: 'AlreadyExists', code: 409 });
  });

  it('generates names from generateName with the injected randomness', async () => {
    const draws = [0, 0.99, 0.5, 0.1, 0.2];
    let i = 0;
    const { store } = await openStore({ random: () => draws[i++ % draws.length]! });
    const created = await store.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'web-' }, spec: {} });
    expect(created.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(created.metadata.name).toBe('web-b9rdh');
  });

  it('draws again when a generated name is taken', async () => {
    const draws = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5];
    let i = 0;
    const { store } = await openStore({ random: () => draws[Math.min(i++, draws.length - 1)]! });
    const first = await store.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'web-' }, spec: {} });
    const second = await store.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'web-' }, spec: {} });
    expect(first.metadata.name).toBe('web-bbbbb');
    expect(second.metadata.name).not.toBe(first.metadata.name);
  });

  it('drops status on create for kinds with a status subresource and keeps it for others', async () => {
    const { store } = await openStore();
    const claim = await store.create({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c' }, spec: {}, status: { phase: 'Bound' } } as KubeObject);
    expect(claim.status).toBeUndefined();
    const event = await store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, status: { note: 'kept' } } as KubeObject);
    expect(event.status).toEqual({ note: 'kept' });
  });

  it('starts a Pod Pending with its QoS class, whatever status was sent, as the apiserver does', async () => {
    const { store } = await openStore();
    const created = await store.create({ ...pod('p'), status: { phase: 'Running' } });
    expect(created.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    const limited = await store.create<KubeObject>({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'g' }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '1', memory: '1Gi' } } }] },
    });
    expect(limited.status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' });
    expect((await store.get(POD, 'default', 'g')).status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' });
  });

  it('defaults the namespace of namespaced kinds and rejects one on cluster-scoped kinds', async () => {
    const { store } = await openStore();
    const created = await store.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: {} });
    expect(created.metadata.namespace).toBe('default');
    const err = await store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', namespace: 'x' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'Invalid' });
    expect((err as ApiError).details.causes?.[0]?.field).toBe('metadata.namespace');
    await expect(store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } })).resolves.toMatchObject({ metadata: { name: 'n1' } });
    await expect(store.get(NODE, 'x', 'n1')).rejects.toMatchObject({ reason: 'BadRequest' });
  });

  it('creates a missing namespace only when allowed', async () => {
    const { store } = await openStore({ autoCreateNamespaces: false });
    await expect(store.create(pod('p', { namespace: 'prod' }))).rejects.toMatchObject({ reason: 'NotFound', message: 'namespaces "prod" not found' });
    await store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } });
    await expect(store.create(pod('p', { namespace: 'prod' }))).resolves.toBeDefined();
  });

  it('refuses new content in a terminating namespace', async () => {
    const { store } = await openStore();
    await store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'old', finalizers: ['example.com/hold'] } });
    await store.delete(NAMESPACE, undefined, 'old');
    await expect(store.create(pod('p', { namespace: 'old' }))).rejects.toMatchObject({ reason: 'Forbidden' });
  });

  it('names the field of invalid metadata', async () => {
    const { store } = await openStore();
    const badName = await store.create(pod('Web_0')).catch((e: unknown) => e as ApiError);
    expect(badName).toMatchObject({ reason: 'Invalid', code: 422 });
    expect((badName as ApiError).details.causes?.map((c) => c.field)).toEqual(['metadata.name']);

    const badLabels = await store.create({ ...pod('p'), metadata: { name: 'p', labels: { app: 7 as unknown as string } } }).catch((e: unknown) => e as ApiError);
    expect((badLabels as ApiError).details.causes).toEqual([{ field: 'metadata.labels[app]', message: 'Invalid value: 7: must be a string' }]);
    expect((badLabels as ApiError).message).toBe('Pod "p" is invalid: metadata.labels[app]: Invalid value: 7: must be a string');

    const badAnnotations = await store.create({ ...pod('p'), metadata: { name: 'p', annotations: { note: { x: 1 } as unknown as string } } }).catch((e: unknown) => e as ApiError);
    expect((badAnnotations as ApiError).details.causes?.map((c) => c.field)).toEqual(['metadata.annotations[note]']);

    const noName = await store.create({ apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: {} }).catch((e: unknown) => e as ApiError);
    expect((noName as ApiError).details.causes?.[0]).toMatchObject({ field: 'metadata.name' });
    expect(store.size()).toBe(0);
  });

  it('refuses a resourceVersion on create', async () => {
    const { store } = await openStore();
    await expect(store.create({ ...pod('p'), metadata: { name: 'p', resourceVersion: '5' } })).rejects.toMatchObject({ reason: 'BadRequest' });
  });

  it('names an unknown apiVersion/kind', async () => {
    const { store } = await openStore();
    await expect(store.create({ apiVersion: 'v1', kind: 'Deployment', metadata: { name: 'd' } })).rejects.toMatchObject({
      reason: 'NotFound',
      message: 'no matches for kind "Deployment" in version "v1"',
    });
    await expect(store.get({ apiVersion: 'apps.kruise.io/v9', kind: 'CloneSet' }, 'default', 'x')).rejects.toThrow('apps.kruise.io/v9');
    await expect(store.list({ apiVersion: 'v2', kind: 'Pod' })).rejects.toMatchObject({ reason: 'NotFound' });
  });

  it('reports NotFound with kind and name', async () => {
    const { store } = await openStore();
    const err = (await store.get(POD, 'default', 'ghost').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ reason: 'NotFound', code: 404, details: { kind: 'Pod', name: 'ghost' } });
  });

  it('addresses one CloneSet through every served version and stores it as written', async () => {
    const { store } = await openStore();
    const created = await store.create(cloneSet('web'));
    const viaBeta = await store.get(CLONESET_V1BETA1, 'default', 'web');
    expect(viaBeta.metadata.uid).toBe(created.metadata.uid);
    expect(viaBeta.apiVersion).toBe('apps.kruise.io/v1alpha1');
    await expect(store.create({ ...cloneSet('web'), apiVersion: 'apps.kruise.io/v1beta1' })).rejects.toMatchObject({ reason: 'AlreadyExists' });
    const updated = await store.update({ ...viaBeta, apiVersion: 'apps.kruise.io/v1beta1' });
    expect(updated.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(updated.metadata.generation).toBe(1);
    expect((await store.list(CLONESET)).items).toHaveLength(1);
  });

  it('lists by namespace and label selector, sorted, with the current resourceVersion', async () => {
    const { store } = await openStore();
    await store.create(pod('b', { namespace: 'team-b', labels: { app: 'web', tier: 'front' } }));
    await store.create(pod('c', { labels: { app: 'web', tier: 'back' } }));
    await store.create(pod('a', { labels: { app: 'db' } }));
    await store.create(pod('a', { namespace: 'team-b', labels: { app: 'web' } }));

    const all = await store.list(POD);
    expect(all.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual(['default/a', 'default/c', 'team-b/a', 'team-b/b']);
    expect(all.resourceVersion).toBe(store.currentResourceVersion());

    expect((await store.list(POD, { namespace: 'default' })).items.map((p) => p.metadata.name)).toEqual(['a', 'c']);
    expect((await store.list(POD, { labelSelector: 'app=web,tier in (front,back)' })).items.map((p) => p.metadata.name)).toEqual(['c', 'b']);
    expect((await store.list(POD, { labelSelector: { matchLabels: { app: 'web' } }, namespace: 'team-b' })).items.map((p) => p.metadata.name)).toEqual(['a', 'b']);
    expect((await store.list(POD, { labelSelector: '!tier' })).items.map((p) => p.metadata.name)).toEqual(['a', 'a']);
    expect((await store.list(POD, { namespace: 'nowhere' })).items).toEqual([]);
  });

  it('rejects an invalid selector with BadRequest', async () => {
    const { store } = await openStore();
    await expect(store.list(POD, { labelSelector: 'app in (' })).rejects.toMatchObject({ reason: 'BadRequest' });
    await expect(store.list(POD, { labelSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } })).rejects.toMatchObject({ reason: 'BadRequest' });
  });

  it('never shares stored objects with callers', async () => {
    const { store } = await openStore();
    const input = pod('p', { labels: { app: 'web' } });
    const created = await store.create(input);
    input.metadata.labels!.app = 'changed-input';
    created.metadata.labels!.app = 'changed-result';
    const listed = await store.list(POD);
    listed.items[0]!.metadata.labels!.app = 'changed-list';
    const got = await store.get(POD, 'default', 'p');
    expect(got.metadata.labels).toEqual({ app: 'web' });
    got.metadata.labels!.app = 'changed-get';
    expect((await store.get(POD, 'default', 'p')).metadata.labels).toEqual({ app: 'web' });
  });
});
