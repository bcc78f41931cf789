// docs/spec/kruise-rollout.md §3.7 walked by the real controllers: an apps/v1 Deployment of 5 released in
// canary style (enableExtraWorkloadForCanary: true) through 20%, 50% (each waiting for an approval),
// 100%: the workload webhook pauses the Deployment (docs/spec/kruise-rollout.md §4.3), the BatchRelease
// creates a canary Deployment and raises it 1 → 3 → 5, the canary's pods carry their batch labels, and
// at the end the stable Deployment is resumed and rolls to the new template while the canary Deployment
// goes with the BatchRelease.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING, LABEL_ROLLOUT_BATCH_ID, ROLLOUT_ID_KEY, type Deployment, type Rollout,
} from '@coxswain/kruise-api';
import { DEPLOYMENT_REF, POD_REF, REPLICASET_REF } from '../../src/refs.js';
import { isActive } from '../../src/pod/pod-state.js';
import { rolloutYaml, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';
import type { Pod, ReplicaSet } from '@coxswain/kruise-api';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv({ deployments: true }), (started) => (env = started));

const WEB = { name: 'web', image: 'web:v1' };
const DEPLOYMENT = workloadYaml(DEPLOYMENT_REF, WEB);
// Step 2 has no pause: Kruise's Pause{}, an approval.
const ROLLOUT = rolloutYaml({ name: 'demo', workloadRef: { ...DEPLOYMENT_REF, name: 'web' }, steps: ['{replicas: 20%, pause: {}}', '{replicas: 50%}', '{replicas: 100%}'] });
const V2 = templateWith(WEB, 'web:v2');
const canary = (r: Rollout) => r.status?.canaryStatus;

async function deployments(): Promise<Deployment[]> {
  return (await env.cluster.store.list<Deployment>(DEPLOYMENT_REF, { namespace: 'default' })).items;
}
async function canaryDeployment(): Promise<Deployment | undefined> {
  return (await deployments()).find((d) => d.metadata.labels?.['rollouts.kruise.io/canary-deployment'] === 'web');
}
/** The live pods of a Deployment (through its ReplicaSets). */
async function podsOf(d: Deployment): Promise<Pod[]> {
  const sets = (await env.cluster.store.list<ReplicaSet>(REPLICASET_REF, { namespace: 'default' })).items
    .filter((rs) => rs.metadata.ownerReferences?.some((r) => r.uid === d.metadata.uid));
  const uids = new Set(sets.map((rs) => rs.metadata.uid));
  return (await env.cluster.store.list<Pod>(POD_REF, { namespace: 'default' })).items
    .filter((p) => isActive(p) && p.metadata.ownerReferences?.some((r) => uids.has(r.uid)));
}
const stable = () => env.workload(DEPLOYMENT_REF, 'web') as Promise<Deployment>;

describe('docs/spec/kruise-rollout.md §3.7: a Deployment of 5 in canary style, 20% / approval, 50%, 100%', () => {
  it('creates a canary Deployment, raises it 1 → 3 → 5, then resumes the stable Deployment and lets the canary go', async () => {
    await env.apply(DEPLOYMENT);
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5);
    await env.apply(ROLLOUT);
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
    expect((await stable()).metadata.labels?.['rollouts.kruise.io/workload-type']).toBe('deployment');
    const v1Hash = (await podsOf(await stable()))[0]!.metadata.labels!['pod-template-hash'];

    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: V2 });
    // docs/spec/kruise-rollout.md §4.3: paused, the stable ReplicaSet's hash recorded, in progressing.
    const frozen = await stable();
    expect(frozen.spec.paused).toBe(true);
    expect(frozen.metadata.labels?.['rollouts.kruise.io/stable-revision']).toBe(v1Hash);
    expect(frozen.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');

    // Step 1 (20% of 5 = 1): a canary Deployment of 1 replica.
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    const first = (await canaryDeployment())!;
    const release = (await env.release())!;
    expect(first.metadata.name).toMatch(/^web-.+/);
    expect(first.spec.replicas).toBe(1);
    expect(first.spec.paused).toBe(false);
    expect(first.spec.template.spec.containers[0]!.image).toBe('web:v2');
    expect(first.metadata.finalizers).toEqual(['finalizer.rollouts.kruise.io/batch-release']);
    expect(first.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'BatchRelease', name: 'demo', uid: release.metadata.uid, controller: true })]);
    expect(JSON.parse(first.metadata.annotations![ANNOTATION_BATCH_RELEASE_CONTROL_INFO]!)).toMatchObject({ kind: 'BatchRelease', uid: release.metadata.uid });
    expect(JSON.parse((await stable()).metadata.annotations![ANNOTATION_BATCH_RELEASE_CONTROL_INFO]!)).toMatchObject({ uid: release.metadata.uid });
    let canaryPods = await podsOf(first);
    expect(canaryPods).toHaveLength(1);
    expect(canaryPods[0]!.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).toBe('1');
    expect(canaryPods[0]!.metadata.labels![ROLLOUT_ID_KEY]).toBe(release.spec.releasePlan.rolloutID);
    // The stable Deployment keeps its 5 pods on v1 (paused).
    expect((await podsOf(await stable())).map((p) => p.spec.containers[0]!.image)).toEqual(Array(5).fill('web:v1'));
    // docs/spec/kruise-rollout.md §2.1: the revisions are pod-template-hashes.
    const status = canary(await env.rollout())!;
    expect(status.stableRevision).toBe(v1Hash);
    expect(status.podTemplateHash).toBe(canaryPods[0]!.metadata.labels!['pod-template-hash']);
    expect(status).toMatchObject({ canaryReplicas: 1, canaryReadyReplicas: 1 });

    // Approval (kubectl-kruise rollout approve): step 2, 50% of 5 = 3.
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await env.runUntil(async () => canary(await env.rollout())?.currentStepIndex === 2 && canary(await env.rollout())?.currentStepState === 'StepPaused');
    expect((await canaryDeployment())!.metadata.uid).toBe(first.metadata.uid);
    expect((await canaryDeployment())!.spec.replicas).toBe(3);
    expect(canary(await env.rollout())).toMatchObject({ canaryReplicas: 3, canaryReadyReplicas: 3 });
    canaryPods = await podsOf((await canaryDeployment())!);
    expect(canaryPods.filter((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID] === '2')).toHaveLength(2);

    // A step without pause waits for an approval too (Kruise's Pause{}); step 3 and the end: the stable
    // Deployment resumed and rolled to v2, the canary Deployment gone.
    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    // Step 3 (100%): the canary Deployment at 5, while the stable one is resumed and rolls.
    await env.runUntil(async () => (await canaryDeployment())?.spec.replicas === 5);
    await env.runUntil(async () => {
      const r = await env.rollout();
      return r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true;
    }, 300_000);
    await env.runUntil(async () => (await env.release()) === undefined && (await canaryDeployment()) === undefined, 300_000);
    await env.runUntil(async () => {
      const d = await stable();
      return d.status?.updatedReplicas === 5 && d.status.availableReplicas === 5 && d.status.replicas === 5;
    }, 300_000);
    const released = await stable();
    expect(released.spec.paused).toBe(false);
    expect(released.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    expect(released.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO]).toBeUndefined();
    expect((await podsOf(released)).map((p) => p.spec.containers[0]!.image)).toEqual(Array(5).fill('web:v2'));
    expect(env.errors).toEqual([]);
  });

  it('a rollback to v1 mid-release (docs/spec/kruise-rollout.md §2.11): the stable Deployment resumed on v1, the canary Deployment gone', async () => {
    await env.apply(DEPLOYMENT);
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5);
    await env.apply(ROLLOUT);
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
    const v1Pods = (await podsOf(await stable())).map((p) => p.metadata.name).sort();
    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: V2 });
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    expect((await canaryDeployment())!.status?.availableReplicas).toBe(1);

    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'web:v1' }] } } });
    // The Rollout sees the stable ReplicaSet's template again: a rollback, finalised at once.
    await env.runUntil(async () => {
      const r = await env.rollout();
      return r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'False') === true;
    }, 300_000);
    await env.runUntil(async () => (await env.release()) === undefined && (await canaryDeployment()) === undefined, 300_000);
    const released = await stable();
    expect(released.spec.paused).toBe(false);
    expect(released.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    // Nothing to roll: the same five v1 pods.
    expect((await podsOf(released)).map((p) => p.metadata.name).sort()).toEqual(v1Pods);
    expect(env.errors).toEqual([]);
  });

  it('a new revision mid-release (docs/spec/kruise-rollout.md §2.10 b): the canary Deployment of v2 goes, one of v3 starts at step 1', async () => {
    await env.apply(DEPLOYMENT);
    await env.runUntil(async () => (await stable()).status?.availableReplicas === 5);
    await env.apply(ROLLOUT);
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: V2 });
    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    const v2Canary = (await canaryDeployment())!;

    await env.patchSpec(DEPLOYMENT_REF, 'web', { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'web:v3' }] } } });
    await env.runUntil(async () => {
      const c = await canaryDeployment();
      return c !== undefined && c.metadata.uid !== v2Canary.metadata.uid && canary(await env.rollout())?.currentStepState === 'StepPaused';
    }, 300_000);
    const v3Canary = (await canaryDeployment())!;
    expect(v3Canary.spec.template.spec.containers[0]!.image).toBe('web:v3');
    expect(v3Canary.spec.replicas).toBe(1);
    expect(canary(await env.rollout())?.currentStepIndex).toBe(1);
    expect((await deployments()).some((d) => d.metadata.uid === v2Canary.metadata.uid)).toBe(false);
    // The stable Deployment stayed paused on v1 throughout.
    expect((await stable()).spec.paused).toBe(true);
    expect((await podsOf(await stable())).map((p) => p.spec.containers[0]!.image)).toEqual(Array(5).fill('web:v1'));
    expect(env.errors).toEqual([]);
  });
});
