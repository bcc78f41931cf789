// Rollout and BatchRelease over the Kubernetes API with real kubectl (docs/spec/kruise-rollout.md §1):
// discovery as openkruise/rollouts' CRDs give it (rollouts.kruise.io, v1beta1 preferred), and, while no
// controller acts on them (docs/rollouts.md), every write of either kind refused in words (kubectl and
// GraphQL's applyManifest) and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, TestApi } from './support/api-server.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);
const NS = 'release';

const ROLLOUT_V1ALPHA1 = `apiVersion: rollouts.kruise.io/v1alpha1
kind: Rollout
metadata:
  name: demo
  namespace: ${NS}
  annotations: {rollouts.kruise.io/rolling-style: partition}
spec:
  objectRef:
    workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}
  strategy:
    canary:
      steps:
      - {replicas: 20%, pause: {}}
      - {replicas: 50%, pause: {duration: 60}}
      - {replicas: 100%}
`;

beforeAll(async () => {
  api = await TestApi.start({ KUBE_API_PORT: '0' });
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
  expect((await k('create', 'namespace', NS)).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('Rollout and BatchRelease over kubectl', () => {
  it('are discovered in rollouts.kruise.io, v1beta1 preferred, with their CRDs', async () => {
    const rows = tableRows((await k('api-resources', '--api-group=rollouts.kruise.io')).stdout);
    expect(rows).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'],
      ['batchreleases', 'rollouts.kruise.io/v1beta1', 'true', 'BatchRelease'],
      ['rollouts', 'rollouts.kruise.io/v1beta1', 'true', 'Rollout'],
    ]);
    const crds = (await k('get', 'crd', '-o', 'name')).stdout;
    for (const name of ['rollouts', 'batchreleases']) expect(crds).toContain(`customresourcedefinition.apiextensions.k8s.io/${name}.rollouts.kruise.io`);
  });

  it('refuse every Rollout and BatchRelease, in either version, in words, while nothing acts on them; nothing is stored', async () => {
    const notServed = (kind: string) => `rollouts.kruise.io ${kind} is not served yet: its controller is not built, and Coxswain stores nothing that nothing acts on`;
    const v1beta1 = `apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: demo, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}
  strategy: {canary: {steps: [{replicas: 20%, pause: {}}, {replicas: 100%}]}}
`;
    const batchRelease = `apiVersion: rollouts.kruise.io/v1beta1
kind: BatchRelease
metadata: {name: demo, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}
  releasePlan: {batches: [{canaryReplicas: 20%}]}
`;
    for (const [manifest, kind] of [[ROLLOUT_V1ALPHA1, 'Rollout'], [v1beta1, 'Rollout'], [batchRelease, 'BatchRelease']] as const) {
      const refused = await kubectl.run(['apply', '-f', '-'], manifest);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('Error from server (Forbidden)');
      expect(refused.stderr).toContain(notServed(kind));
    }
    // GraphQL's applyManifest writes through the same admission.
    const viaGraphql = await api.graphql('mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: v1beta1 });
    expect(viaGraphql.errors?.map((e) => e.message)).toEqual([expect.stringContaining(notServed('Rollout'))]);
    for (const resource of ['rollouts', 'batchreleases']) {
      expect(JSON.parse((await k('get', resource, '-n', NS, '-o', 'json')).stdout).items).toEqual([]);
    }
  });
});
