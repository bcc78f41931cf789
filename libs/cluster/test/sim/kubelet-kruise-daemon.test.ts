// The kubelet simulator doing kruise-daemon's part of an in-place update (issue 14 item 1): containers
// whose env reads the pod's labels/annotations restart when those change during an in-place update, and
// the runtime-containers-meta annotation reports what runs. Also the launch barrier Kruise's pod webhook
// injects (item 2): a container starts once every container of higher priority is ready.
import { describe, expect, it } from '@jest/globals';
import type { Container, Pod } from '@coxswain/kruise-api';
import { envFromMetadataHash, readRuntimeContainerMeta } from '../../src/embedded/sim/kruise-daemon-contract.js';
import { at, condition, containerStatus, makePod, withSimCluster, type SimCluster } from './sim-fixtures.js';

const READER: Container = {
  name: 'app',
  image: 'registry.example/web:v1',
  env: [
    { name: 'APP_CONFIG', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['app-config']" } } },
    { name: 'APP_NAME', value: 'xxx' },
  ],
};
const PLAIN: Container = { name: 'proxy', image: 'registry.example/proxy:v1' };

function kruisePod(name: string, containers: Container[], annotations: Record<string, string> = { 'app-config': 'v1' }): Pod {
  return makePod(name, { containers, annotations, ownerUid: 'cs-uid', spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] } });
}

/** What a workload controller does to start an in-place update: InPlaceUpdateReady False, then the pod change. */
async function updateInPlace(cluster: SimCluster, name: string, change: (pod: Pod) => Pod): Promise<void> {
  const pod = await cluster.pod(name);
  const conditions = (pod.status?.conditions ?? []).filter((c) => c.type !== 'InPlaceUpdateReady');
  const unready = await cluster.store.updateStatus<Pod>({
    ...pod,
    status: { ...pod.status, conditions: [...conditions, { type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate', lastTransitionTime: at(cluster.clock.now() - Date.parse(at(0))) }] },
  });
  // The kubelet may write the status in between (as it would against a controller); retry like one.
  for (let latest = unready; ; latest = await cluster.pod(name)) {
    try {
      await cluster.store.update<Pod>(change(latest));
      return;
    } catch (err) {
      if ((err as { reason?: string }).reason !== 'Conflict') throw err;
    }
  }
}

const withAnnotation = (value: string) => (pod: Pod): Pod => ({ ...pod, metadata: { ...pod.metadata, annotations: { ...pod.metadata.annotations, 'app-config': value } } });

describe('KubeletSimulator as kruise-daemon: env from metadata', () => {
  it('reports runtime-containers-meta for Kruise pods whose env reads their metadata, and only for them', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(kruisePod('reader', [READER, PLAIN]));
      await cluster.store.create(kruisePod('plain', [PLAIN], {}));
      await cluster.store.create(makePod('unowned', { containers: [READER], annotations: { 'app-config': 'v1' }, labels: { app: 'other' } }));
      await cluster.advance(2500);
      const pod = await cluster.pod('reader');
      expect(readRuntimeContainerMeta(pod)).toEqual([
        { name: 'app', containerID: containerStatus(pod, 'app')!.containerID, restartCount: 0, hashes: { plainHash: expect.any(Number), extractedEnvFromMetadataHash: envFromMetadataHash(READER, pod.metadata) } },
        { name: 'proxy', containerID: containerStatus(pod, 'proxy')!.containerID, restartCount: 0, hashes: { plainHash: expect.any(Number) } },
      ]);
      expect(readRuntimeContainerMeta(await cluster.pod('plain'))).toBeUndefined();
      expect(readRuntimeContainerMeta(await cluster.pod('unowned'))).toBeUndefined();
    });
  });

  it('restarts only the container reading a changed annotation while the pod is updated in place, and reports the new container', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(kruisePod('web-0', [READER, PLAIN]));
      await cluster.advance(2500);
      const before = await cluster.pod('web-0');
      const appBefore = containerStatus(before, 'app')!;

      await cluster.advance(1000);
      await updateInPlace(cluster, 'web-0', withAnnotation('v2'));
      await cluster.advance();
      const restarting = await cluster.pod('web-0');
      expect(containerStatus(restarting, 'app')).toMatchObject({
        ready: false, restartCount: 0, containerID: appBefore.containerID,
        state: { waiting: { reason: 'ContainerCreating' } },
        lastState: { terminated: { containerID: appBefore.containerID, finishedAt: at(3500) } },
      });
      expect(containerStatus(restarting, 'proxy')).toEqual(containerStatus(before, 'proxy'));

      // The image is on the node: the new container runs after containerStartMs, with the new env.
      await cluster.advance(500);
      const after = await cluster.pod('web-0');
      const app = containerStatus(after, 'app')!;
      expect(app).toMatchObject({ image: READER.image, imageID: appBefore.imageID, restartCount: 1, ready: true, state: { running: { startedAt: at(4000) } } });
      expect(app.containerID).not.toBe(appBefore.containerID);
      expect(readRuntimeContainerMeta(after)).toContainEqual(
        expect.objectContaining({ name: 'app', containerID: app.containerID, restartCount: 1, hashes: expect.objectContaining({ extractedEnvFromMetadataHash: envFromMetadataHash(READER, after.metadata) }) }),
      );
      expect(envFromMetadataHash(READER, after.metadata)).not.toBe(envFromMetadataHash(READER, before.metadata));
      // Settled: no further restart.
      await cluster.advance(5000);
      expect(containerStatus(await cluster.pod('web-0'), 'app')).toMatchObject({ restartCount: 1, containerID: app.containerID });
    });
  });

  it('leaves the container alone while the pod is not being updated in place, and restarts it when an update begins', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(kruisePod('web-0', [READER]));
      await cluster.advance(2500);
      const pod = await cluster.pod('web-0');
      const started = readRuntimeContainerMeta(pod)![0]!;
      await cluster.store.update<Pod>(withAnnotation('v2')(pod));
      await cluster.advance(5000);
      const untouched = await cluster.pod('web-0');
      expect(containerStatus(untouched, 'app')).toMatchObject({ restartCount: 0, ready: true });
      // The report still names the env the container started with.
      expect(readRuntimeContainerMeta(untouched)).toEqual([started]);

      await updateInPlace(cluster, 'web-0', (p) => p);
      await cluster.advance(500);
      expect(containerStatus(await cluster.pod('web-0'), 'app')).toMatchObject({ restartCount: 1, ready: true });
    });
  });

  it('after a restart of the simulator, a pending env restart still happens (the report says what the container started with)', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(kruisePod('web-0', [READER]));
      await cluster.advance(2500);
      await cluster.kubelet!.stop();
      await updateInPlace(cluster, 'web-0', withAnnotation('v2'));

      const { KubeletSimulator } = await import('../../src/embedded/sim/kubelet.js');
      const errors: unknown[] = [];
      const restarted = new KubeletSimulator(cluster.client, cluster.clock, { onError: (err) => errors.push(err) });
      await restarted.start();
      await restarted.idle();
      await cluster.clock.advance(500);
      await restarted.idle();
      const pod = await cluster.pod('web-0');
      expect(containerStatus(pod, 'app')).toMatchObject({ restartCount: 1, ready: true });
      expect(readRuntimeContainerMeta(pod)![0]).toMatchObject({ containerID: containerStatus(pod, 'app')!.containerID, hashes: { extractedEnvFromMetadataHash: envFromMetadataHash(READER, pod.metadata) } });
      await restarted.stop();
      expect(errors).toEqual([]);
    });
  });
});

describe('KubeletSimulator: container launch barrier', () => {
  const barrier = (podName: string, priority: number) => ({
    name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { name: `${podName}-barrier`, key: `p_${priority}` } },
  });
  const prioritized = (podName: string): Container[] => [
    { name: 'main', image: 'registry.example/web:v1', env: [barrier(podName, 0)] },
    { name: 'sidecar', image: 'registry.example/proxy:v1', env: [barrier(podName, 10)] },
  ];

  it('starts a container only once every container of higher priority is ready', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('web-0', { containers: prioritized('web-0') }));
      // Both images are pulled at 2000; main then waits for its barrier key.
      await cluster.advance(2000);
      let pod = await cluster.pod('web-0');
      expect(containerStatus(pod, 'sidecar')?.state?.waiting?.reason).toBe('ContainerCreating');
      expect(containerStatus(pod, 'main')).toMatchObject({
        ready: false,
        state: { waiting: { reason: 'CreateContainerConfigError', message: "couldn't find key p_0 in ConfigMap default/web-0-barrier" } },
      });
      expect(pod.status?.phase).toBe('Pending');
      await cluster.advance(500);
      pod = await cluster.pod('web-0');
      expect(containerStatus(pod, 'sidecar')).toMatchObject({ ready: true, state: { running: { startedAt: at(2500) } } });
      expect(containerStatus(pod, 'main')?.state?.waiting?.reason).toBe('ContainerCreating');
      await cluster.advance(499);
      expect(containerStatus(await cluster.pod('web-0'), 'main')?.ready).toBe(false);
      // main's image was pulled meanwhile: it only needs containerStartMs.
      await cluster.advance(1);
      pod = await cluster.pod('web-0');
      expect(containerStatus(pod, 'main')).toMatchObject({ ready: true, state: { running: { startedAt: at(3000) } } });
      expect(pod.status?.phase).toBe('Running');
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'True' });

      // The barrier is passed once: an in-place restart of main does not wait for sidecar again.
      await cluster.store.update<Pod>({ ...pod, spec: { ...pod.spec, containers: pod.spec.containers.map((c) => (c.name === 'sidecar' ? { ...c, image: 'registry.example/proxy:v2' } : c.name === 'main' ? { ...c, image: 'registry.example/web:v2' } : c)) } });
      await cluster.advance(2500);
      pod = await cluster.pod('web-0');
      expect(containerStatus(pod, 'main')).toMatchObject({ image: 'registry.example/web:v2', ready: true, restartCount: 1 });
    });
  });

  it('never starts a lower-priority container while a higher one is never ready', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('stuck', { containers: prioritized('stuck'), annotations: { 'sim.coxswain.io/never-ready': 'true' } }));
      await cluster.advance(30_000);
      const pod = await cluster.pod('stuck');
      expect(containerStatus(pod, 'sidecar')?.state?.running).toBeDefined();
      expect(containerStatus(pod, 'main')?.state?.waiting?.reason).toBe('CreateContainerConfigError');
    });
  });
});

describe('KubeletSimulator: restart keeps restart counts (issue 13 item 12)', () => {
  it('a container restarting at the kill keeps its restartCount and lastState, and counts the restart when it runs', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('web-0'));
      await cluster.advance(2500);
      const setImage = async (image: string) => {
        const pod = await cluster.pod('web-0');
        await cluster.store.update<Pod>({ ...pod, spec: { ...pod.spec, containers: [{ name: 'app', image }] } });
      };
      await setImage('registry.example/web:v2');
      await cluster.advance(2500);
      expect(containerStatus(await cluster.pod('web-0'), 'app')).toMatchObject({ restartCount: 1, ready: true });

      // A second in-place change, and the process dies while the new image is still pulling.
      await setImage('registry.example/web:v3');
      await cluster.advance(1000);
      const atKill = await cluster.pod('web-0');
      const killed = containerStatus(atKill, 'app')!;
      expect(killed).toMatchObject({ restartCount: 1, state: { waiting: { reason: 'ContainerCreating' } }, lastState: { terminated: { finishedAt: at(5000) } } });
      await cluster.kubelet!.stop();

      const { KubeletSimulator } = await import('../../src/embedded/sim/kubelet.js');
      const errors: unknown[] = [];
      const restarted = new KubeletSimulator(cluster.client, cluster.clock, { onError: (err) => errors.push(err), imagePullMs: 2000, containerStartMs: 500 });
      await restarted.start();
      await restarted.idle();
      const adopted = containerStatus(await cluster.pod('web-0'), 'app')!;
      expect(adopted.restartCount).toBe(1);
      expect(adopted.lastState).toEqual(killed.lastState);

      await cluster.clock.advance(2000);
      await restarted.idle();
      await cluster.clock.advance(500);
      await restarted.idle();
      const after = containerStatus(await cluster.pod('web-0'), 'app')!;
      expect(after).toMatchObject({ image: 'registry.example/web:v3', restartCount: 2, ready: true, lastState: killed.lastState });
      await restarted.stop();
      expect(errors).toEqual([]);
    });
  });

  it('a running container keeps its restartCount, lastState and ID across a restart', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 } }, async (cluster) => {
      await cluster.store.create(makePod('web-0'));
      await cluster.advance(2500);
      const pod = await cluster.pod('web-0');
      await cluster.store.update<Pod>({ ...pod, spec: { ...pod.spec, containers: [{ name: 'app', image: 'registry.example/web:v2' }] } });
      await cluster.advance(2500);
      const before = containerStatus(await cluster.pod('web-0'), 'app')!;
      await cluster.kubelet!.stop();
      const { KubeletSimulator } = await import('../../src/embedded/sim/kubelet.js');
      const restarted = new KubeletSimulator(cluster.client, cluster.clock, {});
      await restarted.start();
      await restarted.idle();
      await cluster.clock.advance(10_000);
      await restarted.idle();
      expect(containerStatus(await cluster.pod('web-0'), 'app')).toEqual(before);
      await restarted.stop();
    });
  });
});
