// apps/v1 Deployment and ReplicaSet controllers in the embedded cluster: pods created and deleted by
// ReplicaSets, a rolling update held within maxSurge and maxUnavailable at every change, Recreate,
// revision history, pause and the status Kubernetes shows.
import { afterEach, describe, expect, it } from '@jest/globals';
import { isNativePodReady } from '../../src/pod/native-pod-state.js';
import { isActive } from '../../src/pod/pod-state.js';
import type { Deployment, Pod, ReplicaSet } from '@coxswain/kruise-api';
import { DEPLOYMENT_REF, REPLICASET_REF, startUnitedEnv, type UnitedEnv } from '../support/united-env.js';

const manifest = (image: string, extra = '') => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 4
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: "${image}"}]}
${extra}`;

let env: UnitedEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

const deployment = () => env!.get<Deployment>(DEPLOYMENT_REF, 'web');
const replicaSets = async () => (await env!.list<ReplicaSet>(REPLICASET_REF)).sort((a, b) => Number(a.metadata.annotations?.['deployment.kubernetes.io/revision']) - Number(b.metadata.annotations?.['deployment.kubernetes.io/revision']));
const done = async () => {
  const d = await deployment();
  const n = d.spec.replicas;
  return d.status?.observedGeneration === d.metadata.generation && d.status?.updatedReplicas === n && d.status?.availableReplicas === n && d.status?.replicas === n;
};

/** Watches every pod change and keeps the extremes the strategy bounds. */
async function census(e: UnitedEnv) {
  const pods = new Map<string, Pod>();
  const seen = { maxActive: 0, minReady: Infinity, order: [] as string[] };
  for (const pod of await e.pods()) pods.set(pod.metadata.uid!, pod);
  const handle = await e.cluster.store.watch<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'default', resourceVersion: e.cluster.store.currentResourceVersion() }, (event) => {
    if (event.type === 'DELETED') pods.delete(event.object.metadata.uid!);
    else pods.set(event.object.metadata.uid!, event.object);
    const active = [...pods.values()].filter(isActive);
    seen.maxActive = Math.max(seen.maxActive, active.length);
    seen.minReady = Math.min(seen.minReady, active.filter(isNativePodReady).length);
    if (event.type === 'ADDED') seen.order.push(`+${event.object.spec.containers[0]!.image}`);
    if (event.object.metadata.deletionTimestamp && event.type === 'MODIFIED' && !seen.order.includes(`-${event.object.metadata.name}`)) seen.order.push(`-${event.object.metadata.name}`);
  });
  return { seen, stop: () => handle.stop() };
}

/** A Deployment with `strategy` at nginx:1.25, then rolled to nginx:1.27 under a pod census (stopped once revision 2 is done). */
async function rollOut(strategy: string): Promise<Awaited<ReturnType<typeof census>>> {
  env = await startUnitedEnv();
  await env.apply(manifest('nginx:1.25', strategy));
  await env.runUntil(done);
  const watch = await census(env);
  await env.apply(manifest('nginx:1.27', strategy));
  await env.runUntil(async () => (await deployment()).metadata.annotations?.['deployment.kubernetes.io/revision'] === '2' && done());
  watch.stop();
  return watch;
}

describe('Deployment', () => {
  it('creates a ReplicaSet named by the template hash whose pods become Ready, and reports Kubernetes\' status', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest('nginx:1.25'));
    await env.runUntil(done);
    const [rs] = await replicaSets();
    const hash = rs!.metadata.labels!['pod-template-hash']!;
    expect(rs!.metadata.name).toBe(`web-${hash}`);
    expect(rs!.spec.selector.matchLabels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs!.metadata.annotations).toMatchObject({ 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '4', 'deployment.kubernetes.io/max-replicas': '5' });
    const pods = (await env.pods()).filter(isActive);
    expect(pods).toHaveLength(4);
    for (const pod of pods) {
      expect(pod.metadata.name).toMatch(new RegExp(`^web-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
      expect(pod.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
      expect(pod.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'ReplicaSet', name: rs!.metadata.name, controller: true })]);
    }
    const d = await deployment();
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(d.status).toMatchObject({ replicas: 4, updatedReplicas: 4, readyReplicas: 4, availableReplicas: 4, unavailableReplicas: 0 });
    expect(d.status?.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable'],
      ['Progressing', 'True', 'NewReplicaSetAvailable'],
    ]);
    expect((await env.events()).map((e) => e.reason)).toEqual(expect.arrayContaining(['ScalingReplicaSet', 'SuccessfulCreate']));
    expect(env.errors).toEqual([]);
  });

  it.each([
    ['maxSurge 1, maxUnavailable 0', 1, 0],
    ['maxSurge 0, maxUnavailable 2', 0, 2],
    ['maxSurge 2, maxUnavailable 1', 2, 1],
  ])('rolls a new image within %s at every change', async (_name, maxSurge, maxUnavailable) => {
    const watch = await rollOut(`  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: ${maxSurge}, maxUnavailable: ${maxUnavailable}}}`);
    expect(watch.seen.maxActive).toBeLessThanOrEqual(4 + maxSurge);
    expect(watch.seen.minReady).toBeGreaterThanOrEqual(4 - maxUnavailable);
    const [old, fresh] = await replicaSets();
    expect([old!.spec.replicas, fresh!.spec.replicas]).toEqual([0, 4]);
    const pods = (await env!.pods()).filter(isActive);
    expect(pods.map((p) => p.spec.containers[0]!.image)).toEqual(Array(4).fill('nginx:1.27'));
    expect(env!.errors).toEqual([]);
  });

  it('Recreate deletes every old pod before creating a new one', async () => {
    const watch = await rollOut('  strategy: {type: Recreate}');
    const firstNew = watch.seen.order.indexOf('+nginx:1.27');
    expect(watch.seen.order.slice(0, firstNew).filter((e) => e.startsWith('-'))).toHaveLength(4);
    expect(watch.seen.maxActive).toBe(4);
    expect(env!.errors).toEqual([]);
  });

  it('keeps revisionHistoryLimit old ReplicaSets', async () => {
    env = await startUnitedEnv();
    const limit = '  revisionHistoryLimit: 1';
    for (const image of ['nginx:1.25', 'nginx:1.26', 'nginx:1.27']) {
      await env.apply(manifest(image, limit));
      await env.runUntil(done);
    }
    await env.run(2000);
    const list = await replicaSets();
    expect(list.map((rs) => [rs.metadata.annotations?.['deployment.kubernetes.io/revision'], rs.spec.replicas])).toEqual([['2', 0], ['3', 4]]);
    expect(env.errors).toEqual([]);
  });

  it('scales a ReplicaSet down by deleting pods, and pauses rollouts but not scaling', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest('nginx:1.25'));
    await env.runUntil(done);
    await env.patch(DEPLOYMENT_REF, 'web', { spec: { paused: true, replicas: 2, template: { spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } } } });
    await env.runUntil(async () => (await env!.pods()).filter(isActive).length === 2);
    await env.run(3000);
    expect(await replicaSets()).toHaveLength(1);
    expect((await deployment()).status?.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused' });
    await env.patch(DEPLOYMENT_REF, 'web', { spec: { paused: false } });
    await env.runUntil(async () => (await replicaSets()).length === 2 && done());
    expect((await env.pods()).filter(isActive).map((p) => p.spec.containers[0]!.image)).toEqual(['nginx:1.27', 'nginx:1.27']);
    expect(env.errors).toEqual([]);
  });

  it('replaces a pod deleted from outside', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest('nginx:1.25'));
    await env.runUntil(done);
    const [victim] = (await env.pods()).filter(isActive);
    await env.cluster.store.delete({ apiVersion: 'v1', kind: 'Pod' }, 'default', victim!.metadata.name!);
    await env.runUntil(async () => (await env!.pods()).filter((p) => isActive(p) && isNativePodReady(p)).length === 4 && !(await env!.pods()).some((p) => p.metadata.uid === victim!.metadata.uid));
    expect(env.errors).toEqual([]);
  });
});
