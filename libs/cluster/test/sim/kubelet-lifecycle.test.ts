import { describe, it, expect } from '@jest/globals';
import type { Node, Pod } from '@coxswain/kruise-api';
import { createHash } from 'node:crypto';
import { at, condition, containerStatus, makePod, NODE, POD, withSimCluster } from './sim-fixtures.js';

const IMAGE = 'registry.example/web:v1';

describe('KubeletSimulator: starting pods', () => {
  it('takes a bound pod from Pending/ContainerCreating to Running and Ready after pull + start', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('web-0'));
      await cluster.advance();
      let pod = await cluster.pod('web-0');
      expect(pod.status?.phase).toBe('Pending');
      expect(containerStatus(pod, 'app')).toMatchObject({ ready: false, started: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } });
      expect(pod.status).toMatchObject({ hostIP: '172.18.0.2', podIP: '10.244.0.2', startTime: at(0) });
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady' });

      await cluster.advance(2499);
      expect((await cluster.pod('web-0')).status?.phase).toBe('Pending');

      await cluster.advance(1);
      pod = await cluster.pod('web-0');
      expect(pod.status?.phase).toBe('Running');
      const digest = createHash('sha256').update(IMAGE).digest('hex');
      expect(containerStatus(pod, 'app')).toMatchObject({
        name: 'app',
        image: IMAGE,
        imageID: `docker-pullable://${IMAGE}@sha256:${digest}`,
        containerID: expect.stringMatching(/^containerd:\/\/[0-9a-f]{64}$/),
        ready: true,
        started: true,
        restartCount: 0,
        state: { running: { startedAt: at(2500) } },
      });
      for (const type of ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready']) {
        expect(condition(pod, type)).toMatchObject({ status: 'True' });
      }
      expect(condition(pod, 'Ready')?.lastTransitionTime).toBe(at(2500));
      expect(condition(pod, 'Initialized')?.lastTransitionTime).toBe(at(0));
      // bind + PodScheduled + Pending + Running/Ready; the kubelet may fold PodScheduled into its first write.
      expect(cluster.client.writesFor('web-0')).toBeLessThanOrEqual(4);
    });
  });

  it('pulls an image once per node: the second pod with the same image starts without a pull', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('first'));
      await cluster.advance(2500);
      expect((await cluster.pod('first')).status?.phase).toBe('Running');

      await cluster.store.create(makePod('second'));
      await cluster.advance(499);
      expect((await cluster.pod('second')).status?.phase).toBe('Pending');
      await cluster.advance(1);
      expect((await cluster.pod('second')).status?.phase).toBe('Running');

      const node = await cluster.store.get<Node>(NODE, undefined, 'sim-a-1');
      expect(node.status?.images?.flatMap((i) => i.names)).toContain(IMAGE);
    });
  });

  it('shares one pull between pods that need the same image on the same node at the same time', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('early'));
      await cluster.advance(1000);
      await cluster.store.create(makePod('late'));
      await cluster.advance(1500);
      // Both ride the pull that started at 0 and finished at 2000.
      expect((await cluster.pod('early')).status?.phase).toBe('Running');
      expect((await cluster.pod('late')).status?.phase).toBe('Running');
    });
  });

  it('pulls again on another node: the image cache is per node', async () => {
    await withSimCluster({ nodes: { zones: 2, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('a', { ownerUid: 'u' }));
      await cluster.advance(2500);
      await cluster.store.create(makePod('b', { ownerUid: 'u' }));
      await cluster.advance(500);
      const b = await cluster.pod('b');
      expect(b.spec.nodeName).toBe('sim-b-1');
      expect(b.status?.phase).toBe('Pending');
      await cluster.advance(2000);
      expect((await cluster.pod('b')).status?.phase).toBe('Running');
    });
  });

  it('gives pods on a node distinct IPs from its pod CIDR and the node address as hostIP', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 2 } }, async (cluster) => {
      for (let i = 0; i < 6; i++) await cluster.store.create(makePod(`p-${i}`, { ownerUid: 'u' }));
      await cluster.advance(2500);
      const pods = (await cluster.store.list<Pod>(POD)).items;
      const ips = pods.map((p) => p.status?.podIP);
      expect(new Set(ips).size).toBe(6);
      for (const pod of pods) {
        const index = pod.spec.nodeName === 'sim-a-1' ? 0 : 1;
        expect(pod.status?.podIP).toMatch(new RegExp(`^10\\.244\\.${index}\\.\\d+$`));
        expect(pod.status?.hostIP).toBe(`172.18.0.${2 + index}`);
        expect(pod.status?.podIPs).toEqual([{ ip: pod.status?.podIP }]);
      }
    });
  });
});

describe('KubeletSimulator: readiness', () => {
  it('holds Ready False until every readiness gate condition is True, keeping conditions written by others', async () => {
    const gate = 'apps.kruise.io/example-gate';
    await withSimCluster({}, async (cluster) => {
      await cluster.store.create(makePod('gated', { spec: { readinessGates: [{ conditionType: gate }] } }));
      await cluster.advance(2500);
      let pod = await cluster.pod('gated');
      expect(pod.status?.phase).toBe('Running');
      expect(condition(pod, 'ContainersReady')).toMatchObject({ status: 'True' });
      expect(condition(pod, 'Ready')).toMatchObject({
        status: 'False',
        reason: 'ReadinessGatesNotReady',
        message: `corresponding condition of pod readiness gate "${gate}" does not exist.`,
      });

      // Another writer sets the gate condition.
      await cluster.store.updateStatus<Pod>({
        ...pod,
        status: { ...pod.status, conditions: [...(pod.status?.conditions ?? []), { type: gate, status: 'True', lastTransitionTime: at(2500) }] },
      });
      await cluster.advance();
      pod = await cluster.pod('gated');
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: at(2500) });
      expect(condition(pod, gate)).toMatchObject({ status: 'True' });

      // And takes it back.
      await cluster.advance(1000);
      await cluster.store.updateStatus<Pod>({
        ...pod,
        status: { ...pod.status, conditions: pod.status!.conditions!.map((c) => (c.type === gate ? { ...c, status: 'False' as const } : c)) },
      });
      await cluster.advance();
      pod = await cluster.pod('gated');
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'False', reason: 'ReadinessGatesNotReady', lastTransitionTime: at(3500) });
      expect(condition(pod, gate)).toMatchObject({ status: 'False' });
    });
  });

  it('runs but never readies containers of a pod annotated sim.coxswain.io/never-ready', async () => {
    await withSimCluster({}, async (cluster) => {
      await cluster.store.create(makePod('stuck', { annotations: { 'sim.coxswain.io/never-ready': 'true' } }));
      await cluster.advance(60_000);
      const pod = await cluster.pod('stuck');
      expect(pod.status?.phase).toBe('Running');
      expect(containerStatus(pod, 'app')).toMatchObject({ ready: false, started: true, state: { running: {} } });
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
    });
  });

  it('reports ErrImagePull, then ImagePullBackOff, for images matching failImagePattern', async () => {
    await withSimCluster({ kubelet: { failImagePattern: /:broken$/ } }, async (cluster) => {
      await cluster.store.create(makePod('bad', { image: 'registry.example/web:broken' }));
      await cluster.store.create(makePod('good', { labels: { app: 'good' } }));
      await cluster.advance(2000);
      let bad = await cluster.pod('bad');
      expect(bad.status?.phase).toBe('Pending');
      expect(containerStatus(bad, 'app')?.state?.waiting).toMatchObject({
        reason: 'ErrImagePull',
        message: expect.stringContaining('Failed to pull image "registry.example/web:broken"'),
      });
      await cluster.advance(10_000);
      bad = await cluster.pod('bad');
      expect(containerStatus(bad, 'app')?.state?.waiting).toEqual({ reason: 'ImagePullBackOff', message: 'Back-off pulling image "registry.example/web:broken"' });
      expect(condition(bad, 'Ready')).toMatchObject({ status: 'False' });
      expect((await cluster.pod('good')).status?.phase).toBe('Running');

      // Fixing the image recovers the pod.
      await cluster.store.update<Pod>({ ...bad, spec: { ...bad.spec, containers: [{ name: 'app', image: 'registry.example/web:v2' }] } });
      await cluster.advance(2500);
      bad = await cluster.pod('bad');
      expect(bad.status?.phase).toBe('Running');
      expect(containerStatus(bad, 'app')).toMatchObject({ image: 'registry.example/web:v2', ready: true });
    });
  });
});
