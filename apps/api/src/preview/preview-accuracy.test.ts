// The preview measured against what then happens: the demo CloneSet (`rollout-demo` of
// apps/api/demo/workloads.yaml, as `npm start` seeds it) is previewed rolling to the demo's next image,
// then the change is made on the embedded cluster and its pods are watched by the same wave rule; then
// the same for the demo UnitedDeployment (`sample-ud`, its StatefulSet subsets forked with it). The
// waves must match exactly (pods, actions, subsets, nodes, order) and the duration within 20%.
// docs/preview.md quotes the figures this prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EmbeddedCluster, ManualClock, MemoryPersistence, installKruiseCrds, kruiseAdmission, applyObjects } from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import { parseManifests, type KubeObject, type Node, type Pod } from '@coxswain/kruise-api';
import { workloadKind } from '@coxswain/workloads';
import { loadConfig } from '../config/config.js';
import { JsonLogger } from '../logging/json-logger.js';
import { registerControllers } from '../cluster-worker/controllers.js';
import { previewRollout } from './run-preview.js';
import { WaveRecorder } from './wave-recorder.js';

const config = loadConfig({}, process.cwd());
const CLONESET = workloadKind('CLONE_SET')!;
const UNITED = workloadKind('UNITED_DEPLOYMENT')!;
const DEMO = { namespace: 'default', name: 'rollout-demo' };
const STEP = 100;

let clock: ManualClock;
let cluster: EmbeddedCluster;
let manager: ControllerManager;

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await clock.advance(0);
    await cluster.scheduler.idle();
    await cluster.kubelet.idle();
  }
}

async function runUntil(done: () => Promise<boolean>, limitMs = 30 * 60_000): Promise<number> {
  const start = clock.now();
  while (!(await done())) {
    if (clock.now() - start > limitMs) throw new Error(`not done within ${limitMs} ms simulated`);
    await clock.advance(STEP);
    await settle();
  }
  return clock.now() - start;
}

async function demo(): Promise<KubeObject> {
  return cluster.store.get(CLONESET.ref, DEMO.namespace, DEMO.name);
}

async function settled(kind = CLONESET, name = DEMO.name): Promise<boolean> {
  const w = await cluster.store.get(kind.ref, DEMO.namespace, name);
  const s = kind.status(w);
  return s.observedGeneration === w.metadata.generation && s.updatedReadyReplicas === s.replicas && s.availableReplicas === s.replicas && s.replicas === kind.replicas(w);
}

beforeAll(async () => {
  clock = new ManualClock('2026-11-29T00:00:00Z');
  cluster = await EmbeddedCluster.start({
    clock, persistence: new MemoryPersistence(), nodes: config.cluster.nodes, kubelet: config.cluster.kubelet,
    admission: kruiseAdmission(config.controllers.featureGates), onError: () => {},
  });
  await installKruiseCrds(cluster.store);
  // The demo workloads as `npm start` seeds them (SEED_FILE), every one: the preview forks one workload out of a busy cluster.
  await applyObjects(cluster.store, parseManifests(readFileSync(join(import.meta.dirname, '../../demo/workloads.yaml'), 'utf8')), { seeder: cluster.store });
  manager = new ControllerManager({ client: cluster.store.localClient(), clock });
  const events = new ClusterEventRecorder({ client: cluster.store.localClient(), clock, component: 'kruise-manager', onError: () => {} });
  registerControllers(manager, config, events, new JsonLogger('error', () => {}));
  await manager.start();
  await runUntil(async () => (await settled()) && settled(UNITED, 'sample-ud'));
  // Rested, as the demo's rollouts are before the next one.
  await clock.advance(45_000);
  await settle();
}, 120_000);

afterAll(async () => {
  await manager.stop();
  await cluster.stop();
});

describe('previewRollout of the demo CloneSet\'s next image', () => {
  it('predicts the waves exactly and the duration within 20%, and writes nothing to the cluster', async () => {
    const writesBefore = [...cluster.store.writesByResource()];
    const nextImage = 'nginx:1.26-alpine';
    const preview = await previewRollout(cluster.store.localClient(), { kind: 'CLONE_SET', ...DEMO, change: { image: { container: 'nginx', image: nextImage } } }, {
      config, now: clock.now(), kubelet: config.cluster.kubelet,
    });
    expect([...cluster.store.writesByResource()]).toEqual(writesBefore);
    expect(preview.outcome).toBe('COMPLETE');

    // The change made for real, watched by the same rule.
    const pods = (await cluster.store.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: DEMO.namespace })).items;
    const before = await demo();
    const owned = pods.filter((p) => CLONESET.ownsPod(before, p));
    let latest = before;
    const start = clock.now();
    const recorder = new WaveRecorder(owned, start, (pod) => pod.metadata.labels?.['controller-revision-hash'], (pod) => CLONESET.isPodUpdated(latest, pod));
    const local = cluster.store.localClient();
    const podWatch = await local.watch<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: DEMO.namespace }, (e) => {
      if (CLONESET.ownsPod(latest, e.object)) recorder.observe(e.object, clock.now(), e.type === 'DELETED');
    });
    const workloadWatch = await local.watch(CLONESET.ref, { namespace: DEMO.namespace }, (e) => {
      if (e.object.metadata.name === DEMO.name) latest = e.object;
    });
    latest = await local.update(CLONESET.mutations.setImage(before, 'nginx', nextImage));
    const actualMs = await runUntil(() => settled());
    podWatch.stop();
    workloadWatch.stop();
    const nodes = (await local.list<Node>({ apiVersion: 'v1', kind: 'Node' })).items;
    const actual = recorder.waves(nodes);

    const shape = (waves: typeof actual) => waves.map((w) => w.pods.map((p) => `${p.pod}:${p.action}@${p.node}/${p.zone}`));
    const error = Math.abs(preview.durationMs - actualMs) / actualMs;
    process.stdout.write(`preview accuracy: waves predicted ${preview.waves.length} (${preview.waves.map((w) => w.pods.length).join('+')}), actual ${actual.length}; ` +
      `duration predicted ${preview.durationMs} ms, actual ${actualMs} ms, error ${(error * 100).toFixed(1)}%; ` +
      `wave starts predicted [${preview.waves.map((w) => w.startMs).join(', ')}] actual [${actual.map((w) => w.startMs).join(', ')}]; preview wall ${preview.wallMs} ms\n`);
    expect(actual.length).toBeGreaterThan(1);
    expect(shape(preview.waves)).toEqual(shape(actual));
    expect(error).toBeLessThanOrEqual(0.2);
    expect(preview.final.images).toEqual([nextImage]);
  }, 120_000);
});

describe('previewRollout of the demo UnitedDeployment\'s next image', () => {
  it('predicts the waves (with their subsets) exactly and the duration within 20%, and writes nothing', async () => {
    const name = 'sample-ud';
    const writesBefore = [...cluster.store.writesByResource()];
    const nextImage = 'nginx:1.27-alpine';
    const preview = await previewRollout(cluster.store.localClient(), { kind: 'UNITED_DEPLOYMENT', namespace: DEMO.namespace, name, change: { image: { container: 'nginx', image: nextImage } } }, {
      config, now: clock.now(), kubelet: config.cluster.kubelet,
    });
    expect([...cluster.store.writesByResource()]).toEqual(writesBefore);
    expect(preview.outcome).toBe('COMPLETE');

    const before = await cluster.store.get(UNITED.ref, DEMO.namespace, name);
    const pods = (await cluster.store.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: DEMO.namespace })).items;
    let latest = before;
    const start = clock.now();
    const recorder = new WaveRecorder(pods.filter((p) => UNITED.ownsPod(before, p)), start, (pod) => UNITED.podRevision!(pod), (pod) => UNITED.isPodUpdated(latest, pod),
      (pod) => UNITED.podSubset!(latest, pod) ?? null);
    const local = cluster.store.localClient();
    const podWatch = await local.watch<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: DEMO.namespace }, (e) => {
      if (UNITED.ownsPod(latest, e.object)) recorder.observe(e.object, clock.now(), e.type === 'DELETED');
    });
    const workloadWatch = await local.watch(UNITED.ref, { namespace: DEMO.namespace }, (e) => {
      if (e.object.metadata.name === name) latest = e.object;
    });
    latest = await local.update(UNITED.mutations.setImage(before, 'nginx', nextImage));
    const actualMs = await runUntil(() => settled(UNITED, name));
    podWatch.stop();
    workloadWatch.stop();
    const actual = recorder.waves((await local.list<Node>({ apiVersion: 'v1', kind: 'Node' })).items);

    const shape = (waves: typeof actual) => waves.map((w) => w.pods.map((p) => `${p.subset}/${p.pod}:${p.action}@${p.node}/${p.zone}`));
    const error = Math.abs(preview.durationMs - actualMs) / actualMs;
    process.stdout.write(`preview accuracy (UnitedDeployment): waves predicted ${JSON.stringify(shape(preview.waves))}, actual ${JSON.stringify(shape(actual))}; ` +
      `duration predicted ${preview.durationMs} ms, actual ${actualMs} ms, error ${(error * 100).toFixed(1)}%; ` +
      `wave starts predicted [${preview.waves.map((w) => w.startMs).join(', ')}] actual [${actual.map((w) => w.startMs).join(', ')}]; preview wall ${preview.wallMs} ms\n`);
    expect(preview.forked.pods).toBe(6);
    expect(actual.length).toBeGreaterThan(1);
    expect(shape(preview.waves)).toEqual(shape(actual));
    expect(error).toBeLessThanOrEqual(0.2);
    expect(preview.final.images).toEqual([nextImage]);
  }, 120_000);
});
