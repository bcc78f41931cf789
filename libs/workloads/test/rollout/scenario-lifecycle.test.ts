// docs/spec/kruise-rollout.md §6.6, §2.10–§2.14 walked by the real controllers: a new revision mid-release
// restarts the plan, a revert to the stable revision cancels it, a changed step plan continues from the
// step that matches what was released, `paused` holds the machine, `disabled` and deleting the Rollout
// finish the release, and a Disabled Rollout lets template changes roll out natively.
import { describe, expect, it } from '@jest/globals';
import { ANNOTATION_IN_PROGRESSING, type Pod, type Rollout } from '@coxswain/kruise-api';
import { CLONESET_REF, ROLLOUT_REF } from '../../src/refs.js';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv(), (started) => (env = started));

const ECHO = workloadYaml(CLONESET_V1ALPHA1, ECHOSERVER);
const DEMO = demoRollout(['{replicas: 20%, pause: {}}', '{replicas: 40%, pause: {}}', '{replicas: 100%}']);

const canary = (r: Rollout) => r.status?.canaryStatus;
const progressing = (r: Rollout) => r.status?.conditions?.find((c) => c.type === 'Progressing');
const succeeded = (r: Rollout) => r.status?.conditions?.find((c) => c.type === 'Succeeded');
const images = (pods: Pod[]) => pods.map((p) => p.spec.containers[0]!.image).sort();
const partition = async () => (await env.cloneSet('echoserver')).spec.updateStrategy?.rollingUpdate?.partition;

async function setImage(image: string): Promise<void> {
  await env.patchSpec(CLONESET_REF, 'echoserver', { template: templateWith(ECHOSERVER, image) });
}

const until = (what: string, done: (r: Rollout) => boolean) => env.untilRollout(what, done);
const pausedAt = (step: number) => env.pausedAt(step);

async function releasing(rollout = DEMO): Promise<void> {
  await env.apply(ECHO);
  await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
  await env.apply(rollout);
  await until('Healthy', (r) => r.status?.phase === 'Healthy');
  await setImage('echo:v2');
}

describe('docs/spec/kruise-rollout.md §6.6: continuous release and rollback', () => {
  it('a new revision at step 2 deletes the release and restarts at step 1 for it', async () => {
    await releasing();
    await pausedAt(1);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    const step2 = await pausedAt(2);
    expect(images(await env.pods(CLONESET_REF, 'echoserver'))).toEqual(['echo:v1', 'echo:v1', 'echo:v1', 'echo:v2', 'echo:v2']);
    const v2 = canary(step2)!.canaryRevision;
    await setImage('echo:v3');
    const restarted = await until('step 1 of v3', (r) => canary(r)?.currentStepIndex === 1 && canary(r)?.canaryRevision !== v2 && canary(r)?.currentStepState === 'StepPaused');
    expect(progressing(restarted)).toMatchObject({ status: 'True', reason: 'InRolling' });
    // Step 1 of v3 is 1 pod: the v2 pods are not the update revision any more, so one v3 pod only.
    const pods = await env.pods(CLONESET_REF, 'echoserver');
    expect(images(pods).filter((i) => i === 'echo:v3')).toHaveLength(1);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await pausedAt(2);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await until('completed', (r) => r.status?.phase === 'Healthy' && succeeded(r)?.status === 'True');
    await env.runUntil(async () => images(await env.pods(CLONESET_REF, 'echoserver')).every((i) => i === 'echo:v3'));
  });

  it('a revert to v1 at step 1 cancels the release: partition released, v2 pod replaced, Succeeded False', async () => {
    await releasing();
    await pausedAt(1);
    await setImage('echo:v1');
    const cancelled = await until('cancelled', (r) => progressing(r)?.reason === 'Completed');
    expect(progressing(cancelled)).toMatchObject({ status: 'False', message: 'Rollout progressing has been canceled' });
    expect(succeeded(cancelled)?.status).toBe('False');
    await until('Healthy', (r) => r.status?.phase === 'Healthy');
    await env.runUntil(async () => (await env.release()) === undefined);
    expect((await partition()) ?? 0).toBe(0);
    await env.runUntil(async () => images(await env.pods(CLONESET_REF, 'echoserver')).every((i) => i === 'echo:v1') && (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
  });
});

describe('docs/spec/kruise-rollout.md §2.11, §3.8: rolling back in batches', () => {
  it('with rollback-in-batch, a revert to v1 at step 2 re-releases v1 from step 1, the pods already on v1 needing no update', async () => {
    await releasing(DEMO.replace('metadata: {name: demo}', 'metadata: {name: demo, annotations: {rollouts.kruise.io/rollback-in-batch: "true"}}'));
    await pausedAt(1);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await pausedAt(2);
    const v1Stable = canary(await env.rollout())!.stableRevision;
    await setImage('echo:v1');
    // Step 1 of the rollback: v1 is the canary revision; the 3 pods on v1 need no update, so the batch
    // (20% of the 2 others = 1 pod) rolls one v2 pod back.
    const step1 = await until('step 1 of the rollback', (r) => canary(r)?.canaryRevision === v1Stable && canary(r)?.currentStepIndex === 1 && canary(r)?.currentStepState === 'StepPaused');
    expect(progressing(step1)?.reason).toBe('InRolling');
    const release = (await env.release())!;
    expect(release.metadata.annotations?.['rollouts.kruise.io/rollback-in-batch']).toBe('true');
    expect(release.status?.canaryStatus?.noNeedUpdateReplicas).toBe(3);
    const pods = await env.pods(CLONESET_REF, 'echoserver');
    expect(pods.filter((p) => p.metadata.labels?.['rollouts.kruise.io/no-need-update'] === release.spec.releasePlan.rolloutID)).toHaveLength(3);
    expect(images(pods)).toEqual(['echo:v1', 'echo:v1', 'echo:v1', 'echo:v1', 'echo:v2']);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await pausedAt(2);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await until('completed', (r) => r.status?.phase === 'Healthy' && succeeded(r)?.status === 'True');
    await env.runUntil(async () => images(await env.pods(CLONESET_REF, 'echoserver')).every((i) => i === 'echo:v1'));
  });
});

describe('docs/spec/kruise-rollout.md §2.10a: a changed step plan', () => {
  it('continues from the first step that reaches what was released', async () => {
    await releasing();
    await pausedAt(1);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await pausedAt(2);
    // 2 pods released (40%); the new plan's steps are 20%, 60%, 100%: step 2 (60%) is the first to reach 2.
    const r = await env.rollout();
    await env.cluster.store.update<Rollout>({ ...r, spec: { ...r.spec, strategy: { canary: { steps: [{ replicas: '20%', pause: {} }, { replicas: '60%', pause: {} }, { replicas: '100%' }] } } } });
    const hashBefore = r.metadata.annotations!['rollouts.kruise.io/hash'];
    const rerun = await until('step 2 of the new plan', (x) => canary(x)?.rolloutHash !== hashBefore && canary(x)?.currentStepIndex === 2 && canary(x)?.currentStepState === 'StepPaused');
    expect(canary(rerun)!.rolloutHash).toBe(rerun.metadata.annotations!['rollouts.kruise.io/hash']);
    expect(canary(rerun)).toMatchObject({ nextStepIndex: 3, canaryReplicas: 3 });
    expect(images(await env.pods(CLONESET_REF, 'echoserver')).filter((i) => i === 'echo:v2')).toHaveLength(3);
  });
});

describe('docs/spec/kruise-rollout.md §2.14, §2.12, §2.13: paused, disabled, deleted', () => {
  it('paused holds the machine (reason Paused) until unpaused', async () => {
    await releasing();
    await pausedAt(1);
    await env.cluster.store.patch(ROLLOUT_REF, 'default', 'demo', { spec: { strategy: { paused: true } } });
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    const held = await until('Paused', (r) => progressing(r)?.reason === 'Paused');
    expect(held.status!.message).toBe('Rollout has been paused, you can resume it by kube-cli');
    await env.run(10_000, 500);
    expect(canary(await env.rollout())).toMatchObject({ currentStepIndex: 1, currentStepState: 'StepReady' });
    await env.cluster.store.patch(ROLLOUT_REF, 'default', 'demo', { spec: { strategy: { paused: false } } });
    await pausedAt(2);
  });

  it('disabled mid-release finishes the release (the workload is freed), then template changes roll out natively', async () => {
    await releasing();
    await pausedAt(1);
    await env.cluster.store.patch(ROLLOUT_REF, 'default', 'demo', { spec: { disabled: true } });
    const disabled = await until('Disabled', (r) => r.status?.phase === 'Disabled');
    expect(disabled.status!.message).toBe('Rollout is disabled');
    await env.runUntil(async () => (await env.release()) === undefined);
    expect((await partition()) ?? 0).toBe(0);
    await env.runUntil(async () => images(await env.pods(CLONESET_REF, 'echoserver')).every((i) => i === 'echo:v2'));
    await setImage('echo:v3');
    const cs = await env.cloneSet('echoserver');
    expect(cs.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    expect((await partition()) ?? 0).toBe(0);
    await env.runUntil(async () => images(await env.pods(CLONESET_REF, 'echoserver')).every((i) => i === 'echo:v3'));
    await env.cluster.store.patch(ROLLOUT_REF, 'default', 'demo', { spec: { disabled: false } });
    await until('Healthy', (r) => r.status?.phase === 'Healthy');
  });

  it('deleting the Rollout mid-release finishes the release, then its finalizer goes', async () => {
    await releasing();
    await pausedAt(1);
    await env.cluster.store.delete(ROLLOUT_REF, 'default', 'demo');
    await env.runUntil(async () => (await env.cluster.store.get(ROLLOUT_REF, 'default', 'demo').catch(() => undefined)) === undefined);
    await env.runUntil(async () => (await env.release()) === undefined);
    expect((await partition()) ?? 0).toBe(0);
    expect((await env.cloneSet('echoserver')).metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    await env.runUntil(async () => images(await env.pods(CLONESET_REF, 'echoserver')).every((i) => i === 'echo:v2'));
  });

  it('a workload not found: Initial, "Workload Not Found"; once it exists, Healthy', async () => {
    await env.apply(DEMO);
    const missing = await until('Workload Not Found', (r) => r.status?.message === 'Workload Not Found');
    expect(missing.status!.phase).toBe('Initial');
    await env.apply(ECHO);
    await until('Healthy', (r) => r.status?.phase === 'Healthy' && canary(r)?.currentStepState === 'Completed');
  });

  it('a v1alpha1 Rollout without the rolling-style annotation (enableExtraWorkloadForCanary) still releases a CloneSet by partition', async () => {
    await env.apply(ECHO);
    await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
    await env.apply(`
apiVersion: rollouts.kruise.io/v1alpha1
kind: Rollout
metadata: {name: demo}
spec:
  objectRef: {workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}}
  strategy: {canary: {steps: [{replicas: 40%, pause: {}}, {replicas: 100%}]}}
`);
    expect((await env.rollout()).spec.strategy.canary?.enableExtraWorkloadForCanary).toBe(true);
    await until('Healthy', (r) => r.status?.phase === 'Healthy');
    await setImage('echo:v2');
    await pausedAt(1);
    expect((await env.release())!.spec.releasePlan.rollingStyle).toBe('Canary');
    expect(await partition()).toBe('60%');
    expect(images(await env.pods(CLONESET_REF, 'echoserver')).filter((i) => i === 'echo:v2')).toHaveLength(2);
  });

  it('a scaling change is no effective revision change: the webhook leaves it alone', async () => {
    await env.apply(ECHO);
    await env.apply(DEMO);
    await until('Healthy', (r) => r.status?.phase === 'Healthy');
    await env.patchSpec(CLONESET_REF, 'echoserver', { replicas: 6 });
    const cs = await env.cloneSet('echoserver');
    expect(cs.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    expect((await partition()) ?? 0).toBe(0);
  });
});
