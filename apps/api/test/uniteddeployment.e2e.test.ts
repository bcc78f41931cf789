// UnitedDeployment over real HTTP and graphql-ws, with the OpenKruise document's own example (seed
// 004, as npm start seeds it): 6 replicas become subset-a 1, subset-b 3 (50%) and subset-c 2, each an
// apps/v1 StatefulSet on its zone's nodes; per-subset partitions hold a new template back subset by
// subset; the cluster topology counts the subsets' pods in their zones.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from 'graphql-ws';
import { parseManifests } from '@coxswain/kruise-api';
import { TestApi, eventually } from './support/api-server.js';

interface Subset {
  name: string; kind: string; workload: string | null; replicas: number; reason: string; specifiedReplicas: number | string | null;
  partition: number; specifiedPartition: number | null; currentReplicas: number; readyReplicas: number; updatedReplicas: number; updatedReadyReplicas: number; schedulable: boolean;
}
interface PodNode { name: string; subset: string | null; zone: string | null; revision: string; isUpdated: boolean; ready: boolean }
interface UnitedDeployment {
  kind: string;
  generation: number;
  partitionedReplicas: number;
  status: { replicas: number; readyReplicas: number; updatedReplicas: number; updateRevision: string; currentRevision: string };
  subsets: Subset[];
  pods: { totalCount: number; edges: { node: PodNode }[] };
}

const WORKLOAD = `query($name: String!) { workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: $name) {
  kind generation partitionedReplicas status { replicas readyReplicas updatedReplicas updateRevision currentRevision }
  ... on UnitedDeployment { subsets { name kind workload replicas reason specifiedReplicas partition specifiedPartition currentReplicas readyReplicas updatedReplicas updatedReadyReplicas schedulable } }
  pods(first: 100) { totalCount edges { node { name subset zone revision isUpdated ready } } }
} }`;

/** The demo's third document: the UnitedDeployment of the OpenKruise document, verbatim. */
const SEED_UD = readFileSync(new URL('../demo/workloads.yaml', import.meta.url), 'utf8')
  .split(/^---$/m)
  .find((doc) => /kind: UnitedDeployment/.test(doc))!;

let api: TestApi;
let ws: Client;
beforeAll(async () => {
  api = await TestApi.start({ SIM_IMAGE_PULL_MS: '100', SIM_CONTAINER_START_MS: '50' });
  ws = api.ws();
});
afterAll(async () => {
  await ws.dispose();
  await api.close();
});

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.graphql<T>(query, variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

async function ud(name = 'sample-ud'): Promise<UnitedDeployment> {
  return (await graphql<{ workload: UnitedDeployment }>(WORKLOAD, { name })).workload;
}

function until(check: (w: UnitedDeployment) => boolean, what: string, timeoutMs = 40_000): Promise<UnitedDeployment> {
  return eventually(async () => {
    const w = await ud();
    return check(w) ? w : undefined;
  }, timeoutMs, what);
}

const bySubset = (w: UnitedDeployment) => Object.fromEntries(w.subsets.map((s) => [s.name, s]));
const updatedPerSubset = (w: UnitedDeployment) =>
  Object.fromEntries(w.subsets.map((s) => [s.name, w.pods.edges.filter((e) => e.node.subset === s.name && e.node.isUpdated).length]));

describe('UnitedDeployment over GraphQL (the OpenKruise document example)', () => {
  let firstRevision = '';

  it('applies the document verbatim and allocates subset-a 1, subset-b 3 (50%), subset-c 2, each saying why', async () => {
    expect(parseManifests(SEED_UD)).toHaveLength(1);
    const applied = await graphql<{ applyManifest: { kind: string; name: string; action: string }[] }>(
      `mutation($y: String!) { applyManifest(yaml: $y) { kind name action } }`, { y: SEED_UD });
    expect(applied.applyManifest).toEqual([{ kind: 'UnitedDeployment', name: 'sample-ud', action: 'created' }]);
    const w = await until((x) => x.status.readyReplicas === 6 && x.pods.totalCount === 6, '6 ready pods');
    firstRevision = w.status.updateRevision;
    expect(w.kind).toBe('UNITED_DEPLOYMENT');
    const subsets = bySubset(w);
    expect(Object.keys(subsets)).toEqual(['subset-a', 'subset-b', 'subset-c']);
    expect(subsets['subset-a']).toMatchObject({ replicas: 1, specifiedReplicas: 1, currentReplicas: 1, readyReplicas: 1, schedulable: true, kind: 'StatefulSet' });
    expect(subsets['subset-b']).toMatchObject({ replicas: 3, specifiedReplicas: '50%', currentReplicas: 3, readyReplicas: 3 });
    expect(subsets['subset-c']).toMatchObject({ replicas: 2, specifiedReplicas: null, currentReplicas: 2, readyReplicas: 2 });
    for (const s of w.subsets) {
      expect(s.workload).toMatch(new RegExp(`^sample-ud-${s.name}-`));
      expect(s.reason.length).toBeGreaterThan(0);
    }
    expect(subsets['subset-b']!.reason).toContain('50%');
    // Each subset's pods run in its zone (node In [zone-x]) and carry the subset and the UD's revision.
    for (const { node } of w.pods.edges) {
      expect(node.subset).toMatch(/^subset-[abc]$/);
      expect(node.zone).toBe(`zone-${node.subset!.slice(-1)}`);
      expect(node).toMatchObject({ revision: firstRevision, isUpdated: true, ready: true });
    }
  });

  it('lists it with its kubectl columns and filters its pods by revision', async () => {
    const list = await graphql<{ workloads: { edges: { node: { kind: string; name: string; columns: { name: string; value: string }[] } }[] } }>(
      `{ workloads(kind: UNITED_DEPLOYMENT) { edges { node { kind name columns { name value } } } } }`);
    expect(list.workloads.edges.map((e) => e.node.name)).toEqual(['sample-ud']);
    expect(list.workloads.edges[0]!.node.columns.slice(0, 4)).toEqual([
      { name: 'DESIRED', value: '6' }, { name: 'CURRENT', value: '6' }, { name: 'UPDATED', value: '6' }, { name: 'READY', value: '6' }]);
    const filtered = await graphql<{ workload: { pods: { totalCount: number } } }>(
      `query($r: String!) { workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud") { pods(revision: $r) { totalCount } } }`, { r: firstRevision });
    expect(filtered.workload.pods.totalCount).toBe(6);
    const none = await graphql<{ workload: { pods: { totalCount: number } } }>(
      `{ workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud") { pods(revision: "sample-ud-none") { totalCount } } }`);
    expect(none.workload.pods.totalCount).toBe(0);
  });

  it('lists workloads by namespace, then name, then kind, a page at a time', async () => {
    await graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: sample, namespace: default}
spec:
  replicas: 0
  selector: {matchLabels: {app: sample-cs}}
  template:
    metadata: {labels: {app: sample-cs}}
    spec: {containers: [{name: main, image: nginx}]}
` });
    type Page = { workloads: { edges: { node: { name: string; kind: string } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } } };
    const first = await graphql<Page>(`{ workloads(namespace: "default", first: 1) { edges { node { name kind } } pageInfo { endCursor hasNextPage } } }`);
    expect(first.workloads.edges.map((e) => e.node)).toEqual([{ name: 'sample', kind: 'CLONE_SET' }]);
    expect(first.workloads.pageInfo.hasNextPage).toBe(true);
    const next = await graphql<Page>(`query($a: String) { workloads(namespace: "default", first: 5, after: $a) { edges { node { name kind } } pageInfo { hasNextPage } } }`,
      { a: first.workloads.pageInfo.endCursor });
    expect(next.workloads.edges.map((e) => e.node)).toEqual([{ name: 'sample-ud', kind: 'UNITED_DEPLOYMENT' }]);
    expect(next.workloads.pageInfo.hasNextPage).toBe(false);
    await graphql(`mutation { deleteWorkload(kind: CLONE_SET, namespace: "default", name: "sample") }`);
  });

  it('counts each subset\'s pods in its zone in the cluster topology', async () => {
    const { topology } = await graphql<{ topology: { zones: { name: string; nodes: { name: string; workloads: { workloadKind: string | null; kind: string; name: string; subset: string | null; pods: number }[] }[] }[]; unscheduled: unknown[] } }>(
      `{ topology { zones { name nodes { name workloads { workloadKind kind name subset pods } } } unscheduled { name pods } } }`);
    expect(topology.zones.map((z) => z.name)).toEqual(['zone-a', 'zone-b', 'zone-c']);
    const perZone = Object.fromEntries(topology.zones.map((z) => [z.name, z.nodes.flatMap((n) => n.workloads)
      .filter((g) => g.name === 'sample-ud')
      .reduce((sum, g) => {
        expect(g).toMatchObject({ workloadKind: 'UNITED_DEPLOYMENT', kind: 'UnitedDeployment', subset: `subset-${z.name.slice(-1)}` });
        return sum + g.pods;
      }, 0)]));
    expect(perZone).toEqual({ 'zone-a': 1, 'zone-b': 3, 'zone-c': 2 });
    expect(topology.unscheduled).toEqual([]);
  });

  it('holds a new image at each subset\'s partition, then rolls only the subset whose partition is stepped', async () => {
    const held = await graphql<{ setPartition: { generation: number } }>(
      `mutation { setPartition(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", partition: 3) { generation } }`);
    await graphql(`mutation($g: Int) { setImage(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", container: "nginx", image: "nginx:1.27", expectedGeneration: $g) { generation } }`,
      { g: held.setPartition.generation });
    // Every subset keeps all its pods (partition 3 is capped at each subset's replicas).
    const w = await until((x) => x.status.updateRevision !== firstRevision && x.subsets.every((s) => s.partition === s.replicas), 'partitions written');
    await new Promise((r) => setTimeout(r, 1500));
    expect(updatedPerSubset(await ud())).toEqual({ 'subset-a': 0, 'subset-b': 0, 'subset-c': 0 });
    expect(w.subsets.map((s) => s.partition)).toEqual([1, 3, 2]);
    // The spec asks 3 of every subset; what holds pods back is what the controller applies: 6 of 6, not 9.
    expect(w.subsets.map((s) => s.specifiedPartition)).toEqual([3, 3, 3]);
    expect(w.partitionedReplicas).toBe(6);
    // Held by its partitions, and both revisions name their image. Kruise's rewrite of each subset
    // workload on every pass changes nothing, so the plan claims no write (issue 28 item 5).
    const extra = await graphql<{ workload: { health: { state: string; reason: string }; plan: { actions: unknown[] }; revisions: { name: string; images: string[]; isUpdate: boolean }[] } }>(
      `{ workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud") { health { state reason } plan { actions { type reason } } revisions { name images isUpdate } } }`);
    expect(extra.workload.health.state).toBe('HELD');
    expect(extra.workload.health.reason).toContain('partition');
    expect(extra.workload.plan.actions).toEqual([]);
    expect(extra.workload.revisions.map((r) => [r.isUpdate, r.images])).toEqual([[true, ['nginx:1.27']], [false, ['nginx:alpine']]]);

    const events: string[] = [];
    const subscription = ws.iterate<{ podChanged: { type: string; pod: { name: string; subset: string | null } } }>({
      query: `subscription { podChanged(namespace: "default", workload: "sample-ud", kind: UNITED_DEPLOYMENT) { type pod { name subset } } }`,
    });
    const collecting = (async () => {
      for await (const next of subscription) {
        events.push(`${next.data!.podChanged.pod.subset}`);
        if (events.length >= 3) break;
      }
    })();

    await graphql(`mutation { setPartition(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", partition: 1, subset: "subset-b") { generation } }`);
    const rolled = await until((x) => updatedPerSubset(x)['subset-b'] === 2 && x.pods.edges.filter((e) => e.node.subset === 'subset-b').every((e) => e.node.ready), 'subset-b at partition 1');
    expect(updatedPerSubset(rolled)).toEqual({ 'subset-a': 0, 'subset-b': 2, 'subset-c': 0 });
    expect(bySubset(rolled)['subset-b']).toMatchObject({ partition: 1, updatedReplicas: 2 });
    await collecting;
    expect(new Set(events)).toEqual(new Set(['subset-b']));
  });

  it('refuses what a UnitedDeployment does not have, naming the field', async () => {
    const pause = await api.graphql(`mutation { pauseRollout(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud") { generation } }`);
    expect(pause.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(pause.errors![0]!.message).toContain('setPartition');
    const unknown = await api.graphql(`mutation { setPartition(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", partition: 0, subset: "subset-z") { generation } }`);
    expect(unknown.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'subset' }] } });
    const percent = await api.graphql(`mutation { setPartition(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", partition: "50%", subset: "subset-a") { generation } }`);
    expect(percent.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'partition' }] } });
    const pod = (await ud()).pods.edges[0]!.node.name;
    const chosen = await api.graphql(`mutation($p: String!) { deletePods(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", pods: [$p]) { generation } }`, { p: pod });
    expect(chosen.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'pods' }] } });
  });

  it('steps every subset to partition 0: all six pods reach the new revision', async () => {
    await graphql(`mutation { setPartition(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud", partition: 0) { generation } }`);
    const done = await until((x) => x.status.updatedReplicas === 6 && x.status.readyReplicas === 6 && x.pods.edges.every((e) => e.node.isUpdated && e.node.ready), 'all updated', 60_000);
    expect(updatedPerSubset(done)).toEqual({ 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 });
  });
});
