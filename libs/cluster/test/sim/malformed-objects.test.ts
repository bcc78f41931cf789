// Objects stored before admission checked their schema (an older version, a hand-edited database) must
// never crash the simulators or keep them busy: they are left alone and reported, and everything else
// runs. Issue 13 items 1 and 2: each of these stopped the server from starting, for good.
import { describe, expect, it } from '@jest/globals';
import type { KubeObject, Node, Pod } from '@coxswain/kruise-api';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedCluster } from '../../src/embedded/embedded-cluster.js';
import { MemoryPersistence } from '../../src/embedded/store/persistence.js';
import { MalformedObjectError } from '../../src/embedded/sim/list-watch.js';
import { simulatedNodes } from '../../src/embedded/sim/nodes.js';
import { NODE, POD, START, makePod } from './sim-fixtures.js';

/** A database holding `objects` as an older version stored them, without any check. */
async function storedBefore(objects: KubeObject[]): Promise<MemoryPersistence> {
  const persistence = new MemoryPersistence();
  const nodes = simulatedNodes({ zones: 1, nodesPerZone: 2, readySince: START });
  const all = [...nodes, ...objects].map((object, i) => ({
    ...object,
    metadata: { uid: `uid-${i}`, creationTimestamp: START, generation: 1, namespace: object.kind === 'Node' ? undefined : 'default', ...object.metadata, resourceVersion: String(i + 1) },
  }));
  await persistence.commit(all.map((object) => ({ type: 'put' as const, key: keyOf(object), object })), all.length, Date.parse(START));
  return persistence;
}

function keyOf(object: KubeObject): string {
  return object.kind === 'Node' ? `Node//${object.metadata.name}` : `Pod/default/${object.metadata.name}`;
}

function boundPod(name: string, extra: Record<string, unknown> = {}): Pod {
  const pod = makePod(name);
  return { ...pod, spec: { ...pod.spec, nodeName: 'sim-a-1' }, ...extra } as Pod;
}

async function start(persistence: MemoryPersistence, checkWatchedPods?: boolean) {
  const clock = new ManualClock(START);
  const errors: unknown[] = [];
  const cluster = await EmbeddedCluster.start({
    clock,
    persistence,
    kubelet: { imagePullMs: 100, containerStartMs: 50 },
    onError: (err) => void errors.push(err),
    checkWatchedPods,
  });
  const settle = async (ms: number) => {
    for (let i = 0; i < 10; i++) {
      await clock.advance(ms / 10);
      await cluster.scheduler.idle();
      await cluster.kubelet.idle();
    }
  };
  return { cluster, errors, settle };
}

describe('the simulators meet objects that do not match their schema', () => {
  it.each([
    ['a Pod with image: 5', boundPod('bad', { spec: { nodeName: 'sim-a-1', containers: [{ name: 'm', image: 5 }] } }), 'spec.containers[0].image: Invalid value: 5: must be a string'],
    ['a Pod with status.conditions: "x"', boundPod('bad', { status: { conditions: 'x' } }), 'status.conditions: Invalid value: "x": must be a list'],
    ['a Node with status.conditions: "x", allocatable: "y"', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bad' }, status: { conditions: 'x', allocatable: 'y' } }, 'status.allocatable: Invalid value: "y"'],
    ['a Node with spec.taints: "x"', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bad' }, spec: { taints: 'x' } }, 'spec.taints: Invalid value: "x": must be a list'],
  ])('%s: the cluster starts, reports it once, and runs everything else', async (_what, malformed, problem) => {
    const { cluster, errors, settle } = await start(await storedBefore([malformed as KubeObject, boundPod('good')]));
    try {
      await cluster.store.create(makePod('fresh'));
      await settle(5000);
      const reports = errors.filter((e) => e instanceof MalformedObjectError);
      // Once by the scheduler's cache and once by the kubelet's; no retry loop.
      expect(reports.length).toBeGreaterThanOrEqual(1);
      expect(reports.length).toBeLessThanOrEqual(2);
      expect(String((reports[0] as Error).message)).toContain(problem);
      expect(errors.filter((e) => !(e instanceof MalformedObjectError))).toEqual([]);
      for (const name of ['good', 'fresh']) {
        expect((await cluster.store.get<Pod>(POD, 'default', name)).status?.phase).toBe('Running');
      }
      await settle(30_000);
      expect(errors.filter((e) => e instanceof MalformedObjectError)).toHaveLength(reports.length);
      // The malformed object itself is left as it was.
      const stored = await cluster.store.get(malformed.kind === 'Node' ? NODE : POD, malformed.kind === 'Node' ? undefined : 'default', 'bad');
      expect(stored.metadata.resourceVersion).toBeDefined();
      if (malformed.kind === 'Node') expect((await cluster.store.get<Pod>(POD, 'default', 'fresh')).spec.nodeName).not.toBe('bad');
    } finally {
      await cluster.stop();
    }
  });

  it('without the check of watched pods (a preview fork), a listed malformed pod is still left alone', async () => {
    const { cluster, errors, settle } = await start(await storedBefore([boundPod('bad', { status: { conditions: 'x' } }), boundPod('good')]), false);
    try {
      await settle(5000);
      // Reported by each simulator that lists pods (the scheduler and the kubelets), about the bad pod only.
      const reports = errors.filter((e) => e instanceof MalformedObjectError).map((e) => (e as Error).message);
      expect(reports.length).toBeGreaterThan(0);
      for (const report of reports) expect(report).toMatch(/^ignoring Pod default\/bad .*status\.conditions: Invalid value: "x": must be a list/);
      expect((await cluster.store.get<Pod>(POD, 'default', 'bad')).status?.conditions).toBe('x');
      expect((await cluster.store.get<Pod>(POD, 'default', 'good')).status?.phase).toBe('Running');
    } finally {
      await cluster.stop();
    }
  });

  it('a pod that becomes well-formed is picked up', async () => {
    const { cluster, errors, settle } = await start(await storedBefore([boundPod('bad', { status: { conditions: 'x' } })]));
    try {
      await settle(1000);
      expect(errors.filter((e) => e instanceof MalformedObjectError).length).toBeGreaterThan(0);
      const stored = await cluster.store.get<Pod>(POD, 'default', 'bad');
      await cluster.store.updateStatus<Pod>({ ...stored, status: {} });
      await settle(5000);
      expect((await cluster.store.get<Pod>(POD, 'default', 'bad')).status?.phase).toBe('Running');
      expect((await cluster.store.get<Node>(NODE, undefined, 'sim-a-1')).status?.images?.length).toBeGreaterThan(0);
    } finally {
      await cluster.stop();
    }
  });
});
