// Issue 28 item 2: JSON nested deeper than the documented limit (MAX_OBJECT_DEPTH, 100 levels) is refused
// where it enters, on every surface, before anything recursive walks it: a 400 BadRequest Status on the
// Kubernetes API (create, update, every patch type), BAD_USER_INPUT for a GraphQL JSON argument (over
// HTTP and graphql-ws, as a variable or a literal; a document's brackets at most 128 levels, as the
// parser recurses per level), a 400 problem document on REST. Thousands of levels once overflowed the
// stack (500, "Maximum call stack size exceeded", also in the audit row).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_OBJECT_DEPTH } from '@coxswain/kruise-api';
import WebSocket from 'ws';
import { ADMIN_TOKEN, eventually, TestApi, testApiPerFile, type GraphQLResponse } from './support/api-server.js';

let api: TestApi;

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function pod(name: string, args: string): string {
  return `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"${name}","namespace":"default"},"spec":{"containers":[{"name":"main","image":"nginx:1.25","args":${args}}]}}`;
}

testApiPerFile({ KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  const created = await api.kubeRequest('/api/v1/namespaces/default/pods', { method: 'POST', headers: { 'content-type': 'application/json' }, body: pod('target', '[]') });
  expect(created.status).toBe(201);
}, 180_000);

function expectTooDeep(res: { status: number; body: string }): void {
  expect(res.status).toBe(400);
  const status = JSON.parse(res.body);
  expect(status).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'BadRequest', code: 400 });
  expect(status.message).toContain(`deeper than ${MAX_OBJECT_DEPTH} levels`);
  expect(res.body).not.toMatch(/call stack|RangeError/);
}

describe('the Kubernetes API refuses bodies nested deeper than the limit with 400', () => {
  const json = { 'content-type': 'application/json' };

  it('a Pod whose args nest an array 4,000 deep', async () => {
    expectTooDeep(await api.kubeRequest('/api/v1/namespaces/default/pods', { method: 'POST', headers: json, body: pod('deep', deepArray(4_000)) }));
    expectTooDeep(await api.kubeRequest('/api/v1/namespaces/default/pods/target', { method: 'PUT', headers: json, body: pod('target', deepArray(4_000)) }));
  });

  it('merge, strategic-merge and JSON patches carrying a 5,000-deep object', async () => {
    const labels = `{"metadata":{"labels":${deepObject(5_000)}}}`;
    expectTooDeep(await api.kubeRequest('/api/v1/namespaces/default/pods/target', { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: labels }));
    expectTooDeep(await api.kubeRequest('/api/v1/namespaces/default/pods/target', { method: 'PATCH', headers: { 'content-type': 'application/strategic-merge-patch+json' }, body: labels }));
    const op = `[{"op":"add","path":"/metadata/annotations","value":${deepObject(5_000)}}]`;
    expectTooDeep(await api.kubeRequest('/api/v1/namespaces/default/pods/target', { method: 'PATCH', headers: { 'content-type': 'application/json-patch+json' }, body: op }));
  });

  it('exactly the limit is still read (and refused by the schema, naming the field); the audit keeps the answer, not internal text', async () => {
    // MAX_OBJECT_DEPTH levels of containers in all: the body object, spec, containers, [0], args, and the rest arrays.
    const atLimit = await api.kubeRequest('/api/v1/namespaces/default/pods', { method: 'POST', headers: json, body: pod('limit', deepArray(MAX_OBJECT_DEPTH - 4)) });
    expect(atLimit.status).toBe(422);
    expect(JSON.parse(atLimit.body).reason).toBe('Invalid');
    const log = await api.graphql<{ auditLog: { edges: { node: { action: string; result: string; message: string } }[] } }>('{ auditLog(first: 20) { edges { node { action result message } } } }');
    const rows = log.data!.auditLog.edges.map((e) => e.node).filter((r) => r.action.startsWith('kube.'));
    expect(rows.filter((r) => r.result === 'BadRequest').length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.message ?? '').not.toMatch(/call stack|RangeError|Internal error/);
  });
});

describe('GraphQL refuses JSON arguments nested deeper than the limit with BAD_USER_INPUT', () => {
  const mutation = 'mutation($patch: JSON!) { patchObject(kind: "Pod", namespace: "default", name: "target", patch: $patch) { name } }';
  // Written by hand: JSON.stringify itself recurses, and overflows on a value this deep.
  const deepPatch = `{"metadata":{"labels":${deepObject(5_000)}}}`;

  it('a 5,000-deep $patch variable over HTTP', async () => {
    const res = await api.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query":${JSON.stringify(mutation)},"variables":{"patch":${deepPatch}}}`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as GraphQLResponse;
    expect(body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(body.errors![0]!.message).toContain(`deeper than ${MAX_OBJECT_DEPTH} levels`);
  });

  it('a 5,000-deep literal, and a 5,000-deep selection', async () => {
    const literal = `${'{a:'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    for (const query of [
      `mutation { patchObject(kind: "Pod", namespace: "default", name: "target", patch: ${literal}) { name } }`,
      `{ me ${'{ name '.repeat(5_000)}${'}'.repeat(5_000)} }`,
    ]) {
      const res = await api.graphqlResponse(query);
      expect(res.status).toBe(400);
      const body = (await res.json()) as GraphQLResponse;
      expect(body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
      expect(body.errors![0]!.message).toContain('deeper than 128 levels');
    }
  });

  it('a JSON literal one level deeper than the limit, inside a document within its nesting limit, fails validation as any bad literal does', async () => {
    const literal = `${'{a:'.repeat(MAX_OBJECT_DEPTH + 1)}1${'}'.repeat(MAX_OBJECT_DEPTH + 1)}`;
    const res = await api.graphqlResponse(`mutation { patchObject(kind: "Pod", namespace: "default", name: "target", patch: ${literal}) { name } }`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as GraphQLResponse;
    expect(body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors![0]!.message).toContain(`deeper than ${MAX_OBJECT_DEPTH} levels`);
  });

  it('a 5,000-deep $patch variable, and a 5,000-deep literal, over graphql-ws', async () => {
    const socket = new WebSocket(`${api.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: { id?: string; type: string; payload?: any }[] = [];
    const arrived = (test: (m: { id?: string; type: string; payload?: any }) => boolean) => eventually(async () => messages.find(test), 10_000, 'a graphql-ws message');
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${ADMIN_TOKEN}` } }));
      await arrived((m) => m.type === 'connection_ack');
      socket.send(`{"id":"variable","type":"subscribe","payload":{"query":${JSON.stringify(mutation)},"variables":{"patch":${deepPatch}}}}`);
      const variable = await arrived((m) => m.id === 'variable');
      expect(variable.payload.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(variable.payload.errors[0].message).toContain(`deeper than ${MAX_OBJECT_DEPTH} levels`);
      const literal = `${'{a:'.repeat(5_000)}1${'}'.repeat(5_000)}`;
      socket.send(JSON.stringify({ id: 'literal', type: 'subscribe', payload: { query: `mutation { patchObject(kind: "Pod", namespace: "default", name: "target", patch: ${literal}) { name } }` } }));
      const refused = await arrived((m) => m.id === 'literal');
      expect(refused.type).toBe('error');
      expect(refused.payload[0].extensions.code).toBe('BAD_USER_INPUT');
    } finally {
      socket.close();
    }
  });
});

describe('REST refuses bodies nested deeper than the limit with 400', () => {
  it('an acknowledgement whose reason is a 5,000-deep array', async () => {
    const res = await api.fetch('/api/v1/namespaces/default/pods/target/hooks/preDelete/ack', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: `{"reason":${deepArray(5_000)}}`,
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { code: string; detail: string };
    expect(problem.code).toBe('BAD_USER_INPUT');
    expect(problem.detail).toContain(`deeper than ${MAX_OBJECT_DEPTH} levels`);
  });
});
