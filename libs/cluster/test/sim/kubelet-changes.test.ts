import { describe, it, expect } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { KubeletSimulator } from '../../src/embedded/sim/kubelet.js';
import { at, condition, containerStatus, makePod, POD, withSimCluster } from './sim-fixtures.js';

const TWO_CONTAINERS = [
  { name: 'app', image: 'registry.example/web:v1' },
  { name: 'sidecar', image: 'registry.example/proxy:s1' },
];

function withImage(pod: Pod, container: string, image: string): Pod {
  return { ...pod, spec: { ...pod.spec, containers: pod.spec.containers.map((c) => (c.name === container ? { ...c, image } : c)) } };
}

describe('KubeletSimulator: in-place image change', () => {
  it('restarts only the changed container, keeping the pod, its IP and node', async () => {
    await withSimCluster({}, async (cluster) => {
      await cluster.store.create(makePod('web-0', { containers: TWO_CONTAINERS }));
      await cluster.advance(2500);
      const before = await cluster.pod('web-0');
      expect(condition(before, 'Ready')).toMatchObject({ status: 'True' });
      const appBefore = containerStatus(before, 'app')!;
      const sidecarBefore = containerStatus(before, 'sidecar')!;

      await cluster.advance(10_000);
      await cluster.store.update<Pod>(withImage(before, 'app', 'registry.example/web:v2'));
      await cluster.advance();
      const restarting = await cluster.pod('web-0');
      expect(condition(restarting, 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
      expect(restarting.status?.phase).toBe('Running');
      // Until the new image runs, the status still names the old one.
      expect(containerStatus(restarting, 'app')).toMatchObject({
        image: 'registry.example/web:v1',
        imageID: appBefore.imageID,
        restartCount: 0,
        ready: false,
        state: { waiting: { reason: 'ContainerCreating' } },
        lastState: { terminated: { exitCode: 0, finishedAt: at(12_500), containerID: appBefore.containerID } },
      });
      expect(containerStatus(restarting, 'sidecar')).toEqual(sidecarBefore);

      await cluster.advance(2499);
      expect(containerStatus(await cluster.pod('web-0'), 'app')?.ready).toBe(false);
      await cluster.advance(1);
      const after = await cluster.pod('web-0');
      expect(after.metadata.uid).toBe(before.metadata.uid);
      expect(after.metadata.name).toBe('web-0');
      expect(after.spec.nodeName).toBe(before.spec.nodeName);
      expect(after.status?.podIP).toBe(before.status?.podIP);
      const appAfter = containerStatus(after, 'app')!;
      expect(appAfter).toMatchObject({ image: 'registry.example/web:v2', restartCount: 1, ready: true, state: { running: { startedAt: at(15_000) } } });
      expect(appAfter.imageID).not.toBe(appBefore.imageID);
      expect(appAfter.imageID).toMatch(/^docker-pullable:\/\/registry\.example\/web:v2@sha256:[0-9a-f]{64}$/);
      expect(appAfter.containerID).not.toBe(appBefore.containerID);
      expect(containerStatus(after, 'sidecar')).toEqual(sidecarBefore);
      expect(condition(after, 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: at(15_000) });
    });
  });

  it('skips the pull when the new image is already on the node, and writes once per visible step', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('warm', { image: 'registry.example/web:v2', labels: { app: 'warm' } }));
      await cluster.store.create(makePod('web-0'));
      await cluster.advance(2500);
      const pod = await cluster.pod('web-0');
      const writesBefore = cluster.client.writesFor('web-0');
      await cluster.store.update<Pod>(withImage(pod, 'app', 'registry.example/web:v2'));
      await cluster.advance(499);
      expect(containerStatus(await cluster.pod('web-0'), 'app')?.ready).toBe(false);
      await cluster.advance(1);
      expect(containerStatus(await cluster.pod('web-0'), 'app')).toMatchObject({ image: 'registry.example/web:v2', restartCount: 1, ready: true });
      // (The spec update went to the store directly.) One status write for the kill, one for the new container.
      expect(cluster.client.writesFor('web-0') - writesBefore).toBe(2);
    });
  });
});

describe('KubeletSimulator: graceful termination', () => {
  it('stops the containers after terminationMs and then deletes the pod', async () => {
    await withSimCluster({}, async (cluster) => {
      await cluster.store.create(makePod('web-0'));
      await cluster.advance(2500);
      await cluster.store.delete(POD, 'default', 'web-0');
      await cluster.advance(999);
      expect((await cluster.pod('web-0')).metadata.deletionTimestamp).toBeDefined();
      await cluster.advance(1);
      await expect(cluster.pod('web-0')).rejects.toMatchObject({ reason: 'NotFound' });
    });
  });

  it('caps the termination time at the pod grace period', async () => {
    await withSimCluster({ kubelet: { terminationMs: 60_000 } }, async (cluster) => {
      await cluster.store.create(makePod('web-0', { spec: { terminationGracePeriodSeconds: 2 } }));
      await cluster.advance(2500);
      await cluster.store.delete(POD, 'default', 'web-0');
      await cluster.advance(1999);
      await expect(cluster.pod('web-0')).resolves.toBeDefined();
      await cluster.advance(1);
      await expect(cluster.pod('web-0')).rejects.toMatchObject({ reason: 'NotFound' });
    });
  });

  it('shows stopped containers on a pod that finalizers still hold', async () => {
    await withSimCluster({}, async (cluster) => {
      await cluster.store.create(makePod('held', { finalizers: ['example.com/deregister'] }));
      await cluster.advance(2500);
      await cluster.store.delete(POD, 'default', 'held');
      await cluster.advance(1000);
      const pod = await cluster.pod('held');
      expect(pod.metadata.deletionGracePeriodSeconds).toBe(0);
      expect(containerStatus(pod, 'app')).toMatchObject({ ready: false, state: { terminated: { exitCode: 0, reason: 'Completed', finishedAt: at(3500) } } });
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'False' });

      await cluster.store.update<Pod>({ ...pod, metadata: { ...pod.metadata, finalizers: [] } });
      await cluster.advance();
      await expect(cluster.pod('held')).rejects.toMatchObject({ reason: 'NotFound' });
    });
  });

  it('releases the pod IP: a replacement pod gets a fresh address', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('a'));
      await cluster.advance(2500);
      const ip = (await cluster.pod('a')).status?.podIP;
      await cluster.store.delete(POD, 'default', 'a');
      await cluster.advance(1000);
      await cluster.store.create(makePod('a'));
      await cluster.advance(500);
      const replacement = await cluster.pod('a');
      expect(replacement.status?.phase).toBe('Running');
      expect(replacement.status?.podIP).toMatch(/^10\.244\.0\.\d+$/);
      expect(replacement.status?.podIP).not.toBe(ip);
    });
  });
});

describe('KubeletSimulator: frozen mode', () => {
  it('makes no progress while frozen and catches up on unfreeze', async () => {
    await withSimCluster({ kubelet: { frozen: true } }, async (cluster) => {
      await cluster.store.create(makePod('web-0'));
      await cluster.advance(30_000);
      let pod = await cluster.pod('web-0');
      expect(pod.spec.nodeName).toBeDefined();
      expect(pod.status?.containerStatuses).toBeUndefined();
      expect(cluster.kubelet!.frozen).toBe(true);

      cluster.kubelet!.unfreeze();
      await cluster.advance(2500);
      pod = await cluster.pod('web-0');
      expect(pod.status?.phase).toBe('Running');
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'True' });
    });
  });

  it('holds work that falls due while frozen, and does it at once on unfreeze', async () => {
    await withSimCluster({}, async (cluster) => {
      await cluster.store.create(makePod('web-0'));
      await cluster.advance(1000);
      cluster.kubelet!.freeze();
      await cluster.advance(10_000);
      expect((await cluster.pod('web-0')).status?.phase).toBe('Pending');
      await cluster.store.delete(POD, 'default', 'web-0');
      await cluster.advance(5000);
      expect((await cluster.pod('web-0')).metadata.deletionTimestamp).toBeDefined();

      cluster.kubelet!.unfreeze();
      await cluster.advance(1000);
      await expect(cluster.pod('web-0')).rejects.toMatchObject({ reason: 'NotFound' });
    });
  });
});

describe('KubeletSimulator: node outage', () => {
  it('marks the pods of a NotReady node not Ready and restores them when it recovers', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 2 } }, async (cluster) => {
      await cluster.store.create(makePod('a', { ownerUid: 'u' }));
      await cluster.store.create(makePod('b', { ownerUid: 'u' }));
      await cluster.advance(2500);
      expect((await cluster.pod('a')).spec.nodeName).toBe('sim-a-1');

      await cluster.kubelet!.setNodeReady('sim-a-1', false);
      await cluster.advance(1000);
      expect(condition(await cluster.pod('a'), 'Ready')).toMatchObject({ status: 'False', reason: 'NodeNotReady', lastTransitionTime: at(2500) });
      expect(condition(await cluster.pod('b'), 'Ready')).toMatchObject({ status: 'True' });

      await cluster.kubelet!.setNodeReady('sim-a-1', true);
      await cluster.advance(1000);
      expect(condition(await cluster.pod('a'), 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: at(3500) });
    });
  });

  it('makes no progress on a node that is down', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('a'));
      await cluster.advance(1000);
      await cluster.kubelet!.setNodeReady('sim-a-1', false);
      await cluster.advance(10_000);
      expect((await cluster.pod('a')).status?.phase).toBe('Pending');
      await cluster.kubelet!.setNodeReady('sim-a-1', true);
      await cluster.advance(500);
      expect((await cluster.pod('a')).status?.phase).toBe('Running');
    });
  });
});

describe('KubeletSimulator: restart', () => {
  it('adopts running pods without rewriting them and remembers the images on each node', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('a'));
      await cluster.advance(2500);
      const before = await cluster.pod('a');
      await cluster.kubelet!.stop();

      const errors: unknown[] = [];
      const restarted = new KubeletSimulator(cluster.client, cluster.clock, { onError: (err) => errors.push(err) });
      await restarted.start();
      await restarted.idle();
      expect(await cluster.pod('a')).toEqual(before);

      await cluster.store.create(makePod('b'));
      await cluster.clock.advance(0);
      await cluster.scheduler!.idle();
      await restarted.idle();
      await cluster.clock.advance(500);
      await restarted.idle();
      const b = await cluster.pod('b');
      expect(b.status?.phase).toBe('Running');
      expect(b.status?.podIP).not.toBe(before.status?.podIP);
      await restarted.stop();
      expect(errors).toEqual([]);
    });
  });
});
