// A Rollout of an apps/v1 Deployment over the Kubernetes API with real kubectl (docs/rollouts.md): canary
// style (docs/spec/kruise-rollout.md §3.7: a canary Deployment beside the paused one) and partition style
// (docs/spec/kruise-rollout.md §6.3: the server runs with FEATURE_GATES=AdvancedDeployment=true, and the
// advanced Deployment controller rolls the Deployment itself to each step's partition). Each release: the Deployment and its
// Rollout applied, the image changed, step 1 paused with one pod on v2, approved with the status merge
// patch kubectl-kruise sends, walked to completion with every pod on v2 and the Deployment resumed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, eventually, TestApi } from './support/api-server.js';
import { findKubectl, Kubectl } from './support/kubectl.js';

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);
const NS = 'deploy-release';

const manifests = (name: string, canary: boolean) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: ${NS}}
spec:
  replicas: 5
  selector: {matchLabels: {app: ${name}}}
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: main, image: "${name}:v1"}]}
---
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: ${name}, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps/v1, kind: Deployment, name: ${name}}
  strategy:
    canary:
${canary ? '      enableExtraWorkloadForCanary: true\n' : ''}      steps:
      - {replicas: 20%, pause: {}}
      - {replicas: 60%, pause: {duration: 0}}
      - {replicas: 100%}
`;

interface RolloutJson {
  status?: { phase?: string; canaryStatus?: { currentStepIndex: number; currentStepState: string }; conditions?: Array<{ type: string; status: string; reason: string }> };
}
interface DeploymentJson {
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: { paused?: boolean; strategy?: { type?: string; rollingUpdate?: Record<string, unknown> } };
  status?: { updatedReplicas?: number; availableReplicas?: number };
}

beforeAll(async () => {
  api = await TestApi.start({ KUBE_API_PORT: '0', FEATURE_GATES: 'AdvancedDeployment=true' });
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
  expect((await k('create', 'namespace', NS)).code).toBe(0);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

/** One release of `name` through kubectl, up to step 1 paused; returns the helpers the cases read with. */
async function releaseToStepOne(name: string, canary: boolean) {
  const rollout = async () => JSON.parse((await k('get', 'rollout', name, '-n', NS, '-o', 'json')).stdout) as RolloutJson;
  const deployment = async (which = name) => JSON.parse((await k('get', 'deployment', which, '-n', NS, '-o', 'json')).stdout) as DeploymentJson;
  const images = async () => (JSON.parse((await k('get', 'pods', '-n', NS, '-l', `app=${name}`, '-o', 'json')).stdout).items as Array<{ metadata: { deletionTimestamp?: string }; spec: { containers: Array<{ image: string }> } }>)
    .filter((p) => !p.metadata.deletionTimestamp).map((p) => p.spec.containers[0]!.image).sort();
  const until = (what: string, done: (r: RolloutJson) => boolean, timeoutMs = 60_000) =>
    eventually(async () => { const r = await rollout(); return done(r) ? r : undefined; }, timeoutMs, what);

  const applied = await kubectl.run(['apply', '-f', '-'], manifests(name, canary));
  expect(applied.stderr).toBe('');
  expect(applied.stdout).toContain(`rollout.rollouts.kruise.io/${name} created`);
  await eventually(async () => ((await images()).join() === Array(5).fill(`${name}:v1`).join() ? true : undefined), 60_000, '5 pods of v1');
  await until('Healthy', (r) => r.status?.phase === 'Healthy');
  const patched = await k('set', 'image', `deployment/${name}`, `main=${name}:v2`, '-n', NS);
  expect(patched.stderr).toBe('');
  await until('step 1 paused', (r) => r.status?.canaryStatus?.currentStepIndex === 1 && r.status.canaryStatus.currentStepState === 'StepPaused');
  await eventually(async () => ((await images()).filter((i) => i === `${name}:v2`).length === 1 ? true : undefined), 60_000, 'one pod of v2');
  const approve = async () => expect((await k('patch', 'rollout', name, '-n', NS, '--subresource=status', '--type=merge', '-p', '{"status":{"canaryStatus":{"currentStepState":"StepReady"}}}')).stderr).toBe('');
  const finish = async () => {
    await approve();
    await until('completed', (r) => r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true, 120_000);
    await eventually(async () => ((await images()).join() === Array(5).fill(`${name}:v2`).join() ? true : undefined), 90_000, '5 pods of v2');
    await eventually(async () => ((await k('get', 'batchrelease', name, '-n', NS)).code !== 0 ? true : undefined), 30_000, 'the BatchRelease deleted');
  };
  return { deployment, images, finish };
}

describe('a Rollout of an apps/v1 Deployment over kubectl (docs/rollouts.md)', () => {
  it('canary style: a canary Deployment of 1 pod beside the paused Deployment, then the Deployment resumed', async () => {
    const { deployment, finish } = await releaseToStepOne('shop', true);
    expect((await deployment()).spec.paused).toBe(true);
    const all = JSON.parse((await k('get', 'deployments', '-n', NS, '-l', 'rollouts.kruise.io/canary-deployment=shop', '-o', 'json')).stdout).items as DeploymentJson[];
    expect(all).toHaveLength(1);
    await finish();
    const released = await deployment();
    expect(released.spec.paused).toBe(false);
    expect(JSON.parse((await k('get', 'deployments', '-n', NS, '-l', 'rollouts.kruise.io/canary-deployment=shop', '-o', 'json')).stdout).items).toEqual([]);
  }, 300_000);

  it('partition style (gate AdvancedDeployment): the Deployment rolled to each step\'s partition by the advanced controller, then given back', async () => {
    const { deployment, finish } = await releaseToStepOne('web', false);
    const claimed = await deployment();
    // docs/spec/kruise-rollout.md §6.3: paused + Recreate, the strategy in its annotation at partition "20%".
    expect(claimed.spec.paused).toBe(true);
    expect(claimed.spec.strategy).toEqual({ type: 'Recreate' });
    expect(claimed.metadata.labels?.['rollouts.kruise.io/controlled-by-advanced-deployment-controller']).toBe('true');
    expect(JSON.parse(claimed.metadata.annotations!['rollouts.kruise.io/deployment-strategy']!)).toEqual({
      rollingStyle: 'Partition', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }, partition: '20%',
    });
    expect(JSON.parse(claimed.metadata.annotations!['rollouts.kruise.io/deployment-extra-status']!)).toEqual({ updatedReadyReplicas: 1, expectedUpdatedReplicas: 1 });
    expect(claimed.status).toMatchObject({ updatedReplicas: 1, availableReplicas: 5 });
    // No canary Deployment in this style.
    expect(JSON.parse((await k('get', 'deployments', '-n', NS, '-l', 'rollouts.kruise.io/canary-deployment=web', '-o', 'json')).stdout).items).toEqual([]);
    // The advanced controller's events, under its name.
    const events = (await k('get', 'events', '-n', NS, '--field-selector', 'involvedObject.name=web', '-o', 'json')).stdout;
    expect(events).toContain('advanced-deployment-controller');
    await finish();
    const released = await deployment();
    expect(released.spec.paused).toBe(false);
    expect(released.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
    expect(released.metadata.annotations?.['rollouts.kruise.io/deployment-strategy']).toBeUndefined();
    expect(released.metadata.labels?.['rollouts.kruise.io/controlled-by-advanced-deployment-controller']).toBeUndefined();
  }, 300_000);
});
