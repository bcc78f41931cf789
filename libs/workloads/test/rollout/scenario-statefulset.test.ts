// docs/spec/kruise-rollout.md §6.2 walked by the real controllers: the plan of docs/spec/kruise-rollout.md §6.1 over an Advanced
// StatefulSet (apps.kruise.io/v1beta1) and over an apps/v1 StatefulSet of 5: the webhook freezes the
// partition at 32767, each step lowers it to the ordinal boundary (4, 2, 0), and the highest ordinals
// are updated first.
import { describe, expect, it } from '@jest/globals';
import { ANNOTATION_IN_PROGRESSING, LABEL_ROLLOUT_BATCH_ID, type KubeObject, type Pod, type Rollout } from '@coxswain/kruise-api';
import { KRUISE_STATEFULSET, NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { podOrdinal } from '../../src/statefulset/plan/identity.js';
import { rolloutYaml, templateWith, workloadYaml, WORKED_EXAMPLE_STEPS } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv(), (started) => (env = started));

const WEB = { name: 'web', image: 'web:v1' };
const set = (apiVersion: string) => workloadYaml({ apiVersion, kind: 'StatefulSet' }, WEB);
const rollout = (apiVersion: string) => rolloutYaml({ name: 'demo', workloadRef: { apiVersion, kind: 'StatefulSet', name: 'web' }, steps: WORKED_EXAMPLE_STEPS });

const partitionOf = (o: KubeObject) => (o as unknown as { spec: { updateStrategy?: { rollingUpdate?: { partition?: number } } } }).spec.updateStrategy?.rollingUpdate?.partition;
const canary = (r: Rollout) => r.status?.canaryStatus;
const updatedOrdinals = (pods: Pod[]) => pods.filter((p) => p.spec.containers[0]!.image === 'web:v2').map(podOrdinal).sort();

describe.each([
  ['Advanced StatefulSet', KRUISE_STATEFULSET.ref],
  ['apps/v1 StatefulSet', NATIVE_STATEFULSET.ref],
])('docs/spec/kruise-rollout.md §6.2: %s, 20% / approval, 50% / 60 s, 100%', (_, ref) => {
  it('lowers the ordinal partition 32767 → 4 → 2 → 0 and releases it', async () => {
    await env.apply(set(ref.apiVersion));
    await env.runUntil(async () => ((await env.workload(ref, 'web')) as { status?: { readyReplicas?: number } }).status?.readyReplicas === 5);
    await env.apply(rollout(ref.apiVersion));
    await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy');

    await env.patchSpec(ref, 'web', { template: templateWith(WEB, 'web:v2') });
    const frozen = await env.workload(ref, 'web');
    expect(partitionOf(frozen)).toBe(32767);
    expect(frozen.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');

    await env.runUntil(async () => canary(await env.rollout())?.currentStepState === 'StepPaused');
    expect(partitionOf(await env.workload(ref, 'web'))).toBe(4);
    let pods = await env.pods(ref, 'web');
    expect(updatedOrdinals(pods)).toEqual([4]);
    expect(pods.find((p) => podOrdinal(p) === 4)!.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).toBe('1');
    // docs/spec/kruise-rollout.md §2.1: a StatefulSet's revisions are the full names.
    const status = ((await env.workload(ref, 'web')) as { status?: { updateRevision?: string; currentRevision?: string } }).status!;
    expect(canary(await env.rollout())).toMatchObject({ canaryRevision: status.updateRevision, stableRevision: status.currentRevision });

    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    await env.runUntil(async () => canary(await env.rollout())?.currentStepIndex === 2 && canary(await env.rollout())?.currentStepState === 'StepPaused');
    expect(partitionOf(await env.workload(ref, 'web'))).toBe(2);
    expect(updatedOrdinals(await env.pods(ref, 'web'))).toEqual([2, 3, 4]);

    await env.runUntil(async () => {
      const r = await env.rollout();
      return r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true;
    }, 300_000);
    await env.runUntil(async () => (await env.release()) === undefined);
    const released = await env.workload(ref, 'web');
    expect(partitionOf(released) ?? 0).toBe(0);
    expect(released.metadata.annotations?.[ANNOTATION_IN_PROGRESSING]).toBeUndefined();
    await env.runUntil(async () => updatedOrdinals(await env.pods(ref, 'web')).length === 5);
    pods = await env.pods(ref, 'web');
    expect(pods.map((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).sort()).toEqual(['1', '2', '2', '3', '3']);
  });
});
