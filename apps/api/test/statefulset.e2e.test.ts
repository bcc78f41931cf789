// Advanced StatefulSet over real HTTP and graphql-ws, with the OpenKruise document's own examples
// (seed 002): parallel updates bounded by maxUnavailable and partition, reserved ordinals, in-place
// update keeping the pod's identity and volume, OrderedReady creating pods one at a time, and a
// preDelete hook holding a scale-down until it is acknowledged over REST.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from 'graphql-ws';
import { TestApi, eventually } from './support/api-server.js';

interface PodNode {
  name: string;
  uid: string;
  ordinal: number | null;
  node: string | null;
  podIP: string | null;
  ready: boolean;
  isUpdated: boolean;
  lifecycleState: string;
  containers: { image: string; restartCount: number }[];
}
interface Workload {
  generation: number;
  status: Record<string, number | string | null>;
  pods: { totalCount: number; edges: { node: PodNode }[] };
}

const WORKLOAD = `query($ns: String!, $name: String!) { workload(kind: STATEFUL_SET, namespace: $ns, name: $name) {
  kind generation columns { name value }
  status { observedGeneration replicas readyReplicas availableReplicas currentReplicas updatedReplicas updatedReadyReplicas currentRevision updateRevision }
  pods(first: 100) { totalCount edges { node { name uid ordinal node podIP ready isUpdated lifecycleState containers { image restartCount } } } }
} }`;

let api: TestApi;
let ws: Client;
beforeAll(async () => {
  api = await TestApi.start({ SIM_IMAGE_PULL_MS: '150', SIM_CONTAINER_START_MS: '80' });
  ws = api.ws();
});
afterAll(async () => {
  await ws.dispose();
  await api.close();
});

async function apply(yaml: string): Promise<void> {
  const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name action } }`, { y: yaml });
  expect(res.errors).toBeUndefined();
}

async function workload(ns: string, name: string): Promise<Workload> {
  const res = await api.graphql<{ workload: Workload }>(WORKLOAD, { ns, name });
  expect(res.errors).toBeUndefined();
  return res.data!.workload;
}

function until(ns: string, name: string, check: (w: Workload) => boolean, what: string, timeoutMs = 30_000): Promise<Workload> {
  return eventually(async () => {
    const w = await workload(ns, name);
    return check(w) ? w : undefined;
  }, timeoutMs, what);
}

const ordinals = (w: Workload) => w.pods.edges.map((e) => e.node.ordinal).sort((a, b) => a! - b!);

/** Records every pod change of a namespace: name, readiness and the image it runs, in order. */
function recordPods(namespace: string) {
  const events: { type: string; name: string; ready: boolean; image: string; deleting: boolean; at: number }[] = [];
  const stop = ws.subscribe<{ podChanged: { type: string; pod: { name: string; ready: boolean; deleting: boolean; containers: { image: string }[] } } }>(
    { query: `subscription { podChanged(namespace: "${namespace}") { type pod { name ready deleting containers { image } } } }` },
    {
      next: (m) => {
        const { type, pod } = m.data!.podChanged;
        events.push({ type, name: pod.name, ready: pod.ready, image: pod.containers[0]!.image, deleting: pod.deleting, at: Date.now() });
      },
      error: () => {},
      complete: () => {},
    },
  );
  return { events, stop };
}

function statefulSet(name: string, namespace: string, extra: string, replicas = 5, image = 'nginx:1.25'): string {
  return `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata: { name: ${name}, namespace: ${namespace} }
spec:
  replicas: ${replicas}
  serviceName: ${name}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec:
      readinessGates: [{ conditionType: InPlaceUpdateReady }]
      containers: [{ name: main, image: "${image}" }]
${extra}`;
}

describe('Advanced StatefulSet over GraphQL', () => {
  it('applies the document sample verbatim and shows it with kubectl columns and ordinals', async () => {
    await apply(`apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata:
  name: sample
spec:
  replicas: 3
  serviceName: fake-service
  selector:
    matchLabels:
      app: sample
  template:
    metadata:
      labels:
        app: sample
    spec:
      readinessGates:
         # A new condition that ensures the pod remains at NotReady state while the in-place update is happening
      - conditionType: InPlaceUpdateReady
      containers:
      - name: main
        image: nginx:alpine
  podManagementPolicy: Parallel # allow parallel updates, works together with maxUnavailable
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      # Do in-place update if possible, currently only image update is supported for in-place update
      podUpdatePolicy: InPlaceIfPossible
      # Allow parallel updates with max number of unavailable instances equals to 2
      maxUnavailable: 2
`);
    const w = await until('default', 'sample', (x) => x.status.readyReplicas === 3, '3 ready pods');
    expect(w.pods.edges.map((e) => e.node.name).sort()).toEqual(['sample-0', 'sample-1', 'sample-2']);
    expect(ordinals(w)).toEqual([0, 1, 2]);
    const listed = await api.graphql<{ workloads: { edges: { node: { kind: string; name: string; columns: { name: string; value: string }[] } }[] } }>(
      `{ workloads(kind: STATEFUL_SET) { edges { node { kind name columns { name value } } } } }`,
    );
    const row = listed.data!.workloads.edges.find((e) => e.node.name === 'sample')!.node;
    expect(row.kind).toBe('STATEFUL_SET');
    expect(row.columns.map((c) => c.name)).toEqual(['DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE']);
    expect(row.columns.slice(0, 4).map((c) => c.value)).toEqual(['3', '3', '3', '3']);
  });

  it('P0..P4 with maxUnavailable 3: partition 4 updates only P4; partition 0 updates P1-P3 at once, then P0', async () => {
    const ns = 'parallel';
    const extra = `  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: { podUpdatePolicy: InPlaceIfPossible, maxUnavailable: 3, partition: 4 }
`;
    await apply(statefulSet('p', ns, extra));
    await until(ns, 'p', (x) => x.status.readyReplicas === 5, '5 ready pods');
    const recorded = recordPods(ns);
    await new Promise((r) => setTimeout(r, 200));
    await api.graphql(`mutation { setImage(kind: STATEFUL_SET, namespace: "${ns}", name: "p", container: "main", image: "nginx:1.27") { generation } }`);
    const held = await until(ns, 'p', (x) => x.pods.edges.some((e) => e.node.isUpdated && e.node.ready && e.node.containers[0]!.image === 'nginx:1.27'), 'P4 updated');
    await new Promise((r) => setTimeout(r, 300)); // nothing else moves while partition 4 holds
    expect(held.pods.edges.filter((e) => e.node.isUpdated).map((e) => e.node.name)).toEqual(['p-4']);
    expect((await workload(ns, 'p')).pods.edges.filter((e) => e.node.containers[0]!.image === 'nginx:1.27').map((e) => e.node.name)).toEqual(['p-4']);
    const plan = await api.graphql<{ workload: { plan: { blockers: { code: string }[] } } }>(`{ workload(kind: STATEFUL_SET, namespace: "${ns}", name: "p") { plan { blockers { code } } } }`);
    expect(plan.data!.workload.plan.blockers.map((b) => b.code)).toContain('PARTITION');

    const refused = await api.graphql(`mutation { setPartition(kind: STATEFUL_SET, namespace: "${ns}", name: "p", partition: "50%") { generation } }`);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'partition' }] });
    await api.graphql(`mutation { setPartition(kind: STATEFUL_SET, namespace: "${ns}", name: "p", partition: 0) { generation } }`);
    await until(ns, 'p', (x) => x.pods.edges.every((e) => e.node.isUpdated && e.node.ready && e.node.containers[0]!.image === 'nginx:1.27'), 'all updated');
    recorded.stop();

    // From the recorded changes: which pods were out of service at once, and when P0 started.
    const notReadySince = new Map<string, number>();
    let mostAtOnce = 0;
    let p0Started: number | undefined;
    const finishedBeforeP0: string[] = [];
    for (const e of recorded.events) {
      if (!e.ready && !notReadySince.has(e.name) && e.image === 'nginx:1.27') notReadySince.set(e.name, e.at);
      if (!e.ready && e.name === 'p-0' && p0Started === undefined) p0Started = e.at;
      if (e.ready && notReadySince.has(e.name)) {
        if (p0Started === undefined && e.name !== 'p-0') finishedBeforeP0.push(e.name);
        notReadySince.delete(e.name);
      }
      const outOfService = recorded.events.filter((x) => x.at <= e.at).reduce((set, x) => (x.ready ? set.delete(x.name) : set.add(x.name), set), new Set<string>());
      mostAtOnce = Math.max(mostAtOnce, outOfService.size);
    }
    expect(mostAtOnce).toBe(3);
    expect(p0Started).toBeDefined();
    expect(finishedBeforeP0.length).toBeGreaterThanOrEqual(1);
  });

  it('runs replicas over the ordinals reserveOrdinals leaves: [0,2,3,4], then [0,2,4,5], then [0,2,4]', async () => {
    const ns = 'reserve';
    const spec = (replicas: number, reserved: number[]) => statefulSet('r', ns, `  podManagementPolicy: Parallel\n  reserveOrdinals: [${reserved.join(', ')}]\n`, replicas);
    await apply(spec(4, [1]));
    let w = await until(ns, 'r', (x) => x.status.readyReplicas === 4, '4 ready pods');
    expect(ordinals(w)).toEqual([0, 2, 3, 4]);
    const shown = await api.graphql<{ workload: { ordinals: unknown } }>(`{ workload(kind: STATEFUL_SET, namespace: "${ns}", name: "r") { ... on StatefulSet { ordinals { start end reserved { from to } } } } }`);
    expect(shown.data!.workload.ordinals).toEqual({ start: 0, end: 5, reserved: [{ from: 1, to: 1 }] });
    await apply(spec(4, [1, 3]));
    w = await until(ns, 'r', (x) => x.pods.totalCount === 4 && x.status.readyReplicas === 4 && ordinals(x).includes(5), 'pod 3 moved to 5');
    expect(ordinals(w)).toEqual([0, 2, 4, 5]);
    await apply(spec(3, [1, 3, 5]));
    w = await until(ns, 'r', (x) => x.pods.totalCount === 3 && x.status.readyReplicas === 3, '3 pods');
    expect(ordinals(w)).toEqual([0, 2, 4]);
  });

  it('updates in place after gracePeriodSeconds, keeping name, uid, IP, node and volume', async () => {
    const ns = 'inplace';
    await apply(`${statefulSet('data', ns, `  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      podUpdatePolicy: InPlaceIfPossible
      maxUnavailable: 2
      inPlaceUpdateStrategy: { gracePeriodSeconds: 1 }
  volumeClaimTemplates:
  - metadata: { name: www }
    spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`, 2)}`);
    const before = await until(ns, 'data', (x) => x.status.readyReplicas === 2, '2 ready pods');
    const claims = async () =>
      (await api.graphql<{ objects: { edges: { node: { name: string; uid: string } }[] } }>(`{ objects(kind: "persistentvolumeclaims", namespace: "${ns}") { edges { node { name uid } } } }`))
        .data!.objects.edges.map((e) => `${e.node.name}:${e.node.uid}`).sort();
    const claimsBefore = await claims();
    expect(claimsBefore.map((c) => c.split(':')[0])).toEqual(['www-data-0', 'www-data-1']);
    await api.graphql(`mutation { setImage(kind: STATEFUL_SET, namespace: "${ns}", name: "data", container: "main", image: "nginx:1.27") { generation } }`);
    const after = await until(ns, 'data', (x) => x.status.updateRevision !== before.status.updateRevision && x.status.updatedReadyReplicas === 2 && x.status.readyReplicas === 2, 'updated in place', 40_000);
    const identity = (w: Workload) => w.pods.edges.map((e) => [e.node.name, e.node.uid, e.node.podIP, e.node.node].join(' ')).sort();
    expect(identity(after)).toEqual(identity(before));
    expect(after.pods.edges.map((e) => e.node.containers[0]!.image)).toEqual(['nginx:1.27', 'nginx:1.27']);
    expect(after.pods.edges.map((e) => e.node.containers[0]!.restartCount)).toEqual([1, 1]);
    expect(await claims()).toEqual(claimsBefore);
  });

  it('creates pods one at a time under OrderedReady: each only once the one before is Running and Ready', async () => {
    const ns = 'ordered';
    const recorded = recordPods(ns);
    await new Promise((r) => setTimeout(r, 200));
    await apply(statefulSet('o', ns, '', 4));
    await until(ns, 'o', (x) => x.status.readyReplicas === 4, '4 ready pods');
    recorded.stop();
    const added = recorded.events.filter((e) => e.type === 'ADDED').map((e) => e.name);
    expect(added).toEqual(['o-0', 'o-1', 'o-2', 'o-3']);
    for (let i = 1; i < 4; i++) {
      const createdAt = recorded.events.find((e) => e.type === 'ADDED' && e.name === `o-${i}`)!.at;
      const predecessorReady = recorded.events.find((e) => e.name === `o-${i - 1}` && e.ready);
      expect(predecessorReady).toBeDefined();
      expect(predecessorReady!.at).toBeLessThanOrEqual(createdAt);
    }
  });

  it('holds a scale-down on a preDelete hook until the pod is acknowledged over REST', async () => {
    const ns = 'hooked';
    const hooked = (replicas: number) => statefulSet('h', ns, `  podManagementPolicy: Parallel
  lifecycle:
    preDelete:
      labelsHandler: { example.io/block-deleting: "true" }
`, replicas).replace('labels: { app: h }', 'labels: { app: h, example.io/block-deleting: "true" }');
    await apply(hooked(3));
    await until(ns, 'h', (x) => x.status.readyReplicas === 3, '3 ready pods');
    await api.graphql(`mutation { scaleWorkload(kind: STATEFUL_SET, namespace: "${ns}", name: "h", replicas: 2) { generation } }`);
    const pending = await eventually(async () => {
      const res = await api.fetch(`/api/v1/hooks?namespace=${ns}&hook=preDelete`);
      const list = (await res.json()) as { pod: string; workload: { kind: string; name: string } }[];
      return list.length === 1 ? list : undefined;
    }, 20_000, 'the pending preDelete hook');
    expect(pending[0]).toMatchObject({ pod: 'h-2', workload: { kind: 'StatefulSet', name: 'h' } });
    const overGraphql = await api.graphql(`{ pendingHooks(namespace: "${ns}") { pod workload { kind name } } }`);
    expect(overGraphql.data?.pendingHooks).toEqual([{ pod: 'h-2', workload: { kind: 'STATEFUL_SET', name: 'h' } }]);
    await new Promise((r) => setTimeout(r, 500));
    expect((await workload(ns, 'h')).pods.totalCount).toBe(3); // held by its hook

    const ack = await api.fetch(`/api/v1/namespaces/${ns}/pods/h-2/hooks/preDelete/ack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'sts-ack-1' },
      body: JSON.stringify({ reason: 'deregistered' }),
    });
    expect(ack.status).toBe(200);
    const w = await until(ns, 'h', (x) => x.pods.totalCount === 2, 'h-2 deleted after the ack');
    expect(ordinals(w)).toEqual([0, 1]);
  });
});
