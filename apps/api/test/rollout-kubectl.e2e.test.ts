// Rollout and BatchRelease over the Kubernetes API with real kubectl (docs/spec/kruise-rollout.md §1):
// discovery as openkruise/rollouts' CRDs give it (rollouts.kruise.io, v1beta1 preferred), and writes of
// either kind in either version stored as v1beta1 (kubectl and GraphQL's applyManifest alike).
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

  it('store a Rollout (either version) and a BatchRelease, as v1beta1', async () => {
    const v1beta1 = `apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: other, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: other}
  strategy: {canary: {steps: [{replicas: 20%, pause: {}}, {replicas: 100%}]}}
`;
    const batchRelease = `apiVersion: rollouts.kruise.io/v1beta1
kind: BatchRelease
metadata: {name: demo, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}
  releasePlan: {batches: [{canaryReplicas: 20%}]}
`;
    for (const manifest of [ROLLOUT_V1ALPHA1, batchRelease]) {
      const applied = await kubectl.run(['apply', '-f', '-'], manifest);
      expect(applied.stderr).toBe('');
      expect(applied.code).toBe(0);
    }
    // GraphQL's applyManifest writes through the same admission.
    const viaGraphql = await api.graphql('mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: v1beta1 });
    expect(viaGraphql.errors).toBeUndefined();
    const rollouts = JSON.parse((await k('get', 'rollouts', '-n', NS, '-o', 'json')).stdout).items as { apiVersion: string; metadata: { name: string } }[];
    expect(rollouts.map((r) => [r.apiVersion, r.metadata.name])).toEqual([['rollouts.kruise.io/v1beta1', 'demo'], ['rollouts.kruise.io/v1beta1', 'other']]);
    expect(JSON.parse((await k('get', 'batchreleases', '-n', NS, '-o', 'json')).stdout).items).toHaveLength(1);
  });
});
