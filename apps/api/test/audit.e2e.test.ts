// The audit log records every mutation — who, what, the target, the changed fields before and after,
// the request id (also sent back in x-request-id) and the result — for successes and failures alike.
import { describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, TestApi, testApiPerFile } from './support/api-server.js';

const NS = 'audited';
const CLONESET = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: shop, namespace: ${NS} }
spec:
  replicas: 1
  selector: { matchLabels: { app: shop } }
  template: { metadata: { labels: { app: shop } }, spec: { containers: [{ name: main, image: "nginx:1.25" }] } }
`;
const W = `kind: CLONE_SET, namespace: "${NS}", name: "shop"`;

let api: TestApi;
testApiPerFile({}, (started) => (api = started));

/** Runs a mutation and returns the audit row written for it (matched by the x-request-id header). */
async function audited(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const requestId = res.headers.get('x-request-id');
  const body = (await res.json()) as { errors?: unknown[] };
  const log = await api.graphql(`{ auditLog(first: 20) { edges { node { actorName actorRole action targetKind targetNamespace targetName before after requestId idempotencyKey result message } } } }`);
  const rows = log.data!.auditLog.edges.map((e: { node: Record<string, unknown> }) => e.node).filter((r: { requestId: string }) => r.requestId === requestId);
  expect(rows).toHaveLength(1);
  return { row: rows[0] as Record<string, any>, body, requestId };
}

describe('the audit log', () => {
  it('records a created workload with its fields as after', async () => {
    const { row } = await audited(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: CLONESET });
    expect(row).toMatchObject({ actorName: 'local-admin', actorRole: 'admin', action: 'applyManifest', targetKind: 'CloneSet', targetNamespace: NS, targetName: 'shop', before: null, result: 'ok' });
    expect(row.after).toMatchObject({ 'spec.replicas': 1, 'spec.template.spec.containers[0].image': 'nginx:1.25' });
  });

  it.each([
    ['setImage', `mutation { setImage(${W}, container: "main", image: "nginx:1.27") { name } }`, { 'spec.template.spec.containers[0].image': 'nginx:1.25' }, { 'spec.template.spec.containers[0].image': 'nginx:1.27' }],
    ['setPartition', `mutation { setPartition(${W}, partition: "50%") { name } }`, { 'spec.updateStrategy.rollingUpdate.partition': 0 }, { 'spec.updateStrategy.rollingUpdate.partition': '50%' }],
    ['pauseRollout', `mutation { pauseRollout(${W}) { name } }`, { 'spec.updateStrategy.rollingUpdate.paused': null }, { 'spec.updateStrategy.rollingUpdate.paused': true }],
    ['scaleWorkload', `mutation { scaleWorkload(${W}, replicas: 4) { name } }`, { 'spec.replicas': 1 }, { 'spec.replicas': 4 }],
  ])('records %s with exactly the changed field before and after', async (action, mutation, before, after) => {
    const { row, body } = await audited(mutation);
    expect(body.errors).toBeUndefined();
    expect(row).toMatchObject({ action, targetKind: 'CloneSet', targetNamespace: NS, targetName: 'shop', before, after, result: 'ok', idempotencyKey: null });
  });

  it('records a refused change with the error code and the target named by the arguments', async () => {
    const { row } = await audited(`mutation { scaleWorkload(${W}, replicas: 9, expectedGeneration: 1) { name } }`);
    expect(row).toMatchObject({ action: 'scaleWorkload', targetKind: 'CloneSet', targetNamespace: NS, targetName: 'shop', before: null, after: null, result: 'CONFLICT', message: expect.stringContaining('not the expected 1') });
    const invalid = await audited(`mutation { setImage(${W}, container: "nope", image: "x") { name } }`);
    expect(invalid.row).toMatchObject({ action: 'setImage', result: 'BAD_USER_INPUT' });
  });

  it('keeps a plain caller-chosen request id and echoes it', async () => {
    const { row, requestId } = await audited(`mutation { resumeRollout(${W}) { name } }`, {}, { 'x-request-id': 'deploy-42.step-3' });
    expect(requestId).toBe('deploy-42.step-3');
    expect(row).toMatchObject({ action: 'resumeRollout', before: { 'spec.updateStrategy.rollingUpdate.paused': true }, after: { 'spec.updateStrategy.rollingUpdate.paused': false } });
    const { requestId: replaced } = await audited(`mutation { resumeRollout(${W}) { name } }`, {}, { 'x-request-id': 'has spaces; and more' });
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records a multi-document manifest as one row keyed by object', async () => {
    const pods = [1, 2].map((i) => `apiVersion: v1\nkind: Pod\nmetadata: { name: p${i}, namespace: ${NS} }\nspec: { containers: [{ name: c, image: "busybox:${i}" }] }\n`).join('---\n');
    const { row } = await audited(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: pods });
    expect(row).toMatchObject({ targetKind: 'List', targetNamespace: NS, targetName: null, before: { [`Pod ${NS}/p1`]: null, [`Pod ${NS}/p2`]: null } });
    expect(row.after[`Pod ${NS}/p2`]).toMatchObject({ 'spec.containers[0].image': 'busybox:2' });
  });

  it('records deletes: an object marked for deletion, and a workload', async () => {
    const pod = await audited(`mutation { deleteObject(kind: "Pod", namespace: "${NS}", name: "p1") { name } }`);
    expect(pod.row).toMatchObject({ action: 'deleteObject', targetKind: 'Pod', targetName: 'p1', result: 'ok' });
    expect(pod.row.before).toEqual(expect.any(Object));
    const workload = await audited(`mutation { deleteWorkload(${W}) }`);
    expect(workload.row).toMatchObject({ action: 'deleteWorkload', targetKind: 'CloneSet', targetName: 'shop', result: 'ok' });
    const missing = await audited(`mutation { deleteWorkload(${W}) }`);
    expect(missing.row).toMatchObject({ result: 'NOT_FOUND', targetName: 'shop' });
  });

  it('does not record queries', async () => {
    const before = (await api.graphql('{ auditLog { totalCount } }')).data!.auditLog.totalCount;
    await api.graphql('{ workloads { totalCount } nodes { name } }');
    expect((await api.graphql('{ auditLog { totalCount } }')).data!.auditLog.totalCount).toBe(before);
  });
});
