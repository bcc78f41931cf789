// End-to-end Parallel in-place rollout of a 1,000-pod Advanced StatefulSet in the embedded cluster on a
// ManualClock: the StatefulSet controller, scheduler and kubelet simulator all run; only time is
// simulated. Reports the simulated rollout duration against its ideal (waves x per-wave latency), the
// wall-clock cost, and the API writes the controller makes per pod. Run with `npm run bench`.
//
// The controller gets its own client (a counting wrapper around the store); the kubelet, scheduler,
// pod-readiness controller and event recorder write to the store directly, so the counts are the
// StatefulSet controller's writes only.
import { ControllerManager } from '@coxswain/controller-runtime';
import { DEFAULT_FEATURE_GATES, type KubeObject, type StatefulSet } from '@coxswain/kruise-api';
import { KRUISE_STATEFULSET, PodReadinessController, StatefulSetController } from '@coxswain/workloads';
import { startRig } from '../test/support/rig.js';
import { CountingClient } from './support/counting-client.js';
import { TenthsUpdated } from './support/milestones.js';

const PODS = 1_000;
const MAX_UNAVAILABLE = '10%'; // 100 pods: parser K rounds down (docs/spec/advanced-statefulset.md §4.5)
const KUBELET = { imagePullMs: 2_000, containerStartMs: 500, terminationMs: 1_000 };
const NODES = { zones: 3, nodesPerZone: 10, podCapacity: 110 };
const STEP_MS = 100;
const LIMIT_MS = 30 * 60_000;
const REF = KRUISE_STATEFULSET.ref;

const wallStart = performance.now();
let client!: CountingClient;
const rig = await startRig({ nodes: NODES, kubelet: KUBELET, controllerClient: (cluster) => (client = new CountingClient(cluster.store)) });
const { clock, cluster } = rig;
new StatefulSetController(rig.manager, { gates: DEFAULT_FEATURE_GATES, recorder: rig.recorder, log: rig.logger('error') });
// Kruise's pod-readiness controller gives new pods their KruisePodReady condition. A controller of its
// own, on the store directly like the kubelet: its writes are not the StatefulSet controller's.
const readinessManager = new ControllerManager({ client: cluster.store, clock, onInformerError: rig.onError });
new PodReadinessController(readinessManager, { log: rig.logger('error') });
await rig.start();
await readinessManager.start();

const runUntil = (done: (set: StatefulSet) => boolean, what: string, onStep?: (set: StatefulSet, elapsedMs: number) => void): Promise<number> =>
  rig.measureUntil(() => cluster.store.get<StatefulSet>(REF, 'default', 'web'), done, what, { limitMs: LIMIT_MS, step: STEP_MS, onStep });
const rolledOut = (image: string) => (set: StatefulSet) => {
  const s = set.status;
  return s !== undefined && s.observedGeneration === set.metadata.generation && set.spec.template.spec.containers[0]?.image === image
    && s.replicas === PODS && s.updatedReplicas === PODS && s.readyReplicas === PODS && s.currentRevision === s.updateRevision;
};

await cluster.store.create<KubeObject>({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    replicas: PODS, serviceName: 'web', podManagementPolicy: 'Parallel',
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }], containers: [{ name: 'web', image: 'nginx:1.25' }] } },
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: MAX_UNAVAILABLE } },
  },
} as KubeObject);
const createMs = await runUntil(rolledOut('nginx:1.25'), 'initial 1,000 ready pods');
const createWall = performance.now() - wallStart;

client.reset();
const rolloutWallStart = performance.now();
await cluster.store.patch(REF, 'default', 'web', { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.26' }] } } } });
const milestones = new TenthsUpdated(PODS);
const rolloutMs = await runUntil(rolledOut('nginx:1.26'), 'rollout to nginx:1.26', (set, elapsed) => milestones.observe(set.status, elapsed));
const rolloutWall = performance.now() - rolloutWallStart;

await readinessManager.stop();
await rig.stop();
rig.throwIfErrors();

// Ideal: waves of maxUnavailable pods, each taking an image pull plus a container restart. A node pulls
// an image once, and the first wave reaches every node, so the floor is one pull plus one restart per wave.
const maxUnavailable = Math.floor((10 * PODS) / 100);
const waves = Math.ceil(PODS / maxUnavailable);
const idealMs = waves * (KUBELET.imagePullMs + KUBELET.containerStartMs);
const floorMs = KUBELET.imagePullMs + waves * KUBELET.containerStartMs;
const podWrites = client.total('pod') + client.total('pvc');
const otherWrites = client.total('status') + client.total('other');
console.log(`Parallel in-place rollout of ${PODS.toLocaleString('en-US')} pods, maxUnavailable ${MAX_UNAVAILABLE}, ` +
  `kubelet pull ${KUBELET.imagePullMs} ms / start ${KUBELET.containerStartMs} ms, ${NODES.zones * NODES.nodesPerZone} nodes`);
console.log('| policy | pods | waves | ideal (s) | floor (s) | simulated (s) | ratio to ideal | ratio to floor | wall (s) | pod writes/pod | status+other writes/pod |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
console.log(`| InPlaceIfPossible | ${PODS.toLocaleString('en-US')} | ${waves} | ${(idealMs / 1000).toFixed(1)} | ${(floorMs / 1000).toFixed(1)} | ${(rolloutMs / 1000).toFixed(1)} | ` +
  `${(rolloutMs / idealMs).toFixed(2)} | ${(rolloutMs / floorMs).toFixed(2)} | ${(rolloutWall / 1000).toFixed(1)} | ${(podWrites / PODS).toFixed(2)} | ${(otherWrites / PODS).toFixed(3)} |`);
console.log(`updated+available 10%, 20%, ... 100% at (s): ${milestones}`);
console.log(`writes by kind and verb: ${client.describe()}`);
console.log(`initial creation of ${PODS} pods: ${(createMs / 1000).toFixed(1)} s simulated, ${(createWall / 1000).toFixed(1)} s wall incl. startup`);
