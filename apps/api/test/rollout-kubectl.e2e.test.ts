// Rollout and BatchRelease over the Kubernetes API with real kubectl (docs/spec/kruise-rollout.md §1):
// discovery as openkruise/rollouts' CRDs give it (rollouts.kruise.io, v1beta1 preferred), and the worked
// example docs/spec/kruise-rollout.md §6.1 run through kubectl against the server's controllers (a scaled
// clock, so the 60 s pause passes in seconds): a CloneSet and its Rollout applied, the image changed, step
// 1 paused with one updated pod, approved with the status merge patch kubectl-kruise sends, then walked to
// completion; and docs/spec/kruise-rollout.md §6.2, the same release of an Advanced StatefulSet by its ordinal partition.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, eventually, TestApi } from './support/api-server.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, rolloutYaml, workloadYaml, WORKED_EXAMPLE_STEPS } from '@coxswain/workloads/testing';

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);
const NS = 'release';

const MANIFESTS = `${workloadYaml(CLONESET_V1ALPHA1, { ...ECHOSERVER, namespace: NS })}---${demoRollout(WORKED_EXAMPLE_STEPS, { namespace: NS })}`;

interface RolloutJson {
  metadata: { annotations?: Record<string, string> };
  status?: { phase?: string; message?: string; canaryStatus?: { currentStepIndex: number; currentStepState: string; nextStepIndex: number }; conditions?: Array<{ type: string; status: string; reason: string }> };
}

beforeAll(async () => {
  api = await TestApi.start({ KUBE_API_PORT: '0', CLOCK_MODE: 'scaled', CLOCK_SCALE: '20' });
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
  expect((await k('create', 'namespace', NS)).code).toBe(0);
}, 180_000);

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

  it('run docs/spec/kruise-rollout.md §6.1: step 1 paused with one updated pod, approved by a status patch, walked to completion', async () => {
    const rollout = async () => JSON.parse((await k('get', 'rollout', 'demo', '-n', NS, '-o', 'json')).stdout) as RolloutJson;
    const images = async () => (JSON.parse((await k('get', 'pods', '-n', NS, '-l', 'app=echoserver', '-o', 'json')).stdout).items as Array<{ metadata: { deletionTimestamp?: string }; spec: { containers: Array<{ image: string }> } }>)
      .filter((p) => !p.metadata.deletionTimestamp).map((p) => p.spec.containers[0]!.image).sort();
    const until = (what: string, done: (r: RolloutJson) => boolean, timeoutMs = 60_000) =>
      eventually(async () => { const r = await rollout(); return done(r) ? r : undefined; }, timeoutMs, what);

    const applied = await kubectl.run(['apply', '-f', '-'], MANIFESTS);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toContain('rollout.rollouts.kruise.io/demo created');
    await eventually(async () => ((await images()).join() === Array(5).fill('echo:v1').join() ? true : undefined), 60_000, '5 pods of v1');
    await until('Healthy', (r) => r.status?.phase === 'Healthy' && r.status.canaryStatus?.currentStepState === 'Completed');

    const patched = await k('patch', 'cloneset', 'echoserver', '-n', NS, '--type=merge', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"echo","image":"echo:v2"}]}}}}');
    expect(patched.stderr).toBe('');
    // The step's message is written on the pass after the one that paused it.
    const step1 = await until('step 1 paused, and saying so', (r) => r.status?.canaryStatus?.currentStepIndex === 1 && r.status.canaryStatus.currentStepState === 'StepPaused'
      && r.status.message === 'Rollout is in step(1/3), and you need manually confirm to enter the next step');
    expect(step1.status!.phase).toBe('Progressing');
    expect(await images()).toEqual(['echo:v1', 'echo:v1', 'echo:v1', 'echo:v1', 'echo:v2']);
    // The printer columns: STATUS, CANARY_STEP, CANARY_STATE, MESSAGE.
    const row = tableRows((await k('get', 'rollout', 'demo', '-n', NS)).stdout)[1]!;
    expect(row.slice(0, 4)).toEqual(['demo', 'Progressing', '1', 'StepPaused']);
    const release = JSON.parse((await k('get', 'batchrelease', 'demo', '-n', NS, '-o', 'json')).stdout) as { spec: { releasePlan: { batchPartition: number } }; status: { canaryStatus: { batchState: string } } };
    expect(release.spec.releasePlan.batchPartition).toBe(0);
    expect(release.status.canaryStatus.batchState).toBe('Ready');
    expect((await k('get', 'cloneset', 'echoserver', '-n', NS, '-o', 'jsonpath={.spec.updateStrategy.partition}')).stdout).toBe('80%');

    // kubectl-kruise rollout approve: a merge patch of the status subresource.
    const approved = await k('patch', 'rollout', 'demo', '-n', NS, '--subresource=status', '--type=merge', '-p', '{"status":{"canaryStatus":{"currentStepState":"StepReady"}}}');
    expect(approved.stderr).toBe('');
    await until('step 2 paused', (r) => r.status?.canaryStatus?.currentStepIndex === 2 && r.status.canaryStatus.currentStepState === 'StepPaused');
    expect((await images()).filter((i) => i === 'echo:v2')).toHaveLength(3);
    const done = await until('completed', (r) => r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true, 90_000);
    expect(done.status!.conditions!.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'False', reason: 'Completed' });
    await eventually(async () => ((await images()).join() === Array(5).fill('echo:v2').join() ? true : undefined), 60_000, '5 pods of v2');
    await eventually(async () => ((await k('get', 'batchrelease', 'demo', '-n', NS)).code !== 0 ? true : undefined), 30_000, 'the BatchRelease deleted');
  }, 240_000);

  it('run docs/spec/kruise-rollout.md §6.2 for an Advanced StatefulSet: the ordinal partition 32767 → 4 → 2, the highest ordinals first, approved by status patches', async () => {
    const ref = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' };
    const sts = `${workloadYaml(ref, { name: 'web', image: 'web:v1', container: 'web', namespace: NS })}---${
      rolloutYaml({ name: 'web', namespace: NS, workloadRef: { ...ref, name: 'web' }, steps: ['{replicas: 20%, pause: {}}', '{replicas: 50%, pause: {}}', '{replicas: 100%}'] })}`;
    const rollout = async () => JSON.parse((await k('get', 'rollout', 'web', '-n', NS, '-o', 'json')).stdout) as RolloutJson;
    const until = (what: string, done: (r: RolloutJson) => boolean, timeoutMs = 60_000) =>
      eventually(async () => { const r = await rollout(); return done(r) ? r : undefined; }, timeoutMs, what);
    /** Pod name → image, of the StatefulSet's live pods. */
    const images = async () => Object.fromEntries((JSON.parse((await k('get', 'pods', '-n', NS, '-l', 'app=web', '-o', 'json')).stdout).items as Array<{ metadata: { name: string; deletionTimestamp?: string }; spec: { containers: Array<{ image: string }> } }>)
      .filter((p) => !p.metadata.deletionTimestamp).map((p) => [p.metadata.name, p.spec.containers[0]!.image]));
    const partition = async () => (await k('get', 'statefulsets.apps.kruise.io', 'web', '-n', NS, '-o', 'jsonpath={.spec.updateStrategy.rollingUpdate.partition}')).stdout;
    const approve = async () => expect((await k('patch', 'rollout', 'web', '-n', NS, '--subresource=status', '--type=merge', '-p', '{"status":{"canaryStatus":{"currentStepState":"StepReady"}}}')).stderr).toBe('');
    const v2 = (names: string[]) => eventually(async () => {
      const now = await images();
      return Object.keys(now).length === 5 && Object.entries(now).every(([name, image]) => image === (names.includes(name) ? 'web:v2' : 'web:v1')) ? now : undefined;
    }, 60_000, `web:v2 on ${names.join(', ') || 'no pod'}`);

    expect((await kubectl.run(['apply', '-f', '-'], sts)).stderr).toBe('');
    await v2([]);
    await until('Healthy', (r) => r.status?.phase === 'Healthy');
    expect((await k('patch', 'statefulsets.apps.kruise.io', 'web', '-n', NS, '--type=merge', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"web:v2"}]}}}}')).stderr).toBe('');
    await until('step 1 paused', (r) => r.status?.canaryStatus?.currentStepIndex === 1 && r.status.canaryStatus.currentStepState === 'StepPaused');
    expect(await partition()).toBe('4');
    await v2(['web-4']);
    await approve();
    await until('step 2 paused', (r) => r.status?.canaryStatus?.currentStepIndex === 2 && r.status.canaryStatus.currentStepState === 'StepPaused');
    expect(await partition()).toBe('2');
    await v2(['web-2', 'web-3', 'web-4']);
    await approve();
    await until('completed', (r) => r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true, 90_000);
    await v2(['web-0', 'web-1', 'web-2', 'web-3', 'web-4']);
  }, 240_000);
});
