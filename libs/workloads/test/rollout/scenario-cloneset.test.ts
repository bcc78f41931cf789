// docs/spec/kruise-rollout.md §6.1 walked by the real controllers in the embedded cluster: a CloneSet of 5
// under a Rollout of steps 20% (wait for approval), 50% (60 s pause), 100%. The template change is frozen
// by the workload webhook; each step lowers the partition by the BatchRelease, labels the new pods with
// their batch, and waits; an approval is a status patch; the release finalises and the workload is free.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING, LABEL_ROLLOUT_BATCH_ID, LABEL_WORKLOAD_TYPE, ROLLOUT_ID_KEY,
  type CloneSet, type Pod, type Rollout,
} from '@coxswain/kruise-api';
import { CLONESET_REF } from '../../src/refs.js';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv(), (started) => (env = started));

const image = (p: Pod) => p.spec.containers[0]!.image;
const partition = (cs: CloneSet) => cs.spec.updateStrategy?.rollingUpdate?.partition;
const canary = (r: Rollout) => r.status?.canaryStatus;

async function healthyV1(): Promise<void> {
  await env.apply(workloadYaml(CLONESET_V1ALPHA1, ECHOSERVER));
  await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
  await env.apply(demoRollout());
}

describe('docs/spec/kruise-rollout.md §6.1: CloneSet, 20% / approval, 50% / 60 s, 100%', () => {
  it('walks the release step by step and finalises', async () => {
    await healthyV1();
    // Row 0: the workload labelled, the Rollout Healthy with a synthesised completed sub-status.
    const healthy = await env.untilRollout('the release', (r) => r.status?.phase === 'Healthy' && canary(r)?.currentStepState === 'Completed');
    expect(healthy.status!.message).toBe('workload deployment is completed');
    expect(canary(healthy)).toMatchObject({ currentStepIndex: 3, nextStepIndex: -1 });
    expect(healthy.metadata.finalizers).toContain('rollouts.kruise.io/rollout');
    const v1 = canary(healthy)!.canaryRevision;
    expect(canary(healthy)!.stableRevision).toBe(v1);
    expect((await env.cloneSet('echoserver')).metadata.labels?.[LABEL_WORKLOAD_TYPE]).toBe('cloneset');

    // Row 1: the template change is frozen by the webhook.
    await env.patchSpec(CLONESET_REF, 'echoserver', { template: templateWith(ECHOSERVER, 'echo:v2') });
    const frozen = await env.cloneSet('echoserver');
    expect(partition(frozen)).toBe('100%');
    expect(JSON.parse(frozen.metadata.annotations![ANNOTATION_IN_PROGRESSING]!)).toEqual({ rolloutName: 'demo' });

    // Rows 2–6: step 1 upgraded (partition 80%, 1 pod) and paused for approval.
    const step1 = await env.pausedAt(1);
    expect(step1.status!.phase).toBe('Progressing');
    expect(step1.status!.message).toBe('Rollout is in step(1/3), and you need manually confirm to enter the next step');
    expect(step1.status!.conditions!.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'True', reason: 'InRolling' });
    expect(step1.status!.conditions!.find((c) => c.type === 'Succeeded')).toBeUndefined();
    expect(canary(step1)).toMatchObject({ stableRevision: v1, nextStepIndex: 2, canaryReplicas: 1, canaryReadyReplicas: 1 });
    expect(step1.status).toMatchObject({ currentStepIndex: 1, currentStepState: 'StepPaused' });
    const v2 = canary(step1)!.canaryRevision;
    expect(v2).not.toBe(v1);
    const cs1 = await env.cloneSet('echoserver');
    expect(partition(cs1)).toBe('80%');
    expect(cs1.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO]).toBeDefined();
    const br1 = (await env.release())!;
    expect(br1.spec.releasePlan).toMatchObject({ batches: [{ canaryReplicas: '20%' }, { canaryReplicas: '50%' }, { canaryReplicas: '100%' }], batchPartition: 0, rolloutID: v2, rollingStyle: 'Partition' });
    expect(br1.status).toMatchObject({ phase: 'Progressing', observedWorkloadReplicas: 5, canaryStatus: { currentBatch: 0, batchState: 'Ready', updatedReplicas: 1, updatedReadyReplicas: 1 } });
    expect(br1.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'Rollout', name: 'demo', controller: true })]);
    let pods = await env.pods(CLONESET_REF, 'echoserver');
    const updated = pods.filter((p) => image(p) === 'echo:v2');
    expect(updated).toHaveLength(1);
    expect(updated[0]!.metadata.labels).toMatchObject({ [ROLLOUT_ID_KEY]: v2, [LABEL_ROLLOUT_BATCH_ID]: '1' });
    // Nothing moves without the approval.
    await env.run(30_000, 500);
    expect(canary(await env.rollout())!.currentStepState).toBe('StepPaused');

    // Rows 7–9: approved; step 2 upgrades to 3 pods (partition 40%) and pauses 60 s.
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    const step2 = await env.pausedAt(2);
    expect(step2.status!.message).toBe('Rollout is in step(2/3), and wait duration(60 seconds) to enter the next step');
    expect(partition(await env.cloneSet('echoserver'))).toBe('40%');
    pods = await env.pods(CLONESET_REF, 'echoserver');
    expect(pods.filter((p) => image(p) === 'echo:v2').map((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).sort()).toEqual(['1', '2', '2']);
    const pausedAt = Date.parse(canary(step2)!.lastUpdateTime!);

    // Rows 10–13: 60 s later step 3 (100%, never pauses), then finalising and Healthy.
    const step3 = await env.untilRollout('the release', (r) => (canary(r)?.currentStepIndex ?? 0) === 3);
    expect(env.clock.now() - pausedAt).toBeGreaterThanOrEqual(60_000);
    expect(canary(step3)!.nextStepIndex).toBe(-1);
    const done = await env.untilRollout('the release', (r) => r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true);
    expect(done.status!.conditions!.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'False', reason: 'Completed', message: 'Rollout progressing has been completed' });
    expect(canary(done)!.finalisingStep).toBe('END');
    await env.runUntil(async () => (await env.release()) === undefined);
    const cs = await env.cloneSet('echoserver');
    expect(cs.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    expect(cs.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO]).toBeUndefined();
    expect(partition(cs) ?? 0).toBe(0);
    await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
    pods = await env.pods(CLONESET_REF, 'echoserver');
    expect(pods.map(image)).toEqual(Array(5).fill('echo:v2'));
    expect(pods.map((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).sort()).toEqual(['1', '2', '2', '3', '3']);
  });
});
