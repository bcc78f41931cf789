// Who may do what, over every transport: each role (and a namespace-limited hook-acker and
// rollout-approver, and no token)
// against every GraphQL query, mutation and subscription, the REST endpoints, and graphql-ws
// connection_init. The expectations are written out here, independently of auth/access-policy.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ADMIN_TOKEN, TestApi } from './support/api-server.js';

type Caller = 'viewer' | 'operator' | 'hook-acker' | 'acker-team-a' | 'approver' | 'approver-team-a' | 'admin';
const CALLERS: Caller[] = ['viewer', 'operator', 'hook-acker', 'acker-team-a', 'approver', 'approver-team-a', 'admin'];
const READERS: Caller[] = ['viewer', 'operator', 'admin'];
const OPERATORS: Caller[] = ['operator', 'admin'];
const ACKERS: Caller[] = ['hook-acker', 'acker-team-a', 'admin'];
const APPROVERS: Caller[] = ['approver', 'approver-team-a', 'admin'];
const ROLLOUT_READERS: Caller[] = [...READERS, 'approver', 'approver-team-a'];

const POD = `apiVersion: v1\nkind: Pod\nmetadata: { name: dry, namespace: team-a }\nspec: { containers: [{ name: c, image: nginx }] }\n`;
const W = 'kind: CLONE_SET, namespace: "team-a", name: "missing"';

/** Every root field of the schema, with a harmless request and the callers it is open to. */
const QUERIES: Record<string, { doc: string; allowed: Caller[] }> = {
  me: { doc: '{ me { name role namespaces } }', allowed: CALLERS },
  workloads: { doc: '{ workloads { totalCount } }', allowed: READERS },
  workload: { doc: `{ workload(${W}) { name } }`, allowed: READERS },
  workloadKinds: { doc: '{ workloadKinds { kind } }', allowed: READERS },
  objects: { doc: '{ objects(kind: "pods") { totalCount } }', allowed: READERS },
  object: { doc: '{ object(kind: "Pod", namespace: "team-a", name: "x") { name } }', allowed: READERS },
  nodes: { doc: '{ nodes { name } }', allowed: READERS },
  topology: { doc: '{ topology { zones { name } } }', allowed: READERS },
  serverTime: { doc: '{ serverTime }', allowed: READERS },
  auditLog: { doc: '{ auditLog(first: 1) { totalCount } }', allowed: READERS },
  pendingHooks: { doc: '{ pendingHooks(namespace: "team-a") { pod } }', allowed: [...READERS, 'hook-acker', 'acker-team-a'] },
  tokens: { doc: '{ tokens { name } }', allowed: ['admin'] },
  shadowComparison: { doc: `{ shadowComparison(${W}) { observing } }`, allowed: READERS },
  previewRollout: { doc: `{ previewRollout(${W}, paused: true) { outcome } }`, allowed: READERS },
  containerRestarts: { doc: '{ containerRestarts(namespace: "team-a", pod: "x") { name } }', allowed: READERS },
  imagePullJobs: { doc: '{ imagePullJobs(namespace: "team-a") { name } }', allowed: READERS },
  imagePullJob: { doc: '{ imagePullJob(namespace: "team-a", name: "x") { name } }', allowed: READERS },
  nodeImages: { doc: '{ nodeImages { desired } }', allowed: READERS },
  rollout: { doc: '{ rollout(namespace: "team-a", name: "x") { name } }', allowed: ROLLOUT_READERS },
  rollouts: { doc: '{ rollouts { totalCount } }', allowed: ROLLOUT_READERS },
  rolloutWebhooks: { doc: '{ rolloutWebhooks { name } }', allowed: ['admin'] },
  rolloutWebhookDeliveries: { doc: '{ rolloutWebhookDeliveries(namespace: "team-a") { id } }', allowed: ['admin'] },
};
const MUTATIONS: Record<string, { doc: string; allowed: Caller[] }> = {
  applyManifest: { doc: `mutation { applyManifest(yaml: ${JSON.stringify(POD)}, dryRun: true) { name } }`, allowed: OPERATORS },
  deleteObject: { doc: 'mutation { deleteObject(kind: "Pod", namespace: "team-a", name: "x") { name } }', allowed: OPERATORS },
  patchObject: { doc: 'mutation { patchObject(kind: "Pod", namespace: "team-a", name: "x", patch: { metadata: { labels: { a: "b" } } }) { name } }', allowed: OPERATORS },
  setImage: { doc: `mutation { setImage(${W}, container: "c", image: "i") { name } }`, allowed: OPERATORS },
  setPartition: { doc: `mutation { setPartition(${W}, partition: 1) { name } }`, allowed: OPERATORS },
  pauseRollout: { doc: `mutation { pauseRollout(${W}) { name } }`, allowed: OPERATORS },
  resumeRollout: { doc: `mutation { resumeRollout(${W}) { name } }`, allowed: OPERATORS },
  scaleWorkload: { doc: `mutation { scaleWorkload(${W}, replicas: 1) { name } }`, allowed: OPERATORS },
  deletePods: { doc: `mutation { deletePods(${W}, pods: ["p"]) { name } }`, allowed: OPERATORS },
  rollbackWorkload: { doc: `mutation { rollbackWorkload(${W}, revision: "r") { name } }`, allowed: OPERATORS },
  deleteWorkload: { doc: `mutation { deleteWorkload(${W}) }`, allowed: OPERATORS },
  ackHook: { doc: 'mutation { ackHook(namespace: "team-a", pod: "x", hook: PRE_DELETE) { id } }', allowed: ACKERS },
  createToken: { doc: 'mutation($n: String!) { createToken(name: $n, role: "viewer") { name } }', allowed: ['admin'] },
  revokeToken: { doc: 'mutation { revokeToken(name: "nobody") }', allowed: ['admin'] },
  createImagePullJob: { doc: 'mutation { createImagePullJob(namespace: "team-a", name: "x", image: "") { name } }', allowed: OPERATORS },
  restartContainers: { doc: 'mutation { restartContainers(namespace: "team-a", pod: "x", containers: ["c"]) { name } }', allowed: OPERATORS },
  approveRolloutStep: { doc: 'mutation { approveRolloutStep(namespace: "team-a", name: "x") { id } }', allowed: APPROVERS },
  jumpToRolloutStep: { doc: 'mutation { jumpToRolloutStep(namespace: "team-a", name: "x", stepIndex: 1) { id } }', allowed: APPROVERS },
  abortRollout: { doc: 'mutation { abortRollout(namespace: "team-a", name: "x") { id } }', allowed: APPROVERS },
  setRolloutWebhook: { doc: 'mutation { setRolloutWebhook(namespace: "team-a", name: "x", url: "ftp://no", secret: "s") { name } }', allowed: ['admin'] },
  deleteRolloutWebhook: { doc: 'mutation { deleteRolloutWebhook(namespace: "team-a", name: "x") }', allowed: ['admin'] },
};
const SUBSCRIPTIONS: Record<string, { doc: string; allowed: Caller[] }> = {
  workloadChanged: { doc: 'subscription { workloadChanged { name } }', allowed: READERS },
  podChanged: { doc: 'subscription { podChanged(namespace: "team-a") { type } }', allowed: READERS },
  objectChanged: { doc: 'subscription { objectChanged(kind: "pods") { type } }', allowed: READERS },
  rolloutChanged: { doc: 'subscription { rolloutChanged(namespace: "team-a") { type } }', allowed: ROLLOUT_READERS },
};

let api: TestApi;
const secrets = {} as Record<Caller, string>;

beforeAll(async () => {
  // ImagePullJobGate on, so createImagePullJob reaches its own checks (off, admission refuses every job).
  api = await TestApi.start({ FEATURE_GATES: 'ImagePullJobGate=true' });
  secrets.admin = ADMIN_TOKEN;
  for (const [name, role, namespaces] of [
    ['viewer', 'viewer', null], ['operator', 'operator', null], ['hook-acker', 'hook-acker', null], ['acker-team-a', 'hook-acker', ['team-a']],
    ['approver', 'rollout-approver', null], ['approver-team-a', 'rollout-approver', ['team-a']],
  ] as const) {
    secrets[name] = await api.createToken(name, role, namespaces ?? undefined);
  }
});
afterAll(async () => {
  await api?.close();
});

/** The refusal code of a GraphQL answer, or 'allowed' when authorization let it through. */
function verdict(res: { errors?: { extensions?: Record<string, any> }[] }): string {
  const code = res.errors?.[0]?.extensions?.code;
  return code === 'FORBIDDEN' || code === 'UNAUTHENTICATED' ? code : 'allowed';
}

describe('GraphQL over HTTP', () => {
  it('covers every root field of the schema', async () => {
    const res = await api.graphql(`{ __schema { queryType { fields { name } } mutationType { fields { name } } subscriptionType { fields { name } } } }`);
    const schema = res.data!.__schema;
    const names = (t: { fields: { name: string }[] }) => t.fields.map((f) => f.name).sort();
    expect(names(schema.queryType)).toEqual(Object.keys(QUERIES).sort());
    expect(names(schema.mutationType)).toEqual(Object.keys(MUTATIONS).sort());
    expect(names(schema.subscriptionType)).toEqual(Object.keys(SUBSCRIPTIONS).sort());
  });

  const cases = [...Object.entries(QUERIES), ...Object.entries(MUTATIONS)].flatMap(([op, spec]) => CALLERS.map((caller) => [op, caller, spec.allowed.includes(caller) ? 'allowed' : 'FORBIDDEN', spec.doc] as const));
  it.each(cases)('%s as %s: %s', async (op, caller, expected, doc) => {
    const res = await api.graphql(doc, op === 'createToken' ? { n: `made-by-${caller}` } : {}, { token: secrets[caller] });
    expect(verdict(res)).toBe(expected);
    if (expected === 'FORBIDDEN') expect(res.data?.[op] ?? null).toBeNull();
  });

  it('refuses every request without a valid token with HTTP 401 / UNAUTHENTICATED, introspection included', async () => {
    for (const token of [null, 'not-a-token', `${ADMIN_TOKEN}x`]) {
      for (const doc of ['{ me { name } }', '{ __schema { queryType { name } } }', MUTATIONS.scaleWorkload!.doc]) {
        const res = await api.graphqlResponse(doc, {}, { token });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('tells each caller who it is', async () => {
    const me = await api.graphql('{ me { name role namespaces } }', {}, { token: secrets['acker-team-a'] });
    expect(me.data).toEqual({ me: { name: 'acker-team-a', role: 'hook-acker', namespaces: ['team-a'] } });
  });

  it.each([
    ['rollout-approver', 'approver-team-a', (ns: string) => `mutation { approveRolloutStep(namespace: "${ns}", name: "x") { id } }`, '{ rollout(namespace: "team-b", name: "x") { name } }'],
    ['hook-acker', 'acker-team-a', (ns: string) => `mutation { ackHook(namespace: "${ns}", pod: "x", hook: PRE_DELETE) { id } }`, '{ pendingHooks(namespace: "team-b") { pod } }'],
  ] as const)('limits a namespaced %s to its namespaces', async (_role, caller, act, readTeamB) => {
    const as = { token: secrets[caller] };
    expect((await api.graphql(act('team-a'), {}, as)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await api.graphql(act('team-b'), {}, as)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(readTeamB, {}, as)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('writes an audit row for each refused mutation, naming the caller', async () => {
    const res = await api.graphql('{ auditLog(first: 1000) { edges { node { actorName actorRole action result targetKind targetName } } } }');
    const rows = res.data!.auditLog.edges.map((e: { node: unknown }) => e.node);
    for (const [op, spec] of Object.entries(MUTATIONS)) {
      for (const caller of CALLERS.filter((c) => !spec.allowed.includes(c))) {
        expect(rows).toContainEqual(expect.objectContaining({ action: op, actorName: caller, result: 'FORBIDDEN' }));
      }
    }
    expect(rows).toContainEqual({ actorName: 'viewer', actorRole: 'viewer', action: 'setImage', result: 'FORBIDDEN', targetKind: 'CloneSet', targetName: 'missing' });
    expect(rows).toContainEqual(expect.objectContaining({ actorName: 'operator', action: 'scaleWorkload', result: 'NOT_FOUND' }));
    expect(rows.filter((r: { actorName: string }) => r.actorName === 'anonymous')).toEqual([]); // no token: refused before anything runs
  });
});

describe('REST', () => {
  const listHooks = (caller: Caller | null, query = '') => api.fetch(`/api/v1/hooks${query}`, { token: caller ? secrets[caller] : null });
  const ack = (caller: Caller | null, ns = 'team-a') =>
    api.fetch(`/api/v1/namespaces/${ns}/pods/x/hooks/preDelete/ack`, { method: 'POST', headers: { 'idempotency-key': `k-${caller}-${ns}-${Math.random()}` }, token: caller ? secrets[caller] : null });

  it.each(CALLERS.map((c) => [c, [...READERS, 'hook-acker', 'acker-team-a'].includes(c) ? 200 : 403] as const))('GET /api/v1/hooks as %s: %i', async (caller, status) => {
    expect((await listHooks(caller)).status).toBe(status);
  });

  it.each(CALLERS.map((c) => [c, ACKERS.includes(c) ? 404 : 403] as const))('POST .../ack as %s: %i (404: allowed, no such pod)', async (caller, status) => {
    const res = await ack(caller);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it.each(CALLERS.flatMap((c) => ['approve', 'jump', 'abort'].map((action) => [action, c, APPROVERS.includes(c) ? (action === 'jump' ? 400 : 404) : 403] as const)))(
    'POST .../rollouts/x/%s as %s: %i (404: allowed, no such Rollout)',
    async (action, caller, status) => {
      const res = await api.fetch(`/api/v1/namespaces/team-a/rollouts/x/${action}`, { method: 'POST', headers: { 'idempotency-key': `k-${caller}-${action}-${Math.random()}` }, token: secrets[caller] });
      expect(res.status).toBe(status);
    },
  );

  it('limits a namespaced hook-acker, and refuses no token or a bad one with 401', async () => {
    expect((await ack('acker-team-a', 'team-b')).status).toBe(403);
    expect((await listHooks('acker-team-a', '?namespace=team-b')).status).toBe(403);
    expect((await listHooks('acker-team-a', '?namespace=team-a')).status).toBe(200);
    expect((await ack(null)).status).toBe(401);
    expect((await listHooks(null)).status).toBe(401);
    const bad = await api.fetch('/api/v1/hooks', { token: 'cxs_wrong' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe('Bearer');
    expect(await bad.json()).toMatchObject({ type: 'urn:coxswain:problem:unauthenticated', status: 401, code: 'UNAUTHENTICATED', instance: '/api/v1/hooks' });
  });

  it('serves health, readiness, metrics and the OpenAPI document without a token', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics', '/api/docs']) expect((await api.fetch(path, { token: null })).status).toBe(200);
  });
});

describe('graphql-ws', () => {
  /** Resolves with the close code when the server closes the socket, or 'open' when it stays up. */
  async function closeCode(token: string | null, bare = false): Promise<number | 'open'> {
    return new Promise((resolve) => {
      const client = createClient({
        url: `${api.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: false,
        // The close is the answer here (`closed` below); graphql-ws would also print the whole CloseEvent
        // to the console (its default for a non-lazy client's error).
        onNonLazyError: () => {},
        connectionParams: token === null ? {} : { authorization: bare ? token : `Bearer ${token}` },
        on: {
          connected: () => {
            resolve('open');
            void client.dispose();
          },
          closed: (event) => resolve((event as { code: number }).code),
        },
      });
    });
  }

  it.each([
    ['no token', null, false, 4403],
    ['a bad token', 'cxs_wrong', false, 4403],
    ['a valid bearer token', ADMIN_TOKEN, false, 'open'],
    ['a valid bare secret', ADMIN_TOKEN, true, 'open'],
  ] as const)('connection_init with %s: %s', async (_what, token, bare, expected) => {
    expect(await closeCode(token, bare)).toBe(expected);
  });

  const subscriptionCases = Object.entries(SUBSCRIPTIONS).flatMap(([op, spec]) => CALLERS.map((caller) => [op, caller, spec.allowed.includes(caller) ? 'allowed' : 'FORBIDDEN', spec.doc] as const));
  it.each(subscriptionCases)('subscription %s as %s: %s', async (_op, caller, expected, doc) => {
    const client = api.ws({ token: secrets[caller] });
    const outcome = await new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('allowed'), 300); // still subscribed: let through
      const settle = (value: string) => {
        clearTimeout(timer);
        resolve(value);
      };
      client.subscribe({ query: doc }, {
        // A refused subscription is one result with errors, then complete.
        next: (result) => settle(String(result.errors?.[0]?.extensions?.code ?? 'event')),
        error: (err) => settle(`socket error: ${String((err as { code?: number }).code ?? err)}`),
        complete: () => settle('completed'),
      });
    });
    await client.dispose();
    expect(outcome).toBe(expected);
  });

  it('refuses operations of a token revoked after connecting', async () => {
    const made = await api.graphql('mutation { createToken(name: "short-lived", role: "viewer") { secret } }');
    const client = api.ws({ token: made.data!.createToken.secret });
    // An open subscription keeps the (lazy) connection up, so the next operation reuses it.
    const keepOpen = client.subscribe({ query: 'subscription { objectChanged(kind: "nodes") { type } }' }, { next: () => {}, error: () => {}, complete: () => {} });
    const first = await new Promise<string>((resolve) => {
      client.subscribe({ query: '{ me { name } }' }, { next: (m) => resolve(String((m.data as { me: { name: string } }).me.name)), error: (e) => resolve(JSON.stringify(e)), complete: () => {} });
    });
    expect(first).toBe('short-lived');
    expect((await api.graphql('mutation { revokeToken(name: "short-lived") }')).data).toEqual({ revokeToken: true });
    const second = await new Promise<string>((resolve) => {
      client.subscribe({ query: '{ me { name } }' }, { next: (m) => resolve(String(m.errors?.[0]?.extensions?.code ?? 'answered')), error: (e) => resolve(`socket error ${String(e)}`), complete: () => {} });
    });
    expect(second).toBe('UNAUTHENTICATED');
    keepOpen();
    await client.dispose();
  });
});
