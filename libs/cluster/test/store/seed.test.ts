import { describe, it, expect } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { NAMESPACE, NODE, POD, openStore, pod } from './store-fixtures.js';

describe('EmbeddedStore seed', () => {
  it('creates objects keeping their status, namespaces first', async () => {
    const { store } = await openStore();
    const [seededPod, node, ns] = await store.seed([
      { ...pod('web-0', { namespace: 'prod', nodeName: 'node-a' }), status: { phase: 'Running', podIP: '10.0.0.5' } },
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-a' }, status: { allocatable: { cpu: '4' } } },
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { env: 'prod' } } },
    ]);
    expect(seededPod!.status).toEqual({ phase: 'Running', podIP: '10.0.0.5' });
    expect(node!.status).toEqual({ allocatable: { cpu: '4' } });
    expect(Number(ns!.metadata.resourceVersion)).toBeLessThan(Number(seededPod!.metadata.resourceVersion));
    expect((await store.get(NAMESPACE, undefined, 'prod')).metadata.labels).toEqual({ env: 'prod' });
    expect((await store.get(NODE, undefined, 'node-a')).status).toEqual({ allocatable: { cpu: '4' } });
  });

  it('replaces existing objects, keeping uid and bumping generation on spec change only', async () => {
    const { store } = await openStore();
    const original = await store.create(pod('p'));
    const [replaced] = await store.seed([{ ...pod('p', { image: 'nginx:1.26' }), status: { phase: 'Running' } }]);
    expect(replaced!.metadata.uid).toBe(original.metadata.uid);
    expect(replaced!.metadata.generation).toBe(2);
    expect(replaced!.status).toEqual({ phase: 'Running' });
    const [same] = await store.seed([{ ...pod('p', { image: 'nginx:1.26' }), status: { phase: 'Running' } }]);
    expect(same).toEqual(replaced);
  });

  it('keeps given uids so seeded ownerReferences hold', async () => {
    const { store } = await openStore();
    const owner: KubeObject = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'web', uid: 'cs-uid-1' }, spec: { replicas: 1 } };
    const [cs] = await store.seed([owner]);
    expect(cs!.metadata.uid).toBe('cs-uid-1');
  });

  it('is all or nothing', async () => {
    const { store } = await openStore();
    await expect(store.seed([pod('good'), pod('Bad_Name')])).rejects.toMatchObject({ reason: 'Invalid' });
    expect(store.size()).toBe(0);
    expect((await store.list(POD)).items).toEqual([]);
  });
});
