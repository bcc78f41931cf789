// Fuzzing the API over real HTTP with hostile manifests, mutation arguments (Rollout actions and previews
// among them) and hook acknowledgements
// (fast-check): whatever arrives, the answer is never a 5xx and never carries stack text, a refused
// request writes nothing at all (the store's resourceVersion does not move), the server stays healthy,
// and a restart on the same data still starts with everything as it was. FUZZ_RUNS sets the number of
// cases (2,000 by default; `npm run fuzz` runs a long one).
//
// So that only requests write, the cluster runs quiet: controllers observe, the kubelet is frozen and the
// simulated nodes are cordoned (new pods get one Unschedulable status, awaited after accepted requests).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { printYaml, type KubeObject, type PersistentVolume, type PersistentVolumeClaim } from '@coxswain/kruise-api';
import { eventually, TestApi } from './support/api-server.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const NS = 'fuzz';

/** What an answer must never contain: stack frames or the names of JavaScript's own failures. */
const LEAK = /\n\s+at [^\n]+:\d+:\d+|call stack|TypeError|RangeError|ReferenceError|Cannot read propert|is not a function|is not iterable/;

// --- the objects the fuzz aims at, and what "unchanged" means for them --------------------------

const BASE: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'fz-pod', namespace: NS, labels: { app: 'fz' } }, spec: { containers: [{ name: 'm', image: 'nginx:1.25', ports: [{ containerPort: 80 }] }], tolerations: [{ key: 'k', operator: 'Exists' }] } },
  { apiVersion: 'v1', kind: 'Node', metadata: { name: 'fz-node', labels: { zone: 'fz' } }, spec: { unschedulable: true, taints: [{ key: 'fz', effect: 'NoSchedule' }] } },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fz-ns', annotations: { note: 'fuzz' } } },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'fz-pvc', namespace: NS }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
  { apiVersion: 'v1', kind: 'Event', metadata: { name: 'fz-event', namespace: NS }, involvedObject: { kind: 'Pod', name: 'fz-pod', namespace: NS }, reason: 'Fuzz', message: 'm', type: 'Normal', count: 1 } as KubeObject,
  { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'fz-cr', namespace: NS }, data: { spec: { a: 1 } }, revision: 1 } as KubeObject,
  {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: { name: 'fz-cs', namespace: NS },
    spec: {
      replicas: 0, selector: { matchLabels: { app: 'fz-cs' } },
      template: { metadata: { labels: { app: 'fz-cs' } }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: '20%', podUpdatePolicy: 'InPlaceIfPossible' } },
      lifecycle: { preDelete: { labelsHandler: { 'example.io/block': 'true' } } },
    },
  },
  {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'fz-cs1', namespace: NS },
    spec: { replicas: 0, selector: { matchLabels: { app: 'fz-cs1' } }, template: { metadata: { labels: { app: 'fz-cs1' } }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } }, updateStrategy: { type: 'ReCreate', partition: '50%' } },
  },
  {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: 'fz-sts', namespace: NS },
    spec: { replicas: 0, selector: { matchLabels: { app: 'fz-sts' } }, template: { metadata: { labels: { app: 'fz-sts' } }, spec: { containers: [{ name: 'main', image: 'nginx' }] } }, reserveOrdinals: [1, '3-5'] },
  },
  {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name: 'fz-ud', namespace: NS },
    spec: { replicas: 0, selector: { matchLabels: { app: 'fz-ud' } }, template: { cloneSetTemplate: { metadata: { labels: { app: 'fz-ud' } }, spec: { selector: { matchLabels: { app: 'fz-ud' } }, template: { metadata: { labels: { app: 'fz-ud' } }, spec: { containers: [{ name: 'main', image: 'nginx' }] } } } } }, topology: { subsets: [{ name: 'a', replicas: '50%' }] } },
  } as unknown as KubeObject,
  // A Deployment released in partition style (its two annotations the advanced controller reads) and its Rollout.
  {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: {
      name: 'fz-dep', namespace: NS, labels: { 'rollouts.kruise.io/controlled-by-advanced-deployment-controller': 'true' },
      annotations: {
        'rollouts.kruise.io/deployment-strategy': '{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":1,"maxUnavailable":0},"partition":"20%"}',
        'rollouts.kruise.io/deployment-extra-status': '{"updatedReadyReplicas":1,"expectedUpdatedReplicas":1}',
        'batchrelease.rollouts.kruise.io/control-info': '{"apiVersion":"rollouts.kruise.io/v1beta1","kind":"BatchRelease","name":"fz-ro","uid":"u","controller":true}',
      },
    },
    spec: { replicas: 0, paused: true, strategy: { type: 'Recreate' }, selector: { matchLabels: { app: 'fz-dep' } }, template: { metadata: { labels: { app: 'fz-dep' } }, spec: { containers: [{ name: 'main', image: 'nginx' }] } } },
  } as KubeObject,
  {
    apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout', metadata: { name: 'fz-ro', namespace: NS },
    spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'fz-dep' }, strategy: { canary: { steps: [{ replicas: '20%', pause: {} }, { replicas: '100%' }] } } },
  } as KubeObject,
];

const DIGEST_QUERY = `{ ${BASE.map((o, i) => `d${i}: object(kind: "${o.kind}", ${o.metadata.namespace ? `namespace: "${o.metadata.namespace}", ` : ''}name: "${o.metadata.name}") { object }`).join(' ')} }`;

let api: TestApi;
const dataDir = mkdtempSync(join(tmpdir(), 'coxswain-fuzz-'));

/** The spec and metadata a user set on each aimed-at object (status and server bookkeeping left out). */
async function digest(): Promise<string> {
  const res = await api.graphql<Record<string, { object: Record<string, any> } | null>>(DIGEST_QUERY);
  expect(res.errors).toBeUndefined();
  return canonical(Object.values(res.data!).map((found) => {
    if (!found) return null;
    const { status: _s, metadata, ...rest } = found.object;
    // Bookkeeping the server and the simulated scheduler change on their own: binding a pod sets
    // spec.nodeName (and bumps generation).
    const { resourceVersion: _rv, managedFields: _m, generation: _g, ...meta } = metadata;
    if (rest.kind === 'Pod' && typeof rest.spec === 'object' && rest.spec !== null) delete rest.spec.nodeName;
    return { ...rest, metadata: meta };
  }));
}

/** JSON with object keys sorted, so equal content digests equally whatever order the store keeps. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);
}

// --- hostile values ------------------------------------------------------------------------------

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
}

const hostileScalar = fc.constantFrom<unknown>(
  5, -1, 0, 2147483647 - 1, 2147483648, -2147483649, 1e20, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, '', 'x', ' ',
  '-10%', '150%', '5.5%', '1e2%', '99999999999%', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '%00', '<<', '*a', '&a', '!!binary', 'ü🚀',
  '2026-13-45T99:99:99Z', 'yesterday', 'NaN', '0x1F', 'true', 'null', '../../etc/passwd', '{"a":1}', 'Maximum', 'x'.repeat(5_000),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, ['a'], [null], [1, 'a', {}], { a: true }, nested(150), nested(30)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

interface Mutation {
  /** Picks a node of the document by walking down: each number picks one child. */
  walk: number[];
  action: 'set' | 'add' | 'delete';
  key: string;
  value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  walk: fc.array(fc.nat(), { maxLength: 8 }),
  action: fc.constantFrom<Mutation['action']>('set', 'set', 'add', 'delete'),
  key: fc.oneof(fc.constantFrom('replicas', 'image', 'name', 'labels', 'status', 'spec', 'metadata', 'partition', 'maxSurge', 'rollouts.kruise.io/deployment-strategy', 'steps', 'conditions', 'taints', 'env', '__proto__', 'a\u0000'), fc.string({ maxLength: 8 })),
  value: hostileValue,
});

function mutate(document: KubeObject, m: Mutation): void {
  let node: any = document;
  for (const step of m.walk) {
    const children = typeof node === 'object' && node !== null ? Object.keys(node).filter((k) => typeof node[k] === 'object' && node[k] !== null) : [];
    if (children.length === 0) break;
    node = node[children[step % children.length]!];
  }
  if (typeof node !== 'object' || node === null) return;
  const keys = Object.keys(node);
  // A copy: the values are shared between runs (constantFrom), and a later mutation may walk into this
  // one; writing into the shared value once made it contain itself.
  const value = structuredClone(m.value);
  // Reflect: an array's `length` cannot be redefined (Object.defineProperty threw on it): that one is skipped.
  if (m.action === 'add' || keys.length === 0) Reflect.defineProperty(node, m.key, { value, enumerable: true, writable: true, configurable: true });
  else if (m.action === 'delete') delete node[keys[m.walk.length % keys.length]!];
  else node[keys[(m.walk[0] ?? 0) % keys.length]!] = value;
}

const RAW_YAML = [
  '',
  '---\napiVersion: v1\nkind: Namespace\nmetadata: { name: tagged }\nspec: !!python/object:os.system { a: 1 }\n',
  `---\napiVersion: v1\nkind: Namespace\nmetadata: { name: deep }\nspec: ${'['.repeat(3000)}${']'.repeat(3000)}\n`,
  '---\napiVersion: v1\nkind: Namespace\nmetadata: { name: loop }\nspec: &s\n  again: *s\n',
  '---\n- a\n- b\n',
  '---\napiVersion: v1\nkind: Namespace\nmetadata: &m { name: alias }\nspec: *m\n',
  '---\n{ unterminated: [1, 2\n',
  '---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: fz-pod\n  name: twice\n',
  '---\n%YAML 1.1\n---\napiVersion: v1\nkind: Namespace\nmetadata: { name: yes }\n',
  '---\napiVersion: v1\nkind: Namespace\nmetadata: { name: "\\0" }\n',
  '---\napiVersion: v9\nkind: Pod\nmetadata: { name: x }\n',
  '---\n\t\u0000\ufffe\n',
];

const manifestCase = fc.record({
  documents: fc.uniqueArray(fc.nat({ max: BASE.length - 1 }), { minLength: 1, maxLength: 3 }),
  mutations: fc.array(mutation, { maxLength: 3 }),
  raw: fc.nat({ max: RAW_YAML.length - 1 }),
  rawWeight: fc.nat({ max: 3 }),
  duplicate: fc.boolean(),
  dryRun: fc.boolean(),
});

const name = fc.oneof(fc.constantFrom('fz-cs', 'fz-cs1', 'fz-ro', 'fz-dep', 'fz-pod', 'nope', '', 'FZ-CS', 'fz-cs\u0000', 'a'.repeat(300)), fc.string({ unit: 'binary', maxLength: 10 }));
const namespace = fc.oneof(fc.constantFrom(NS, '', 'default', 'kube-system', 'Fuzz', 'a\u0000', '../x'), fc.string({ unit: 'binary', maxLength: 8 }));

const OPERATIONS: Record<string, { document: string; variables: (v: Record<string, unknown>) => Record<string, unknown> }> = {
  setPartition: { document: 'mutation($ns: String!, $n: String!, $p: IntOrPercent!, $g: Int) { setPartition(kind: CLONE_SET, namespace: $ns, name: $n, partition: $p, expectedGeneration: $g) { generation } }', variables: (v) => ({ p: v.value, g: v.int }) },
  setImage: { document: 'mutation($ns: String!, $n: String!, $c: String!, $i: String!) { setImage(kind: CLONE_SET, namespace: $ns, name: $n, container: $c, image: $i) { generation } }', variables: (v) => ({ c: v.text, i: v.value }) },
  scaleWorkload: { document: 'mutation($ns: String!, $n: String!, $r: Int!) { scaleWorkload(kind: CLONE_SET, namespace: $ns, name: $n, replicas: $r) { replicas } }', variables: (v) => ({ r: v.value }) },
  pauseRollout: { document: 'mutation($ns: String!, $n: String!) { pauseRollout(kind: CLONE_SET, namespace: $ns, name: $n) { generation } }', variables: () => ({}) },
  deletePods: { document: 'mutation($ns: String!, $n: String!, $pods: [String!]!) { deletePods(kind: CLONE_SET, namespace: $ns, name: $n, pods: $pods) { generation } }', variables: (v) => ({ pods: [v.text, v.value] }) },
  rollbackWorkload: { document: 'mutation($ns: String!, $n: String!, $r: String!) { rollbackWorkload(kind: CLONE_SET, namespace: $ns, name: $n, revision: $r) { generation } }', variables: (v) => ({ r: v.text }) },
  deleteObject: { document: 'mutation($ns: String, $n: String!, $k: String!) { deleteObject(kind: $k, namespace: $ns, name: $n) { name } }', variables: (v) => ({ k: v.text }) },
  createToken: { document: 'mutation($n: String!, $r: String!, $nss: [String!]) { createToken(name: $n, role: $r, namespaces: $nss) { name } }', variables: (v) => ({ r: v.text, nss: [v.value] }) },
  approveRolloutStep: { document: 'mutation($ns: String!, $n: String!, $r: String, $k: String) { approveRolloutStep(namespace: $ns, name: $n, reason: $r, idempotencyKey: $k) { stepIndex } }', variables: (v) => ({ r: v.text, k: v.value }) },
  jumpToRolloutStep: { document: 'mutation($ns: String!, $n: String!, $i: Int!, $k: String) { jumpToRolloutStep(namespace: $ns, name: $n, stepIndex: $i, idempotencyKey: $k) { stepIndex } }', variables: (v) => ({ i: v.int, k: v.text }) },
  abortRollout: { document: 'mutation($ns: String!, $n: String!, $r: String, $k: String) { abortRollout(namespace: $ns, name: $n, reason: $r, idempotencyKey: $k) { revision } }', variables: (v) => ({ r: v.value, k: v.text }) },
  previewRollout: { document: 'query($ns: String!, $n: String!, $m: String) { previewRollout(kind: CLONE_SET, namespace: $ns, name: $n, manifest: $m) { outcome } }', variables: (v) => ({ m: v.value }) },
  objects: { document: 'query($ns: String, $k: String!, $s: String, $f: Int, $a: String) { objects(kind: $k, namespace: $ns, labelSelector: $s, first: $f, after: $a) { totalCount } }', variables: (v) => ({ k: v.text, s: v.value, f: v.int, a: v.text }) },
  objectChanged: { document: 'subscription($ns: String, $k: String!) { objectChanged(kind: $k, namespace: $ns) { type } }', variables: (v) => ({ k: v.text }) },
};

const mutationCase = fc.record({
  operation: fc.constantFrom(...Object.keys(OPERATIONS)),
  namespace,
  name,
  value: hostileValue,
  text: fc.oneof(fc.constantFrom('main', 'pods', 'CloneSet', 'admin', 'viewer', 'fz-cs-1', '', 'nginx:1.27'), fc.string({ unit: 'binary', maxLength: 10 })),
  int: fc.oneof(fc.constantFrom<unknown>(null, 0, 1, -1, 2147483647, 2147483648, 1.5, '1'), fc.integer()),
});

const ackCase = fc.record({
  graphql: fc.boolean(),
  namespace,
  pod: name,
  hook: fc.oneof(fc.constantFrom('preDelete', 'preUpdate', 'postUpdate', 'preNormal', 'PRE_DELETE', 'x', ''), fc.string({ maxLength: 6 })),
  key: fc.oneof(fc.constant(undefined), fc.constant('uuid'), fc.constantFrom('', ' ', 'k'.repeat(300), 'a\u0000', 'ü', 'same-key'), fc.string({ maxLength: 10 })),
  contentType: fc.constantFrom<string | null>('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json', null),
  body: fc.oneof(
    fc.constantFrom('', '{}', '{"reason":"ok"}', '{"reason":"\\u0000"}', '{"reason":"\\ud800"}', '{"reason":5}', '{"reason":"x","force":true}', '[]', 'null', '"s"', '{', 'reason=x', `{"reason":"${'r'.repeat(2000)}"}`, `${'{"n":'.repeat(5000)}1${'}'.repeat(5000)}`),
    hostileValue.map((v) => { try { return JSON.stringify({ reason: v }); } catch { return '{}'; } }),
  ),
  reason: hostileValue,
  list: fc.boolean(),
});

const hostileCase = fc.oneof(
  { weight: 5, arbitrary: manifestCase.map((c) => ({ kind: 'manifest' as const, c })) },
  { weight: 3, arbitrary: mutationCase.map((c) => ({ kind: 'mutation' as const, c })) },
  { weight: 3, arbitrary: ackCase.map((c) => ({ kind: 'ack' as const, c })) },
);

type HostileCase = typeof hostileCase extends fc.Arbitrary<infer T> ? T : never;

let acker = '';

interface Answer {
  status: number;
  text: string;
  refused: boolean;
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let refused = res.status >= 400;
  if (!refused && text.startsWith('{')) {
    try {
      refused = Array.isArray((JSON.parse(text) as { errors?: unknown }).errors);
    } catch {
      /* not JSON: judged by status */
    }
  }
  return { status: res.status, text, refused };
}

function manifestText(c: Extract<HostileCase, { kind: 'manifest' }>['c']): string {
  const documents = c.documents.map((i) => structuredClone(BASE[i]!));
  for (const [i, m] of c.mutations.entries()) mutate(documents[i % documents.length]!, m);
  if (c.duplicate) documents.push(structuredClone(documents[0]!));
  let text: string;
  try {
    text = printYaml(documents);
  } catch {
    text = JSON.stringify(documents[0]);
  }
  return c.rawWeight === 0 ? `${text}${RAW_YAML[c.raw]}` : text;
}

async function send(hostile: HostileCase): Promise<Answer> {
  switch (hostile.kind) {
    case 'manifest': {
      const c = hostile.c;
      return answerOf(await api.graphqlResponse('mutation($y: String!, $d: Boolean) { applyManifest(yaml: $y, dryRun: $d) { name action } }', { y: manifestText(c), d: c.dryRun }));
    }
    case 'mutation': {
      const c = hostile.c;
      const operation = OPERATIONS[c.operation]!;
      return answerOf(await api.graphqlResponse(operation.document, { ns: c.namespace, n: c.name, ...operation.variables(c) }));
    }
    case 'ack': {
      const c = hostile.c;
      const key = c.key === 'uuid' ? randomUUID() : c.key;
      if (c.list) return answerOf(await api.fetch(`/api/v1/hooks?namespace=${encodeURIComponent(c.namespace)}&hook=${encodeURIComponent(c.hook)}`, { token: acker }));
      if (c.graphql) {
        return answerOf(await api.graphqlResponse(
          'mutation($ns: String!, $p: String!, $h: HookPoint!, $k: String, $r: String) { ackHook(namespace: $ns, pod: $p, hook: $h, idempotencyKey: $k, reason: $r) { pod } }',
          { ns: c.namespace, p: c.pod, h: c.hook, k: key, r: c.reason }, { token: acker },
        ));
      }
      const headers: Record<string, string> = {};
      if (c.contentType) headers['content-type'] = c.contentType;
      // fetch refuses header values it cannot send; those never reach a server anyway.
      if (key !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(key)) headers['idempotency-key'] = key;
      const path = `/api/v1/namespaces/${encodeURIComponent(c.namespace)}/pods/${encodeURIComponent(c.pod)}/hooks/${encodeURIComponent(c.hook)}/ack`;
      return answerOf(await api.fetch(path, { method: 'POST', headers, body: c.body, token: acker }));
    }
  }
}

const QUIET = { PGLITE_DIR: dataDir, SIM_ZONES: '1', SIM_NODES_PER_ZONE: '2', CONTROLLER_MODE: 'observe', SIM_FROZEN: 'true' };
const CORDONED = ['sim-a-1', 'sim-a-2'].map((n) => `apiVersion: v1\nkind: Node\nmetadata: { name: ${n} }\nspec: { unschedulable: true }\n`).join('---\n');

/** The store's resourceVersion: every write moves it. */
async function storeVersion(): Promise<string> {
  const res = await api.graphql<{ objects: { resourceVersion: string } }>('{ objects(kind: "namespaces", first: 1) { resourceVersion } }');
  expect(res.errors).toBeUndefined();
  return res.data!.objects.resourceVersion;
}

interface StorageView {
  claims: { resourceVersion: string; edges: { node: { object: PersistentVolumeClaim } }[] };
  volumes: { resourceVersion: string; edges: { node: { object: PersistentVolume } }[] };
  namespaces: { resourceVersion: string };
}

/**
 * The resourceVersion once writes that follow an accepted request (the scheduler's, the simulated
 * storage's binding of the claim, which an accepted replace of the claim unbinds) have happened: the
 * API's caches of claims, volumes and namespaces have all seen the same version (one of them lagging
 * showed a replaced claim still bound, and its binding landed during the next request), the claim,
 * if any, is bound with its volume Bound to it, and the version holds on the next read.
 */
async function settledVersion(): Promise<string> {
  let seen: string | undefined;
  return eventually(async () => {
    const res = await api.graphql<StorageView>(`{
      claims: objects(kind: "persistentvolumeclaims", namespace: "${NS}", first: 10) { resourceVersion edges { node { object } } }
      volumes: objects(kind: "persistentvolumes", first: 10) { resourceVersion edges { node { object } } }
      namespaces: objects(kind: "namespaces", first: 1) { resourceVersion }
    }`);
    expect(res.errors).toBeUndefined();
    const { claims, volumes, namespaces } = res.data!;
    const version = namespaces.resourceVersion;
    const claim = claims.edges.map((e) => e.node.object).find((c) => c.metadata.name === 'fz-pvc');
    const volume = volumes.edges.map((e) => e.node.object).find((v) => v.metadata.name === claim?.spec?.volumeName);
    // The binder's last writes: the claim's bind-completed annotation and Bound phase, the volume's Bound phase.
    const bound = !claim || (claim.status?.phase === 'Bound' && claim.metadata.annotations?.['pv.kubernetes.io/bind-completed'] === 'yes'
      && volume?.status?.phase === 'Bound' && volume.spec.claimRef?.uid === claim.metadata.uid);
    const settled = claims.resourceVersion === version && volumes.resourceVersion === version && bound && seen === version;
    seen = version;
    return settled ? version : undefined;
  }, 20_000, 'the store to settle (fz-pvc bound to its volume)');
}

// Not testApiPerFile: the test restarts the server, and the one to close at the end is the restarted one.
beforeAll(async () => {
  api = await TestApi.start(QUIET);
  acker = await api.createToken('fuzz-acker', 'hook-acker');
  await api.apply(`${CORDONED}---\n${printYaml(BASE)}`);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

it(`answers ${RUNS} hostile requests without a 5xx or stack text, writing nothing when it refuses; the server stays healthy and restarts`, async () => {
  let version = await settledVersion();
  const counts = { refused: 0, accepted: 0, resent: 0 };
  await fc.assert(
    fc.asyncProperty(hostileCase, async (hostile) => {
      const answer = await send(hostile);
      expect({ leak: LEAK.exec(answer.text)?.[0] ?? null, internal: answer.text.includes('INTERNAL_SERVER_ERROR') }).toEqual({ leak: null, internal: false });
      expect(answer.status).toBeLessThan(500);
      if (answer.refused) {
        // The API reads through caches the cluster worker feeds: a write that followed the last accepted
        // request (the scheduler's, say) can reach them after the store looked settled. So a move beside a
        // refused request is judged by sending it again on a settled store: a request that writes when it
        // refuses writes again, and is refused the same way.
        if ((await storeVersion()) !== version) {
          version = await settledVersion();
          const again = await send(hostile);
          expect({ refused: again.refused, status: again.status }).toEqual({ refused: true, status: answer.status });
          expect(await storeVersion()).toBe(version);
          counts.resent++;
        }
        counts.refused++;
      } else {
        version = await settledVersion();
        counts.accepted++;
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  console.log(`hostile fuzz: ${counts.accepted} accepted, ${counts.refused} refused (${counts.resent} sent again after a background write beside them)`);
  expect(counts.refused).toBeGreaterThan(RUNS / 2);
  expect(counts.accepted).toBeGreaterThan(0);

  expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
  expect((await api.graphql('{ me { name } nodes { name } }')).errors).toBeUndefined();
  const before = await digest();

  await api.close();
  api = await TestApi.start(QUIET);
  const restarted = await api.graphql<{ me: { name: string }; nodes: unknown[] }>('{ me { name } nodes { name } workloads { totalCount } }');
  expect(restarted.errors).toBeUndefined();
  expect(restarted.data!.me).toEqual({ name: 'local-admin' });
  expect(await digest()).toBe(before);
}, Math.max(600_000, RUNS * 100));
