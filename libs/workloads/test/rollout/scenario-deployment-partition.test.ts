// docs/spec/kruise-rollout.md §6.3 walked by the real controllers: an apps/v1 Deployment of 5 released in
// partition style (enableExtraWorkloadForCanary absent, gate AdvancedDeployment on) through 20% (waiting
// for an approval), 60%, 100%: the workload webhook pauses the Deployment, the BatchRelease hands it to the
// advanced Deployment controller (advanced-control label, strategy annotation at partition 0, control-info,
// paused + Recreate), raises the annotation's partition step by step while the advanced controller rolls
// the new ReplicaSet to 1, 3, 5 pods (the native controller leaves it alone), and Finalize gives it back
// resumed with its RollingUpdate strategy and without the release's marks; a new revision mid-release
// starts over, a rollback resumes the Deployment on v1. With the gate off the
// Deployment stays paused.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_DEPLOYMENT_EXTRA_STATUS, ANNOTATION_DEPLOYMENT_STRATEGY, ANNOTATION_IN_PROGRESSING,
  LABEL_ADVANCED_DEPLOYMENT_CONTROL, LABEL_ROLLOUT_BATCH_ID, LABEL_STABLE_REVISION, type Deployment, type Rollout,
} from '@coxswain/kruise-api';
import { DEPLOYMENT_REF } from '../../src/refs.js';
import { environmentPerTest } from '../support/per-test.js';
import { DEPLOYMENT, ROLLOUT, V2, deploymentReads } from '../support/deployment-release.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
const withGate = (advancedDeployment: boolean) => environmentPerTest(() => startRolloutEnv({ deployments: true, advancedDeployment }), (started) => (env = started));



const canary = (r: Rollout) => r.status?.canaryStatus;
const { stable, pods, releaseV2 } = deploymentReads(() => env);

const images = async () => (await pods()).map((p) => p.spec.containers[0]!.image).sort();
const strategyOf = (d: Deployment) => JSON.parse(d.metadata.annotations![ANNOTATION_DEPLOYMENT_STRATEGY]!);

async function releaseToStepOne(): Promise<void> {
  await releaseV2();
}

describe('docs/spec/kruise-rollout.md §6.3: a Deployment of 5 in partition style, 20% / approval, 60%, 100%', () => {
  withGate(true);
  it('hands the Deployment to the advanced controller, rolls 1 → 3 → 5 new pods, and gives it back resumed', async () => {
    await env.apply(DEPLOYMENT);
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5);
    const v1Hash = (await pods())[0]!.metadata.labels!['pod-template-hash'];
    await env.apply(ROLLOUT);
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: V2 });
    // docs/spec/kruise-rollout.md §4.3: paused, the stable ReplicaSet's hash recorded, in progressing.
    const frozen = await stable();
    expect(frozen.spec.paused).toBe(true);
    expect(frozen.metadata.labels?.[LABEL_STABLE_REVISION]).toBe(v1Hash);
    expect(frozen.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');

    // Step 1: Initialize, then partition "20%" → newRSReplicasLimit min(ceil(1.0), 4) = 1.
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    const release = (await env.release())!;
    expect(release.spec.releasePlan.rollingStyle).toBe('Partition');
    const claimed = await stable();
    expect(claimed.metadata.labels?.[LABEL_ADVANCED_DEPLOYMENT_CONTROL]).toBe('true');
    expect(claimed.spec.paused).toBe(true);
    expect(claimed.spec.strategy).toEqual({ type: 'Recreate' });
    expect(strategyOf(claimed)).toEqual({ rollingStyle: 'Partition', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }, partition: '20%' });
    expect(JSON.parse(claimed.metadata.annotations![ANNOTATION_BATCH_RELEASE_CONTROL_INFO]!)).toMatchObject({ kind: 'BatchRelease', uid: release.metadata.uid });
    expect(JSON.parse(claimed.metadata.annotations![ANNOTATION_DEPLOYMENT_EXTRA_STATUS]!)).toEqual({ updatedReadyReplicas: 1, expectedUpdatedReplicas: 1 });
    expect(claimed.status).toMatchObject({ replicas: 5, updatedReplicas: 1, availableReplicas: 5 });
    expect(await images()).toEqual(['web:v1', 'web:v1', 'web:v1', 'web:v1', 'web:v2']);
    const newPod = (await pods()).find((p) => p.spec.containers[0]!.image === 'web:v2')!;
    expect(newPod.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).toBe('1');
    // docs/spec/kruise-rollout.md §2.1: the revisions are pod-template-hashes.
    const status = canary(await env.rollout())!;
    expect(status.stableRevision).toBe(v1Hash);
    expect(status.podTemplateHash).toBe(newPod.metadata.labels!['pod-template-hash']);
    expect(status).toMatchObject({ canaryReplicas: 1, canaryReadyReplicas: 1 });
    // The advanced controller's events.
    expect((await env.rig.events()).some((e) => e.reason === 'ScalingReplicaSet' && e.involvedObject?.name === 'web')).toBe(true);

    // Approval: step 2 (60% of 5 = 3), then step 3 (100%, all 5), then the end.
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy' && (await env.release()) === undefined, 300_000);
    const released = await stable();
    expect(released.spec.paused).toBe(false);
    expect(released.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
    for (const key of [ANNOTATION_DEPLOYMENT_STRATEGY, ANNOTATION_DEPLOYMENT_EXTRA_STATUS, ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING]) {
      expect(released.metadata.annotations?.[key]).toBeUndefined();
    }
    expect(released.metadata.labels?.[LABEL_STABLE_REVISION]).toBeUndefined();
    expect(released.metadata.labels?.[LABEL_ADVANCED_DEPLOYMENT_CONTROL]).toBeUndefined();
    expect((await env.rollout()).status?.conditions?.find((c) => c.type === 'Succeeded')?.status).toBe('True');
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5 && (await images()).every((i) => i === 'web:v2'));
    expect((await pods()).map((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).sort()).toEqual(['1', '2', '2', '3', '3']);
    expect(env.errors).toEqual([]);
  });

  it('from step 1 to the end: never more than 6 pods nor fewer than 5 available (maxSurge 1, maxUnavailable 0)', async () => {
    await releaseToStepOne();
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    // Watched between the controllers' passes while the release goes on (maxSurge 1, maxUnavailable 0).
    let maxPods = 0;
    let minAvailable = 5;
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await env.runUntil(async () => {
      const all = await pods();
      maxPods = Math.max(maxPods, all.length);
      minAvailable = Math.min(minAvailable, (await stable()).status?.availableReplicas ?? 0);
      return (await env.rollout()).status?.phase === 'Healthy';
    }, 300_000);
    expect(maxPods).toBeLessThanOrEqual(6);
    expect(minAvailable).toBeGreaterThanOrEqual(5);
    expect(env.errors).toEqual([]);
  });

  it('a new revision mid-release (docs/spec/kruise-rollout.md §2.10): the release of v3 starts over at step 1, the v2 pod goes first', async () => {
    await releaseToStepOne();
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    const firstRelease = (await env.release())!.metadata.uid;
    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'web:v3' }] } } });
    // (The webhook paused the strategy annotation on the effective change, docs/spec/kruise-rollout.md §4.3;
    // the new release's Initialize unpaused it at partition 0 before the patch settled.)
    await env.runUntil(async () => {
      const r = await env.release();
      return r !== undefined && r.metadata.uid !== firstRelease && canary(await env.rollout())?.currentStepState === 'StepPaused';
    }, 300_000);
    const d = await stable();
    expect(canary(await env.rollout())?.currentStepIndex).toBe(1);
    expect(strategyOf(d)).toEqual({ rollingStyle: 'Partition', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }, partition: '20%' });
    // The v2 pod went first (the newer old revision): four of v1 and one of v3.
    await env.runUntil(async () => (await images()).join() === ['web:v1', 'web:v1', 'web:v1', 'web:v1', 'web:v3'].join());
    expect(env.errors).toEqual([]);
  });

  it('a rollback to v1 mid-release: cancelled, the Deployment resumed on v1', async () => {
    await releaseToStepOne();
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'web:v1' }] } } });
    await env.runUntil(async () => {
      const r = await env.rollout();
      return r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'False') === true && (await env.release()) === undefined;
    }, 300_000);
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5 && (await images()).every((i) => i === 'web:v1') && (await pods()).length === 5, 300_000);
    const released = await stable();
    expect(released.spec.paused).toBe(false);
    expect(released.spec.strategy?.type).toBe('RollingUpdate');
    expect(env.errors).toEqual([]);
  });

});

describe('docs/spec/kruise-rollout.md §3.6: the gate AdvancedDeployment off', () => {
  withGate(false);

  it('the Deployment stays paused on v1', async () => {
    await releaseToStepOne();
    await env.runUntil(async () => (await stable()).metadata.labels?.[LABEL_ADVANCED_DEPLOYMENT_CONTROL] === 'true');
    await env.run(10_000, 500);
    const d = await stable();
    expect(d.spec.paused).toBe(true);
    expect(strategyOf(d).partition).toBe('20%');
    expect(await images()).toEqual(Array(5).fill('web:v1'));
    expect(canary(await env.rollout())?.currentStepState).not.toBe('StepPaused');
    expect(env.errors).toEqual([]);
  });
});
