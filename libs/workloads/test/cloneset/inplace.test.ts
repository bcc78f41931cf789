// In-place update and lifecycle hooks through the CloneSet controller in the embedded cluster: the pod
// keeps its name, uid, IP, node and PVC; hooks hold it in PreparingUpdate / Updated / PreparingDelete
// until their handlers say otherwise (an acknowledgement is done here by hand, as a hook owner would).
import { describe, expect, it } from '@jest/globals';
import { type Pod } from '@coxswain/kruise-api';
import { CLONESET_REF, POD_REF, PVC_REF } from '../../src/refs.js';
import { activePods, startCloneSetEnv, type CloneSetEnv } from '../support/cloneset-env.js';
import { environmentPerTest } from '../support/per-test.js';
import { seededRandom } from '../support/rig.js';

function cloneSet(name: string, extra: string): string {
  return `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: ${name}}
spec:
  replicas: 2
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata:
      labels: {app: ${name}, example.io/block: "true"}
    spec:
      containers: [{name: main, image: "nginx:1.25"}]
${extra}`;
}

let env: CloneSetEnv;
environmentPerTest(() => startCloneSetEnv({ random: seededRandom(7) }), (started) => (env = started));

const state = (p: Pod) => p.metadata.labels?.['lifecycle.apps.kruise.io/state'];
const identity = (p: Pod) => ({ name: p.metadata.name, uid: p.metadata.uid, ip: p.status?.podIP, node: p.spec.nodeName });

async function ready(name: string, replicas: number): Promise<Pod[]> {
  await env.runUntil(async () => (await env.cloneSet(name)).status?.availableReplicas === replicas);
  return activePods(await env.pods(name));
}

async function setImage(name: string, image: string): Promise<void> {
  await env.cluster.store.patch(CLONESET_REF, 'default', name, { spec: { template: { spec: { containers: [{ name: 'main', image }] } } } });
}

async function patchPodLabels(pod: Pod, labels: Record<string, string | null>): Promise<void> {
  await env.cluster.store.patch(POD_REF, 'default', pod.metadata.name!, { metadata: { labels } });
}

describe('in-place update through the CloneSet controller', () => {
  it('InPlaceIfPossible changes the image in place: same name, uid, IP, node and PVC; the container restarts once', async () => {
    await env.apply(cloneSet('web', `  updateStrategy:
    rollingUpdate: {podUpdatePolicy: InPlaceIfPossible, maxUnavailable: 1}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}`));
    const before = await ready('web', 2);
    const pvcsBefore = (await env.cluster.store.list(PVC_REF, { namespace: 'default' })).items.map((c) => c.metadata.uid).sort();
    await setImage('web', 'nginx:1.27');
    await env.runUntil(async () => {
      const cs = await env.cloneSet('web');
      return cs.status?.observedGeneration === 2 && cs.status.updatedAvailableReplicas === 2 && cs.status.currentRevision === cs.status.updateRevision;
    });
    const after = activePods(await env.pods('web'));
    expect(after.map(identity)).toEqual(before.map(identity));
    for (const pod of after) {
      expect(pod.spec.containers[0]!.image).toBe('nginx:1.27');
      expect(pod.status!.containerStatuses![0]!.restartCount).toBe(1);
      expect(state(pod)).toBe('Normal');
      expect(pod.status!.conditions!.find((c) => c.type === 'InPlaceUpdateReady')?.status).toBe('True');
    }
    expect((await env.cluster.store.list(PVC_REF, { namespace: 'default' })).items.map((c) => c.metadata.uid).sort()).toEqual(pvcsBefore);
    const reasons = (await env.events()).map((e) => e.reason);
    expect(reasons.filter((r) => r === 'SuccessfulUpdatePodInPlace')).toHaveLength(2);
    expect(reasons).not.toContain('SuccessfulDelete');
  });

  it('an inPlaceUpdate hook holds the pod in PreparingUpdate until released, then Updating -> Updated until re-hooked -> Normal', async () => {
    await env.apply(cloneSet('hooked', `  lifecycle:
    inPlaceUpdate:
      labelsHandler: {example.io/block: "true"}
  updateStrategy:
    rollingUpdate: {podUpdatePolicy: InPlaceIfPossible, maxUnavailable: 1, partition: 1}`));
    const before = await ready('hooked', 2);
    await setImage('hooked', 'nginx:1.27');
    let held: Pod | undefined;
    await env.runUntil(async () => (held = activePods(await env.pods('hooked')).find((p) => state(p) === 'PreparingUpdate')) !== undefined);
    await env.run(3_000);
    const waiting = activePods(await env.pods('hooked')).find((p) => p.metadata.name === held!.metadata.name)!;
    expect(state(waiting)).toBe('PreparingUpdate');
    expect(waiting.spec.containers[0]!.image).toBe('nginx:1.25');

    await patchPodLabels(waiting, { 'example.io/block': null });
    await env.runUntil(async () => state((await env.cluster.store.get<Pod>(POD_REF, 'default', held!.metadata.name!))) === 'Updated', 60_000);
    const updated = await env.cluster.store.get<Pod>(POD_REF, 'default', held!.metadata.name!);
    expect(updated.spec.containers[0]!.image).toBe('nginx:1.27');
    await env.run(3_000);
    expect(state(await env.cluster.store.get<Pod>(POD_REF, 'default', held!.metadata.name!))).toBe('Updated');

    await patchPodLabels(updated, { 'example.io/block': 'true' });
    await env.runUntil(async () => state(await env.cluster.store.get<Pod>(POD_REF, 'default', held!.metadata.name!)) === 'Normal');
    const done = await env.cluster.store.get<Pod>(POD_REF, 'default', held!.metadata.name!);
    expect(identity(done)).toEqual(identity(before.find((p) => p.metadata.name === done.metadata.name)!));
    await env.runUntil(async () => (await env.cloneSet('hooked')).status?.updatedAvailableReplicas === 1);
  });

  it('a preDelete hook with markPodNotReady keeps a scaled-down pod in PreparingDelete, not Ready, until released', async () => {
    await env.apply(cloneSet('guarded', `  lifecycle:
    preDelete:
      labelsHandler: {example.io/block: "true"}
      markPodNotReady: true`));
    await ready('guarded', 2);
    await env.cluster.store.patch(CLONESET_REF, 'default', 'guarded', { spec: { replicas: 1 } });
    let victim: Pod | undefined;
    await env.runUntil(async () => (victim = activePods(await env.pods('guarded')).find((p) => state(p) === 'PreparingDelete')) !== undefined);
    await env.run(5_000);
    const waiting = await env.cluster.store.get<Pod>(POD_REF, 'default', victim!.metadata.name!);
    expect(waiting.metadata.deletionTimestamp).toBeUndefined();
    expect(waiting.status!.conditions!.find((c) => c.type === 'KruisePodReady')).toMatchObject({ status: 'False', message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]' });
    expect(env.controller.lastPlan('default', 'guarded')!.blockers).toContainEqual({
      code: 'HOOK_PENDING', message: `pod ${victim!.metadata.name} waits for its preDelete hook to be acknowledged`, pods: [victim!.metadata.name],
    });

    await patchPodLabels(waiting, { 'example.io/block': 'false' });
    await env.runUntil(async () => activePods(await env.pods('guarded')).length === 1 && (await env.cloneSet('guarded')).status?.replicas === 1);
    expect(activePods(await env.pods('guarded')).map((p) => p.metadata.name)).not.toContain(victim!.metadata.name);
  });

  it('InPlaceOnly refuses a change that cannot be made in place with a FailedUpdate condition and leaves the pods alone', async () => {
    await env.apply(cloneSet('strict', `  updateStrategy:
    rollingUpdate: {podUpdatePolicy: InPlaceOnly}`));
    const before = await ready('strict', 2);
    await env.cluster.store.patch(CLONESET_REF, 'default', 'strict', { spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.25', args: ['--debug'] }] } } } });
    await env.runUntil(async () => ((await env.cloneSet('strict')).status?.conditions ?? []).some((c) => c.type === 'FailedUpdate'));
    const cs = await env.cloneSet('strict');
    expect(cs.status!.conditions!.find((c) => c.type === 'FailedUpdate')!.message).toMatch(/^find Pod strict-[a-z0-9]+ update strategy is InPlaceOnly but can not update in-place$/);
    expect(activePods(await env.pods('strict')).map(identity)).toEqual(before.map(identity));
  });
});
