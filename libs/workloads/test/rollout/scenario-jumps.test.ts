// docs/spec/kruise-rollout.md §6.4 and §6.5 walked by the real controllers: nextStepIndex patched to jump
// back and forward (partitions never rise: updated pods stay updated), and failureThreshold tolerating
// unready updated pods, but never a batch with none ready.
import { describe, expect, it } from '@jest/globals';
import { LABEL_ROLLOUT_BATCH_ID, ROLLOUT_ID_KEY, SIM_ANNOTATIONS, type Pod, type Rollout } from '@coxswain/kruise-api';
import { isRunningAndReady } from '../../src/pod/pod-state.js';
import { CLONESET_REF, POD_REF } from '../../src/refs.js';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv(), (started) => (env = started));

const cloneSet = (replicas: number, spec?: string) => workloadYaml(CLONESET_V1ALPHA1, { ...ECHOSERVER, replicas, ...(spec ? { spec } : {}) });
/** Every step waits for an approval. */
const rollout = (steps: string[], canary?: string) => demoRollout(steps.map((s) => `{replicas: ${s}, pause: {}}`), canary ? { canary } : {});

const canary = (r: Rollout) => r.status?.canaryStatus;
const v2 = (pods: Pod[]) => pods.filter((p) => p.spec.containers[0]!.image === 'echo:v2');

async function start(replicas: number, yaml: string, template: Record<string, unknown> = {}): Promise<void> {
  await env.apply(yaml);
  await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === replicas);
  await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
  const v2Template = templateWith(ECHOSERVER, 'echo:v2');
  await env.patchSpec(CLONESET_REF, 'echoserver', { template: { ...v2Template, metadata: { ...v2Template.metadata, ...template } } });
}

const pausedAt = (step: number) => env.pausedAt(step);

describe('docs/spec/kruise-rollout.md §6.4: nextStepIndex jumps', () => {
  it('jumps back from step 4 to 3, 2, 1 without rolling pods back, then forward to 5 and completes', async () => {
    await start(5, `${cloneSet(5)}---${rollout(['20%', '40%', '60%', '80%', '100%'])}`);
    for (const step of [1, 2, 3]) {
      await pausedAt(step);
      await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    }
    await pausedAt(4);
    expect(v2(await env.pods(CLONESET_REF, 'echoserver'))).toHaveLength(4);
    for (const [target, next] of [[3, 4], [2, 3], [1, 2]] as const) {
      await env.patchCanaryStatus('demo', { nextStepIndex: target });
      const r = await pausedAt(target);
      expect(canary(r)).toMatchObject({ currentStepIndex: target, nextStepIndex: next, canaryReplicas: 4 });
      expect((await env.release())!.spec.releasePlan.batchPartition).toBe(target - 1);
      expect(v2(await env.pods(CLONESET_REF, 'echoserver'))).toHaveLength(4);
      expect((await env.cloneSet('echoserver')).spec.updateStrategy?.rollingUpdate?.partition).toBe('20%');
    }
    await env.patchCanaryStatus('demo', { nextStepIndex: 5 });
    await env.runUntil(async () => canary(await env.rollout())?.currentStepIndex === 5);
    expect(canary(await env.rollout())!.nextStepIndex).toBe(-1);
    await env.runUntil(async () => (await env.rollout()).status?.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true);
    await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
  });

  it('ignores a nextStepIndex out of 1..N', async () => {
    await start(5, `${cloneSet(5)}---${rollout(['20%', '40%', '100%'])}`);
    await pausedAt(1);
    await env.patchCanaryStatus('demo', { nextStepIndex: 7 });
    await env.run(10_000, 500);
    const r = await env.rollout();
    expect(canary(r)).toMatchObject({ currentStepIndex: 1, currentStepState: 'StepPaused', nextStepIndex: 7 });
    expect(v2(await env.pods(CLONESET_REF, 'echoserver'))).toHaveLength(1);
  });
});

describe('docs/spec/kruise-rollout.md §6.5: failureThreshold', () => {
  /** Lets `count` more never-ready v2 pods become ready (the simulator's never-ready annotation lifted). */
  async function makeReady(count: number): Promise<void> {
    const stuck = v2(await env.pods(CLONESET_REF, 'echoserver')).filter((p) => p.metadata.annotations?.[SIM_ANNOTATIONS.NeverReady] === 'true');
    for (const pod of stuck.slice(0, count)) {
      await env.cluster.store.patch(POD_REF, 'default', pod.metadata.name!, { metadata: { annotations: { [SIM_ANNOTATIONS.NeverReady]: 'false' } } });
    }
    await env.run(2000);
  }
  const readyV2 = async () => v2(await env.pods(CLONESET_REF, 'echoserver')).filter(isRunningAndReady).length;

  it('20% of the updated pods may be unready, but a batch needs one ready pod', async () => {
    const yaml = `${cloneSet(10, 'updateStrategy: {maxUnavailable: 100%}').replace('metadata: {name: echoserver}', 'metadata: {name: echoserver, labels: {rollouts.kruise.io/rollout-id: "1"}}')}---${rollout(['10%', '30%', '60%', '100%'], 'failureThreshold: 20%')}`;
    await start(10, yaml, { annotations: { [SIM_ANNOTATIONS.NeverReady]: 'true' } });
    // Step 1: 1 updated, unready; the tolerance (ceil(0.2 × 1) = 1) would do, the one-ready rule does not.
    await env.runUntil(async () => v2(await env.pods(CLONESET_REF, 'echoserver')).length === 1);
    await env.run(10_000, 500);
    expect(canary(await env.rollout())!.currentStepState).toBe('StepUpgrade');
    await makeReady(1);
    await pausedAt(1);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    // Step 2: 3 updated; 2 ready suffice (tolerance ceil(0.6) = 1).
    await env.runUntil(async () => v2(await env.pods(CLONESET_REF, 'echoserver')).length === 3);
    await makeReady(1);
    await pausedAt(2);
    expect(await readyV2()).toBe(2);
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    // Step 3: 6 updated; 3 ready do not suffice (2 + 3 < 6), 4 do (tolerance ceil(1.2) = 2).
    await env.runUntil(async () => v2(await env.pods(CLONESET_REF, 'echoserver')).length === 6);
    await makeReady(1);
    await env.run(10_000, 500);
    expect(await readyV2()).toBe(3);
    expect(canary(await env.rollout())!.currentStepIndex).toBe(3);
    expect(canary(await env.rollout())!.currentStepState).toBe('StepUpgrade');
    await makeReady(1);
    await pausedAt(3);
    const pods = v2(await env.pods(CLONESET_REF, 'echoserver'));
    expect(pods.map((p) => p.metadata.labels![ROLLOUT_ID_KEY])).toEqual(Array(6).fill('1'));
    expect(pods.map((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).sort()).toEqual(['1', '2', '2', '3', '3', '3']);
  });
});
