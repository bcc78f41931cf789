// End-to-end rollout of a UnitedDeployment of 3 subsets x 1,000 pods (CloneSet subsets, in place,
// maxUnavailable 10% in each) to a new image, in the embedded cluster on a ManualClock: every
// controller, the scheduler and the kubelet simulator run; only time is simulated. Reports the
// simulated rollout time against its ideal (the subsets roll in parallel: waves of one subset x
// (image pull + container restart)), the wall-clock cost, and the writes per pod. Run with `npm run bench`.
import { DEFAULT_FEATURE_GATES, type KubeObject, type UnitedDeployment } from '@coxswain/kruise-api';
import { CloneSetController, UnitedDeploymentController } from '@coxswain/workloads';
import { UNITED_DEPLOYMENT_REF } from '@coxswain/workloads/testing';
import { startRig } from '../test/support/rig.js';
import { CountingClient } from './support/counting-client.js';

const PER_SUBSET = Number(process.env['BENCH_PER_SUBSET'] ?? 1_000);
const SUBSETS = ['a', 'b', 'c'];
const PODS = PER_SUBSET * SUBSETS.length;
const MAX_UNAVAILABLE = '10%';
const KUBELET = { imagePullMs: 2_000, containerStartMs: 500, terminationMs: 1_000 };
const NODES = { zones: 3, nodesPerZone: 10, podCapacity: 110 };
const STEP_MS = 100;
const LIMIT_MS = 30 * 60_000;

const wallStart = performance.now();
let client!: CountingClient;
const rig = await startRig({ nodes: NODES, kubelet: KUBELET, controllerClient: (cluster) => (client = new CountingClient(cluster.store)) });
const { cluster } = rig;
const log = rig.logger('error', 'warn');
new CloneSetController(rig.manager, { gates: DEFAULT_FEATURE_GATES, recorder: rig.recorder, log });
new UnitedDeploymentController(rig.manager, { recorder: rig.recorder, log });
await rig.start();

const runUntil = (done: (ud: UnitedDeployment) => boolean, what: string): Promise<number> =>
  rig.measureUntil(() => cluster.store.get<UnitedDeployment>(UNITED_DEPLOYMENT_REF, 'default', 'big'), done, what, { limitMs: LIMIT_MS, step: STEP_MS, failFast: true });
const rolledOut = (revisionBefore?: string) => (ud: UnitedDeployment) => {
  const s = ud.status;
  return s !== undefined && s.observedGeneration === ud.metadata.generation && s.updatedReadyReplicas === PODS && s.readyReplicas === PODS
    && s.currentRevision === s.updatedRevision && s.updatedRevision !== revisionBefore;
};
const manifest = (image: string): KubeObject => ({
  apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment', metadata: { name: 'big', namespace: 'default' },
  spec: {
    replicas: PODS, selector: { matchLabels: { app: 'big' } },
    template: {
      cloneSetTemplate: {
        metadata: { labels: { app: 'big' } },
        spec: {
          selector: { matchLabels: { app: 'big' } },
          template: { metadata: { labels: { app: 'big' } }, spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }], containers: [{ name: 'web', image }] } },
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: MAX_UNAVAILABLE } },
        },
      },
    },
    topology: { subsets: SUBSETS.map((z) => ({ name: `subset-${z}`, nodeSelectorTerm: { matchExpressions: [{ key: 'node', operator: 'In', values: [`zone-${z}`] }] } })) },
  },
} as KubeObject);

await cluster.store.create(manifest('nginx:1.25'));
const createMs = await runUntil(rolledOut(), 'initial 3,000 ready pods');
const createWall = performance.now() - wallStart;
const before = (await cluster.store.get<UnitedDeployment>(UNITED_DEPLOYMENT_REF, 'default', 'big')).status!.updatedRevision;

client.reset();
const rolloutWallStart = performance.now();
await cluster.store.patch(UNITED_DEPLOYMENT_REF, 'default', 'big', {
  spec: { template: { cloneSetTemplate: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.26' }] } } } } } },
});
const rolloutMs = await runUntil(rolledOut(before), 'rollout to nginx:1.26');
const rolloutWall = performance.now() - rolloutWallStart;

await rig.stop();
rig.throwIfErrors();

// The subsets roll in parallel, each in waves of maxUnavailable pods, each wave an image pull and a restart.
const perWave = Math.floor((10 * PER_SUBSET) / 100);
const waves = Math.ceil(PER_SUBSET / perWave);
const idealMs = waves * (KUBELET.imagePullMs + KUBELET.containerStartMs);
const floorMs = KUBELET.imagePullMs + waves * KUBELET.containerStartMs;
console.log(`UnitedDeployment of ${SUBSETS.length} CloneSet subsets x ${PER_SUBSET.toLocaleString('en-US')} pods, in place, maxUnavailable ${MAX_UNAVAILABLE} per subset, ` +
  `kubelet pull ${KUBELET.imagePullMs} ms / start ${KUBELET.containerStartMs} ms, ${NODES.zones * NODES.nodesPerZone} nodes`);
console.log('| pods | waves per subset | ideal (s) | floor (s) | simulated (s) | ratio to ideal | ratio to floor | wall (s) | pod writes/pod | workload+status writes |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
console.log(`| ${PODS.toLocaleString('en-US')} | ${waves} | ${(idealMs / 1000).toFixed(1)} | ${(floorMs / 1000).toFixed(1)} | ${(rolloutMs / 1000).toFixed(1)} | ` +
  `${(rolloutMs / idealMs).toFixed(2)} | ${(rolloutMs / floorMs).toFixed(2)} | ${(rolloutWall / 1000).toFixed(1)} | ${(client.total('pod') / PODS).toFixed(2)} | ${client.total('status') + client.total('other')} |`);
console.log(`writes by kind and verb: ${client.describe()}`);
console.log(`initial creation of ${PODS.toLocaleString('en-US')} pods: ${(createMs / 1000).toFixed(1)} s simulated, ${(createWall / 1000).toFixed(1)} s wall incl. startup`);
