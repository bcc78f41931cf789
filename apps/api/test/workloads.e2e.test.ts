// The CloneSet workload surface over real HTTP and graphql-ws: the docs' sample applied, an image
// rolled with partition steps 5 -> 3 -> 0 with status and pod labels asserted at each step, rollback,
// conflicts, validation errors, plan, events and the subscriptions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { TestApi, testApiPerFile, eventually } from './support/api-server.js';

// The demo `npm start` seeds: the OpenKruise docs' sample CloneSet, as users paste it (v1alpha1), and the
// Advanced StatefulSet document's in-place example (web), the UnitedDeployment document's, and the CloneSet
// `npm start` keeps rolling (rollout-demo).
const SAMPLE = readFileSync(new URL('../demo/workloads.yaml', import.meta.url), 'utf8');

const WORKLOAD = `query($name: String!) { workload(kind: CLONE_SET, namespace: "default", name: $name) {
  kind name generation replicas images updateStrategy
  status { observedGeneration replicas readyReplicas availableReplicas updatedReplicas updatedReadyReplicas updatedAvailableReplicas expectedUpdatedReplicas currentRevision updateRevision }
  pods(first: 100) { totalCount edges { node { name revision isUpdated lifecycleState ready available instanceId node zone containers { name image } } } }
} }`;

type Status = Record<string, number | string>;
interface Workload {
  generation: number;
  updateStrategy: unknown;
  images: string[];
  status: Status;
  pods: { totalCount: number; edges: { node: { name: string; revision: string; isUpdated: boolean; lifecycleState: string; ready: boolean; instanceId: string; zone: string; containers: { image: string }[] } }[] };
}

let api: TestApi;
testApiPerFile({}, (started) => (api = started));

async function workload(name = 'sample'): Promise<Workload> {
  const res = await api.graphql<{ workload: Workload }>(WORKLOAD, { name });
  expect(res.errors).toBeUndefined();
  return res.data!.workload;
}

async function until(check: (w: Workload) => boolean, what: string, timeoutMs = 20_000): Promise<Workload> {
  return eventually(async () => {
    const w = await workload();
    return check(w) ? w : undefined;
  }, timeoutMs, what);
}

/** The time a test that waits on the simulated cluster may take in all (its Jest timeout). */
const TIMING_TEST_MS = 120_000;

/** The milliseconds left of `totalMs` from now, at each call: one bound shared by a test's waits. */
function budget(totalMs: number): () => number {
  const deadline = Date.now() + totalMs;
  return () => Math.max(0, deadline - Date.now());
}

/** Waits until `victim` is gone and its replacement available, polling only the names and one count. */
async function untilReplaced(victim: string, timeoutMs: number): Promise<void> {
  await eventually(async () => {
    const res = await api.graphql<{ workload: { status: { availableReplicas: number }; pods: { edges: { node: { name: string } }[] } } }>(
      `{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { status { availableReplicas } pods(first: 100) { edges { node { name } } } } }`);
    const w = res.data?.workload;
    return w && w.status.availableReplicas === 5 && w.pods.edges.every((e) => e.node.name !== victim) ? true : undefined;
  }, timeoutMs, `${victim} replaced`);
}

const imagesOf = (w: Workload) => w.pods.edges.map((e) => e.node.containers[0]!.image).sort();

describe('CloneSet over GraphQL', () => {
  let oldRevision = '';
  let newRevision = '';

  it('applies the docs sample (v1alpha1) and reports it as a v1beta1 CloneSet with 5 available pods', async () => {
    const applied = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { kind name action } }`, { y: SAMPLE });
    expect(applied.data).toEqual({ applyManifest: [{ kind: 'CloneSet', name: 'sample', action: 'created' }, { kind: 'StatefulSet', name: 'web', action: 'created' }, { kind: 'UnitedDeployment', name: 'sample-ud', action: 'created' }, { kind: 'CloneSet', name: 'rollout-demo', action: 'created' }] });
    const w = await until((x) => x.status.availableReplicas === 5, '5 available pods');
    oldRevision = w.status.updateRevision as string;
    expect(w.status).toMatchObject({ replicas: 5, readyReplicas: 5, updatedReplicas: 5, expectedUpdatedReplicas: 5, currentRevision: oldRevision, observedGeneration: 1 });
    expect(w.updateStrategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate', maxUnavailable: '20%', maxSurge: 0, partition: 0 } });
    expect(w.pods.totalCount).toBe(5);
    for (const { node } of w.pods.edges) {
      expect(node).toMatchObject({ lifecycleState: 'NORMAL', ready: true, isUpdated: true, revision: oldRevision, name: `sample-${node.instanceId}` });
      expect(node.zone).toMatch(/^zone-[abc]$/);
    }
    const list = await api.graphql(`{ workloads(kind: CLONE_SET) { totalCount edges { node { kind name replicas } } } }`);
    expect(list.data).toEqual({ workloads: { totalCount: 2, edges: [{ node: { kind: 'CLONE_SET', name: 'rollout-demo', replicas: 8 } }, { node: { kind: 'CLONE_SET', name: 'sample', replicas: 5 } }] } });
  });

  it('holds a new image at partition 5, shows the PARTITION blocker, then updates exactly 2 at partition 3', async () => {
    const before = await workload();
    const set = await api.graphql<{ setPartition: { generation: number } }>(
      `mutation($g: Int) { setPartition(kind: CLONE_SET, namespace: "default", name: "sample", partition: 5, expectedGeneration: $g) { generation } }`,
      { g: before.generation },
    );
    expect(set.errors).toBeUndefined();
    const image = await api.graphql<{ setImage: { generation: number; images: string[] } }>(
      `mutation($g: Int) { setImage(kind: CLONE_SET, namespace: "default", name: "sample", container: "nginx", image: "nginx:1.27", expectedGeneration: $g) { generation images } }`,
      { g: set.data!.setPartition.generation },
    );
    expect(image.data!.setImage.images).toEqual(['nginx:1.27']);
    const held = await until((w) => w.status.observedGeneration === image.data!.setImage.generation && w.status.updateRevision !== oldRevision, 'new update revision');
    newRevision = held.status.updateRevision as string;
    expect(held.status).toMatchObject({ expectedUpdatedReplicas: 0, updatedReplicas: 0, currentRevision: oldRevision });
    const plan = await api.graphql<{ workload: { plan: { complete: boolean; blockers: { code: string; message: string }[]; diff: Record<string, number> } } }>(
      `{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { plan { complete blockers { code message } diff } } }`,
    );
    expect(plan.data!.workload.plan.complete).toBe(false);
    expect(plan.data!.workload.plan.blockers).toContainEqual({ code: 'PARTITION', message: `partition keeps 5 pods on revision ${oldRevision}` });
    expect(plan.data!.workload.plan.diff).toMatchObject({ updateNum: 0, scaleUpNum: 0, scaleDownNum: 0 });

    await api.graphql(`mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "sample", partition: 3) { generation } }`);
    const atThree = await until((w) => w.status.updatedAvailableReplicas === 2 && w.status.availableReplicas === 5 && w.pods.totalCount === 5, '2 updated pods');
    expect(imagesOf(atThree)).toEqual(['nginx:1.27', 'nginx:1.27', 'nginx:alpine', 'nginx:alpine', 'nginx:alpine']);
    expect(atThree.pods.edges.filter((e) => e.node.isUpdated).map((e) => e.node.revision)).toEqual([newRevision, newRevision]);
    expect(atThree.status).toMatchObject({ expectedUpdatedReplicas: 2, currentRevision: oldRevision, updateRevision: newRevision });
    const filtered = await api.graphql<{ workload: { byName: { totalCount: number }; byHash: { totalCount: number }; normal: { totalCount: number }; deleting: { totalCount: number } } }>(
      `query($r: String!, $h: String!) { workload(kind: CLONE_SET, namespace: "default", name: "sample") {
        byName: pods(revision: $r) { totalCount } byHash: pods(revision: $h) { totalCount }
        normal: pods(lifecycleState: NORMAL) { totalCount } deleting: pods(lifecycleState: PREPARING_DELETE) { totalCount } } }`,
      { r: newRevision, h: newRevision.slice('sample-'.length) },
    );
    expect(filtered.data!.workload).toEqual({ byName: { totalCount: 2 }, byHash: { totalCount: 2 }, normal: { totalCount: 5 }, deleting: { totalCount: 0 } });
  });

  it('refuses a stale expectedGeneration with CONFLICT and changes nothing', async () => {
    const before = await workload();
    const res = await api.graphql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "default", name: "sample", replicas: 9, expectedGeneration: 1) { replicas } }`);
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(res.errors?.[0]?.message).toContain(`generation ${before.generation}, not the expected 1`);
    expect((await workload()).generation).toBe(before.generation);
  });

  it('names the field of an invalid change: maxSurge with InPlaceOnly, a partition that is no IntOrPercent, an unknown container', async () => {
    const bad = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: strict}
spec:
  replicas: 2
  selector: {matchLabels: {app: strict}}
  template:
    metadata: {labels: {app: strict}}
    spec: {containers: [{name: main, image: nginx}]}
  updateStrategy:
    rollingUpdate: {podUpdatePolicy: InPlaceOnly, maxSurge: 3}
`;
    const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: bad });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.extensions?.fieldErrors).toContainEqual({ field: 'spec.updateStrategy.rollingUpdate.maxSurge', message: 'Invalid value: "3": can not use maxSurge with strategy type InPlaceOnly' });
    const literal = await api.graphql(`mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "sample", partition: "abc") { generation } }`);
    expect(literal.errors?.[0]?.message).toContain('IntOrPercent must be an Int from 0 to 2147483647 or a percentage such as "20%", got "abc"');
    const setPartition = `mutation($p: IntOrPercent!) { setPartition(kind: CLONE_SET, namespace: "default", name: "sample", partition: $p) { generation } }`;
    const variable = await api.graphql(setPartition, { p: 'half' });
    expect(variable.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(variable.errors?.[0]?.message).toContain('got "half"');
    const unknownContainer = await api.graphql(`mutation { setImage(kind: CLONE_SET, namespace: "default", name: "sample", container: "web", image: "x") { generation } }`);
    expect(unknownContainer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'container', message: 'not found; containers: nginx' }] });
    const missing = await api.graphql(`mutation { pauseRollout(kind: CLONE_SET, namespace: "default", name: "nope") { name } }`);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('rolls the rest at partition 0; currentRevision follows; SuccessfulUpdatePodReCreate events are recorded', async () => {
    await api.graphql(`mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "sample", partition: 0) { generation } }`);
    const done = await until((w) => w.status.updatedAvailableReplicas === 5 && w.pods.totalCount === 5, 'all updated');
    expect(imagesOf(done)).toEqual(Array(5).fill('nginx:1.27'));
    expect(done.status).toMatchObject({ currentRevision: newRevision, updateRevision: newRevision, expectedUpdatedReplicas: 5 });
    const events = await api.graphql<{ workload: { events: { reason: string; message: string; type: string }[] } }>(
      `{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { events(first: 200) { type reason message } } }`,
    );
    const reasons = new Set(events.data!.workload.events.map((e) => e.reason));
    expect(reasons).toEqual(new Set(['SuccessfulCreate', 'SuccessfulDelete', 'SuccessfulUpdatePodReCreate']));
  });

  it('lists revisions newest first and rolls back to the first one', async () => {
    const res = await api.graphql<{ workload: { revisions: { name: string; isCurrent: boolean; isUpdate: boolean; images: string[]; podCount: number }[] } }>(
      `{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { revisions { name isCurrent isUpdate images podCount } } }`,
    );
    expect(res.data!.workload.revisions).toEqual([
      { name: newRevision, isCurrent: true, isUpdate: true, images: ['nginx:1.27'], podCount: 5 },
      { name: oldRevision, isCurrent: false, isUpdate: false, images: ['nginx:alpine'], podCount: 0 },
    ]);
    const back = await api.graphql(`mutation($r: String!) { rollbackWorkload(kind: CLONE_SET, namespace: "default", name: "sample", revision: $r) { images } }`, { r: oldRevision });
    expect(back.data).toEqual({ rollbackWorkload: { images: ['nginx:alpine'] } });
    const rolled = await until((w) => w.status.updateRevision === oldRevision && w.status.updatedAvailableReplicas === 5 && w.pods.totalCount === 5, 'rolled back');
    expect(imagesOf(rolled)).toEqual(Array(5).fill('nginx:alpine'));
    expect(rolled.status.currentRevision).toBe(oldRevision);
  });

  it('streams workloadChanged and podChanged over graphql-ws while scaling, and deletes pods by name', async () => {
    const client = api.ws();
    const seen: { workload: number[]; pods: string[] } = { workload: [], pods: [] };
    const stopW = client.subscribe<{ workloadChanged: { status: { replicas: number } } }>(
      { query: `subscription { workloadChanged(kind: CLONE_SET, namespace: "default", name: "sample") { status { replicas } } }` },
      { next: (m) => void seen.workload.push(m.data!.workloadChanged.status.replicas), error: () => {}, complete: () => {} },
    );
    const stopP = client.subscribe<{ podChanged: { type: string; pod: { name: string } } }>(
      { query: `subscription { podChanged(namespace: "default", workload: "sample") { type pod { name lifecycleState } } }` },
      { next: (m) => void seen.pods.push(`${m.data!.podChanged.type} ${m.data!.podChanged.pod.name}`), error: () => {}, complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 200));
    await api.graphql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "default", name: "sample", replicas: 6) { replicas } }`);
    await eventually(async () => (seen.workload.includes(6) ? true : undefined), 20_000, 'workloadChanged with 6 replicas');
    const w = await until((x) => x.status.availableReplicas === 6, '6 available');
    const victim = w.pods.edges[0]!.node.name;
    const del = await api.graphql(`mutation($p: [String!]!) { deletePods(kind: CLONE_SET, namespace: "default", name: "sample", pods: $p, scaleDown: true) { replicas } }`, { p: [victim] });
    expect(del.data).toEqual({ deletePods: { replicas: 5 } });
    await eventually(async () => (seen.pods.includes(`DELETED ${victim}`) ? true : undefined), 20_000, `DELETED ${victim}`);
    const after = await until((x) => x.pods.totalCount === 5 && x.status.availableReplicas === 5, '5 pods after deletePods');
    expect(after.pods.edges.map((e) => e.node.name)).not.toContain(victim);
    const notOurs = await api.graphql(`mutation { deletePods(kind: CLONE_SET, namespace: "default", name: "sample", pods: ["ghost"]) { replicas } }`);
    expect(notOurs.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'pods[0]', message: 'ghost is not an active pod of this workload' }]);
    stopW();
    stopP();
    await client.dispose();
  });

  it("replays to podChanged(resourceVersion:) every change after a pods list's version: none falls between list and subscription", async () => {
    // Every wait is on a condition; together they get the test's whole time (load on a shared machine
    // once stretched the replacement past a 20 s step budget while Jest's 30 s ran out), and the test's
    // timeout is only a backstop behind them.
    const left = budget(TIMING_TEST_MS - 10_000);
    const listed = await api.graphql<{ workload: { pods: { resourceVersion: string; edges: { node: { name: string } }[] } } }>(
      `{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { pods(first: 1) { resourceVersion edges { node { name } } } } }`);
    const { resourceVersion, edges } = listed.data!.workload.pods;
    expect(resourceVersion).toMatch(/^\d+$/);
    const victim = edges[0]!.node.name;
    // The change happens after the list and before the subscription exists.
    await api.graphql(`mutation($p: [String!]!) { deletePods(kind: CLONE_SET, namespace: "default", name: "sample", pods: $p) { replicas } }`, { p: [victim] });
    await untilReplaced(victim, left());
    const client = api.ws();
    const seen: string[] = [];
    const stop = client.subscribe<{ podChanged: { type: string; pod: { name: string; ready: boolean } } }>(
      { query: `subscription($rv: String) { podChanged(namespace: "default", workload: "sample", resourceVersion: $rv) { type pod { name ready } } }`, variables: { rv: resourceVersion } },
      { next: (m) => void seen.push(`${m.data!.podChanged.type} ${m.data!.podChanged.pod.name} ${m.data!.podChanged.pod.ready}`), error: () => {}, complete: () => {} },
    );
    await eventually(async () => (seen.some((s) => s.startsWith(`DELETED ${victim} `)) ? true : undefined), left(), `DELETED ${victim} replayed`);
    // The replacement: added since the list, and ready (its intermediate states folded away; when the API's
    // history had not yet seen it ready at the subscription, under load, its readiness follows as MODIFIED).
    await eventually(async () => {
      const added = seen.find((s) => s.startsWith('ADDED '))?.split(' ')[1];
      return added && seen.some((s) => s === `ADDED ${added} true` || s === `MODIFIED ${added} true`) ? true : undefined;
    }, left(), 'the ready replacement replayed');
    expect(seen.filter((s) => s.includes(victim)).map((s) => s.split(' ')[0])).toEqual(['DELETED']);
    stop();
    await client.dispose();
  }, TIMING_TEST_MS);

  it('refuses podChanged from a resourceVersion it no longer holds (CONFLICT) or one no list gave (BAD_USER_INPUT)', async () => {
    const client = api.ws();
    const errorOf = (rv: string) => new Promise<{ message: string; extensions?: Record<string, unknown> }>((resolve) => {
      client.subscribe(
        { query: `subscription($rv: String) { podChanged(namespace: "default", resourceVersion: $rv) { type } }`, variables: { rv } },
        { next: (m) => resolve((m.errors as never)?.[0] ?? { message: 'no error' }), error: (e) => resolve((e as { message: string }[])[0]!), complete: () => {} },
      );
    });
    const gone = await errorOf('0'); // before the API's cache first synced
    expect(gone.extensions?.code).toBe('CONFLICT');
    expect(gone.message).toContain('list again');
    const bad = await errorOf('x'.repeat(100_000));
    expect(bad.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.extensions?.fieldErrors).toEqual([{ field: 'resourceVersion', message: 'must be the resourceVersion of a pods list' }]);
    await client.dispose();
  });

  it('deletes the workload and its pods', async () => {
    const res = await api.graphql(`mutation { deleteWorkload(kind: CLONE_SET, namespace: "default", name: "sample") }`);
    expect(res.data).toEqual({ deleteWorkload: true });
    await eventually(async () => {
      // The demo's UnitedDeployment runs app=sample pods too, in subsets: those are not the CloneSet's.
      const pods = await api.graphql<{ objects: { totalCount: number } }>(
        `{ objects(kind: "pods", namespace: "default", labelSelector: "app=sample,!apps.kruise.io/subset-name") { totalCount } }`);
      return pods.data!.objects.totalCount === 0 ? true : undefined;
    }, 20_000, 'pods garbage-collected');
    expect((await api.graphql(`{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { name } }`)).data).toEqual({ workload: null });
  });
});
