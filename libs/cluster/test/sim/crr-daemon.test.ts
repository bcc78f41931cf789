// kruise-daemon's ContainerRecreateRequest side in the embedded cluster (docs/spec/image-pull.md §7.2):
// the kubelet simulator restarts exactly the named containers in place, ordered or not, and the request's
// status follows the daemon's rules. The controller's part (the sync-container-statuses
// annotation, the unready mark; docs/spec/image-pull.md §7.1) is played here by `playController`, which writes what it would.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_CRR_SYNC_CONTAINER_STATUSES, CRR_UNREADY_ACQUIRED, type ContainerRecreateRequest, type ContainerRecreateRequestStrategy, type Pod,
} from '@coxswain/kruise-api';
import { at, containerStatus, makePod, withSimCluster, type SimCluster } from './sim-fixtures.js';

const CRR = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest' };
const CONTAINERS = [
  { name: 'app', image: 'registry.example/web:v1' },
  { name: 'sidecar', image: 'registry.example/proxy:v1' },
  { name: 'log', image: 'registry.example/log:v1' },
];

async function runningPod(cluster: SimCluster): Promise<Pod> {
  await cluster.store.create(makePod('web-0', { containers: CONTAINERS }));
  await cluster.advance(10_000);
  const pod = await cluster.pod('web-0');
  expect(pod.status?.containerStatuses?.every((c) => c.ready)).toBe(true);
  return pod;
}

/** A request as admission leaves it (docs/spec/image-pull.md §2.5): labels and status contexts injected. */
async function createRequest(cluster: SimCluster, pod: Pod, name: string, containers: string[], strategy: ContainerRecreateRequestStrategy = {}, extra = {}): Promise<void> {
  await cluster.store.create<ContainerRecreateRequest>({
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'ContainerRecreateRequest',
    metadata: {
      name, namespace: 'default',
      labels: { 'crr.apps.kruise.io/active': 'true', 'crr.apps.kruise.io/node-name': pod.spec?.nodeName ?? '', 'crr.apps.kruise.io/pod-uid': pod.metadata.uid ?? '' },
    },
    spec: {
      podName: 'web-0',
      containers: containers.map((c) => {
        const status = containerStatus(pod, c);
        return { name: c, ...(status ? { statusContext: { containerID: status.containerID ?? '', restartCount: status.restartCount } } : {}) };
      }),
      strategy: { failurePolicy: 'Fail', ...strategy },
      ...extra,
    },
  });
}

const request = (cluster: SimCluster, name = 'restart') => cluster.store.get<ContainerRecreateRequest>(CRR, 'default', name);

/** docs/spec/image-pull.md §7.1 step 7: the controller's annotation of the pod's running containers started since the request. */
async function playController(cluster: SimCluster, name = 'restart'): Promise<void> {
  const crr = await request(cluster, name);
  if (crr.status?.phase !== 'Recreating') return;
  const pod = await cluster.pod('web-0');
  const created = Date.parse(crr.metadata.creationTimestamp ?? '');
  const statuses = crr.spec.containers.flatMap((c) => {
    const s = containerStatus(pod, c.name);
    const started = s?.state?.running?.startedAt;
    if (!s || !started || Date.parse(started) < created) return [];
    return [{ name: c.name, ready: s.ready, restartCount: s.restartCount, containerID: s.containerID }];
  });
  const text = JSON.stringify(statuses);
  if (crr.metadata.annotations?.[ANNOTATION_CRR_SYNC_CONTAINER_STATUSES] === text) return;
  await cluster.store.update({ ...crr, metadata: { ...crr.metadata, annotations: { ...crr.metadata.annotations, [ANNOTATION_CRR_SYNC_CONTAINER_STATUSES]: text } } });
}

/** Advances in steps with the controller playing its part, until `done` or `limitMs` of simulated time. */
async function runUntil(cluster: SimCluster, done: () => Promise<boolean>, stepMs = 250, limitMs = 60_000): Promise<void> {
  for (let t = 0; t <= limitMs; t += stepMs) {
    await playController(cluster);
    await cluster.advance();
    if (await done()) return;
    await cluster.advance(stepMs);
  }
  const crr = await request(cluster);
  throw new Error(`${JSON.stringify(crr.status)} ${JSON.stringify(crr.metadata.annotations)} ${JSON.stringify((await cluster.pod('web-0')).status?.containerStatuses)} not done after ${limitMs} ms of simulated time`);
}

const phases = async (cluster: SimCluster) => (await request(cluster)).status?.containerRecreateStates?.map((s) => `${s.name}:${s.phase}`) ?? [];
const completed = (cluster: SimCluster) => async () => (await request(cluster)).status?.phase === 'Completed';

describe('kruise-daemon (simulated): ContainerRecreateRequest', () => {
  it('restarts exactly the named containers in place and completes', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const before = await runningPod(cluster);
      await createRequest(cluster, before, 'restart', ['app', 'sidecar']);
      await cluster.advance();
      expect((await request(cluster)).status?.phase).toBe('Recreating');
      await runUntil(cluster, completed(cluster));
      const crr = await request(cluster);
      expect(crr.status).toEqual({
        phase: 'Completed', completionTime: expect.any(String),
        containerRecreateStates: [{ name: 'app', phase: 'Succeeded', isKilled: true }, { name: 'sidecar', phase: 'Succeeded', isKilled: true }],
      });
      const after = await cluster.pod('web-0');
      expect(after.metadata.uid).toBe(before.metadata.uid);
      for (const name of ['app', 'sidecar']) {
        expect(containerStatus(after, name)).toMatchObject({
          restartCount: 1, ready: true, state: { running: {} },
          lastState: { terminated: { containerID: containerStatus(before, name)!.containerID } },
        });
        expect(containerStatus(after, name)!.containerID).not.toBe(containerStatus(before, name)!.containerID);
      }
      expect(containerStatus(after, 'log')).toEqual(containerStatus(before, 'log'));
    });
  });

  it('without orderedRecreate kills the next container without waiting for the previous one', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true, kubelet: { containerStartMs: 5000 } }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app', 'sidecar']);
      await runUntil(cluster, async () => (await phases(cluster)).join() === 'app:Recreating,sidecar:Recreating', 100, 4000);
      // Both were killed while app was still starting again (5 s).
      const now = await cluster.pod('web-0');
      expect(containerStatus(now, 'app')?.state?.running).toBeUndefined();
      expect(containerStatus(now, 'sidecar')?.state?.running).toBeUndefined();
    });
  });

  it('with orderedRecreate waits until the previous container succeeded', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app', 'sidecar'], { orderedRecreate: true, minStartedSeconds: 3 });
      const seen = new Set<string>();
      await runUntil(cluster, async () => {
        seen.add((await phases(cluster)).join());
        return (await request(cluster)).status?.phase === 'Completed';
      });
      expect(seen).toContain('app:Recreating,sidecar:Pending');
      expect(seen).toContain('app:Succeeded,sidecar:Recreating');
      expect(seen).not.toContain('app:Recreating,sidecar:Recreating');
    });
  });

  it('counts a container as Succeeded only after minStartedSeconds of running ready', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app'], { minStartedSeconds: 10 });
      await runUntil(cluster, async () => containerStatus(await cluster.pod('web-0'), 'app')?.ready === true && (await phases(cluster)).length > 0);
      const startedAt = Date.parse(containerStatus(await cluster.pod('web-0'), 'app')!.state!.running!.startedAt!);
      await runUntil(cluster, completed(cluster));
      const completionTime = Date.parse((await request(cluster)).status!.completionTime!);
      // Both times are whole seconds (metav1.Time).
      expect(completionTime - startedAt).toBeGreaterThanOrEqual(10_000);
      expect(completionTime - startedAt).toBeLessThanOrEqual(11_000);
    });
  });

  it('with unreadyGracePeriodSeconds waits for the unready mark, then for the grace period', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app'], { unreadyGracePeriodSeconds: 5 });
      await cluster.advance(3000);
      expect((await request(cluster)).status).toEqual({ phase: 'Recreating' });
      const crr = await request(cluster);
      const markedAt = cluster.clock.now();
      await cluster.store.update({ ...crr, metadata: { ...crr.metadata, annotations: { [CRR_UNREADY_ACQUIRED]: at(markedAt - Date.parse(at(0))) } } });
      await cluster.advance(4000);
      expect((await request(cluster)).status?.containerRecreateStates).toBeUndefined();
      expect(containerStatus(await cluster.pod('web-0'), 'app')?.restartCount).toBe(0);
      await runUntil(cluster, completed(cluster));
      expect(containerStatus(await cluster.pod('web-0'), 'app')?.restartCount).toBe(1);
    });
  });

  it('completes with the parse error when the unready mark is no RFC 3339 time', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app'], { unreadyGracePeriodSeconds: 5 });
      await cluster.advance();
      const crr = await request(cluster);
      await cluster.store.update({ ...crr, metadata: { ...crr.metadata, annotations: { [CRR_UNREADY_ACQUIRED]: 'yesterday' } } });
      await cluster.advance();
      expect((await request(cluster)).status).toMatchObject({ phase: 'Completed', message: expect.stringMatching(/^failed to parse unready time yesterday: /) });
    });
  });

  it('works on one request per pod: a second one waits as Pending', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app']);
      await cluster.advance(1000);
      await createRequest(cluster, pod, 'second', ['sidecar']);
      await cluster.advance();
      expect((await request(cluster, 'second')).status).toEqual({ phase: 'Pending' });
      expect(containerStatus(await cluster.pod('web-0'), 'sidecar')?.restartCount).toBe(0);
    });
  });

  it('leaves a container the node does not run Pending with the daemon message', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['ghost', 'app'], { failurePolicy: 'Ignore' });
      await cluster.advance(5000);
      expect((await request(cluster)).status?.containerRecreateStates).toEqual([
        { name: 'ghost', phase: 'Pending', message: 'not found container on Node' },
        { name: 'app', phase: 'Pending' },
      ]);
      expect(containerStatus(await cluster.pod('web-0'), 'app')?.restartCount).toBe(0);
    });
  });

  it('completes failed after a Failed container with failurePolicy Fail, and goes on with Ignore', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await createRequest(cluster, pod, 'restart', ['app', 'sidecar'], { unreadyGracePeriodSeconds: 1 });
      await cluster.advance();
      // A state the daemon keeps once written (as after a refused kill).
      const crr = await request(cluster);
      await cluster.store.updateStatus({ ...crr, status: { phase: 'Recreating', containerRecreateStates: [{ name: 'app', phase: 'Failed', message: 'kill container error: x' }, { name: 'sidecar', phase: 'Pending' }] } });
      const marked = await request(cluster);
      await cluster.store.update({ ...marked, metadata: { ...marked.metadata, annotations: { [CRR_UNREADY_ACQUIRED]: at(cluster.clock.now() - Date.parse(at(0)) - 2000) } } });
      await cluster.advance(500);
      expect((await request(cluster)).status).toMatchObject({ phase: 'Completed', containerRecreateStates: [{ name: 'app', phase: 'Failed' }, { name: 'sidecar', phase: 'Pending' }] });
      expect(containerStatus(await cluster.pod('web-0'), 'sidecar')?.restartCount).toBe(0);
    });
  });
});

describe('kruise-daemon (simulated): node outage', () => {
  it('does nothing while the node is down and goes on when it is back', async () => {
    await withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, crrDaemon: true }, async (cluster) => {
      const pod = await runningPod(cluster);
      await cluster.kubelet!.setNodeReady(pod.spec!.nodeName!, false);
      await cluster.advance(100);
      await createRequest(cluster, pod, 'restart', ['app']);
      await cluster.advance(3000);
      expect((await request(cluster)).status?.phase ?? '').toBe('');
      await cluster.kubelet!.setNodeReady(pod.spec!.nodeName!, true);
      await runUntil(cluster, completed(cluster));
      expect(containerStatus(await cluster.pod('web-0'), 'app')?.restartCount).toBe(1);
    });
  });
});
