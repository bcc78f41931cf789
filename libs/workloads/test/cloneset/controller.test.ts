// The CloneSet controller end to end in the embedded cluster on a manual clock: the docs' sample
// created, rolled with partition steps, scaled, and pods deleted by name.
import { describe, expect, it } from '@jest/globals';
import {
  LABEL_CLONESET_INSTANCE_ID, LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE, LABEL_POD_TEMPLATE_HASH,
  type CloneSet, type KubeObject, type PersistentVolumeClaim, type Pod,
} from '@coxswain/kruise-api';
import { CLONESET_REF, POD_REF, PVC_REF } from '../../src/refs.js';
import { CONTROLLER_REVISION_REF } from '../../src/revision/revision-store.js';
import { activePods, podCensus, startCloneSetEnv, type CloneSetEnv } from '../support/cloneset-env.js';
import { environmentPerTest } from '../support/per-test.js';
import { seededRandom } from '../support/rig.js';

const SAMPLE = `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  labels:
    app: sample
  name: sample
spec:
  replicas: 5
  selector:
    matchLabels:
      app: sample
  template:
    metadata:
      labels:
        app: sample
    spec:
      containers:
      - name: nginx
        image: nginx:alpine
`;

let env: CloneSetEnv;
environmentPerTest(() => startCloneSetEnv({ random: seededRandom(1) }), (started) => (env = started));

const images = (pods: Pod[]) => pods.map((p) => p.spec.containers[0]!.image).sort();

async function settledStatus(name: string, check: (cs: CloneSet, pods: Pod[]) => boolean): Promise<{ cs: CloneSet; pods: Pod[] }> {
  let last: { cs: CloneSet; pods: Pod[] } | undefined;
  await env.runUntil(async () => {
    const cs = await env.cloneSet(name);
    const pods = activePods(await env.pods(name));
    last = { cs, pods };
    return check(cs, pods);
  });
  return last!;
}

async function patchSpec(name: string, spec: Record<string, unknown>): Promise<void> {
  await env.cluster.store.patch(CLONESET_REF, 'default', name, { spec });
}

describe('CloneSet controller: the docs sample', () => {
  it('creates 5 pods with instance ids, revision labels and PreparingNormal -> Normal, and reports status', async () => {
    await env.apply(SAMPLE);
    const { cs, pods } = await settledStatus('sample', (c) => c.status?.availableReplicas === 5 && c.status?.observedGeneration === 1);
    expect(cs.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(pods).toHaveLength(5);
    const revision = cs.status!.updateRevision!;
    expect(revision).toMatch(/^sample-[a-z0-9]+$/);
    for (const pod of pods) {
      const id = pod.metadata.labels![LABEL_CLONESET_INSTANCE_ID]!;
      expect(pod.metadata.name).toBe(`sample-${id}`);
      expect(pod.metadata.labels![LABEL_CONTROLLER_REVISION_HASH]).toBe(revision);
      expect(pod.metadata.labels![LABEL_POD_TEMPLATE_HASH]).toBe(revision.slice('sample-'.length));
      expect(pod.metadata.labels![LABEL_LIFECYCLE_STATE]).toBe('Normal');
      expect(pod.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'CloneSet', name: 'sample', controller: true })]);
    }
    expect(cs.status).toMatchObject({
      replicas: 5, readyReplicas: 5, availableReplicas: 5, updatedReplicas: 5, updatedReadyReplicas: 5, updatedAvailableReplicas: 5,
      expectedUpdatedReplicas: 5, currentRevision: revision, updateRevision: revision, labelSelector: 'app=sample', observedGeneration: 1,
    });
    const created = (await env.events()).filter((e) => e.reason === 'SuccessfulCreate');
    expect(created.map((e) => e.message).sort()).toEqual(pods.map((p) => `succeed to create pod ${p.metadata.name}`).sort());
  });

  it('rolls an image with partition 5 -> 3 -> 0: exactly 2 pods updated at partition 3, all at 0, currentRevision follows', async () => {
    await env.apply(SAMPLE);
    const first = await settledStatus('sample', (c) => c.status?.availableReplicas === 5);
    const oldRevision = first.cs.status!.updateRevision!;

    await patchSpec('sample', { updateStrategy: { rollingUpdate: { partition: 5 } }, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } });
    const held = await settledStatus('sample', (c) => c.status?.observedGeneration === 2 && c.status.updateRevision !== oldRevision);
    await env.run(5_000);
    const atFive = activePods(await env.pods('sample'));
    expect(images(atFive)).toEqual(Array(5).fill('nginx:alpine'));
    expect((await env.cloneSet('sample')).status).toMatchObject({ updatedReplicas: 0, expectedUpdatedReplicas: 0, currentRevision: oldRevision });
    const newRevision = held.cs.status!.updateRevision!;

    await patchSpec('sample', { updateStrategy: { rollingUpdate: { partition: 3 } } });
    const atThree = await settledStatus('sample', (c, pods) => c.status?.updatedAvailableReplicas === 2 && c.status.availableReplicas === 5 && pods.length === 5);
    await env.run(5_000);
    const podsAtThree = activePods(await env.pods('sample'));
    expect(images(podsAtThree)).toEqual(['nginx:1.27', 'nginx:1.27', 'nginx:alpine', 'nginx:alpine', 'nginx:alpine']);
    expect(podsAtThree.filter((p) => p.metadata.labels![LABEL_CONTROLLER_REVISION_HASH] === newRevision)).toHaveLength(2);
    expect(atThree.cs.status).toMatchObject({ expectedUpdatedReplicas: 2, currentRevision: oldRevision, updateRevision: newRevision });

    await patchSpec('sample', { updateStrategy: { rollingUpdate: { partition: 0 } } });
    const done = await settledStatus('sample', (c, pods) => c.status?.updatedAvailableReplicas === 5 && pods.length === 5);
    expect(images(done.pods)).toEqual(Array(5).fill('nginx:1.27'));
    expect(done.cs.status).toMatchObject({ currentRevision: newRevision, updateRevision: newRevision, expectedUpdatedReplicas: 5 });
    const reasons = new Set((await env.events()).map((e) => e.reason));
    expect(reasons).toEqual(new Set(['SuccessfulCreate', 'SuccessfulDelete', 'SuccessfulUpdatePodReCreate']));
  });

  it('never has more than replicas + maxSurge pods nor fewer than replicas - maxUnavailable available during a ReCreate rollout', async () => {
    await env.apply(SAMPLE.replace('replicas: 5', 'replicas: 10'));
    await settledStatus('sample', (c) => c.status?.availableReplicas === 10);
    const census = await podCensus(env);
    await patchSpec('sample', { updateStrategy: { rollingUpdate: { maxUnavailable: 2, maxSurge: 1 } }, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } });
    await settledStatus('sample', (c, ps) => c.status?.observedGeneration === 2 && c.status.updatedAvailableReplicas === 10 && ps.length === 10 && images(ps).every((i) => i === 'nginx:1.27'));
    census.stop();
    expect(census.maxActive).toBe(11);
    expect(census.minAvailable).toBeGreaterThanOrEqual(8);
    expect(census.deletedTwice).toEqual([]);
  });

  it('podsToDelete without a replica change deletes the named pod, recreates one, and drops the name from the spec', async () => {
    await env.apply(SAMPLE.replace('replicas: 5', 'replicas: 3'));
    const { pods } = await settledStatus('sample', (c) => c.status?.availableReplicas === 3);
    const victim = pods[1]!.metadata.name!;
    await patchSpec('sample', { scaleStrategy: { podsToDelete: [victim] } });
    const after = await settledStatus('sample', (c, ps) => c.status?.availableReplicas === 3 && ps.length === 3 && !ps.some((p) => p.metadata.name === victim));
    expect(after.pods.map((p) => p.metadata.name)).toEqual(expect.arrayContaining([pods[0]!.metadata.name, pods[2]!.metadata.name]));
    await env.runUntil(async () => ((await env.cloneSet('sample')).spec.scaleStrategy?.podsToDelete ?? []).length === 0);
  });

  it('scales down by the ranking and keeps revision history within revisionHistoryLimit', async () => {
    await env.apply(SAMPLE.replace('replicas: 5', 'replicas: 4'));
    await settledStatus('sample', (c) => c.status?.availableReplicas === 4);
    await patchSpec('sample', { revisionHistoryLimit: 1 });
    for (const tag of ['1.25', '1.26', '1.27']) {
      await patchSpec('sample', { template: { spec: { containers: [{ name: 'nginx', image: `nginx:${tag}` }] } } });
      await settledStatus('sample', (c, ps) => c.status?.updatedAvailableReplicas === 4 && ps.length === 4 && images(ps).every((i) => i === `nginx:${tag}`));
    }
    await env.run(1_000);
    const revisions = (await env.cluster.store.list(CONTROLLER_REVISION_REF, { namespace: 'default' })).items;
    // current == update (1.27) plus one non-live revision kept by the limit.
    expect(revisions).toHaveLength(2);
    await patchSpec('sample', { replicas: 2 });
    const scaled = await settledStatus('sample', (c, ps) => c.status?.replicas === 2 && ps.length === 2);
    expect(scaled.cs.status!.availableReplicas).toBe(2);
  });

  it('scaleStrategy.maxUnavailable streams a scale-up one unavailable pod at a time and records ScaleUpLimited', async () => {
    await env.apply(SAMPLE.replace('  replicas: 5', '  replicas: 4\n  scaleStrategy: {maxUnavailable: 1}'));
    await settledStatus('sample', (c) => c.status?.availableReplicas === 4);
    const events = await env.events();
    expect(events.filter((e) => e.reason === 'SuccessfulCreate')).toHaveLength(4);
    expect(events.find((e) => e.reason === 'ScaleUpLimited')).toMatchObject({ type: 'Warning', message: 'scaleUp is limited because of scaleStrategy.maxUnavailable, limit: 1' });
    // Each pod is created only once the previous one is available (image pull + start > 1 s apart).
    const created = (await env.pods('sample')).map((p) => Date.parse(p.metadata.creationTimestamp!)).sort((a, b) => a - b);
    for (let i = 1; i < created.length; i++) expect(created[i]! - created[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  describe('PVCs of volumeClaimTemplates', () => {
    const withClaims = (reuse: boolean) => `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: data}
spec:
  replicas: 2
  selector: {matchLabels: {app: data}}
  scaleStrategy: {enablePVCReuse: ${reuse}}
  template:
    metadata: {labels: {app: data}}
    spec: {containers: [{name: main, image: "nginx:1.25"}]}
  volumeClaimTemplates:
  - metadata: {name: vol}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`;
    const claims = async () => (await env.cluster.store.list<PersistentVolumeClaim>(PVC_REF, { namespace: 'default' })).items
      .filter((c) => !c.metadata.deletionTimestamp)
      .map((c) => `${c.metadata.name} ${c.metadata.labels![LABEL_CLONESET_INSTANCE_ID]}`)
      .sort();

    it('creates one PVC per pod named <template>-<cloneset>-<id>, owned by the CloneSet', async () => {
      await env.apply(withClaims(false));
      const { pods } = await settledStatus('data', (c) => c.status?.availableReplicas === 2);
      const ids = pods.map((p) => p.metadata.labels![LABEL_CLONESET_INSTANCE_ID]!).sort();
      expect(await claims()).toEqual(ids.map((id) => `vol-data-${id} ${id}`));
      const pvc = (await env.cluster.store.list<PersistentVolumeClaim>(PVC_REF, { namespace: 'default' })).items[0]!;
      expect(pvc.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'CloneSet', name: 'data', controller: true })]);
      for (const pod of pods) {
        expect(pod.spec.volumes).toContainEqual({ name: 'vol', persistentVolumeClaim: { claimName: `vol-data-${pod.metadata.labels![LABEL_CLONESET_INSTANCE_ID]}`, readOnly: false } });
      }
    });

    it('with enablePVCReuse, a pod deleted by someone else comes back with its instance id and its PVC', async () => {
      await env.apply(withClaims(true));
      const { pods } = await settledStatus('data', (c) => c.status?.availableReplicas === 2);
      const before = await claims();
      const lost = pods[0]!;
      await env.cluster.store.delete(POD_REF, 'default', lost.metadata.name!);
      const after = await settledStatus('data', (c, ps) => c.status?.availableReplicas === 2 && ps.length === 2 && ps.some((p) => p.metadata.name === lost.metadata.name && p.metadata.uid !== lost.metadata.uid));
      expect(after.pods.map((p) => p.metadata.name).sort()).toEqual(pods.map((p) => p.metadata.name).sort());
      expect(await claims()).toEqual(before);
    });

    it('without PVC reuse, a pod deleted by someone else is replaced by a new instance id with a new PVC; the old PVC goes', async () => {
      await env.apply(withClaims(false));
      const { pods } = await settledStatus('data', (c) => c.status?.availableReplicas === 2);
      const lost = pods[0]!;
      const lostId = lost.metadata.labels![LABEL_CLONESET_INSTANCE_ID]!;
      await env.cluster.store.delete(POD_REF, 'default', lost.metadata.name!);
      const after = await settledStatus('data', (c, ps) => c.status?.availableReplicas === 2 && ps.length === 2 && !ps.some((p) => p.metadata.name === lost.metadata.name));
      await env.runUntil(async () => !(await claims()).some((c) => c.endsWith(` ${lostId}`)));
      const ids = after.pods.map((p) => p.metadata.labels![LABEL_CLONESET_INSTANCE_ID]!).sort();
      expect(await claims()).toEqual(ids.map((id) => `vol-data-${id} ${id}`));
    });

    it('a ReCreate update replaces the PVCs together with the pods', async () => {
      await env.apply(withClaims(false));
      await settledStatus('data', (c) => c.status?.availableReplicas === 2);
      const before = await claims();
      await patchSpec('data', { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] } } });
      const after = await settledStatus('data', (c, ps) => c.status?.observedGeneration === 2 && c.status.updatedAvailableReplicas === 2 && ps.length === 2);
      await env.run(2_000);
      const now = await claims();
      expect(now.filter((c) => before.includes(c))).toEqual([]);
      expect(now).toEqual(after.pods.map((p) => p.metadata.labels![LABEL_CLONESET_INSTANCE_ID]!).sort().map((id) => `vol-data-${id} ${id}`));
    });
  });
});

describe('CloneSet controller: slow start across reconciles (docs/spec/cloneset.md §7.2)', () => {
  it('a scale-up split over reconciles continues one doubling; the next scale-up starts at one again', async () => {
    await env.stop();
    // Pod creations started in the same turn of the event loop are one slow-start batch.
    const batches: number[] = [];
    let newBatch = true;
    env = await startCloneSetEnv({
      nodes: { zones: 1, nodesPerZone: 10, podCapacity: 100 },
      controllerClient: (store) => new Proxy(store, {
        get(target, prop, receiver) {
          if (prop !== 'create') return Reflect.get(target, prop, receiver);
          return (object: KubeObject) => {
            if (object.kind === 'Pod') {
              if (newBatch) batches.push(0);
              newBatch = false;
              batches[batches.length - 1]!++;
              queueMicrotask(() => (newBatch = true));
            }
            return target.create(object);
          };
        },
      }),
    });
    const podCount = async (n: number) => (await env.pods('sample')).length === n;
    await env.apply(SAMPLE.replace('  replicas: 5', '  replicas: 700'));
    await env.runUntil(() => podCount(700));
    // Kruise creates all 700 in one pass, in batches 1, 2, 4, ... 256, 189; a reconcile here creates at
    // most MAX_CREATES_PER_RECONCILE (500), so the next one continues the sequence with its 512.
    expect(batches).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 245, 200]);

    batches.length = 0;
    await patchSpec('sample', { replicas: 710 });
    await env.runUntil(() => podCount(710));
    expect(batches).toEqual([1, 2, 4, 3]);
  });
});
