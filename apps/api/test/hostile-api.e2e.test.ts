// Issue 13, the API's own hostile inputs, each over real HTTP (and graphql-ws): empty namespaces, NUL in
// arguments and ack reasons, aliased and deep queries, malformed ack bodies, subscriptions over HTTP,
// request ids, response headers, CORS and the last admin token (failed-authentication rate limits:
// failed-auth-limit.e2e.test.ts).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery, Kind, parse, print, separateOperations } from 'graphql';
import { eventually, TestApi, testApiPerFile, type GraphQLResponse } from './support/api-server.js';

const BLOCK = 'example.io/block-deleting';
const HELD = `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: held, namespace: default }
spec:
  replicas: 2
  selector: { matchLabels: { app: held } }
  template:
    metadata: { labels: { app: held, ${BLOCK}: "true" } }
    spec: { containers: [{ name: main, image: "nginx:1.25" }] }
  lifecycle: { preDelete: { labelsHandler: { ${BLOCK}: "true" } } }
`;

let api: TestApi;
let payments = '';
let acker = '';
let heldPod = '';

async function pendingPods(): Promise<string[]> {
  const res = await api.graphql<{ pendingHooks: { pod: string }[] }>('{ pendingHooks(namespace: "default") { pod } }');
  expect(res.errors).toBeUndefined();
  return res.data!.pendingHooks.map((h) => h.pod);
}

testApiPerFile({}, (started) => (api = started), 60_000);
beforeAll(async () => {
  payments = await api.createToken('payments-acker', 'hook-acker', ['payments']);
  acker = await api.createToken('acker', 'hook-acker');
  await api.apply(HELD);
  await eventually(async () => {
    const res = await api.graphql<{ workload: { status: { readyReplicas: number } } }>('{ workload(kind: CLONE_SET, namespace: "default", name: "held") { status { readyReplicas } } }');
    return res.data?.workload.status.readyReplicas === 2 ? true : undefined;
  }, 30_000, '2 ready pods');
  expect((await api.graphql('mutation { scaleWorkload(kind: CLONE_SET, namespace: "default", name: "held", replicas: 1) { replicas } }')).errors).toBeUndefined();
  heldPod = await eventually(async () => (await pendingPods())[0], 30_000, 'a pod held by its preDelete hook');
}, 180_000);

function ackRest(pod: string, init: { key?: string; body?: string; contentType?: string | null; token?: string; namespace?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'idempotency-key': init.key ?? randomUUID() };
  if (init.contentType !== null) headers['content-type'] = init.contentType ?? 'application/json';
  return api.fetch(`/api/v1/namespaces/${init.namespace ?? 'default'}/pods/${pod}/hooks/preDelete/ack`, {
    method: 'POST',
    headers,
    body: init.body ?? '{}',
    token: init.token ?? acker,
  });
}

const code = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.code;

describe('an empty namespace is BAD_USER_INPUT everywhere (item 4)', () => {
  it('a hook-acker scoped to payments cannot acknowledge a pod in default by sending namespace ""', async () => {
    const res = await api.graphql(`mutation($p: String!) { ackHook(namespace: "", pod: $p, hook: PRE_DELETE) { pod } }`, { p: heldPod }, { token: payments });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0]!.extensions!.fieldErrors).toEqual([{ field: 'namespace', message: expect.stringContaining('namespace must not be empty') }]);
    expect(await pendingPods()).toEqual([heldPod]);
  });

  it.each([
    ['pendingHooks', '{ pendingHooks(namespace: "") { pod } }'],
    ['objects', '{ objects(kind: "pods", namespace: "") { totalCount } }'],
    ['workloads', '{ workloads(namespace: "") { totalCount } }'],
    ['workload', '{ workload(kind: CLONE_SET, namespace: "", name: "held") { name } }'],
    ['auditLog', '{ auditLog(namespace: "") { totalCount } }'],
    ['deleteObject', 'mutation { deleteObject(kind: "pods", namespace: "", name: "x") { name } }'],
  ])('%s(namespace: "")', async (_field, query) => {
    expect(code(await api.graphql(query))).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['namespace[a]=x', 'namespace'],
    ['hook[]=preDelete', 'hook'],
    ['namespace[]=default&hook=preDelete', 'namespace'],
    ['hook=preDelete&hook=preUpdate', 'hook'],
    ['namespace=default&namespace=other', 'namespace'],
  ])('GET /api/v1/hooks?%s is 400 naming %s: a parameter given as a list or an object is refused, not ignored', async (query, field) => {
    const res = await api.fetch(`/api/v1/hooks?${query}`, { token: acker });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await res.json()) as { code: string; field: string; detail: string };
    expect(problem).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(problem.detail).toContain(field);
  });

  it('GET /api/v1/hooks?namespace= is 400, and objectChanged(namespace: "") over graphql-ws is refused', async () => {
    const res = await api.fetch('/api/v1/hooks?namespace=', { token: acker });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'namespace' });
    const client = api.ws();
    try {
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: 'subscription { objectChanged(kind: "pods", namespace: "") { type } }' }, { next: resolve, error: resolve, complete: () => resolve('complete') });
      });
      expect(JSON.stringify(errors)).toContain('BAD_USER_INPUT');
    } finally {
      await client.dispose();
    }
  });
});

describe('NUL and lone surrogates in arguments (item 5)', () => {
  it('an ack reason with NUL is refused before its Idempotency-Key is claimed: the key still works', async () => {
    const key = randomUUID();
    const rest = await ackRest(heldPod, { key, body: JSON.stringify({ reason: 'bad\u0000byte' }) });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    const gql = await api.graphql(`mutation($p: String!, $k: String!, $r: String) { ackHook(namespace: "default", pod: $p, hook: PRE_DELETE, idempotencyKey: $k, reason: $r) { pod } }`, { p: heldPod, k: key, r: 'x\ud800' }, { token: acker });
    expect(code(gql)).toBe('BAD_USER_INPUT');
    // Not in flight: the same key with a good request is answered as a fresh request (here: a dry check
    // against a pod that does not wait, so nothing is acknowledged).
    const retry = await ackRest('no-such-pod', { key });
    expect(retry.status).toBe(404);
    expect(await pendingPods()).toEqual([heldPod]);
  });

  it('a refused argument with NUL still leaves its audit row, text made storable', async () => {
    const res = await api.graphql('mutation($n: String!) { deleteObject(kind: "pods", namespace: "audit-nul", name: $n) { name } }', { n: 'a\u0000b' });
    expect(code(res)).toBe('BAD_USER_INPUT');
    const log = await api.graphql<{ auditLog: { edges: { node: { action: string; targetName: string; result: string; message: string } }[] } }>(
      '{ auditLog(namespace: "audit-nul", first: 5) { edges { node { action targetName result message } } } }',
    );
    expect(log.data!.auditLog.edges.map((e) => e.node)).toEqual([
      { action: 'deleteObject', targetName: 'a\ufffdb', result: 'BAD_USER_INPUT', message: 'name must not contain NUL (\\u0000) characters' },
    ]);
  });

  it('a pod name with %00 over REST is 400', async () => {
    const res = await ackRest('web%00x');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('ack bodies as docs/hooks.md promises (item 8)', () => {
  it('an unknown field is 400 and names it', async () => {
    const res = await ackRest(heldPod, { body: JSON.stringify({ reason: 'ok', force: true }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'force', detail: 'unknown field "force": the body may hold only "reason"' });
  });

  it('a text/plain body is 400, also when it reads like JSON', async () => {
    const res = await ackRest(heldPod, { body: '{"reason":"deregistered"}', contentType: 'text/plain' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'Content-Type' });
    expect(await pendingPods()).toEqual([heldPod]);
  });
});

describe('GraphQL limits (item 6)', () => {
  const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

  it('refuses 700 aliases of workload { pods(first: 1000) } and of plan at once, with a clear error', async () => {
    for (const field of ['workload(kind: CLONE_SET, namespace: "default", name: "held") { pods(first: 1000) { edges { node { name } } } }', 'workload(kind: CLONE_SET, namespace: "default", name: "held") { plan { complete } }']) {
      const started = Date.now();
      const res = await api.graphqlResponse(aliases(700, field));
      expect(res.status).toBe(400);
      const body = (await res.json()) as GraphQLResponse;
      expect(body.data).toBeUndefined();
      expect(body.errors![0]).toMatchObject({ message: 'the query uses 700 aliases; at most 30 are allowed (send several requests instead)', extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases', maximum: 30, actual: 700 } });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('refuses a query that would resolve too many fields, even without aliases', async () => {
    const res = await api.graphql(`{ workloads(first: 1000) { edges { node { ... on CloneSet { pods(first: 1000) { edges { node { name } } } } } } } }`);
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost', maximum: 100_000 });
  });

  it('refuses nesting beyond 15 levels, over HTTP and graphql-ws', async () => {
    let deep = 'name';
    for (let i = 0; i < 20; i++) deep = `ofType { ${deep} }`;
    const query = `{ __schema { types { fields { type { ${deep} } } } } }`;
    const res = await api.graphql(query);
    expect(res.errors![0]).toMatchObject({ message: expect.stringMatching(/^the query nests \d+ levels deep; at most 15 are allowed$/), extensions: { limit: 'depth' } });
    const client = api.ws();
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        client.subscribe({ query }, { next: resolve, error: resolve, complete: () => resolve('complete') });
      });
      expect(JSON.stringify(outcome)).toContain('at most 15 are allowed');
    } finally {
      await client.dispose();
    }
  });

  it('accepts the dashboard\'s queries and the standard introspection query', async () => {
    // Read from the dashboard's own operations, so the limits can never drift below what it sends.
    const operations = parse(readFileSync(fileURLToPath(new URL('../../dashboard/src/lib/api/operations.graphql', import.meta.url)), 'utf8'));
    const queries = Object.entries(separateOperations(operations))
      .filter(([, doc]) => doc.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'query'))
      .map(([name, doc]) => [name, print(doc)] as const);
    expect(queries.map(([name]) => name)).toEqual(expect.arrayContaining(['Workloads', 'Workload', 'WorkloadPods']));
    // A pod that exists, for the queries about one pod (its container restarts).
    const pods = await api.graphql<{ objects: { edges: { node: { name: string } }[] } }>('{ objects(kind: "pods", namespace: "default", first: 1) { edges { node { name } } } }');
    const pod = pods.data!.objects.edges[0]!.node.name;
    for (const [name, query] of [...queries, ['introspection', getIntrospectionQuery()] as const]) {
      const res = await api.graphql(query, { kind: 'CLONE_SET', namespace: 'default', name: 'held', pod, paused: true, first: 5000 });
      expect({ name, errors: res.errors }).toEqual({ name, errors: undefined });
    }
  });

  it('objectChanged over HTTP is BAD_USER_INPUT (400), not an internal error', async () => {
    const res = await api.graphqlResponse('subscription { objectChanged(kind: "pods") { type } }');
    expect(res.status).toBe(400);
    const body = (await res.json()) as GraphQLResponse;
    expect(body.errors![0]).toMatchObject({ message: expect.stringContaining('graphql-ws'), extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('headers (item 13)', () => {
  function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${api.url}${path}`, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends no X-Powered-By', async () => {
    const res = await api.fetch('/api/v1/hooks', { token: acker });
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect((await api.graphqlResponse('{ me { name } }')).headers.get('x-powered-by')).toBeNull();
  });

  it.each([
    ['<script>alert(1)</script>'],
    ['a b'],
    ['x'.repeat(300)],
    ['id;drop table audit_entries'],
    ['caf\u00e9'],
  ])('replaces the x-request-id %j with its own', async (inbound) => {
    const res = await rawGet('/api/v1/hooks', { 'x-request-id': Buffer.from(inbound, 'utf8').toString('latin1'), authorization: `Bearer ${acker}` });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a plain x-request-id, so a gateway\'s id links the logs', async () => {
    const res = await rawGet('/api/v1/hooks', { 'x-request-id': 'gw-0123.abc:9', authorization: `Bearer ${acker}` });
    expect(res.headers['x-request-id']).toBe('gw-0123.abc:9');
  });

  it('grants CORS to the dashboard\'s origin only', async () => {
    const preflight = (origin: string) => api.fetch('/graphql', {
      method: 'OPTIONS',
      token: null,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect((await preflight('http://127.0.0.1:4200')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4200');
    expect((await preflight('http://localhost:4200')).headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    for (const origin of ['https://evil.example', 'http://127.0.0.1:4201', 'null']) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
      const res = await api.fetch('/graphql', { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { name } }' }) });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('the last admin token (item 13)', () => {
  it('cannot be revoked, by itself or anyone; another admin makes it revocable', async () => {
    const res = await api.graphql('mutation { revokeToken(name: "local-admin") }');
    expect(code(res)).toBe('CONFLICT');
    expect(res.errors![0]!.message).toBe('token "local-admin" is the last active admin token and cannot be revoked; create another admin token first');
    expect((await api.graphql('{ me { name } }')).data).toEqual({ me: { name: 'local-admin' } });

    const second = await api.createToken('second-admin', 'admin');
    expect((await api.graphql('mutation { revokeToken(name: "local-admin") }')).data).toEqual({ revokeToken: true });
    expect((await api.graphqlResponse('{ me { name } }')).status).toBe(401);
    const self = await api.graphql('mutation { revokeToken(name: "second-admin") }', {}, { token: second });
    expect(code(self)).toBe('CONFLICT');
    expect((await api.graphql('{ me { name } }', {}, { token: second })).data).toEqual({ me: { name: 'second-admin' } });
  });
});
