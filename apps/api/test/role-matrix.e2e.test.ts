// One role table on every surface (issue 27 item 6): each role against each kind and write verb, over
// GraphQL (applyManifest, patchObject, deleteObject) and the Kubernetes API (POST, PATCH, DELETE), must
// get the same verdict. The expectation is written out here, independently of auth/object-access.ts.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:https';
import { ADMIN_TOKEN, TestApi, testApiPerFile } from './support/api-server.js';

type Role = 'viewer' | 'operator' | 'hook-acker' | 'rollout-approver' | 'admin';
const ROLES: Role[] = ['viewer', 'operator', 'hook-acker', 'rollout-approver', 'admin'];
type Verb = 'create' | 'patch' | 'delete';
const VERBS: Verb[] = ['create', 'patch', 'delete'];

interface Kind {
  name: string;
  path: string;
  manifest: Record<string, unknown>;
}
const ns = 'roles';
const KINDS: Kind[] = [
  { name: 'Pod', path: `/api/v1/namespaces/${ns}/pods`, manifest: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'm', namespace: ns }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  { name: 'CloneSet', path: `/apis/apps.kruise.io/v1alpha1/namespaces/${ns}/clonesets`, manifest: {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'm', namespace: ns },
    spec: { replicas: 0, selector: { matchLabels: { a: 'm' } }, template: { metadata: { labels: { a: 'm' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  } },
  { name: 'Lease', path: `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases`, manifest: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'm', namespace: ns }, spec: {} } },
  { name: 'Node', path: '/api/v1/nodes', manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'm' } } },
  { name: 'Namespace', path: '/api/v1/namespaces', manifest: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'm' } } },
  { name: 'Secret', path: `/api/v1/namespaces/${ns}/secrets`, manifest: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'm', namespace: ns }, data: { k: 'dg==' } } },
];

/** The table docs/tokens-and-roles.md documents. */
function allowed(role: Role, kind: string): boolean {
  if (role === 'admin') return true;
  if (role === 'operator') return ['Pod', 'CloneSet'].includes(kind);
  return false;
}

let api: TestApi;
const secrets = {} as Record<Role, string>;

testApiPerFile({ KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  secrets.admin = ADMIN_TOKEN;
  for (const role of ['viewer', 'operator', 'hook-acker', 'rollout-approver'] as const) secrets[role] = await api.createToken(`matrix-${role}`, role);
  await api.apply(`apiVersion: v1\nkind: Namespace\nmetadata: { name: ${ns} }\n`);
}, 180_000);

function kube(method: string, path: string, token: string, body?: unknown, contentType = 'application/json'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${api.kubeUrl()}${path}`, {
      method, rejectUnauthorized: false, headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** 'forbidden' or 'allowed' (anything else: the request got past authorization). */
async function kubeVerdict(role: Role, verb: Verb, kind: Kind): Promise<string> {
  const name = (kind.manifest.metadata as { name: string }).name;
  const status = verb === 'create' ? await kube('POST', `${kind.path}?dryRun=All`, secrets[role], kind.manifest)
    : verb === 'patch' ? await kube('PATCH', `${kind.path}/${name}?dryRun=All`, secrets[role], { metadata: { labels: { x: 'y' } } }, 'application/merge-patch+json')
    : await kube('DELETE', `${kind.path}/${name}?dryRun=All`, secrets[role]);
  return status === 403 ? 'forbidden' : 'allowed';
}

async function graphqlVerdict(role: Role, verb: Verb, kind: Kind): Promise<string> {
  const name = (kind.manifest.metadata as { name: string }).name;
  const namespace = (kind.manifest.metadata as { namespace?: string }).namespace ?? null;
  const as = { token: secrets[role] };
  const res = verb === 'create'
    ? await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y, dryRun: true) { name } }`, { y: JSON.stringify(kind.manifest) }, as)
    : verb === 'patch'
      ? await api.graphql(`mutation($k: String!, $ns: String, $n: String!) { patchObject(kind: $k, namespace: $ns, name: $n, patch: { metadata: { labels: { x: "y" } } }) { name } }`, { k: kind.name, ns: namespace, n: name }, as)
      : await api.graphql(`mutation($k: String!, $ns: String, $n: String!) { deleteObject(kind: $k, namespace: $ns, name: $n) { name } }`, { k: kind.name, ns: namespace, n: name }, as);
  return res.errors?.[0]?.extensions?.code === 'FORBIDDEN' ? 'forbidden' : 'allowed';
}

describe('one role table on GraphQL and the Kubernetes API', () => {
  const cases = ROLES.flatMap((role) => KINDS.flatMap((kind) => VERBS.map((verb) => [role, verb, kind.name] as const)));
  it.each(cases)('%s may %s %s on both surfaces, or on neither', async (role, verb, kindName) => {
    const kind = KINDS.find((k) => k.name === kindName)!;
    const expected = allowed(role, kindName) ? 'allowed' : 'forbidden';
    expect({ graphql: await graphqlVerdict(role, verb, kind), kube: await kubeVerdict(role, verb, kind) }).toEqual({ graphql: expected, kube: expected });
  });

  it('reads: only admins read Secrets, on both surfaces', async () => {
    for (const role of ROLES) {
      const expected = role === 'admin' ? 'allowed' : 'forbidden';
      const res = await api.graphql(`{ objects(kind: "secrets", namespace: "${ns}") { totalCount } }`, {}, { token: secrets[role] });
      const graphql = res.errors?.[0]?.extensions?.code === 'FORBIDDEN' ? 'forbidden' : 'allowed';
      const kube_ = (await kube('GET', `/api/v1/namespaces/${ns}/secrets`, secrets[role])) === 403 ? 'forbidden' : 'allowed';
      expect({ role, graphql, kube: kube_ }).toEqual({ role, graphql: expected, kube: expected });
    }
  });

  it('reads: every role but hook-acker and rollout-approver lists nodes and leases on both surfaces', async () => {
    for (const role of ROLES) {
      const expected = role === 'hook-acker' || role === 'rollout-approver' ? 'forbidden' : 'allowed';
      const res = await api.graphql(`{ objects(kind: "leases") { totalCount } }`, {}, { token: secrets[role] });
      const graphql = res.errors?.[0]?.extensions?.code === 'FORBIDDEN' ? 'forbidden' : 'allowed';
      const kube_ = (await kube('GET', '/apis/coordination.k8s.io/v1/leases', secrets[role])) === 403 ? 'forbidden' : 'allowed';
      expect({ role, graphql, kube: kube_ }).toEqual({ role, graphql: expected, kube: expected });
    }
  });
});
