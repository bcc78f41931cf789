// The cluster topology from the pod cache's index: pods grouped by node and top owner, a
// UnitedDeployment's pods under the UnitedDeployment (whatever its subset workload's kind), nodes
// with their state, unscheduled pods apart, counts that follow pods as they change.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EmbeddedStore, ManualClock, MemoryPersistence } from '@coxswain/cluster';
import type { KubeObject, Node, Pod } from '@coxswain/kruise-api';
import { POD_REF } from '@coxswain/workloads';
import { ClusterCache } from '../cluster/cluster-cache.js';
import { TopologyService } from './topology.service.js';

let store: EmbeddedStore;
let cache: ClusterCache;

function node(name: string, zone: string, extra: Partial<Node['spec']> = {}, ready = true): Node {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'topology.kubernetes.io/zone': zone, node: zone } },
    spec: extra,
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  } as Node;
}

function pod(name: string, owner: { kind: string; name: string } | null, nodeName: string | undefined, ready: boolean, labels: Record<string, string> = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: 'shop', labels,
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: owner.kind, name: owner.name, uid: `uid-${owner.name}`, controller: true }] } : {}),
    },
    spec: { containers: [{ name: 'main', image: 'nginx:1' }], ...(nodeName ? { nodeName } : {}) },
    status: ready
      ? { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }
      : { phase: 'Pending' },
  } as Pod;
}

const unitedDeployment = {
  apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment',
  metadata: { name: 'ud', namespace: 'shop' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'ud' } },
    template: {
      deploymentTemplate: {
        metadata: { labels: { app: 'ud' } },
        spec: { selector: { matchLabels: { app: 'ud' } }, template: { metadata: { labels: { app: 'ud' } }, spec: { containers: [{ name: 'main', image: 'nginx:1' }] } } },
      },
    },
    topology: { subsets: [{ name: 'zone-a' }, { name: 'zone-b' }] },
  },
} as unknown as KubeObject;

beforeEach(async () => {
  const clock = new ManualClock(Date.parse('2026-11-26T10:00:00Z'));
  store = await EmbeddedStore.open({ clock, persistence: new MemoryPersistence() });
  await store.seed([
    node('a-1', 'zone-a'),
    node('a-2', 'zone-a', { unschedulable: true, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }),
    node('b-1', 'zone-b', {}, false),
  ]);
  await store.create(unitedDeployment);
  await store.seed([
    pod('web-1', { kind: 'CloneSet', name: 'web' }, 'a-1', true),
    pod('web-2', { kind: 'CloneSet', name: 'web' }, 'a-1', false),
    pod('web-3', { kind: 'CloneSet', name: 'web' }, 'b-1', true),
    // A Deployment subset's pods belong to ReplicaSets named <ud>-<subset>-<suffix>-<hash>.
    pod('ud-a-1', { kind: 'ReplicaSet', name: 'ud-zone-a-x7k2p-5d8f9' }, 'a-1', true, { app: 'ud', 'apps.kruise.io/subset-name': 'zone-a' }),
    pod('ud-b-1', { kind: 'ReplicaSet', name: 'ud-zone-b-q2w3e-5d8f9' }, 'b-1', true, { app: 'ud', 'apps.kruise.io/subset-name': 'zone-b' }),
    pod('ud-b-2', { kind: 'ReplicaSet', name: 'ud-zone-b-q2w3e-5d8f9' }, undefined, false, { app: 'ud', 'apps.kruise.io/subset-name': 'zone-b' }),
    pod('bare', null, 'a-2', true),
  ]);
  cache = new ClusterCache(store.localClient(), clock);
  await cache.onApplicationBootstrap();
});

afterEach(async () => {
  cache.onModuleDestroy();
  await store.close();
});

describe('TopologyService', () => {
  it('groups pods by zone, node and top owner, with node state and unscheduled pods apart', () => {
    const topology = new TopologyService(cache).topology();
    expect(topology.zones.map((z) => [z.name, z.pods, z.readyPods])).toEqual([['zone-a', 4, 3], ['zone-b', 2, 2]]);
    const [a1, a2] = topology.zones[0]!.nodes;
    expect(a1).toMatchObject({ name: 'a-1', zone: 'zone-a', ready: true, unschedulable: false, taints: [], pods: 3, readyPods: 2 });
    expect(a1!.workloads).toEqual([
      { workloadKind: 'CLONE_SET', kind: 'CloneSet', namespace: 'shop', name: 'web', subset: null, pods: 2, readyPods: 1 },
      { workloadKind: 'UNITED_DEPLOYMENT', kind: 'UnitedDeployment', namespace: 'shop', name: 'ud', subset: 'zone-a', pods: 1, readyPods: 1 },
    ]);
    expect(a2).toMatchObject({ name: 'a-2', unschedulable: true, taints: ['dedicated=db:NoSchedule'], pods: 1 });
    expect(a2!.labels).toContain('node=zone-a');
    expect(a2!.workloads).toEqual([{ workloadKind: null, kind: 'Pod', namespace: 'shop', name: 'bare', subset: null, pods: 1, readyPods: 1 }]);
    expect(topology.zones[1]!.nodes[0]).toMatchObject({ name: 'b-1', ready: false, pods: 2 });
    expect(topology.unscheduled).toEqual([
      { workloadKind: 'UNITED_DEPLOYMENT', kind: 'UnitedDeployment', namespace: 'shop', name: 'ud', subset: 'zone-b', pods: 1, readyPods: 0 },
    ]);
  });

  it('follows pods as they are bound, become ready and go', async () => {
    const pending = await store.get<Pod>(POD_REF, 'shop', 'ud-b-2');
    await store.update({ ...pending, spec: { ...pending.spec, nodeName: 'b-1' } });
    const gone = await store.delete<Pod>(POD_REF, 'shop', 'web-2', { gracePeriodSeconds: 0 });
    await cache.caughtUp([gone]);
    const topology = new TopologyService(cache).topology();
    expect(topology.unscheduled).toEqual([]);
    const b1 = topology.zones[1]!.nodes[0]!;
    expect(b1.workloads.find((w) => w.name === 'ud')).toMatchObject({ subset: 'zone-b', pods: 2, readyPods: 1 });
    expect(topology.zones[0]!.nodes[0]!.workloads.find((w) => w.name === 'web')).toMatchObject({ pods: 1, readyPods: 1 });
  });
});
