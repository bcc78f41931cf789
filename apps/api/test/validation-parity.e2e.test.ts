// Issue 27 item 3, validation parity, on every surface: what Kruise's webhooks and the apiserver refuse
// is refused by GraphQL's applyManifest and by the Kubernetes API alike (one admission behind both),
// with the same field and message; and the Kubernetes API answers bad patches, /scale bodies, charsets
// and missing namespaces as the apiserver does. Each row was accepted before.
import { request } from 'node:https';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, eventually, TestApi, testApiPerFile } from './support/api-server.js';

const NS = 'parity';
const APPLY = `mutation($yaml: String!) { applyManifest(yaml: $yaml) { kind namespace name action } }`;
const PATCH_OBJECT = `mutation($kind: String!, $name: String!, $p: JSON!) { patchObject(kind: $kind, namespace: "${NS}", name: $name, patch: $p) { name } }`;
const BIG = 'x'.repeat(256 * 1024);

let api: TestApi;

interface KubeAnswer {
  status: number;
  body: any;
}

/** One request to the Kubernetes API (self-signed TLS) as the admin. */
function kube(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<KubeAnswer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
    const req = request(`${api.kubeUrl()}${path}`, {
      method,
      rejectUnauthorized: false,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json', ...(text === undefined ? {} : { 'content-type': contentType }) },
    }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: data ? JSON.parse(data) : undefined }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

testApiPerFile({ KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  expect((await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status).toBe(201);
}, 180_000);

// ---------------------------------------------------------------------------------------------
// The same refusal on both surfaces

interface Manifest {
  apiVersion: string;
  kind: string;
  /** The collection on the Kubernetes API. */
  path: string;
  object: (name: string) => Record<string, any>;
}

const template = (edit: (spec: any, t: any) => void = () => {}) => {
  const t: any = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } };
  edit(t.spec, t);
  return t;
};
const withResources = (resources: unknown) => template((s) => (s.containers[0].resources = resources));

const cloneSet = (spec: (s: any) => void = () => {}, t = template()): Manifest => ({
  apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', path: `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets`,
  object: (name) => {
    const s: any = { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: t };
    spec(s);
    return { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name, namespace: NS }, spec: s };
  },
});
const statefulSet = (spec: (s: any) => void = () => {}, t = template()): Manifest => ({
  apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', path: `/apis/apps.kruise.io/v1beta1/namespaces/${NS}/statefulsets`,
  object: (name) => {
    const s: any = { replicas: 1, podManagementPolicy: 'Parallel', selector: { matchLabels: { app: 'web' } }, template: t };
    spec(s);
    return { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name, namespace: NS }, spec: s };
  },
});
const unitedDeployment = (t = template()): Manifest => ({
  apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', path: `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/uniteddeployments`,
  object: (name) => ({
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name, namespace: NS },
    spec: {
      replicas: 1, revisionHistoryLimit: 3, selector: { matchLabels: { app: 'web' } }, topology: { subsets: [{ name: 'a' }] },
      template: { advancedStatefulSetTemplate: { metadata: { labels: { app: 'web' } }, spec: { selector: { matchLabels: { app: 'web' } }, template: t } } },
    },
  }),
});
const deployment = (spec: (s: any) => void = () => {}, t = template()): Manifest => ({
  apiVersion: 'apps/v1', kind: 'Deployment', path: `/apis/apps/v1/namespaces/${NS}/deployments`,
  object: (name) => {
    const s: any = { selector: { matchLabels: { app: 'web' } }, template: t };
    spec(s);
    return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: NS }, spec: s };
  },
});
const pod = (edit: (spec: any, p: any) => void): Manifest => ({
  apiVersion: 'v1', kind: 'Pod', path: `/api/v1/namespaces/${NS}/pods`,
  object: (name) => {
    const p: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: NS }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } };
    edit(p.spec, p);
    return p;
  },
});

const claim = (edit: (spec: any) => void): Manifest => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', path: `/api/v1/namespaces/${NS}/persistentvolumeclaims`,
  object: (name) => {
    const spec: any = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
    edit(spec);
    return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: NS }, spec };
  },
});

/** A GraphQL request is at most 100 KB (413 before anything runs), so 256 KiB of annotations arrive only through the Kubernetes API. */
const OVER_GRAPHQL_BODY_LIMIT = true;

const rows: [string, Manifest, string, boolean?][] = [
  ['a CloneSet with minReadySeconds -1', cloneSet((s) => (s.minReadySeconds = -1)), 'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0'],
  ['a CloneSet with revisionHistoryLimit -1', cloneSet((s) => (s.revisionHistoryLimit = -1)), 'spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0'],
  ['a CloneSet with maxUnavailable "150%"', cloneSet((s) => (s.updateStrategy = { maxUnavailable: '150%' })), 'spec.updateStrategy.maxUnavailable: Invalid value: "150%": must not be greater than 100%'],
  ['a CloneSet with maxSurge "5.5%"', cloneSet((s) => (s.updateStrategy = { maxSurge: '5.5%' })), 'spec.updateStrategy.maxSurge: Invalid value: "5.5%": must be an integer or a whole percentage from "0%" to "100%"'],
  ['a CloneSet with scaleStrategy.maxUnavailable "x"', cloneSet((s) => (s.scaleStrategy = { maxUnavailable: 'x' })), 'spec.scaleStrategy.maxUnavailable: Invalid value: "x"'],
  ['a CloneSet with scaleStrategy.maxUnavailable -3', cloneSet((s) => (s.scaleStrategy = { maxUnavailable: -3 })), 'spec.scaleStrategy.maxUnavailable: Invalid value: -3: must be greater than or equal to 0'],
  ['a CloneSet with gracePeriodSeconds -1', cloneSet((s) => (s.updateStrategy = { type: 'InPlaceIfPossible', inPlaceUpdateStrategy: { gracePeriodSeconds: -1 } })),
    'spec.updateStrategy.inPlaceUpdateStrategy.gracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0'],
  ['a CloneSet whose labelsHandler key is no label key', cloneSet((s) => (s.lifecycle = { preDelete: { labelsHandler: { 'not a key': 'true' } } })),
    'spec.lifecycle.preDelete.labelsHandler: Invalid value: "not a key": name part must consist of alphanumeric characters'],
  ['a CloneSet template with terminationGracePeriodSeconds -1', cloneSet(() => {}, template((s) => (s.terminationGracePeriodSeconds = -1))),
    'spec.template.spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0'],
  ['a CloneSet template with a negative memory request', cloneSet(() => {}, withResources({ requests: { memory: '-1Gi' } })),
    'spec.template.spec.containers[0].resources.requests[memory]: Invalid value: "-1Gi": must be greater than or equal to 0'],
  ['a CloneSet template requesting more cpu than its limit', cloneSet(() => {}, withResources({ requests: { cpu: '2' }, limits: { cpu: '1' } })),
    'spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'],
  ['a CloneSet template with annotations over 256 KiB', cloneSet(() => {}, template((_s, t) => (t.metadata.annotations = { big: BIG }))),
    'spec.template.metadata.annotations: Too long: must have at most 262144 bytes', OVER_GRAPHQL_BODY_LIMIT],
  ['an Advanced StatefulSet with revisionHistoryLimit -1', statefulSet((s) => (s.revisionHistoryLimit = -1)), 'spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0'],
  ['an Advanced StatefulSet with maxUnavailable "150%"', statefulSet((s) => (s.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%' } })),
    'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%'],
  ['an Advanced StatefulSet template with a negative cpu limit', statefulSet(() => {}, withResources({ limits: { cpu: '-1' } })),
    'spec.template.spec.containers[0].resources.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0'],
  ['a UnitedDeployment subset template requesting more memory than its limit', unitedDeployment(withResources({ requests: { memory: '2Gi' }, limits: { memory: '1Gi' } })),
    'spec.template.advancedStatefulSetTemplate.spec.template.spec.containers[0].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi'],
  ['an apps/v1 Deployment template requesting more cpu than its limit', deployment(() => {}, withResources({ requests: { cpu: '500m' }, limits: { cpu: '100m' } })),
    'spec.template.spec.containers[0].resources.requests: Invalid value: "500m": must be less than or equal to cpu limit of 100m'],
  ['a Pod without a spec', pod((_s, p) => delete p.spec), 'Pod "NAME" is invalid: spec.containers: Required value'],
  ['a Pod without containers', pod((s) => (s.containers = [])), 'spec.containers: Required value'],
  ['a Pod with terminationGracePeriodSeconds -1', pod((s) => (s.terminationGracePeriodSeconds = -1)), 'spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0'],
  ['a Pod with a negative memory limit', pod((s) => (s.containers[0].resources = { limits: { memory: '-5Mi' } })), 'spec.containers[0].resources.limits[memory]: Invalid value: "-5Mi": must be greater than or equal to 0'],
  ['a Pod requesting more memory than its limit', pod((s) => (s.containers[0].resources = { requests: { memory: '1Gi' }, limits: { memory: '512Mi' } })),
    'spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 512Mi'],
  ['a PersistentVolumeClaim without a storage request', claim((s) => delete s.resources), 'PersistentVolumeClaim "NAME" is invalid: spec.resources[storage]: Required value'],
  ['a PersistentVolumeClaim without an access mode', claim((s) => (s.accessModes = [])), 'spec.accessModes: Required value: at least 1 access mode is required'],
  ['a Pod with annotations over 256 KiB', pod((_s, p) => (p.metadata.annotations = { big: BIG })), 'metadata.annotations: Too long: must have at most 262144 bytes', OVER_GRAPHQL_BODY_LIMIT],
];

describe('refused alike by GraphQL applyManifest and the Kubernetes API', () => {
  let n = 0;
  // Every row with all four values: jest reads a callback with more parameters than the row as one awaiting done().
  it.each(rows.map(([what, manifest, message, over]) => [what, manifest, message, over ?? false] as const))('%s', async (_what, manifest, message, overGraphQLBodyLimit) => {
    const name = `row-${++n}`;
    const object = manifest.object(name);
    const expected = message.replace('NAME', name);

    if (overGraphQLBodyLimit) {
      expect((await api.graphqlResponse(APPLY, { yaml: JSON.stringify(object) })).status).toBe(413);
    } else {
      const graphql = await api.graphql(APPLY, { yaml: JSON.stringify(object) });
      expect(graphql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(graphql.errors![0]!.message).toContain(expected);
    }

    const answer = await kube('POST', `${manifest.path}?fieldValidation=Strict`, object);
    expect({ status: answer.status, reason: answer.body.reason }).toEqual({ status: 422, reason: 'Invalid' });
    expect(answer.body.message).toContain(expected);
    expect((await kube('GET', `${manifest.path}/${name}`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// A running pod's spec

describe('updates of a running pod (ValidatePodUpdate)', () => {
  const POD_PATH = `/api/v1/namespaces/${NS}/pods/runner`;
  const FORBIDDEN = 'Pod "runner" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,';
  let nodeName = '';

  beforeAll(async () => {
    const created = await kube('POST', `/api/v1/namespaces/${NS}/pods`, {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'runner' }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }, { name: 'side', image: 'envoy:1' }] },
    });
    expect(created.status).toBe(201);
    // The scheduler binds it through the binding subresource, which no client update can do.
    nodeName = await eventually(async () => (await kube('GET', POD_PATH)).body.spec.nodeName || undefined, 20_000, 'the pod bound to a node');
  }, 30_000);

  it.each([
    ['a strategic $patch: delete of a container', 'application/strategic-merge-patch+json', { spec: { containers: [{ $patch: 'delete', name: 'side' }] } },
      'spec.containers: Forbidden: pod updates may not add or remove containers'],
    ['a merge patch emptying the containers', 'application/merge-patch+json', { spec: { containers: [] } }, 'spec.containers: Forbidden: pod updates may not add or remove containers'],
    ['a merge patch moving the pod to another node', 'application/merge-patch+json', { spec: { nodeName: 'sim-elsewhere' } }, FORBIDDEN],
    ['a JSON patch of an env var', 'application/json-patch+json', [{ op: 'add', path: '/spec/containers/0/env', value: [{ name: 'A', value: '1' }] }], FORBIDDEN],
  ])('%s is refused with 422', async (_what, type, patch, message) => {
    const answer = await kube('PATCH', POD_PATH, patch, type);
    expect({ status: answer.status, reason: answer.body.reason }).toEqual({ status: 422, reason: 'Invalid' });
    expect(answer.body.message).toContain(message);
    const stored = (await kube('GET', POD_PATH)).body;
    expect(stored.spec.containers.map((c: any) => c.name)).toEqual(['main', 'side']);
    expect(stored.spec.nodeName).toBe(nodeName);
  });

  it('GraphQL patchObject is held to the same rules', async () => {
    const moved = await api.graphql(PATCH_OBJECT, { kind: 'pods', name: 'runner', p: { spec: { nodeName: 'sim-elsewhere' } } });
    expect(moved.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(moved.errors![0]!.message).toContain(FORBIDDEN);
  });

  it('an image may change, by a strategic merge patch as kubectl sends it', async () => {
    const answer = await kube('PATCH', POD_PATH, { spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] } }, 'application/strategic-merge-patch+json');
    expect(answer.status).toBe(200);
    expect(answer.body.spec.containers.map((c: any) => c.image)).toEqual(['nginx:1.27', 'envoy:1']);
  });
});

// ---------------------------------------------------------------------------------------------
// The Kubernetes API's own answers

describe('the Kubernetes API answers as the apiserver does', () => {
  beforeAll(async () => {
    expect((await kube('POST', `/api/v1/namespaces/${NS}/pods`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'target' }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } })).status).toBe(201);
    expect((await kube('POST', `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets`, cloneSet().object('scaled'))).status).toBe(201);
  });

  it.each([
    ['$patch: bogus', { spec: { $patch: 'bogus' } }, 'unknown patch type: bogus in map: map[$patch:bogus]'],
    ['$setElementOrder with a non-list', { spec: { '$setElementOrder/containers': 'main' } }, 'invalid patch format of setElementOrder list'],
    ['an unknown $ key', { metadata: { $bogus: true } }, 'unknown field "metadata.$bogus"'],
  ])('a strategic merge patch with %s is a 400', async (_what, patch, message) => {
    const answer = await kube('PATCH', `/api/v1/namespaces/${NS}/pods/target`, patch, 'application/strategic-merge-patch+json');
    expect({ status: answer.status, reason: answer.body.reason }).toEqual({ status: 400, reason: 'BadRequest' });
    expect(answer.body.message).toContain(message);
  });

  it.each([
    ['a Pod', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'scaled' }, spec: { replicas: 3 } }, 'the API version in the data (v1) does not match the expected API version (autoscaling/v1)'],
    ['a Pod in autoscaling/v1', { apiVersion: 'autoscaling/v1', kind: 'Pod', metadata: { name: 'scaled' }, spec: { replicas: 3 } }, 'the kind in the data (Pod) does not match the expected kind (Scale)'],
    ['a Scale of another object', { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'other' }, spec: { replicas: 3 } }, 'the name of the object (other) does not match the name on the URL (scaled)'],
  ])('a /scale PUT with %s as its body is a 400, and nothing scales', async (_what, body, message) => {
    const path = `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets/scaled/scale`;
    const answer = await kube('PUT', path, body);
    expect({ status: answer.status, reason: answer.body.reason, message: answer.body.message }).toEqual({ status: 400, reason: 'BadRequest', message });
    expect((await kube('GET', path)).body.spec.replicas).toBe(1);
  });

  it('a /scale PUT with a Scale scales', async () => {
    const path = `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets/scaled/scale`;
    const answer = await kube('PUT', path, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'scaled' }, spec: { replicas: 2 } });
    expect(answer.status).toBe(200);
    expect(answer.body.spec.replicas).toBe(2);
  });

  it('a body in a charset other than UTF-8 is a 415, and UTF-8 declared as such is read', async () => {
    const object = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'café', namespace: NS }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } };
    const latin1 = await kube('POST', `/api/v1/namespaces/${NS}/pods`, Buffer.from(JSON.stringify(object), 'latin1'), 'application/json; charset=latin1');
    expect({ status: latin1.status, reason: latin1.body.reason }).toEqual({ status: 415, reason: 'UnsupportedMediaType' });
    expect(latin1.body.message).toContain('"latin1"');
    const patched = await kube('PATCH', `/api/v1/namespaces/${NS}/pods/target`, { metadata: { labels: { x: 'y' } } }, 'application/merge-patch+json; charset=ISO-8859-1');
    expect(patched.status).toBe(415);
    const utf8 = await kube('PATCH', `/api/v1/namespaces/${NS}/pods/target`, { metadata: { labels: { x: 'y' } } }, 'application/merge-patch+json; charset=UTF-8');
    expect(utf8.status).toBe(200);
  });

  it('a create in a namespace that does not exist is a 404 and creates no namespace; GraphQL\'s applyManifest still creates it', async () => {
    const object = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'lost' }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } };
    const created = await kube('POST', '/api/v1/namespaces/nowhere/pods', object);
    expect({ status: created.status, reason: created.body.reason, message: created.body.message }).toEqual({ status: 404, reason: 'NotFound', message: 'namespaces "nowhere" not found' });
    const applied = await kube('PATCH', '/api/v1/namespaces/nowhere/pods/lost?fieldManager=test', object, 'application/apply-patch+yaml');
    expect({ status: applied.status, message: applied.body.message }).toEqual({ status: 404, message: 'namespaces "nowhere" not found' });
    const dry = await kube('POST', '/api/v1/namespaces/nowhere/pods?dryRun=All', object);
    expect(dry.status).toBe(404);
    expect((await kube('GET', '/api/v1/namespaces/nowhere')).status).toBe(404);

    const graphql = await api.graphql(APPLY, { yaml: JSON.stringify({ ...object, metadata: { name: 'found', namespace: 'somewhere' } }) });
    expect(graphql.errors).toBeUndefined();
    expect((await kube('GET', '/api/v1/namespaces/somewhere')).status).toBe(200);
  });
});
