import { describe, it, expect } from '@jest/globals';
import type { Node, Pod } from '@coxswain/kruise-api';
import { simulatedNodes } from '../../src/embedded/sim/nodes.js';
import { condition, makePod, NODE, POD, startSimCluster, withSimCluster } from './sim-fixtures.js';

describe('Scheduler', () => {
  it('spreads 9 pods of one owner over 3x3 nodes: 3 per zone, 1 per node', async () => {
    await withSimCluster({ kubelet: false }, async (cluster) => {
      for (let i = 0; i < 9; i++) await cluster.store.create(makePod(`web-${i}`, { ownerUid: 'cloneset-web' }));
      await cluster.advance();
      const pods = (await cluster.store.list<Pod>(POD)).items;
      const nodes = pods.map((p) => p.spec.nodeName);
      expect(new Set(nodes).size).toBe(9);
      const zones = new Map<string, number>();
      for (const node of nodes) zones.set(node!.slice(0, 5), (zones.get(node!.slice(0, 5)) ?? 0) + 1);
      expect([...zones.values()]).toEqual([3, 3, 3]);
      for (const pod of pods) expect(condition(pod, 'PodScheduled')).toMatchObject({ status: 'True' });
    });
  });

  it('decides on assumed bindings without waiting for each write: 90 pods at once, 10 per node, binds in flight together', async () => {
    await withSimCluster({ kubelet: false }, async (cluster) => {
      await Promise.all(Array.from({ length: 90 }, (_, i) => cluster.store.create(makePod(`web-${i}`, { ownerUid: 'u' }))));
      await cluster.advance();
      const perNode = new Map<string, number>();
      for (const pod of (await cluster.store.list<Pod>(POD)).items) perNode.set(pod.spec.nodeName!, (perNode.get(pod.spec.nodeName!) ?? 0) + 1);
      expect([...perNode.values()]).toEqual(Array(9).fill(10));
      expect(cluster.client.maxInFlight).toBeGreaterThanOrEqual(50);
    });
  });

  it('spreads across zones first: pods arriving one by one alternate zones', async () => {
    await withSimCluster({ kubelet: false }, async (cluster) => {
      const placed: string[] = [];
      for (let i = 0; i < 4; i++) {
        await cluster.store.create(makePod(`web-${i}`, { ownerUid: 'u' }));
        await cluster.advance();
        placed.push((await cluster.pod(`web-${i}`)).spec.nodeName!);
      }
      expect(placed).toEqual(['sim-a-1', 'sim-b-1', 'sim-c-1', 'sim-a-2']);
    });
  });

  it('binds with spec.nodeName, keeping the rest of the pod, with one spec and at most one status write', async () => {
    await withSimCluster({ kubelet: false }, async (cluster) => {
      await cluster.store.create(makePod('solo', { labels: { app: 'solo' } }));
      await cluster.advance();
      const pod = await cluster.pod('solo');
      expect(pod.spec.nodeName).toBe('sim-a-1');
      expect(pod.metadata.labels).toEqual({ app: 'solo' });
      expect(condition(pod, 'PodScheduled')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' });
      expect(cluster.client.writesFor('solo')).toBe(2);
    });
  });

  it('marks a pod that fits nowhere Unschedulable with a kube-scheduler message, and binds it once a node fits', async () => {
    const nodes: Node[] = simulatedNodes().map((n, i) =>
      i < 3 ? { ...n, spec: { ...n.spec, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } } : n,
    );
    await withSimCluster({ nodes, kubelet: false }, async (cluster) => {
      await cluster.store.create(makePod('trainer', { spec: { nodeSelector: { accelerator: 'gpu' } } }));
      await cluster.advance();
      let pod = await cluster.pod('trainer');
      expect(pod.spec.nodeName).toBeUndefined();
      expect(condition(pod, 'PodScheduled')).toMatchObject({
        status: 'False',
        reason: 'Unschedulable',
        message: "0/9 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}, 6 node(s) didn't match Pod's node affinity/selector.",
      });
      const writesWhileWaiting = cluster.client.writesFor('trainer');

      // Unrelated pod churn does not rewrite an unchanged message.
      await cluster.store.create(makePod('other'));
      await cluster.advance(1000);
      expect(cluster.client.writesFor('trainer')).toBe(writesWhileWaiting);

      // Labelling a tolerated-only node is not enough; labelling an untainted node is.
      const target = await cluster.store.get<Node>(NODE, undefined, 'sim-c-3');
      await cluster.store.update<Node>({ ...target, metadata: { ...target.metadata, labels: { ...target.metadata.labels, accelerator: 'gpu' } } });
      await cluster.advance();
      pod = await cluster.pod('trainer');
      expect(pod.spec.nodeName).toBe('sim-c-3');
      expect(condition(pod, 'PodScheduled')).toMatchObject({ status: 'True' });
    });
  });

  it('honours a zone cordoned through the API at once, and schedules there again once it is uncordoned', async () => {
    const cluster = await startSimCluster({ kubelet: false });
    const zoneA = { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'node', operator: 'In' as const, values: ['zone-a'] }] }] } } } };
    const setUnschedulable = async (value: boolean) => {
      for (const name of ['sim-a-1', 'sim-a-2', 'sim-a-3']) {
        const node = await cluster.store.get<Node>(NODE, undefined, name);
        await cluster.store.update<Node>({ ...node, spec: { ...node.spec, unschedulable: value } });
      }
    };
    try {
      await setUnschedulable(true);
      await cluster.store.create(makePod('a-0', { spec: zoneA }));
      await cluster.advance();
      let pod = await cluster.pod('a-0');
      expect(pod.spec.nodeName).toBeUndefined();
      expect(pod.status?.phase).toBe('Pending');
      expect(condition(pod, 'PodScheduled')).toMatchObject({
        status: 'False', reason: 'Unschedulable',
        message: "0/9 nodes are available: 3 node(s) were unschedulable, 6 node(s) didn't match Pod's node affinity/selector.",
      });
      await setUnschedulable(false);
      await cluster.advance();
      pod = await cluster.pod('a-0');
      expect(pod.spec.nodeName).toMatch(/^sim-a-/);
      expect(condition(pod, 'PodScheduled')).toMatchObject({ status: 'True' });
    } finally {
      await cluster.stop();
    }
  });

  it('retries an unschedulable pod when its own spec changes (a toleration is added)', async () => {
    const nodes: Node[] = simulatedNodes({ zones: 1, nodesPerZone: 1 }).map((n) => ({ ...n, spec: { ...n.spec, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } }));
    await withSimCluster({ nodes, kubelet: false }, async (cluster) => {
      await cluster.store.create(makePod('p'));
      await cluster.advance();
      const pending = await cluster.pod('p');
      expect(condition(pending, 'PodScheduled')?.message).toBe('0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.');
      await cluster.store.update<Pod>({ ...pending, spec: { ...pending.spec, tolerations: [{ key: 'dedicated', operator: 'Exists' }] } });
      await cluster.advance();
      expect((await cluster.pod('p')).spec.nodeName).toBe('sim-a-1');
    });
  });

  it('respects capacity and schedules the waiting pod when a slot frees up', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 2, podCapacity: 1 }, kubelet: false }, async (cluster) => {
      for (const name of ['a', 'b', 'c']) await cluster.store.create(makePod(name, { ownerUid: 'u' }));
      await cluster.advance();
      expect((await cluster.pod('a')).spec.nodeName).toBe('sim-a-1');
      expect((await cluster.pod('b')).spec.nodeName).toBe('sim-a-2');
      expect(condition(await cluster.pod('c'), 'PodScheduled')?.message).toBe('0/2 nodes are available: 2 Too many pods.');
      await cluster.store.delete(POD, 'default', 'a', { gracePeriodSeconds: 0 });
      await cluster.advance();
      expect((await cluster.pod('c')).spec.nodeName).toBe('sim-a-1');
    });
  });

  it('skips a NotReady node', async () => {
    await withSimCluster({ kubelet: {} }, async (cluster) => {
      await cluster.kubelet!.setNodeReady('sim-a-1', false);
      await cluster.advance();
      for (let i = 0; i < 9; i++) await cluster.store.create(makePod(`web-${i}`, { ownerUid: 'u' }));
      await cluster.advance();
      const nodes = (await cluster.store.list<Pod>(POD)).items.map((p) => p.spec.nodeName);
      expect(nodes).not.toContain('sim-a-1');
      expect(nodes.filter((n) => n!.startsWith('sim-a'))).toHaveLength(3);
    });
  });

  it('leaves alone pods for another scheduler, pods already bound, and pods being deleted', async () => {
    await withSimCluster({ kubelet: false }, async (cluster) => {
      await cluster.store.create(makePod('custom', { spec: { schedulerName: 'volcano' } }));
      await cluster.store.create(makePod('pinned', { spec: { nodeName: 'sim-c-3' } }));
      await cluster.store.create(makePod('explicit', { spec: { schedulerName: 'default-scheduler' } }));
      await cluster.advance();
      expect((await cluster.pod('custom')).spec.nodeName).toBeUndefined();
      expect((await cluster.pod('custom')).status?.conditions).toBeUndefined();
      expect((await cluster.pod('pinned')).spec.nodeName).toBe('sim-c-3');
      expect(cluster.client.writesFor('pinned')).toBe(0);
      expect((await cluster.pod('explicit')).spec.nodeName).toBeDefined();
    });
  });

  it('sees pods that existed before it started', async () => {
    await withSimCluster({ scheduler: false, kubelet: false }, async (cluster) => {
      await cluster.store.create(makePod('early'));
      const { Scheduler } = await import('../../src/embedded/sim/scheduler.js');
      const scheduler = new Scheduler(cluster.client, cluster.clock);
      await scheduler.start();
      await scheduler.idle();
      expect((await cluster.pod('early')).spec.nodeName).toBe('sim-a-1');
      await scheduler.stop();
    });
  });
});
