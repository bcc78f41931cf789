// A partition-style Deployment release (docs/rollouts.md "A Deployment, partition style") whose
// rollouts.kruise.io/deployment-strategy annotation someone else rewrites mid-release with a value no
// controller can act on. Admission refuses it naming the field; one already stored (an older server, or
// Kubernetes mode, where nothing validates annotations) makes the advanced Deployment controller wait and
// say why in a Warning event, never roll on a guess, and the BatchRelease rewrites it from its sound
// fields at the next batch, so the release still ends with every pod updated and the Deployment given
// back with a RollingUpdate strategy Kubernetes accepts. Found: a partition of "150%" held the release
// at 4 of 5 pods forever; `paused: "yes"` was written back as `paused: true` and held it too; negative
// fenceposts stopped the rolling without a word; a rollingUpdate of "x" (or maxSurge 0.5, 1e300) was
// restored at the end into a spec the admission refuses, so Finalize failed on every pass.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_DEPLOYMENT_EXTRA_STATUS, ANNOTATION_DEPLOYMENT_STRATEGY, validateDeployment, type Deployment,
} from '@coxswain/kruise-api';
import { DEPLOYMENT_REF } from '../../src/refs.js';
import { environmentPerTest } from '../support/per-test.js';
import { DEPLOYMENT, ROLLOUT, V2, deploymentReads } from '../support/deployment-release.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
/** While set, writes are stored as given (an object stored before these rules, or Kubernetes mode, where nothing validates annotations). */
let unchecked = false;
environmentPerTest(() => startRolloutEnv({
  deployments: true, advancedDeployment: true, admission: (admit) => (request) => (unchecked ? request.object : admit(request)),
}), (started) => (env = started));



const { stable, pods, releaseV2 } = deploymentReads(() => env);
const FIELD = `metadata.annotations[${ANNOTATION_DEPLOYMENT_STRATEGY}]`;


async function pausedAtStepOne(): Promise<void> {
  await releaseV2();
  await env.pausedAt(1);
}

async function storeUnchecked(key: string, value: string): Promise<void> {
  unchecked = true;
  try {
    await env.cluster.store.patch(DEPLOYMENT_REF, 'default', 'web', { metadata: { annotations: { [key]: value } } });
  } finally {
    unchecked = false;
  }
  await env.rig.settle();
}

// [annotation value, the field the refusal and the event name]
const UNSOUND: [string, string][] = [
  ['not json', FIELD],
  ['[1,2]', FIELD],
  ['{"rollingStyle":"Partition","partition":"150%"}', `${FIELD}.partition`],
  ['{"rollingStyle":"Partition","partition":-1}', `${FIELD}.partition`],
  ['{"rollingStyle":"Partition","partition":"abc"}', `${FIELD}.partition`],
  ['{"rollingStyle":"Partition","partition":1e300}', `${FIELD}.partition`],
  ['{"rollingStyle":"Partition","partition":2.5}', `${FIELD}.partition`],
  ['{"rollingStyle":"Sideways","partition":1}', `${FIELD}.rollingStyle`],
  ['{"rollingStyle":"Partition","rollingUpdate":"x","partition":1}', `${FIELD}.rollingUpdate`],
  ['{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":-5,"maxUnavailable":-5},"partition":1}', `${FIELD}.rollingUpdate.maxUnavailable`],
  ['{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":1e300,"maxUnavailable":0},"partition":1}', `${FIELD}.rollingUpdate.maxSurge`],
  ['{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":0.5,"maxUnavailable":0},"partition":1}', `${FIELD}.rollingUpdate.maxSurge`],
  ['{"rollingStyle":"Partition","paused":"yes","partition":1}', `${FIELD}.paused`],
];

describe('a partition-style Deployment release with an unsound deployment-strategy annotation', () => {
  it.each(UNSOUND)('admission refuses %s naming %s', async (value, field) => {
    await pausedAtStepOne();
    const before = await stable();
    const write = env.cluster.store.patch(DEPLOYMENT_REF, 'default', 'web', { metadata: { annotations: { [ANNOTATION_DEPLOYMENT_STRATEGY]: value } } });
    await expect(write).rejects.toThrow(field);
    // Nothing half-written.
    expect((await stable()).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  }, 120_000);

  it.each(UNSOUND)('stored anyway, %s: the advanced controller waits and says why; the release repairs it and ends on v2', async (value, field) => {
    await pausedAtStepOne();
    await storeUnchecked(ANNOTATION_DEPLOYMENT_STRATEGY, value);
    let maxPods = 0;
    await env.runUntil(async () => {
      maxPods = Math.max(maxPods, (await pods()).length);
      return (await env.rig.events()).some((e) => e.reason === 'InvalidDeploymentStrategy' && e.type === 'Warning' && e.message?.includes(field) === true);
    });
    await env.run(5_000, 500);
    maxPods = Math.max(maxPods, (await pods()).length);
    // Nothing rolled on a guess while it was unsound: still the one v2 pod of step 1, never more than 6 pods.
    expect((await pods()).filter((p) => p.spec.containers[0]!.image === 'web:v2')).toHaveLength(1);
    expect(maxPods).toBeLessThanOrEqual(6);

    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy' && (await env.release()) === undefined, 300_000);
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5 && (await pods()).every((p) => p.spec.containers[0]!.image === 'web:v2'), 300_000);
    const released = await stable();
    expect(released.spec.paused).toBe(false);
    expect(released.spec.strategy?.type).toBe('RollingUpdate');
    expect(released.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY]).toBeUndefined();
    expect(validateDeployment(released)).toEqual([]);
  }, 300_000);

  it('a deployment-extra-status someone writes is refused naming the field; the controller overwrites one stored anyway', async () => {
    await pausedAtStepOne();
    const write = env.cluster.store.patch(DEPLOYMENT_REF, 'default', 'web', { metadata: { annotations: { [ANNOTATION_DEPLOYMENT_EXTRA_STATUS]: '{"updatedReadyReplicas":"abc"}' } } });
    await expect(write).rejects.toThrow(`metadata.annotations[${ANNOTATION_DEPLOYMENT_EXTRA_STATUS}].updatedReadyReplicas`);
    await storeUnchecked(ANNOTATION_DEPLOYMENT_EXTRA_STATUS, '{"updatedReadyReplicas":1000}');
    await env.runUntil(async () => (await stable()).metadata.annotations?.[ANNOTATION_DEPLOYMENT_EXTRA_STATUS] === '{"updatedReadyReplicas":1,"expectedUpdatedReplicas":1}');
  }, 120_000);

  it('a Deployment of 0 replicas: the release has nothing to roll and completes, the Deployment given back unpaused', async () => {
    await env.apply(DEPLOYMENT.replace('replicas: 5', 'replicas: 0'));
    await env.apply(ROLLOUT);
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: V2 });
    await env.runUntil(async () => (await env.rollout()).status?.message === 'workload deployment is completed');
    const d = await stable();
    expect(d.spec.paused).not.toBe(true);
    expect(d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY]).toBeUndefined();
    expect(await pods()).toEqual([]);
  }, 120_000);

  it('a Deployment deleted mid-release: the Rollout says the workload is not found, nothing fails', async () => {
    await pausedAtStepOne();
    await env.cluster.store.delete(DEPLOYMENT_REF, 'default', 'web');
    await env.runUntil(async () => (await env.rollout()).status?.message === 'Workload Not Found');
    await env.run(10_000, 500);
    expect((await env.rollout()).status?.message).toBe('Workload Not Found');
  }, 120_000);

  it('the advanced-control label set by hand on an unrelated Deployment changes nothing: the native controller rolls it', async () => {
    await env.apply(DEPLOYMENT.replace('name: web', 'name: other').replace(/app: web/g, 'app: other'));
    await env.cluster.store.patch(DEPLOYMENT_REF, 'default', 'other', { metadata: { labels: { 'rollouts.kruise.io/controlled-by-advanced-deployment-controller': 'true' } } });
    await env.runUntil(async () => ((await env.workload(DEPLOYMENT_REF, 'other')) as Deployment).status?.availableReplicas === 5);
    await env.patchSpec(DEPLOYMENT_REF, 'other', { template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'main', image: 'other:v2' }] } } });
    await env.runUntil(async () => {
      const d = (await env.workload(DEPLOYMENT_REF, 'other')) as Deployment;
      return d.status?.updatedReplicas === 5 && d.status.availableReplicas === 5 && d.status.replicas === 5;
    }, 120_000);
  }, 120_000);
});
