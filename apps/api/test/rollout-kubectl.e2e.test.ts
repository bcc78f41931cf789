// Rollout and BatchRelease over the Kubernetes API with real kubectl (docs/spec/kruise-rollout.md §1):
// discovery as openkruise/rollouts' CRDs give it (rollouts.kruise.io, v1beta1 preferred), the printer
// columns per version, a v1alpha1 Rollout stored as v1beta1 and read back in either version (docs/spec/kruise-rollout.md §1.9), the
// webhook's refusals in Kruise Rollouts' words (docs/spec/kruise-rollout.md §1.8) and Coxswain's refusal of traffic routing (docs/spec/kruise-rollout.md §8.1),
// and kubectl-kruise's approval, a merge patch of the status subresource (docs/spec/kruise-rollout.md §2.8). No controller acts on
// these kinds yet: the status is written here by hand.
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

  it('store a v1alpha1 Rollout as v1beta1, read it back in v1alpha1, and list it with its columns; approval is a status patch', async () => {
    expect(await kubectl.run(['apply', '-f', '-'], ROLLOUT_V1ALPHA1)).toMatchObject({ code: 0, stdout: 'rollout.rollouts.kruise.io/demo created\n' });
    const stored = JSON.parse((await k('get', 'rollout', 'demo', '-n', NS, '-o', 'json')).stdout);
    expect(stored.apiVersion).toBe('rollouts.kruise.io/v1beta1');
    expect(stored.spec).toMatchObject({ workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'echoserver' }, disabled: false });
    expect(stored.spec.strategy.canary.enableExtraWorkloadForCanary).toBe(false);
    const alpha = JSON.parse((await k('get', 'rollouts.v1alpha1.rollouts.kruise.io', 'demo', '-n', NS, '-o', 'json')).stdout);
    expect(alpha.spec.objectRef.workloadRef.name).toBe('echoserver');
    expect(alpha.metadata.annotations['rollouts.kruise.io/rolling-style']).toBe('partition');

    const status = {
      phase: 'Progressing', message: 'Rollout is in step(1/3), and you need manually confirm to enter the next step', currentStepIndex: 1, currentStepState: 'StepPaused',
      canaryStatus: { podTemplateHash: 'v2', canaryRevision: 'v2', canaryReplicas: 1, canaryReadyReplicas: 1, currentStepIndex: 1, nextStepIndex: 2, currentStepState: 'StepPaused', finalisingStep: '' },
    };
    expect((await k('patch', 'rollout', 'demo', '-n', NS, '--subresource=status', '--type=merge', '-p', JSON.stringify({ status }))).stderr).toBe('');
    expect(tableRows((await k('get', 'rollouts', '-n', NS)).stdout)).toEqual([
      ['NAME', 'STATUS', 'CANARY_STEP', 'CANARY_STATE', 'MESSAGE', 'AGE'],
      ['demo', 'Progressing', '1', 'StepPaused', status.message, expect.stringMatching(/^\d+s$/)],
    ]);
    // kubectl-kruise rollout approve (kruise-tools objectapprover.go): a merge patch of the status subresource.
    const approved = await k('patch', 'rollout', 'demo', '-n', NS, '--subresource=status', '--type=merge', '-p', '{"status":{"canaryStatus":{"currentStepState":"StepReady"}}}');
    expect(approved.stderr).toBe('');
    expect(JSON.parse((await k('get', 'rollout', 'demo', '-n', NS, '-o', 'json')).stdout).status.canaryStatus.currentStepState).toBe('StepReady');
  });

  it('refuse a second Rollout of the same workload and a traffic routing, in words', async () => {
    const second = await kubectl.run(['apply', '-f', '-'], ROLLOUT_V1ALPHA1.replace('name: demo', 'name: second'));
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain('This rollout conflict with Rollout(release/demo), one workload only have less than one Rollout');
    const routed = `apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: routed, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: other}
  strategy:
    canary:
      steps: [{replicas: 20%, traffic: 20%}, {replicas: 100%}]
      trafficRoutings: [{service: other, ingress: {name: other}}]
`;
    const refused = await kubectl.run(['apply', '-f', '-'], routed);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('spec.strategy.canary.trafficRoutings: Forbidden: traffic routing needs an ingress controller or a service mesh, and the embedded cluster has neither');
  });
});
