// The BatchRelease controller on its own (docs/spec/kruise-rollout.md §3), in the embedded cluster: a
// release written by hand claims a CloneSet (control-info, partition frozen), releases batch after batch
// as batchPartition allows (integer batches: integer partitions), labels the pods of each batch, and with
// batchPartition null finalises (the workload released), then lets itself be deleted.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, FINALIZER_BATCH_RELEASE, LABEL_ROLLOUT_BATCH_ID, ROLLOUT_ID_KEY, type BatchRelease, type Pod,
} from '@coxswain/kruise-api';
import { BATCH_RELEASE_REF, CLONESET_REF } from '../../src/refs.js';
import { CLONESET_V1ALPHA1, ECHOSERVER, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv(), (started) => (env = started));

const v2 = (pods: Pod[]) => pods.filter((p) => p.spec.containers[0]!.image === 'echo:v2');

const untilRelease = (what: string, done: (br: BatchRelease) => boolean) => env.untilRelease('manual', what, done);

describe('docs/spec/kruise-rollout.md §3: a BatchRelease on its own', () => {
  it('claims the CloneSet, releases batches 0 and 1 (partitions 4, 2), labels their pods, then finalises and goes', async () => {
    await env.apply(`${workloadYaml(CLONESET_V1ALPHA1, ECHOSERVER)}---
apiVersion: rollouts.kruise.io/v1beta1
kind: BatchRelease
metadata: {name: manual}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}
  releasePlan:
    batches: [{canaryReplicas: 1}, {canaryReplicas: 3}, {canaryReplicas: 5}]
    batchPartition: 0
    rolloutID: r1
`);
    const claimed = await untilRelease('claimed', (br) => br.status?.phase === 'Progressing');
    expect(claimed.metadata.finalizers).toContain(FINALIZER_BATCH_RELEASE);
    const cs = await env.cloneSet('echoserver');
    expect(JSON.parse(cs.metadata.annotations![ANNOTATION_BATCH_RELEASE_CONTROL_INFO]!)).toMatchObject({ kind: 'BatchRelease', name: 'manual', uid: claimed.metadata.uid, controller: true });

    await env.patchSpec(CLONESET_REF, 'echoserver', { template: templateWith(ECHOSERVER, 'echo:v2') });
    await env.runUntil(async () => v2(await env.pods(CLONESET_REF, 'echoserver')).length === 1 && (await env.release('manual'))?.status?.canaryStatus?.batchState === 'Ready');
    expect((await env.cloneSet('echoserver')).spec.updateStrategy?.rollingUpdate?.partition).toBe(4);
    let updated = v2(await env.pods(CLONESET_REF, 'echoserver'));
    expect(updated[0]!.metadata.labels).toMatchObject({ [ROLLOUT_ID_KEY]: 'r1', [LABEL_ROLLOUT_BATCH_ID]: '1' });
    // Partitioned at batch 0: it stays there.
    await env.run(10_000, 500);
    expect(v2(await env.pods(CLONESET_REF, 'echoserver'))).toHaveLength(1);

    await env.cluster.store.patch(BATCH_RELEASE_REF, 'default', 'manual', { spec: { releasePlan: { batchPartition: 1 } } });
    const batch1 = await untilRelease('batch 1 ready', (br) => br.status?.canaryStatus?.currentBatch === 1 && br.status.canaryStatus.batchState === 'Ready');
    expect(batch1.status!.canaryStatus).toMatchObject({ updatedReplicas: 3, updatedReadyReplicas: 3 });
    expect((await env.cloneSet('echoserver')).spec.updateStrategy?.rollingUpdate?.partition).toBe(2);
    updated = v2(await env.pods(CLONESET_REF, 'echoserver'));
    expect(updated.map((p) => p.metadata.labels![LABEL_ROLLOUT_BATCH_ID]).sort()).toEqual(['1', '2', '2']);

    await env.cluster.store.patch(BATCH_RELEASE_REF, 'default', 'manual', { spec: { releasePlan: { batchPartition: null } } });
    await untilRelease('completed', (br) => br.status?.phase === 'Completed');
    const released = await env.cloneSet('echoserver');
    expect(released.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO]).toBeUndefined();
    expect(released.spec.updateStrategy?.rollingUpdate?.partition ?? 0).toBe(0);
    await env.runUntil(async () => v2(await env.pods(CLONESET_REF, 'echoserver')).length === 5);

    await env.cluster.store.delete(BATCH_RELEASE_REF, 'default', 'manual');
    await env.runUntil(async () => (await env.release('manual')) === undefined);
  });
});

describe('docs/spec/kruise-rollout.md §8.1: a blue-green BatchRelease stored past admission', () => {
  /** Admission refuses rollingStyle BlueGreen; this one is stored as an older server or Kubernetes mode without the webhook would have. */
  environmentPerTest(() => startRolloutEnv({ admission: (admit) => (request) => (request.object.kind === 'BatchRelease' ? request.object : admit(request)) }), (started) => (env = started));

  it('releases nothing in another style and says why in its status', async () => {
    await env.apply(`${workloadYaml(CLONESET_V1ALPHA1, ECHOSERVER)}---
apiVersion: rollouts.kruise.io/v1beta1
kind: BatchRelease
metadata: {name: manual}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: echoserver}
  releasePlan:
    batches: [{canaryReplicas: 1}, {canaryReplicas: 5}]
    rollingStyle: BlueGreen
    enableExtraWorkloadForCanary: false
`);
    const told = await untilRelease('told why', (br) => br.status?.message !== undefined);
    expect(told.status?.message).toBe('rollingStyle BlueGreen is not supported by Coxswain (docs/spec/kruise-rollout.md §8.1): nothing is released; use Partition or Canary');
    await env.patchSpec(CLONESET_REF, 'echoserver', { template: templateWith(ECHOSERVER, 'echo:v2') });
    await env.run(10_000, 500);
    // Not claimed, not frozen: the CloneSet rolls as it would without the BatchRelease.
    const cs = await env.cloneSet('echoserver');
    expect(cs.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO]).toBeUndefined();
    expect((await env.release('manual'))?.status?.phase).not.toBe('Progressing');
  });
});
