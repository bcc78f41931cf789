// End-to-end ReCreate and in-place rollouts of a 1,000-pod CloneSet in the embedded cluster on a ManualClock: the
// CloneSet controller, scheduler and kubelet simulator all run; only time is simulated. Reports the
// simulated rollout duration against its ideal (waves x per-wave latency), the wall-clock cost, and the
// API writes the controller makes per pod. Run with `npm run bench` in libs/workloads.
//
// The controller gets its own client (a counting wrapper around the store); the kubelet, scheduler and
// event recorder write to the store directly, so the counts are the controller's writes only.
import { DEFAULT_FEATURE_GATES, type CloneSet, type KubeObject } from '@coxswain/kruise-api';
import { CLONESET_REF, CloneSetController } from '@coxswain/workloads';
import { seededRandom, startRig } from '../test/support/rig.js';
import { CountingClient } from './support/counting-client.js';
import { TenthsUpdated } from './support/milestones.js';

const PODS = 1_000;
const MAX_UNAVAILABLE = '10%'; // 100 pods: parser K rounds up without surge (docs/spec/cloneset.md §3.2)
const MAX_SURGE = 0;
const KUBELET = { imagePullMs: 2_000, containerStartMs: 500, terminationMs: 1_000 };
/** Enough room that capacity never holds a replacement back: 30 nodes x 110 pods. */
const NODES = { zones: 3, nodesPerZone: 10, podCapacity: 110 };
const STEP_MS = 100;
const LIMIT_MS = 30 * 60_000;

type Policy = 'ReCreate' | 'InPlaceIfPossible';

async function rollout(policy: Policy): Promise<string> {
  const wallStart = performance.now();
  let client!: CountingClient;
  const rig = await startRig({ nodes: NODES, kubelet: KUBELET, controllerClient: (cluster) => (client = new CountingClient(cluster.store)) });
  const { cluster } = rig;
  new CloneSetController(rig.manager, { gates: DEFAULT_FEATURE_GATES, recorder: rig.recorder, random: seededRandom(42), log: rig.logger('error') });
  await rig.start();

  const runUntil = (done: (cs: CloneSet) => boolean, what: string, onStep?: (cs: CloneSet, elapsedMs: number) => void): Promise<number> =>
    rig.measureUntil(() => cluster.store.get<CloneSet>(CLONESET_REF, 'default', 'web'), done, what, { limitMs: LIMIT_MS, step: STEP_MS, onStep });
  const rolledOut = (image: string) => (cs: CloneSet) => {
    const status = cs.status;
    return (
      status !== undefined &&
      status.observedGeneration === cs.metadata.generation &&
      cs.spec.template.spec.containers[0]?.image === image &&
      status.replicas === PODS &&
      status.updatedAvailableReplicas === PODS &&
      status.currentRevision === status.updateRevision
    );
  };

  await cluster.store.create<KubeObject>({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: PODS,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: policy, partition: 0, maxUnavailable: MAX_UNAVAILABLE, maxSurge: MAX_SURGE } },
    },
  } as KubeObject);
  const createMs = await runUntil(rolledOut('nginx:1.25'), 'initial 1,000 available pods');
  const createWall = performance.now() - wallStart;

  // The rollout: one image change, measured from the spec write to status reporting every pod updated
  // and available at currentRevision == updateRevision.
  client.reset();
  const rolloutWallStart = performance.now();
  await cluster.store.patch(CLONESET_REF, 'default', 'web', { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.26' }] } } } });
  // When each further 10% of the pods was reported updated and available: where the time goes.
  const milestones = new TenthsUpdated(PODS);
  const rolloutMs = await runUntil(rolledOut('nginx:1.26'), 'rollout to nginx:1.26', (cs, elapsed) => milestones.observe(cs.status, elapsed));
  const rolloutWall = performance.now() - rolloutWallStart;

  await rig.stop();
  rig.throwIfErrors();

  // Ideal: waves of maxUnavailable (+ maxSurge) pods, each taking the wave's latency: for ReCreate
  // termination + image pull + container start; in place, image pull + container restart. ReCreate
  // creates the replacement as soon as the old pod is terminating (it is no longer active) and a node
  // pulls an image once, so its critical path can be shorter: the floor is one pull plus one container
  // start per wave.
  const maxUnavailable = Math.ceil((10 * PODS) / 100);
  const perWave = maxUnavailable + MAX_SURGE;
  const waves = Math.ceil(PODS / perWave);
  const waveMs = (policy === 'ReCreate' ? KUBELET.terminationMs : 0) + KUBELET.imagePullMs + KUBELET.containerStartMs;
  const idealMs = waves * waveMs;
  const floorMs = KUBELET.imagePullMs + waves * KUBELET.containerStartMs;
  const podWrites = client.total('pod') + client.total('pvc');
  const otherWrites = client.total('status') + client.total('other');
  details.push(`${policy}: updated+available 10%, 20%, ... 100% at (s): ${milestones}`);
  details.push(`${policy}: writes by kind and verb: ${client.describe()}`);
  details.push(`${policy}: initial creation of ${PODS} pods: ${(createMs / 1000).toFixed(1)} s simulated, ${(createWall / 1000).toFixed(1)} s wall incl. startup`);
  return (
    `| ${policy} | ${PODS.toLocaleString('en-US')} | ${waves} | ${(idealMs / 1000).toFixed(1)} | ${(floorMs / 1000).toFixed(1)} | ${(rolloutMs / 1000).toFixed(1)} | ` +
    `${(rolloutMs / idealMs).toFixed(2)} | ${(rolloutMs / floorMs).toFixed(2)} | ` +
    `${(rolloutWall / 1000).toFixed(1)} | ${(podWrites / PODS).toFixed(2)} | ${(otherWrites / PODS).toFixed(3)} |`
  );
}

const details: string[] = [];
const rows: string[] = [];
for (const policy of ['ReCreate', 'InPlaceIfPossible'] as const) rows.push(await rollout(policy));
console.log(`Rollout of ${PODS.toLocaleString('en-US')} pods, maxUnavailable ${MAX_UNAVAILABLE}, maxSurge ${MAX_SURGE}, ` +
  `kubelet pull ${KUBELET.imagePullMs} ms / start ${KUBELET.containerStartMs} ms / termination ${KUBELET.terminationMs} ms, ${NODES.zones * NODES.nodesPerZone} nodes`);
console.log('| policy | pods | waves | ideal (s) | floor (s) | simulated (s) | ratio to ideal | ratio to floor | wall (s) | pod+PVC writes/pod | status+other writes/pod |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
for (const line of details) console.log(line);
