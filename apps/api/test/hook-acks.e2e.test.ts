// Hook acknowledgements end to end over real HTTP: a CloneSet with a preDelete labelsHandler scaled
// down holds a pod in PreparingDelete until the ack, which deletes it; then Idempotency-Key semantics
// under concurrency, every error answer of the contract, and the audit rows of all of it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { WatchHandle } from '@coxswain/cluster';
import type { Pod } from '@coxswain/kruise-api';
import { POD_REF } from '@coxswain/workloads';
import { TokensRepository } from '../src/auth/tokens.repository.js';
import { hashRequest } from '../src/hooks/hook-ack.service.js';
import { HookAcksRepository } from '../src/hooks/hook-acks.repository.js';
import { ABANDONED_CLAIM_MS } from '../src/idempotency/key-claim.js';
import { PRISMA } from '../src/tokens.js';
import { ADMIN_TOKEN, eventually, TestApi, testApiPerFile } from './support/api-server.js';

const BLOCK = 'example.io/block-deleting';

const cloneSet = (namespace: string, name: string, replicas: number) => `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: ${name}, namespace: ${namespace} }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata:
      labels: { app: ${name}, ${BLOCK}: "true" }
    spec:
      containers: [{ name: main, image: "nginx:1.25" }]
  lifecycle:
    preDelete:
      labelsHandler: { ${BLOCK}: "true" }
`;

interface PodNode {
  name: string;
  uid: string;
  lifecycleState: string;
  pendingHook: string | null;
  pendingSince: string | null;
  ready: boolean;
}

let api: TestApi;
let acker = '';

testApiPerFile({}, (started) => (api = started));
beforeAll(async () => {
  acker = await api.createToken('discovery', 'hook-acker');
});

async function apply(yaml: string): Promise<void> {
  await api.apply(yaml);
}

async function pods(namespace: string, name: string): Promise<PodNode[]> {
  const res = await api.graphql<{ workload: { pods: { edges: { node: PodNode }[] } } | null }>(
    `query($ns: String!, $n: String!) { workload(kind: CLONE_SET, namespace: $ns, name: $n) { pods(first: 100) { edges { node { name uid lifecycleState pendingHook pendingSince ready } } } } }`,
    { ns: namespace, n: name },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.workload?.pods.edges.map((e) => e.node) ?? [];
}

async function scale(namespace: string, name: string, replicas: number): Promise<void> {
  const res = await api.graphql(`mutation($ns: String!, $n: String!, $r: Int!) { scaleWorkload(kind: CLONE_SET, namespace: $ns, name: $n, replicas: $r) { replicas } }`, { ns: namespace, n: name, r: replicas });
  expect(res.errors).toBeUndefined();
}

function ack(namespace: string, pod: string, hook: string, init: { key?: string | null; reason?: string; token?: string | null; body?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = init.key === undefined ? randomUUID() : init.key;
  if (key !== null) headers['idempotency-key'] = key;
  return api.fetch(`/api/v1/namespaces/${namespace}/pods/${pod}/hooks/${hook}/ack`, {
    method: 'POST',
    headers,
    body: init.body ?? JSON.stringify(init.reason === undefined ? {} : { reason: init.reason }),
    token: init.token === undefined ? acker : init.token,
  });
}

async function auditRows(namespace: string): Promise<Record<string, any>[]> {
  const res = await api.graphql(
    `query($ns: String) { auditLog(namespace: $ns, first: 1000) { edges { node { id at actorName actorRole action targetKind targetNamespace targetName before after requestId idempotencyKey result message } } } }`,
    { ns: namespace },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.auditLog.edges.map((e: { node: unknown }) => e.node);
}

/** Counts, per pod, the writes that took the hook label away: an applied ack is exactly one. */
async function countReleases(namespace: string): Promise<{ counts: Map<string, number>; stop: () => void }> {
  const counts = new Map<string, number>();
  const last = new Map<string, string | undefined>();
  const { items, resourceVersion } = await api.runtime.cluster.list<Pod>(POD_REF, { namespace });
  for (const p of items) last.set(p.metadata.name!, p.metadata.labels?.[BLOCK]);
  const handle: WatchHandle = await api.runtime.cluster.watch<Pod>(POD_REF, { namespace, resourceVersion }, (event) => {
    const name = event.object.metadata.name!;
    const now = event.type === 'DELETED' ? last.get(name) : event.object.metadata.labels?.[BLOCK];
    if (last.get(name) === 'true' && now === undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
    last.set(name, now);
  });
  return { counts, stop: () => handle.stop() };
}

describe('a preDelete hook acknowledged over HTTP', () => {
  const ns = 'hooks';
  let held: PodNode;

  it('holds the pod chosen by a scale-down in PreparingDelete, undeleted, until acknowledged', async () => {
    await apply(cloneSet(ns, 'web', 3));
    await eventually(async () => ((await pods(ns, 'web')).filter((p) => p.ready && p.lifecycleState === 'NORMAL').length === 3 ? true : undefined), 20_000, '3 ready pods');
    await scale(ns, 'web', 2);
    held = await eventually(async () => (await pods(ns, 'web')).find((p) => p.lifecycleState === 'PREPARING_DELETE'), 20_000, 'a PreparingDelete pod');
    expect(held).toMatchObject({ pendingHook: 'PRE_DELETE' });
    expect(held.pendingSince).not.toBeNull();

    // Not deleted while the hook holds it, however long we wait.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      const pod = await api.graphql(`query($n: String!) { object(kind: "Pod", namespace: "${ns}", name: $n) { uid deletionTimestamp } }`, { n: held.name });
      expect(pod.data!.object).toEqual({ uid: held.uid, deletionTimestamp: null });
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await pods(ns, 'web')).length).toBe(3);
  });

  it('lists the pod in GET /api/v1/hooks with its workload, state and place', async () => {
    const res = await api.fetch(`/api/v1/hooks?namespace=${ns}&hook=preDelete`, { token: acker });
    expect(res.status).toBe(200);
    const hooks = (await res.json()) as Record<string, any>[];
    expect(hooks).toEqual([
      {
        namespace: ns,
        pod: held.name,
        podUid: held.uid,
        workload: { kind: 'CloneSet', name: 'web' },
        hook: 'preDelete',
        state: 'PreparingDelete',
        since: expect.any(String),
        podIP: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
        node: expect.stringMatching(/^sim-/),
        zone: expect.stringMatching(/^zone-[abc]$/),
      },
    ]);
    const none = await api.fetch(`/api/v1/hooks?namespace=${ns}&hook=preNormal`, { token: acker });
    expect(await none.json()).toEqual([]);
    const gql = await api.graphql(`{ pendingHooks(namespace: "${ns}", hook: PRE_DELETE) { pod hook state workload { kind name } } }`, {}, { token: acker });
    expect(gql.data).toEqual({ pendingHooks: [{ pod: held.name, hook: 'PRE_DELETE', state: 'PREPARING_DELETE', workload: { kind: 'CLONE_SET', name: 'web' } }] });
  });

  it('acknowledges with one write; the CloneSet then deletes the pod; the audit has the ack and the scale', async () => {
    const key = randomUUID();
    const res = await ack(ns, held.name, 'preDelete', { key, reason: 'deregistered from registry' });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      namespace: ns,
      pod: held.name,
      podUid: held.uid,
      hook: 'preDelete',
      acknowledgedBy: 'discovery',
      at: expect.any(String),
      reason: 'deregistered from registry',
    });
    await eventually(async () => {
      const pod = await api.graphql(`query($n: String!) { object(kind: "Pod", namespace: "${ns}", name: $n) { name } }`, { n: held.name });
      return pod.data!.object === null ? true : undefined;
    }, 20_000, 'the acknowledged pod deleted');
    expect((await pods(ns, 'web')).map((p) => p.lifecycleState)).toEqual(['NORMAL', 'NORMAL']);

    const rows = await auditRows(ns);
    expect(rows.find((r) => r.action === 'ackHook')).toMatchObject({
      actorName: 'discovery',
      actorRole: 'hook-acker',
      targetKind: 'Pod',
      targetNamespace: ns,
      targetName: held.name,
      idempotencyKey: key,
      result: 'ok',
      before: { [`metadata.labels['${BLOCK}']`]: 'true' },
      after: { [`metadata.labels['${BLOCK}']`]: null },
      requestId: res.headers.get('x-request-id'),
    });
    expect(rows.find((r) => r.action === 'scaleWorkload')).toMatchObject({
      actorName: 'local-admin',
      targetKind: 'CloneSet',
      targetName: 'web',
      before: { 'spec.replicas': 3 },
      after: { 'spec.replicas': 2 },
      result: 'ok',
    });
    expect(rows.find((r) => r.action === 'applyManifest')).toMatchObject({ targetKind: 'CloneSet', targetName: 'web', before: null, result: 'ok' });
  });
});

describe('Idempotency-Key and the error answers', () => {
  const ns = 'idem';
  let waiting: PodNode[] = [];
  let normal: PodNode;

  beforeAll(async () => {
    await apply(cloneSet(ns, 'api', 7));
    await eventually(async () => ((await pods(ns, 'api')).filter((p) => p.ready && p.lifecycleState === 'NORMAL').length === 7 ? true : undefined), 30_000, '7 ready pods');
    await scale(ns, 'api', 2);
    waiting = await eventually(async () => {
      const all = await pods(ns, 'api');
      const held = all.filter((p) => p.lifecycleState === 'PREPARING_DELETE');
      return held.length === 5 ? held : undefined;
    }, 20_000, '5 PreparingDelete pods');
    normal = (await pods(ns, 'api')).find((p) => p.lifecycleState === 'NORMAL')!;
  }, 180_000);

  it('applies 20 concurrent requests with one key exactly once; the others replay the same answer or are told it is in flight', async () => {
    const pod = waiting[0]!;
    const key = randomUUID();
    const releases = await countReleases(ns);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ack(ns, pod.name, 'preDelete', { key, reason: 'drained' })));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed') === 'true', body: await r.json() })));
    const first = bodies.filter((b) => b.status === 200 && !b.replayed);
    expect(first).toHaveLength(1);
    for (const b of bodies) {
      if (b.status === 200) expect(b.body).toEqual(first[0]!.body);
      else expect(b).toMatchObject({ status: 409, body: { code: 'ACK_IN_FLIGHT', status: 409, type: 'urn:coxswain:problem:ack-in-flight' } });
    }
    // A later retry replays the identical answer, even after the pod is gone.
    await eventually(async () => ((await pods(ns, 'api')).some((p) => p.name === pod.name) ? undefined : true), 20_000, 'pod deleted');
    const retry = await ack(ns, pod.name, 'preDelete', { key, reason: 'drained' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(first[0]!.body);
    releases.stop();
    expect(releases.counts.get(pod.name)).toBe(1);

    const rows = (await auditRows(ns)).filter((r) => r.idempotencyKey === key);
    expect(rows).toHaveLength(21); // every request is on record...
    expect(rows.filter((r) => r.before !== null)).toHaveLength(1); // ...and exactly one changed the pod
    expect(rows.filter((r) => r.result === 'ok' && r.message === 'replayed').length).toBeGreaterThanOrEqual(1);
  });

  it('lets exactly one of 10 concurrent acks with different keys write the pod; the rest find the hook no longer pending', async () => {
    const pod = waiting[1]!;
    const releases = await countReleases(ns);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ack(ns, pod.name, 'preDelete')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const s of statuses.filter((x) => x !== 200)) expect([409, 410]).toContain(s);
    // A refusal says the hook was acknowledged already and what the pod waits for now.
    for (const refusal of await Promise.all(answers.filter((r) => r.status === 409).map((r) => r.json() as Promise<{ detail: string }>))) {
      expect(refusal.detail).toMatch(new RegExp(`^pod ${ns}/${pod.name} is no longer waiting on its preDelete hook: it was already acknowledged; the pod (is in PreparingDelete until its CloneSet api deletes it|is being deleted and waits for its containers to stop)$`));
    }
    await eventually(async () => ((await pods(ns, 'api')).some((p) => p.name === pod.name) ? undefined : true), 20_000, 'pod deleted');
    releases.stop();
    expect(releases.counts.get(pod.name)).toBe(1);
  });

  it('answers 422 to the same key with a different body, and 400 without a key', async () => {
    const pod = waiting[2]!;
    const key = randomUUID();
    expect((await ack(ns, pod.name, 'preDelete', { key, reason: 'first' })).status).toBe(200);
    const reused = await ack(ns, pod.name, 'preDelete', { key, reason: 'second' });
    expect(reused.status).toBe(422);
    expect(reused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422, title: expect.any(String), detail: expect.any(String), instance: `/api/v1/namespaces/${ns}/pods/${pod.name}/hooks/preDelete/ack` });
    const otherCaller = await ack(ns, pod.name, 'preDelete', { key, reason: 'first', token: ADMIN_TOKEN });
    expect(otherCaller.status).toBe(422);

    const noKey = await ack(ns, waiting[3]!.name, 'preDelete', { key: null });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED', field: 'Idempotency-Key' });
    const badBody = await ack(ns, waiting[3]!.name, 'preDelete', { body: '{"reason": 7}' });
    expect(badBody.status).toBe(400);
    const badHook = await ack(ns, waiting[3]!.name, 'beforeDelete');
    expect(badHook.status).toBe(400);
    const unreadable = await ack(ns, waiting[3]!.name, 'preDelete', { body: '{"reason": ' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await unreadable.json()).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', title: 'Bad Request' });
  });

  it('answers 409 when the hook is not pending: a Normal pod, or the wrong hook', async () => {
    const key = randomUUID();
    const notWaiting = await ack(ns, normal.name, 'preDelete', { key });
    expect(notWaiting.status).toBe(409);
    expect(await notWaiting.json()).toMatchObject({ code: 'HOOK_NOT_PENDING', type: 'urn:coxswain:problem:hook-not-pending' });
    // A final answer: replayed for the key.
    const again = await ack(ns, normal.name, 'preDelete', { key });
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const wrongHook = await ack(ns, waiting[3]!.name, 'preUpdate');
    expect(wrongHook.status).toBe(409);
    expect(((await wrongHook.json()) as { detail: string }).detail).toContain('has no preUpdate hook');
  });

  it('answers 409 while another request with the same key is being applied, and lets it run again once that claim is abandoned', async () => {
    // A request caught between claiming its key and storing its answer, made deterministic.
    const key = randomUUID();
    const token = await api.app.get(TokensRepository).findByName('discovery');
    const pod = waiting[4]!.name;
    const claim = await api.app.get(HookAcksRepository).claim({
      idempotencyKey: key, actorTokenId: token!.id, namespace: ns, pod, hook: 'preDelete', createdAt: new Date(),
      requestHash: hashRequest({ namespace: ns, pod, hook: 'preDelete', reason: 'busy' }),
    });
    expect(claim.claimed).toBe(true);
    const inFlight = await ack(ns, pod, 'preDelete', { key, reason: 'busy' });
    expect(inFlight.status).toBe(409);
    expect(await inFlight.json()).toMatchObject({ code: 'ACK_IN_FLIGHT' });
    expect((await pods(ns, 'api')).find((p) => p.name === pod)?.pendingHook).toBe('PRE_DELETE'); // untouched

    // The claiming process died before storing an answer: once the claim is that old, the same request
    // runs again (a different body is still refused) and its answer is stored for the key.
    await api.app.get(PRISMA).hookAck.update({ where: { idempotencyKey: key }, data: { createdAt: new Date(Date.now() - ABANDONED_CLAIM_MS - 60_000) } });
    expect((await ack(ns, pod, 'preDelete', { key, reason: 'other' })).status).toBe(422);
    const retried = await ack(ns, pod, 'preDelete', { key, reason: 'busy' });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ pod, hook: 'preDelete', reason: 'busy' });
    const replayed = await ack(ns, pod, 'preDelete', { key, reason: 'busy' });
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    await eventually(async () => ((await pods(ns, 'api')).find((p) => p.name === pod)?.pendingHook ?? 'released') !== 'PRE_DELETE' || undefined, 20_000, 'the pod released');
  });

  it('answers 410 for a pod already gone and 404 for a pod that never was', async () => {
    const gone = await ack(ns, waiting[0]!.name, 'preDelete'); // acked and deleted above
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'POD_GONE', type: 'urn:coxswain:problem:pod-gone' });
    const unknown = await ack(ns, 'api-nosuch', 'preDelete');
    expect(unknown.status).toBe(404);
  });

  it('acknowledges through GraphQL too, replaying with replayed: true', async () => {
    const pod = waiting[3]!;
    const mutation = `mutation($pod: String!, $key: String) { ackHook(namespace: "${ns}", pod: $pod, hook: PRE_DELETE, idempotencyKey: $key, reason: "gql") { id pod hook acknowledgedBy reason replayed } }`;
    const first = await api.graphql(mutation, { pod: pod.name, key: 'gql-key-1' }, { token: acker });
    expect(first.errors).toBeUndefined();
    expect(first.data!.ackHook).toMatchObject({ pod: pod.name, hook: 'PRE_DELETE', acknowledgedBy: 'discovery', reason: 'gql', replayed: false });
    const second = await api.graphql(mutation, { pod: pod.name, key: 'gql-key-1' }, { token: acker });
    expect(second.data!.ackHook).toEqual({ ...first.data!.ackHook, replayed: true });
    const notPending = await api.graphql(mutation, { pod: normal.name, key: null }, { token: acker });
    expect(notPending.errors?.[0]?.extensions?.code).toBe('HOOK_NOT_PENDING');
    const reused = await api.graphql(mutation, { pod: normal.name, key: 'gql-key-1' }, { token: acker });
    expect(reused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('records every outcome above in the audit log with the caller and the key', async () => {
    const rows = await auditRows(ns);
    const results = new Set(rows.filter((r) => r.action === 'ackHook').map((r) => r.result));
    for (const code of ['ok', 'ACK_IN_FLIGHT', 'HOOK_NOT_PENDING', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REQUIRED', 'POD_GONE', 'NOT_FOUND', 'BAD_USER_INPUT']) {
      expect(results).toContain(code);
    }
    for (const r of rows.filter((x) => x.action === 'ackHook')) {
      expect(r).toMatchObject({ targetKind: 'Pod', targetNamespace: ns, requestId: expect.any(String) });
      expect([['discovery', 'hook-acker'], ['local-admin', 'admin']]).toContainEqual([r.actorName, r.actorRole]);
    }
    // Newest first, and pages follow each other without overlap.
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page1 = await api.graphql(`{ auditLog(namespace: "${ns}", first: 3) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }`);
    const page2 = await api.graphql(`query($a: String) { auditLog(namespace: "${ns}", first: 3, after: $a) { pageInfo { hasPreviousPage } edges { node { id } } } }`, { a: page1.data!.auditLog.pageInfo.endCursor });
    expect(page1.data!.auditLog.totalCount).toBe(rows.length);
    expect([...page1.data!.auditLog.edges, ...page2.data!.auditLog.edges].map((e: { node: { id: string } }) => Number(e.node.id))).toEqual(ids.slice(0, 6));
    expect(page2.data!.auditLog.pageInfo.hasPreviousPage).toBe(true);
  });
});

describe('an in-place update held by its inPlaceUpdate hook, acknowledged before and after over HTTP', () => {
  const ns = 'inplace';
  const HOLD = 'example.io/in-service';
  const yaml = `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: svc, namespace: ${ns} }
spec:
  replicas: 1
  selector: { matchLabels: { app: svc } }
  template:
    metadata: { labels: { app: svc, ${HOLD}: "true" } }
    spec: { containers: [{ name: main, image: "nginx:1.25" }] }
  updateStrategy: { type: InPlaceIfPossible, maxUnavailable: 1 }
  lifecycle:
    inPlaceUpdate:
      labelsHandler: { ${HOLD}: "true" }
  volumeClaimTemplates:
  - metadata: { name: data }
    spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;
  const claims = async (): Promise<string[]> => {
    const res = await api.graphql(`{ objects(kind: "persistentvolumeclaims", namespace: "${ns}") { edges { node { name uid } } } }`);
    return res.data!.objects.edges.map((e: { node: { name: string; uid: string } }) => `${e.node.name} ${e.node.uid}`);
  };
  type Placed = PodNode & { podIP: string | null; node: string | null; containers: { image: string }[] };
  const placed = async (): Promise<Placed | undefined> => {
    const res = await api.graphql(`{ workload(kind: CLONE_SET, namespace: "${ns}", name: "svc") { pods { edges { node { name uid lifecycleState pendingHook pendingSince ready podIP node containers { image } } } } } }`);
    return res.data!.workload?.pods.edges[0]?.node;
  };

  it('waits in PreparingUpdate, updates in place after the preUpdate ack, waits in Updated, and is Normal after the postUpdate ack: same uid, IP, node and PVC', async () => {
    await apply(yaml);
    const before = await eventually(async () => {
      const p = await placed();
      return p?.ready && p.lifecycleState === 'NORMAL' ? p : undefined;
    }, 20_000, 'a ready pod');
    const claimsBefore = await claims();
    expect(claimsBefore).toHaveLength(1);
    const image = await api.graphql(`mutation { setImage(kind: CLONE_SET, namespace: "${ns}", name: "svc", container: "main", image: "nginx:1.27") { name } }`);
    expect(image.errors).toBeUndefined();

    const preparing = await eventually(async () => {
      const p = await placed();
      return p?.lifecycleState === 'PREPARING_UPDATE' ? p : undefined;
    }, 20_000, 'PreparingUpdate');
    expect(preparing).toMatchObject({ pendingHook: 'PRE_UPDATE', containers: [{ image: 'nginx:1.25' }] });
    expect((await (await api.fetch(`/api/v1/hooks?namespace=${ns}`, { token: acker })).json())).toMatchObject([{ pod: before.name, hook: 'preUpdate', state: 'PreparingUpdate' }]);
    expect((await ack(ns, before.name, 'postUpdate')).status).toBe(409); // not yet

    const preUpdateAck = await ack(ns, before.name, 'preUpdate', { reason: 'drained' });
    expect(preUpdateAck.status).toBe(200);
    const preUpdateAnswer = (await preUpdateAck.json()) as { id: string; at: string };
    const updated = await eventually(async () => {
      const p = await placed();
      return p?.lifecycleState === 'UPDATED' && p.containers[0]?.image === 'nginx:1.27' ? p : undefined;
    }, 20_000, 'Updated with the new image');
    expect(updated.pendingHook).toBe('POST_UPDATE');

    const postUpdateAck = await ack(ns, before.name, 'postUpdate', { reason: 'back in service' });
    expect(postUpdateAck.status).toBe(200);
    const postUpdateAnswer = (await postUpdateAck.json()) as { id: string; at: string };
    const after = await eventually(async () => {
      const p = await placed();
      return p?.lifecycleState === 'NORMAL' ? p : undefined;
    }, 20_000, 'Normal again');
    expect(after).toMatchObject({ name: before.name, uid: before.uid, podIP: before.podIP, node: before.node, pendingHook: null, containers: [{ image: 'nginx:1.27' }] });
    expect(await claims()).toEqual(claimsBefore);
    const labels = await api.graphql(`{ object(kind: "Pod", namespace: "${ns}", name: "${before.name}") { labels } }`);
    expect(labels.data!.object.labels[HOLD]).toBe('true'); // restored by the postUpdate ack

    const rows = (await auditRows(ns)).filter((r) => r.action === 'ackHook');
    // Each ack's write also stamped the pod with the ack's id and time (ack-stamp.ts).
    const label = `metadata.labels['${HOLD}']`;
    const stamp = (hook: string) => `metadata.annotations['coxswain.io/${hook}-ack']`;
    const stamped = (answer: { id: string; at: string }) => JSON.stringify({ id: answer.id, at: answer.at });
    expect(rows.map((r) => [r.result, r.before, r.after])).toEqual([
      ['ok', { [label]: null, [stamp('postUpdate')]: null }, { [label]: 'true', [stamp('postUpdate')]: stamped(postUpdateAnswer) }],
      ['ok', { [label]: 'true', [stamp('preUpdate')]: null }, { [label]: null, [stamp('preUpdate')]: stamped(preUpdateAnswer) }],
      ['HOOK_NOT_PENDING', null, null],
    ]);
  });
});
