// Restarting a container in place (issue 29 item 3, docs/container-restart.md): the `restartContainers`
// mutation creates a ContainerRecreateRequest, the CRR controller and the embedded cluster's kruise-daemon
// restart exactly the named container (the pod keeps its UID, the other containers their restart
// counts), and `containerRestarts` shows the progress. Then the mutation's hostile inputs.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, TestApi, testApiPerFile, type GraphQLResponse } from './support/api-server.js';

const NS = 'restart';
const POD = `
apiVersion: v1
kind: Pod
metadata: { name: web-0, namespace: ${NS} }
spec:
  containers:
  - { name: app, image: "nginx:1.27" }
  - { name: side, image: "busybox:1.36" }
  - { name: log, image: "fluent/fluent-bit:3.0" }
`;

const RESTART = `mutation($ns: String!, $pod: String!, $c: [String!]!, $ordered: Boolean, $min: Int) {
  restartContainers(namespace: $ns, pod: $pod, containers: $c, orderedRecreate: $ordered, minStartedSeconds: $min) {
    name pod containers phase orderedRecreate failurePolicy minStartedSeconds
  }
}`;
const RESTARTS = `query($ns: String!, $pod: String!) {
  containerRestarts(namespace: $ns, pod: $pod) { name containers phase message succeeded completionTime states { name phase isKilled message } }
}`;

interface PodStatus {
  metadata: { uid: string };
  status: { containerStatuses: { name: string; restartCount: number; containerID: string; ready: boolean; state: { running?: { startedAt: string } } }[] };
}

let api: TestApi;
let operator = '';
let viewer = '';

const code = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.code;

async function readPod(): Promise<PodStatus> {
  const res = await api.graphql<{ object: { object: PodStatus } }>(`{ object(kind: "pods", namespace: "${NS}", name: "web-0") { object } }`);
  return res.data!.object.object;
}

testApiPerFile({}, (started) => (api = started), 60_000);
beforeAll(async () => {
  operator = await api.createToken('restart-operator', 'operator');
  viewer = await api.createToken('restart-viewer', 'viewer');
  await api.apply(`apiVersion: v1\nkind: Namespace\nmetadata: {name: ${NS}}\n`);
  await api.apply(POD);
  await eventually(async () => {
    const statuses = (await readPod()).status?.containerStatuses ?? [];
    return statuses.length === 3 && statuses.every((s) => s.ready) ? true : undefined;
  }, 30_000, 'web-0 running and ready');
}, 180_000);

describe('restartContainers', () => {
  it('restarts exactly the named container in place and reports its progress', async () => {
    const before = await readPod();
    const res = await api.graphql(RESTART, { ns: NS, pod: 'web-0', c: ['side'] }, { token: operator });
    expect(res.errors).toBeUndefined();
    expect(res.data!.restartContainers).toMatchObject({
      name: expect.stringMatching(/^web-0-/), pod: 'web-0', containers: ['side'], phase: '', orderedRecreate: false, failurePolicy: 'Fail', minStartedSeconds: null,
    });
    const name = res.data!.restartContainers.name;
    const done = await eventually(async () => {
      const list = await api.graphql<{ containerRestarts: { name: string; phase: string; succeeded: boolean; states: unknown[]; message: string | null; completionTime: string | null }[] }>(RESTARTS, { ns: NS, pod: 'web-0' }, { token: viewer });
      const crr = list.data?.containerRestarts.find((c) => c.name === name);
      return crr?.phase === 'Completed' ? crr : undefined;
    }, 30_000, 'the restart completed');
    expect(done).toMatchObject({ succeeded: true, message: null, completionTime: expect.any(String), states: [{ name: 'side', phase: 'Succeeded', isKilled: true, message: null }] });

    const after = await readPod();
    expect(after.metadata.uid).toBe(before.metadata.uid);
    const byName = (p: PodStatus, n: string) => p.status.containerStatuses.find((s) => s.name === n)!;
    expect(byName(after, 'side').restartCount).toBe(byName(before, 'side').restartCount + 1);
    expect(byName(after, 'side').containerID).not.toBe(byName(before, 'side').containerID);
    for (const other of ['app', 'log']) {
      expect(byName(after, other).restartCount).toBe(byName(before, other).restartCount);
      expect(byName(after, other).containerID).toBe(byName(before, other).containerID);
    }
  }, 180_000);

  it('is audited with the token that asked, naming the request it created; a refusal too', async () => {
    await api.graphql(RESTART, { ns: NS, pod: 'web-0', c: ['db'] }, { token: operator });
    const log = await api.graphql<{ auditLog: { edges: { node: Record<string, string> }[] } }>(
      `{ auditLog(namespace: "${NS}", first: 20) { edges { node { action actorName actorRole targetKind targetName result } } } }`,
    );
    const rows = log.data!.auditLog.edges.map((e) => e.node).filter((n) => n.action === 'restartContainers');
    expect(rows).toEqual([
      { action: 'restartContainers', actorName: 'restart-operator', actorRole: 'operator', targetKind: 'Pod', targetName: 'web-0', result: 'BAD_USER_INPUT' },
      { action: 'restartContainers', actorName: 'restart-operator', actorRole: 'operator', targetKind: 'ContainerRecreateRequest', targetName: expect.stringMatching(/^web-0-/), result: 'ok' },
    ]);
  });
});

describe('restartContainers: hostile input', () => {
  const restart = (variables: Record<string, unknown>, token: string = operator) =>
    api.graphql(RESTART, { ns: NS, pod: 'web-0', c: ['app'], ...variables }, { token });

  it.each([
    ['an unknown pod', { pod: 'nope' }, 'NOT_FOUND', /pod restart\/nope not found/],
    ['an unknown container', { c: ['db'] }, 'BAD_USER_INPUT', /db is not a container of pod web-0/],
    ['an empty list', { c: [] }, 'BAD_USER_INPUT', /at least one container/],
    ['a container twice', { c: ['app', 'app'] }, 'BAD_USER_INPUT', /app is named twice/],
    ['a huge list', { c: Array.from({ length: 5000 }, (_, i) => `c${i}`) }, 'BAD_USER_INPUT', /./],
    ['a NUL byte in a container name', { c: ['a\u0000pp'] }, 'BAD_USER_INPUT', /NUL/],
    ['a NUL byte in the pod name', { pod: 'web\u00000' }, 'BAD_USER_INPUT', /NUL/],
    ['a negative minStartedSeconds', { min: -1 }, 'BAD_USER_INPUT', /minStartedSeconds must not be negative/],
  ])('refuses %s', async (_title, variables, expectedCode, message) => {
    const res = await restart(variables);
    expect(code(res)).toBe(expectedCode);
    expect(res.errors?.[0]?.message).toMatch(message);
    expect(JSON.stringify(res)).not.toMatch(/at [A-Za-z]+ \(|\.ts:\d+/);
  });

  it('refuses a viewer token and creates nothing', async () => {
    const count = async () => (await api.graphql<{ containerRestarts: unknown[] }>(RESTARTS, { ns: NS, pod: 'web-0' })).data!.containerRestarts.length;
    const before = await count();
    const res = await restart({}, viewer);
    expect(code(res)).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('a pod without restarts lists none, an unknown pod is NOT_FOUND', async () => {
    const unknown = await api.graphql(RESTARTS, { ns: NS, pod: 'nope' });
    expect(code(unknown)).toBe('NOT_FOUND');
  });
});
