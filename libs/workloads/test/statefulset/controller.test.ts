// The StatefulSet controllers in the embedded cluster: API versions, claims and their retention
// policy, revisions and rollback, specified delete, the plan the controller shows, and apps/v1 sets.
import { describe, expect, it } from '@jest/globals';
import { isApiError } from '@coxswain/cluster';
import type { ControllerRevision, Pod } from '@coxswain/kruise-api';
import { STATEFULSET_KIND } from '../../src/kinds/statefulset-kind.js';
import { POD_REF } from '../../src/refs.js';
import { CONTROLLER_REVISION_REF } from '../../src/revision/revision-store.js';
import { podOrdinal } from '../../src/statefulset/plan/identity.js';
import { ASTS_REF, NATIVE_REF, ordinals, startStatefulSetEnv, type StatefulSetEnv } from '../support/statefulset-env.js';
import { environmentPerTest } from '../support/per-test.js';

let env: StatefulSetEnv;
environmentPerTest(() => startStatefulSetEnv(), (started) => (env = started));

function web(extra = '', apiVersion = 'apps.kruise.io/v1beta1', replicas = 3): string {
  return `
apiVersion: ${apiVersion}
kind: StatefulSet
metadata: {name: web}
spec:
  replicas: ${replicas}
  serviceName: web
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: main, image: "nginx:1.25"}]}
${extra}`;
}

const CLAIMS = `  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}`;

const live = (pods: Pod[]) => pods.filter((p) => !p.metadata.deletionTimestamp);
const ready = async (replicas: number, name = 'web') => env.runUntil(async () => {
  const s = (await env.set(name)).status;
  return s?.availableReplicas === replicas && s.replicas === replicas;
});

describe('API versions', () => {
  it('a v1alpha1 manifest is stored as v1beta1 and runs', async () => {
    await env.apply(web('', 'apps.kruise.io/v1alpha1'));
    await ready(3);
    const set = await env.set('web');
    expect(set.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(set.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 0 } });
  });

  it('a v1alpha1 manifest with reserveOrdinals is refused naming the field; an invalid v1beta1 one too, and nothing is written', async () => {
    const refused = await env.apply(web('  reserveOrdinals: [1]', 'apps.kruise.io/v1alpha1')).catch((err: unknown) => err);
    expect(isApiError(refused, 'Invalid')).toBe(true);
    expect(String((refused as Error).message)).toContain('spec.reserveOrdinals: Forbidden: apps.kruise.io/v1alpha1 StatefulSet has no reserveOrdinals');
    const invalid = await env.apply(web('  updateStrategy: {rollingUpdate: {maxUnavailable: 2}}')).catch((err: unknown) => err);
    expect(String((invalid as Error).message)).toContain('spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "2": maxUnavailable can just work with Parallel PodManagementPolicyType');
    await expect(env.cluster.store.get(ASTS_REF, 'default', 'web')).rejects.toThrow();
  });
});

describe('claims and persistentVolumeClaimRetentionPolicy', () => {
  const claimNames = async () => (await env.claims()).map((c) => c.metadata.name).sort();

  it('Retain (the default): claims outlive a scale-down and are reused by the pod that comes back', async () => {
    await env.apply(web(CLAIMS));
    await ready(3);
    const before = (await env.claims()).map((c) => `${c.metadata.name}/${c.metadata.uid}`).sort();
    expect(before.map((c) => c.split('/')[0])).toEqual(['data-web-0', 'data-web-1', 'data-web-2']);
    const claim = (await env.claims())[0]!;
    expect(claim.metadata.labels).toEqual({ app: 'web' });
    expect(claim.metadata.ownerReferences).toBeUndefined();
    await env.patchSet('web', { replicas: 1 });
    await ready(1);
    expect(await claimNames()).toEqual(['data-web-0', 'data-web-1', 'data-web-2']);
    await env.patchSet('web', { replicas: 3 });
    await ready(3);
    expect((await env.claims()).map((c) => `${c.metadata.name}/${c.metadata.uid}`).sort()).toEqual(before);
  });

  it('whenScaled Delete: the claims of scaled-down pods go with them; whenDeleted Delete: the rest go with the set', async () => {
    await env.apply(web(`${CLAIMS}
  persistentVolumeClaimRetentionPolicy: {whenScaled: Delete, whenDeleted: Delete}`));
    await ready(3);
    const owners = (await env.claims()).map((c) => c.metadata.ownerReferences?.map((r) => r.kind));
    expect(owners).toEqual([['StatefulSet'], ['StatefulSet'], ['StatefulSet']]);
    await env.patchSet('web', { replicas: 1 });
    await ready(1);
    await env.runUntil(async () => (await claimNames()).length === 1);
    expect(await claimNames()).toEqual(['data-web-0']);
    await env.cluster.store.delete(ASTS_REF, 'default', 'web');
    await env.runUntil(async () => (await claimNames()).length === 0 && (await env.cluster.store.list(POD_REF, { namespace: 'default' })).items.length === 0);
  });
});

describe('revisions', () => {
  it('keeps revisionHistoryLimit non-live revisions, and rolling back reuses the old revision (renumbered)', async () => {
    await env.apply(web('  revisionHistoryLimit: 1\n  podManagementPolicy: Parallel\n  updateStrategy: {rollingUpdate: {maxUnavailable: 3}}'));
    await ready(3);
    const first = (await env.set('web')).status!.updateRevision!;
    for (const tag of ['1.26', '1.27']) {
      await env.patchSet('web', { template: { spec: { containers: [{ name: 'main', image: `nginx:${tag}` }] } } });
      await env.runUntil(async () => {
        const s = (await env.set('web')).status;
        return s?.currentRevision === s?.updateRevision && s?.updatedReplicas === 3 && s.readyReplicas === 3 && live(await env.pods('web')).every((p) => p.spec.containers[0]!.image === `nginx:${tag}`);
      });
    }
    await env.run(1_000);
    const revisions = () => env.cluster.store.list<ControllerRevision>(CONTROLLER_REVISION_REF, { namespace: 'default' }).then((l) => l.items);
    expect((await revisions()).map((r) => r.metadata.name)).not.toContain(first);
    expect(await revisions()).toHaveLength(2);
    const older = (await revisions()).sort((a, b) => a.revision - b.revision)[0]!;
    const set = await env.set('web');
    await env.cluster.store.update(STATEFULSET_KIND.mutations.rollbackWorkload(set, older));
    await env.runUntil(async () => (await env.set('web')).status?.updateRevision === older.metadata.name && (await env.set('web')).status?.updatedReplicas === 3);
    const reused = (await revisions()).find((r) => r.metadata.name === older.metadata.name)!;
    expect(reused.revision).toBe(4);
    expect(reused.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'StatefulSet', name: 'web', controller: true })]);
  });

  it('adopts an orphaned revision that matches its selector', async () => {
    await env.apply(web());
    await ready(3);
    const revision = (await env.cluster.store.list<ControllerRevision>(CONTROLLER_REVISION_REF, { namespace: 'default' })).items[0]!;
    await env.cluster.store.update({ ...revision, metadata: { ...revision.metadata, ownerReferences: [] } });
    await env.patchSet('web', { replicas: 4 });
    await ready(4);
    const adopted = await env.cluster.store.get<ControllerRevision>(CONTROLLER_REVISION_REF, 'default', revision.metadata.name!);
    expect(adopted.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'StatefulSet', name: 'web', controller: true })]);
  });
});

describe('deleting chosen pods (registry mutations)', () => {
  it('specified-delete recreates the pod at the same ordinal; scaleDown reserves the ordinal', async () => {
    await env.apply(web());
    await ready(3);
    const victim = live(await env.pods('web'))[1]!;
    const edit = STATEFULSET_KIND.mutations.deletePods(await env.set('web'), [victim], false);
    for (const { pod, patch } of edit.podPatches) await env.cluster.store.patch(POD_REF, 'default', pod, patch);
    await env.runUntil(async () => {
      const pods = live(await env.pods('web'));
      return pods.length === 3 && pods[1]!.metadata.uid !== victim.metadata.uid && (await env.set('web')).status?.availableReplicas === 3;
    });
    expect(ordinals(await env.pods('web'))).toEqual([0, 1, 2]);
    const shrink = STATEFULSET_KIND.mutations.deletePods(await env.set('web'), [live(await env.pods('web'))[1]!], true);
    await env.cluster.store.update(shrink.workload!);
    await env.runUntil(async () => ordinals(await env.pods('web')).join() === '0,2' && (await env.pods('web')).length === 2);
  });
});

describe('lifecycle hooks', () => {
  const state = (p: Pod | undefined) => p?.metadata.labels?.['lifecycle.apps.kruise.io/state'];
  const podNamed = async (name: string) => (await env.pods('web')).find((p) => p.metadata.name === name);
  const label = (name: string, labels: Record<string, string | null>) => env.cluster.store.patch(POD_REF, 'default', name, { metadata: { labels } });

  it('inPlaceUpdate: PreparingUpdate until released, updated in place, Updated until re-hooked, then Normal', async () => {
    await env.apply(web(`  podManagementPolicy: Parallel
  lifecycle:
    inPlaceUpdate:
      labelsHandler: {example.io/block: "true"}
  updateStrategy:
    rollingUpdate: {podUpdatePolicy: InPlaceIfPossible, partition: 2}`)
      .replace('metadata: {labels: {app: web}}\n    spec: {containers', 'metadata: {labels: {app: web, example.io/block: "true"}}\n    spec: {readinessGates: [{conditionType: InPlaceUpdateReady}], containers'));
    await ready(3);
    const uid = (await podNamed('web-2'))!.metadata.uid;
    await env.patchSet('web', { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] } } });
    await env.runUntil(async () => state(await podNamed('web-2')) === 'PreparingUpdate');
    await env.run(3_000);
    expect((await podNamed('web-2'))!.spec.containers[0]!.image).toBe('nginx:1.25');
    await label('web-2', { 'example.io/block': null });
    await env.runUntil(async () => state(await podNamed('web-2')) === 'Updated');
    expect((await podNamed('web-2'))!.spec.containers[0]!.image).toBe('nginx:1.27');
    await env.run(3_000);
    expect(state(await podNamed('web-2'))).toBe('Updated');
    await label('web-2', { 'example.io/block': 'true' });
    await env.runUntil(async () => state(await podNamed('web-2')) === 'Normal' && (await env.set('web')).status?.updatedReadyReplicas === 1);
    expect((await podNamed('web-2'))!.metadata.uid).toBe(uid);
    expect((await env.pods('web')).filter((p) => p.spec.containers[0]!.image === 'nginx:1.27').map((p) => p.metadata.name)).toEqual(['web-2']);
  });

  it('preNormal: a new pod waits in PreparingNormal until the hook is all-hooked, and OrderedReady waits with it', async () => {
    await env.apply(web(`  lifecycle:
    preNormal:
      labelsHandler: {traffic-online: "true"}`, 'apps.kruise.io/v1beta1', 2).replace('metadata: {labels: {app: web}}', 'metadata: {labels: {app: web, traffic-online: "false"}}'));
    await env.runUntil(async () => (await podNamed('web-0'))?.status?.phase === 'Running');
    await env.run(3_000);
    expect(state(await podNamed('web-0'))).toBe('PreparingNormal');
    expect(await podNamed('web-1')).toBeUndefined();
    expect(env.controller.lastPlan('default', 'web')!.blockers).toContainEqual(expect.objectContaining({ code: 'ORDERED_READY', message: 'OrderedReady: web-1 waits for web-0 to be Running and Ready' }));
    await label('web-0', { 'traffic-online': 'true' });
    await env.runUntil(async () => state(await podNamed('web-0')) === 'Normal' && (await podNamed('web-1')) !== undefined);
  });
});

describe('the plan the controller shows', () => {
  it('planNow runs the planner on the caches: partition in words, the next action, and undefined for an unknown set', async () => {
    await env.apply(web('  updateStrategy: {rollingUpdate: {partition: 2}}'));
    await ready(3);
    expect(env.controller.planNow('default', 'missing')).toBeUndefined();
    await env.patchSet('web', { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] } } });
    await env.runUntil(async () => (await env.set('web')).status?.updatedReplicas === 1 && (await env.set('web')).status?.availableReplicas === 3);
    const plan = env.controller.planNow('default', 'web')!;
    expect(plan.actions).toEqual([]);
    expect(plan.blockers).toContainEqual({ code: 'PARTITION', message: `partition keeps web-0..web-1 on revision ${plan.currentRevision}`, pods: ['web-0', 'web-1'] });
    expect(plan.complete).toBe(false);
    // With the kubelet frozen, the pod the controller deletes next stays terminating: the plan says who waits.
    env.cluster.kubelet.freeze();
    await env.patchSet('web', { updateStrategy: { rollingUpdate: { partition: 0 } } });
    await env.run(1_000);
    const next = env.controller.planNow('default', 'web')!;
    expect(next.actions).toEqual([]);
    expect(next.blockers).toContainEqual({ code: 'ORDERED_READY', message: 'OrderedReady: web-2 waits for web-1 to finish terminating', pods: ['web-1'] });
    expect(env.controller.lastPlan('default', 'web')!.blockers).toEqual(next.blockers);
    expect(env.controller.pendingScale('default', 'web')).toBeUndefined();
    env.cluster.kubelet.unfreeze();
    await env.runUntil(async () => (await env.set('web')).status?.updatedReplicas === 3 && (await env.set('web')).status?.availableReplicas === 3);
    expect(env.controller.planNow('default', 'web')!.complete).toBe(true);
  });
});

describe('apps/v1 StatefulSet', () => {
  it('runs with native defaults: OrderedReady one by one, minReadySeconds at spec level, native status fields, Kruise fields refused', async () => {
    await env.apply(web('  minReadySeconds: 3', 'apps/v1'));
    await env.runUntil(async () => (await env.nativeSet('web')).status?.availableReplicas === 3);
    const pods = await env.pods('web', true);
    const created = pods.map((p) => Date.parse(p.metadata.creationTimestamp!));
    // Each pod waits for its predecessor's readiness plus minReadySeconds (3 s).
    for (let i = 1; i < created.length; i++) expect(created[i]! - created[i - 1]!).toBeGreaterThanOrEqual(3_000);
    const native = await env.nativeSet('web');
    expect(native.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenDeleted: 'Retain', whenScaled: 'Retain' });
    expect(Object.keys(native.status!).sort()).toEqual(['availableReplicas', 'collisionCount', 'currentReplicas', 'currentRevision', 'observedGeneration', 'readyReplicas', 'replicas', 'updateRevision', 'updatedReplicas']);
    expect(pods.every((p) => p.metadata.labels!['lifecycle.apps.kruise.io/state'] === undefined && p.metadata.ownerReferences![0]!.apiVersion === 'apps/v1')).toBe(true);
    expect(pods.map(podOrdinal)).toEqual([0, 1, 2]);
    const refused = await env.cluster.store.patch(NATIVE_REF, 'default', 'web', { spec: { reserveOrdinals: [1] } }).catch((err: unknown) => err);
    expect(String((refused as Error).message)).toContain('spec.reserveOrdinals: Forbidden: not a field of apps/v1 StatefulSet');
    const reasons = new Set((await env.events()).map((e) => e.reason));
    expect(reasons).toEqual(new Set(['SuccessfulCreate']));
  });
});
