// Preview scenarios on a small embedded cluster, each previewed and then, where it says what the cluster
// would do, made for real and compared: node capacity taken by another workload's pods (forked as they are,
// never reconciled in the fork). docs/preview.md is the guide.
import { afterEach, describe, expect, it } from '@jest/globals';
import { EmbeddedCluster, ManualClock, MemoryPersistence, applyObjects, installKruiseCrds, kruiseAdmission } from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import { parseManifests, type KubeObject, type Pod } from '@coxswain/kruise-api';
import { workloadKind, type WorkloadKindName } from '@coxswain/workloads';
import { loadConfig } from '../config/config.js';
import { JsonLogger } from '../logging/json-logger.js';
import { registerControllers, type PlanSource } from '../cluster-worker/controllers.js';
import { readForkSnapshot } from './fork-snapshot.js';
import { previewRollout } from './run-preview.js';
import type { ProposedChange } from './preview-types.js';

const STEP = 100;

class Scenario {
  private constructor(
    readonly clock: ManualClock,
    readonly cluster: EmbeddedCluster,
    private readonly manager: ControllerManager,
    readonly plans: ReadonlyMap<WorkloadKindName, PlanSource>,
    readonly config: ReturnType<typeof loadConfig>,
  ) {}

  /** An embedded cluster of `env`'s simulated nodes running the server's controllers, with `yaml` applied and settled. */
  static async start(env: Record<string, string>, yaml: string, settled: (s: Scenario) => Promise<boolean>): Promise<Scenario> {
    const config = loadConfig(env, process.cwd());
    const clock = new ManualClock('2026-11-29T00:00:00Z');
    const cluster = await EmbeddedCluster.start({
      clock, persistence: new MemoryPersistence(), nodes: config.cluster.nodes, kubelet: config.cluster.kubelet,
      admission: kruiseAdmission(config.controllers.featureGates), onError: () => {},
    });
    await installKruiseCrds(cluster.store);
    const manager = new ControllerManager({ client: cluster.store.localClient(), clock });
    const events = new ClusterEventRecorder({ client: cluster.store.localClient(), clock, component: 'kruise-manager', onError: () => {} });
    const { plans } = registerControllers(manager, config, events, new JsonLogger('error', () => {}));
    await manager.start();
    await applyObjects(cluster.store, parseManifests(yaml), { seeder: cluster.store });
    const scenario = new Scenario(clock, cluster, manager, plans, config);
    await scenario.runUntil(() => settled(scenario));
    return scenario;
  }

  async settle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await this.clock.advance(0);
      await this.cluster.scheduler.idle();
      await this.cluster.kubelet.idle();
    }
  }

  async runUntil(done: () => Promise<boolean>, limitMs = 10 * 60_000): Promise<number> {
    const start = this.clock.now();
    while (!(await done())) {
      if (this.clock.now() - start > limitMs) throw new Error(`not done within ${limitMs} ms simulated`);
      await this.clock.advance(STEP);
      await this.settle();
    }
    return this.clock.now() - start;
  }

  workload(kind: WorkloadKindName, name: string): Promise<KubeObject> {
    return this.cluster.store.get(workloadKind(kind)!.ref, 'default', name);
  }

  async ready(kind: WorkloadKindName, name: string): Promise<boolean> {
    const d = workloadKind(kind)!;
    const w = await this.workload(kind, name);
    const s = d.status(w);
    return s.observedGeneration === w.metadata.generation && s.replicas === d.replicas(w) && s.updatedReadyReplicas === s.replicas;
  }

  async preview(kind: WorkloadKindName, name: string, change: ProposedChange) {
    const writes = [...this.cluster.store.writesByResource()];
    const answer = await previewRollout(this.cluster.store.localClient(), { kind, namespace: 'default', name, change }, {
      config: this.config, now: this.clock.now(), kubelet: this.config.cluster.kubelet,
    });
    // Never a write to the cluster previewed.
    expect([...this.cluster.store.writesByResource()]).toEqual(writes);
    return answer;
  }

  async stop(): Promise<void> {
    await this.manager.stop();
    await this.cluster.stop();
  }
}

const cloneSet = (name: string, replicas: number) => `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: ${name}, namespace: default }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec: { containers: [{ name: main, image: "nginx:1.27" }] }
  updateStrategy: { type: InPlaceIfPossible, maxUnavailable: 1 }
`;

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.stop();
  scenario = undefined;
});

describe('other workloads\' pods are node capacity in the fork', () => {
  it('copies other pods up to the cap and counts the rest left out, instead of refusing a large cluster', async () => {
    // filler's 3 pods live in another namespace, on the same node as web's.
    const other = `apiVersion: v1\nkind: Namespace\nmetadata: { name: other }\n---\n${cloneSet('filler', 3).replace('namespace: default', 'namespace: other')}`;
    const s = scenario = await Scenario.start({ SIM_ZONES: '1', SIM_NODES_PER_ZONE: '1', SIM_POD_CAPACITY: '8' }, `${other}---\n${cloneSet('web', 1)}`,
      async (sc) => (await sc.ready('CLONE_SET', 'web')) && (await sc.cluster.store.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'other' })).items.filter((p) => p.spec.nodeName).length === 3);
    const request = { kind: 'CLONE_SET' as const, namespace: 'default', name: 'web', change: { scale: { replicas: 2 } } };
    // A cap of 2: web's own pod and one of filler's are copied, filler's other two only counted.
    const snapshot = await readForkSnapshot(s.cluster.store.localClient(), request, 2);
    expect({ pods: snapshot.pods.length, others: snapshot.others.length, leftOut: snapshot.othersLeftOut }).toEqual({ pods: 1, others: 1, leftOut: 2 });
    // The workload's own namespace over the cap is still refused, naming it.
    await expect(readForkSnapshot(s.cluster.store.localClient(), request, 0)).rejects.toThrow('the namespace default holds more than 0 pods: a preview forks at most 0');
  });

  it('a node full of another workload\'s pods stops a scale-up as the cluster does: UNSCHEDULABLE', async () => {
    // One node of 4 pods: `filler` takes 3, `web` 1; web scaled to 2 has nowhere to go.
    const s = scenario = await Scenario.start({ SIM_ZONES: '1', SIM_NODES_PER_ZONE: '1', SIM_POD_CAPACITY: '4' }, `${cloneSet('filler', 3)}---\n${cloneSet('web', 1)}`,
      async (sc) => (await sc.ready('CLONE_SET', 'filler')) && (await sc.ready('CLONE_SET', 'web')));
    const preview = await s.preview('CLONE_SET', 'web', { scale: { replicas: 2 } });
    expect(preview.forked).toEqual({ pods: 1, otherPods: 3, otherPodsLeftOut: 0, volumeClaims: 0, nodes: 1 });
    expect(preview.outcome).toBe('STOPPED');
    const predicted = preview.stops.filter((x) => x.code === 'UNSCHEDULABLE');
    expect(predicted).toHaveLength(1);
    expect(predicted[0]!.message).toMatch(/Too many pods/);
    expect(preview.final).toMatchObject({ replicas: 2, updatedReadyReplicas: 1 });

    // The change made for real: the same stop, the same words (the pod's generated name aside).
    const web = await s.workload('CLONE_SET', 'web');
    await s.cluster.store.localClient().update(workloadKind('CLONE_SET')!.mutations.scaleWorkload(web, 2));
    await s.runUntil(async () => {
      const pods = (await s.cluster.store.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'default' })).items;
      return pods.some((p) => p.status?.conditions?.some((c) => c.type === 'PodScheduled' && c.reason === 'Unschedulable'));
    });
    await s.clock.advance(1000);
    await s.settle();
    const actual = (s.plans.get('CLONE_SET')!.planNow('default', 'web')?.blockers ?? []).filter((b) => b.code === 'UNSCHEDULABLE');
    const words = (m: string) => m.replace(/web-[a-z0-9]+/g, 'web-*');
    expect(actual.map((b) => words(b.message))).toEqual(predicted.map((b) => words(b.message)));
    // The filler's pods were only room in the fork: untouched in the cluster too.
    expect(await s.ready('CLONE_SET', 'filler')).toBe(true);
  }, 120_000);
});

const united = (template: 'cloneSetTemplate' | 'deploymentTemplate', partitions: Record<string, number>) => `apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: { name: ud, namespace: default }
spec:
  replicas: 4
  selector: { matchLabels: { app: ud } }
  template:
    ${template}:
      metadata: { labels: { app: ud } }
      spec:
        selector: { matchLabels: { app: ud } }
        template:
          metadata: { labels: { app: ud } }
          spec: { containers: [{ name: main, image: "nginx:1.27" }] }
  topology:
    subsets:
    - { name: subset-a, nodeSelectorTerm: { matchExpressions: [{ key: node, operator: In, values: [zone-a] }] }, replicas: 2 }
    - { name: subset-b, nodeSelectorTerm: { matchExpressions: [{ key: node, operator: In, values: [zone-b] }] } }
  updateStrategy:
    type: Manual
    manualUpdate: { partitions: ${JSON.stringify(partitions)} }
`;

/** Each wave as `subset/action@zone` per pod, sorted within the wave (pod names are generated). */
const waveShape = (waves: { pods: { subset: string | null; action: string; zone: string | null }[] }[]) =>
  waves.map((w) => w.pods.map((p) => `${p.subset}/${p.action}@${p.zone}`).sort());

describe('a UnitedDeployment preview forks its subset workloads', () => {
  const TWO_ZONES = { SIM_ZONES: '2', SIM_NODES_PER_ZONE: '2' };

  it('CloneSet subsets: an image change recreates subset-a, one pod a wave, and stops at subset-b\'s partition; then subset-b\'s partition lifted rolls subset-b', async () => {
    const s = scenario = await Scenario.start(TWO_ZONES, united('cloneSetTemplate', { 'subset-a': 0, 'subset-b': 2 }), (sc) => sc.ready('UNITED_DEPLOYMENT', 'ud'));
    const image = await s.preview('UNITED_DEPLOYMENT', 'ud', { image: { container: 'main', image: 'nginx:1.28' } });
    expect(image.forked).toMatchObject({ pods: 4, otherPods: 0, nodes: 4 });
    expect(image.outcome).toBe('STOPPED');
    expect(image.stops.map((x) => x.code)).toContain('PARTITION');
    // The subset CloneSet's defaults (ReCreate, maxUnavailable 20% of 2, at least 1): one pod at a time, its replacement created with it.
    const recreate = (zone: string) => [`${zone === 'zone-a' ? 'subset-a' : 'subset-b'}/CREATE@${zone}`, `${zone === 'zone-a' ? 'subset-a' : 'subset-b'}/DELETE@${zone}`];
    expect(waveShape(image.waves)).toEqual([recreate('zone-a'), recreate('zone-a')]);
    expect(image.final).toMatchObject({ replicas: 4, updatedReadyReplicas: 2, images: ['nginx:1.28'] });

    // The image change made, held at subset-b's partition; the preview of lifting it rolls subset-b only.
    const d = workloadKind('UNITED_DEPLOYMENT')!;
    await s.cluster.store.localClient().update(d.mutations.setImage(await s.workload('UNITED_DEPLOYMENT', 'ud'), 'main', 'nginx:1.28'));
    await s.runUntil(async () => d.status(await s.workload('UNITED_DEPLOYMENT', 'ud')).updatedReadyReplicas === 2);
    const lift = await s.preview('UNITED_DEPLOYMENT', 'ud', { partition: { value: 0, subset: 'subset-b' } });
    expect(lift.outcome).toBe('COMPLETE');
    expect(waveShape(lift.waves)).toEqual([recreate('zone-b'), recreate('zone-b')]);
    expect(lift.final).toMatchObject({ replicas: 4, updatedReadyReplicas: 4 });
  }, 120_000);

  it('Deployment subsets: the fork holds their ReplicaSets, and a scale-up adds pods to the subset without a fixed size', async () => {
    const s = scenario = await Scenario.start(TWO_ZONES, united('deploymentTemplate', {}), (sc) => sc.ready('UNITED_DEPLOYMENT', 'ud'));
    const scale = await s.preview('UNITED_DEPLOYMENT', 'ud', { scale: { replicas: 6 } });
    expect(scale.outcome).toBe('COMPLETE');
    expect(scale.forked.pods).toBe(4);
    // subset-a keeps its 2; subset-b takes the rest: two new pods, created together.
    expect(waveShape(scale.waves)).toEqual([['subset-b/CREATE@zone-b', 'subset-b/CREATE@zone-b']]);
    expect(scale.final).toMatchObject({ replicas: 6, updatedReadyReplicas: 6 });

    const image = await s.preview('UNITED_DEPLOYMENT', 'ud', { image: { container: 'main', image: 'nginx:1.28' } });
    expect(image.outcome).toBe('COMPLETE');
    expect(image.final).toMatchObject({ replicas: 4, updatedReadyReplicas: 4, images: ['nginx:1.28'] });
    const pods = image.waves.flatMap((w) => w.pods);
    expect(pods.filter((p) => p.action === 'CREATE').map((p) => p.subset).sort()).toEqual(['subset-a', 'subset-a', 'subset-b', 'subset-b']);
    expect(pods.filter((p) => p.action === 'DELETE')).toHaveLength(4);
  }, 120_000);

  it('refuses what the UnitedDeployment mutations refuse, naming the argument', async () => {
    const s = scenario = await Scenario.start(TWO_ZONES, united('cloneSetTemplate', {}), (sc) => sc.ready('UNITED_DEPLOYMENT', 'ud'));
    await expect(s.preview('UNITED_DEPLOYMENT', 'ud', { paused: true })).rejects.toMatchObject({ field: 'change.paused', message: expect.stringMatching(/no pause/) });
    await expect(s.preview('UNITED_DEPLOYMENT', 'ud', { partition: { value: 1, subset: 'nope' } })).rejects.toMatchObject({ field: 'change.partition' });
    // A subset partition counts pods: no percentage.
    await expect(s.preview('UNITED_DEPLOYMENT', 'ud', { partition: { value: '50%' } })).rejects.toMatchObject({ field: 'change.partition', message: expect.stringMatching(/non-negative integer/) });
  }, 120_000);
});

const statefulSet = (name: string, replicas: number) => `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata: { name: ${name}, namespace: default }
spec:
  replicas: ${replicas}
  serviceName: ${name}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec: { containers: [{ name: main, image: "nginx:1.27" }] }
`;

describe('a whole manifest as the proposed change', () => {
  const start = () => Scenario.start({}, `${cloneSet('web', 4)}---\n${statefulSet('db', 3)}`,
    async (sc) => (await sc.ready('CLONE_SET', 'web')) && (await sc.ready('STATEFUL_SET', 'db')));

  it('rolls what the manifest changes, strategy included (CloneSet, YAML and JSON; Advanced StatefulSet)', async () => {
    const s = scenario = await start();
    // The image and maxUnavailable 1 → 2 at once: two waves of two, where setImage alone would take four.
    const yaml = cloneSet('web', 4).replace('nginx:1.27', 'nginx:1.28').replace('maxUnavailable: 1', 'maxUnavailable: 2');
    const answer = await s.preview('CLONE_SET', 'web', { manifest: yaml });
    expect(answer.outcome).toBe('COMPLETE');
    expect(answer.waves.map((w) => w.pods.map((p) => p.action))).toEqual([['UPDATE_IN_PLACE', 'UPDATE_IN_PLACE'], ['UPDATE_IN_PLACE', 'UPDATE_IN_PLACE']]);
    expect(answer.final).toMatchObject({ replicas: 4, updatedReadyReplicas: 4, images: ['nginx:1.28'] });
    const json = JSON.stringify((await import('@coxswain/kruise-api')).parseManifests(yaml)[0]);
    expect((await s.preview('CLONE_SET', 'web', { manifest: json })).waves.map((w) => w.pods.length)).toEqual([2, 2]);
    const setImageOnly = await s.preview('CLONE_SET', 'web', { image: { container: 'main', image: 'nginx:1.28' } });
    expect(setImageOnly.waves.map((w) => w.pods.length)).toEqual([1, 1, 1, 1]);

    // An Advanced StatefulSet recreates its pods one at a time, highest ordinal first.
    const db = await s.preview('STATEFUL_SET', 'db', { manifest: statefulSet('db', 3).replace('nginx:1.27', 'nginx:1.28') });
    expect(db.outcome).toBe('COMPLETE');
    expect(db.waves.map((w) => w.pods.map((p) => `${p.pod}:${p.action}`))).toEqual([['db-2:DELETE'], ['db-1:DELETE'], ['db-0:DELETE']]);
    expect(db.final).toMatchObject({ replicas: 3, updatedReadyReplicas: 3, images: ['nginx:1.28'] });
  }, 120_000);

  it('also for a UnitedDeployment: a manifest with the image and a subset partition', async () => {
    const s = scenario = await Scenario.start({ SIM_ZONES: '2', SIM_NODES_PER_ZONE: '2' }, united('cloneSetTemplate', { 'subset-a': 0, 'subset-b': 0 }), (sc) => sc.ready('UNITED_DEPLOYMENT', 'ud'));
    const manifest = united('cloneSetTemplate', { 'subset-a': 0, 'subset-b': 2 }).replace('nginx:1.27', 'nginx:1.28');
    const answer = await s.preview('UNITED_DEPLOYMENT', 'ud', { manifest });
    expect(answer.outcome).toBe('STOPPED');
    expect(answer.stops.map((x) => x.code)).toContain('PARTITION');
    expect(new Set(answer.waves.flatMap((w) => w.pods.map((p) => p.subset)))).toEqual(new Set(['subset-a']));
    expect(answer.final).toMatchObject({ replicas: 4, updatedReadyReplicas: 2, images: ['nginx:1.28'] });
  }, 120_000);

  // [what, manifest, the field the refusal names]
  const web = cloneSet('web', 4);
  const hostile: [string, string, string | RegExp][] = [
    ['another kind', statefulSet('web', 4), 'change.manifest.kind'],
    ['another name', cloneSet('other', 4), 'change.manifest.metadata.name'],
    ['another namespace', web.replace('namespace: default', 'namespace: kube-system'), 'change.manifest.metadata.namespace'],
    ['malformed YAML', 'kind: CloneSet\nmetadata: { name: [web', 'change.manifest'],
    ['a NUL byte', web.replace('web', 'w\u0000eb'), 'change.manifest'],
    ['no document', '   \n', 'change.manifest'],
    ['two documents', `${web}---\n${web}`, 'change.manifest'],
    ['an unknown field', web.replace('replicas: 4', 'replicas: 4\n  bogus: 1'), 'change.manifest.spec.bogus'],
    ['a huge number of replicas', web.replace('replicas: 4', 'replicas: 1e300'), /change\.manifest\.spec\.replicas/],
    ['replicas past the fork cap', web.replace('replicas: 4', 'replicas: 2000000'), 'change.manifest.spec.replicas'],
    ['a partition over 100% (the cluster\'s admission)', web.replace('maxUnavailable: 1', 'maxUnavailable: 1, partition: "150%"'), /change\.manifest\.spec\.updateStrategy\.partition/],
    ['a status', `${web}status: { replicas: 9 }\n`, 'change.manifest.status'],
    ['a manifest of 2 MB', `${web}# ${'x'.repeat(2_000_000)}\n`, 'change.manifest'],
  ];
  it.each(hostile)('refuses %s, naming the field, and writes nothing', async (_what, manifest, field) => {
    const s = scenario = await start();
    const writes = [...s.cluster.store.writesByResource()];
    const refusal = await s.preview('CLONE_SET', 'web', { manifest }).then(() => undefined, (err: unknown) => err as { name: string; field: string; message: string; fieldErrors: { field: string }[] });
    expect(refusal?.name).toBe('PreviewInputError');
    const named = [refusal!.field, ...refusal!.fieldErrors.map((f) => f.field)];
    if (typeof field === 'string') expect(named).toContain(field);
    else expect(named.some((f) => field.test(f))).toBe(true);
    process.stdout.write(`refused ${_what}: ${refusal!.message.slice(0, 300)}\n`);
    expect(refusal!.message).not.toMatch(/\bat .+\.(js|ts):\d+/);
    expect([...s.cluster.store.writesByResource()]).toEqual(writes);
  }, 60_000);
});

describe('an Advanced StatefulSet\'s volume claims are forked', () => {
  it('copies the bound claims of every ordinal, a scaled-away one included, and rolls the pods over them', async () => {
    const db = statefulSet('db', 3).replace('serviceName: db', `serviceName: db
  persistentVolumeClaimRetentionPolicy: { whenScaled: Retain }
  volumeClaimTemplates:
  - metadata: { name: data }
    spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }`)
      .replace('spec: { containers: [{ name: main, image: "nginx:1.27" }] }', 'spec: { containers: [{ name: main, image: "nginx:1.27", volumeMounts: [{ name: data, mountPath: /data }] }] }');
    const s = scenario = await Scenario.start({}, `${db}---\n${cloneSet('web', 1)}`, async (sc) => (await sc.ready('STATEFUL_SET', 'db')) && (await sc.ready('CLONE_SET', 'web')));
    const claims = async () => (await s.cluster.store.list<KubeObject & { status?: { phase?: string } }>({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' }, { namespace: 'default' })).items;
    await s.runUntil(async () => (await claims()).filter((c) => c.status?.phase === 'Bound').length === 3);
    // Scaled to 2: data-db-2 stays (Retain), bound, with no pod.
    await s.cluster.store.localClient().update(workloadKind('STATEFUL_SET')!.mutations.scaleWorkload(await s.workload('STATEFUL_SET', 'db'), 2));
    await s.runUntil(() => s.ready('STATEFUL_SET', 'db'));
    expect((await claims()).map((c) => c.metadata.name).sort()).toEqual(['data-db-0', 'data-db-1', 'data-db-2']);

    const image = await s.preview('STATEFUL_SET', 'db', { image: { container: 'main', image: 'nginx:1.28' } });
    expect(image.forked).toMatchObject({ pods: 2, volumeClaims: 3, otherPods: 1 });
    expect(image.outcome).toBe('COMPLETE');
    expect(image.waves.map((w) => w.pods.map((p) => `${p.pod}:${p.action}`))).toEqual([['db-1:DELETE'], ['db-0:DELETE']]);
    const scale = await s.preview('STATEFUL_SET', 'db', { scale: { replicas: 3 } });
    expect(scale.outcome).toBe('COMPLETE');
    expect(scale.final).toMatchObject({ replicas: 3, updatedReadyReplicas: 3 });
    // Another workload's claims are not the StatefulSet's: the CloneSet web has none, and none are counted for it.
    expect((await s.preview('CLONE_SET', 'web', { scale: { replicas: 2 } })).forked.volumeClaims).toBe(0);
  }, 120_000);
});
