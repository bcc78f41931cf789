// docs/spec/kruise-rollout.md §2.13 with Kruise Rollouts' gate KeepWorkloadPausedOnRolloutDeletion on,
// walked by the real controllers: a Rollout deleted mid-release (paused at step 1 of 20% / 100%) leaves
// its workload where the release had it — a CloneSet keeps its partition and is not paused, an apps/v1 or
// Advanced StatefulSet keeps its partition, a Deployment stays paused (in partition style handed back to
// the native controller with its RollingUpdate strategy) — and only the stable pods run on. (With the
// gate off, deleting the Rollout completes the release: scenario-lifecycle.test.ts.)
import { describe, expect, it } from '@jest/globals';
import { ANNOTATION_BATCH_RELEASE_CONTROL_INFO, FeatureGates, type KubeObject, type Pod } from '@coxswain/kruise-api';
import type { KindRef } from '@coxswain/cluster';
import { ADVANCED_STATEFULSET_REF, APPS_STATEFULSET_REF, CLONESET_REF, DEPLOYMENT_REF, ROLLOUT_REF } from '../../src/refs.js';
import { environmentPerTest } from '../support/per-test.js';
import { CLONESET_V1ALPHA1, rolloutYaml, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(
  () => startRolloutEnv({ deployments: true, advancedDeployment: true, gates: FeatureGates.from({ KeepWorkloadPausedOnRolloutDeletion: true }) }),
  (started) => (env = started),
);

const WEB = { name: 'web', image: 'web:v1' };
type Spec = { paused?: boolean; strategy?: { type?: string }; updateStrategy?: { rollingUpdate?: { partition?: number | string; paused?: boolean } } };
const specOf = (o: KubeObject) => (o as unknown as { spec: Spec }).spec;
const status = (o: KubeObject) => (o as unknown as { status?: { readyReplicas?: number } }).status;
const images = (pods: Pod[]) => pods.map((p) => p.spec.containers[0]!.image).sort();

describe('docs/spec/kruise-rollout.md §2.13, KeepWorkloadPausedOnRolloutDeletion on: deleting a Rollout mid-release', () => {
  it.each([
    ['a CloneSet keeps its partition, not paused', CLONESET_V1ALPHA1, CLONESET_REF, (spec) => {
      expect(spec.updateStrategy?.rollingUpdate?.partition).toBe('80%');
      expect(spec.updateStrategy?.rollingUpdate?.paused).toBe(false);
    }, undefined],
    ['an apps/v1 StatefulSet keeps its partition', APPS_STATEFULSET_REF, APPS_STATEFULSET_REF, (spec) => expect(spec.updateStrategy?.rollingUpdate?.partition).toBe(4), undefined],
    ['an Advanced StatefulSet keeps its partition', ADVANCED_STATEFULSET_REF, ADVANCED_STATEFULSET_REF, (spec) => expect(spec.updateStrategy?.rollingUpdate?.partition).toBe(4), undefined],
    ['a canary-style Deployment stays paused', DEPLOYMENT_REF, DEPLOYMENT_REF, (spec) => expect(spec.paused).toBe(true), undefined],
    // docs/spec/kruise-rollout.md §3.6 Finalize: handed back to the native controller (RollingUpdate) but paused.
    ['a partition-style Deployment stays paused, its RollingUpdate strategy back', DEPLOYMENT_REF, DEPLOYMENT_REF, (spec) => {
      expect(spec.paused).toBe(true);
      expect(spec.strategy?.type).toBe('RollingUpdate');
    }, 'partition'],
  ] as [string, KindRef, KindRef, (spec: Spec) => void, 'partition' | undefined][])('%s', async (_what, ref, stored, kept, deploymentStyle) => {
    await env.apply(workloadYaml(ref, WEB));
    await env.runUntil(async () => status(await env.workload(stored, 'web'))?.readyReplicas === 5);
    await env.apply(rolloutYaml({ name: 'demo', workloadRef: { ...ref, name: 'web' }, steps: ['{replicas: 20%, pause: {}}', '{replicas: 100%}'], ...(deploymentStyle ? { deploymentStyle } : {}) }));
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');
    await env.patchSpec(stored, 'web', { template: templateWith(WEB, 'web:v2') });
    await env.pausedAt(1);

    await env.cluster.store.delete(ROLLOUT_REF, 'default', 'demo');
    await env.runUntil(async () => (await env.cluster.store.get(ROLLOUT_REF, 'default', 'demo').catch(() => undefined)) === undefined);
    await env.runUntil(async () => (await env.release()) === undefined);
    const workload = await env.workload(stored, 'web');
    expect(workload.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO]).toBeUndefined();
    kept(specOf(workload));
    // Held where the release had it: nothing more rolls out (a Deployment's pods are its ReplicaSets': none listed here).
    await env.run(30_000, 1_000);
    kept(specOf(await env.workload(stored, 'web')));
    const live = images(await env.pods(stored, 'web'));
    expect(live.filter((i) => i === 'web:v2').length).toBeLessThanOrEqual(1);
  });
});
