// The preview's bounds at scale: a CloneSet of PREVIEW_SCALE_PODS pods (default 200; docs/preview.md
// quotes larger runs) forked and rolled to a new image, with a wall budget of PREVIEW_SCALE_WALL_MS
// (default 60 s). The fork is built from one real pod of a small
// embedded cluster, copied N times over the nodes, so the snapshot is what the port would read. The
// answer must be COMPLETE or TRUNCATED with its reason (never a hang or a crash), within the wall budget
// plus the fork's build, and the figures are printed.
import { loadavg } from 'node:os';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { EmbeddedCluster, ManualClock, MemoryPersistence, installKruiseCrds, kruiseAdmission } from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import { parseManifests, type ControllerRevision, type Node, type Pod } from '@coxswain/kruise-api';
import { workloadKind } from '@coxswain/workloads';
import { loadConfig } from '../config/config.js';
import { JsonLogger } from '../logging/json-logger.js';
import { registerControllers } from '../cluster-worker/controllers.js';
import { simulateFork } from './fork-simulation.js';
import { forkTimings } from './learned-timings.js';

const N = Number(process.env.PREVIEW_SCALE_PODS ?? 200);
const WALL_MS = Number(process.env.PREVIEW_SCALE_WALL_MS ?? 60_000);
const config = loadConfig({ SIM_NODES_PER_ZONE: '40' }, process.cwd());
const CLONESET = workloadKind('CLONE_SET')!;
let clock: ManualClock;
let cluster: EmbeddedCluster;
let manager: ControllerManager;

beforeAll(async () => {
  clock = new ManualClock('2026-11-29T00:00:00Z');
  cluster = await EmbeddedCluster.start({ clock, persistence: new MemoryPersistence(), nodes: config.cluster.nodes, kubelet: config.cluster.kubelet, admission: kruiseAdmission(), onError: () => {} });
  await installKruiseCrds(cluster.store);
  manager = new ControllerManager({ client: cluster.store.localClient(), clock });
  registerControllers(manager, config, new ClusterEventRecorder({ client: cluster.store.localClient(), clock, component: 'k', onError: () => {} }), new JsonLogger('error', () => {}));
  await manager.start();
  await cluster.store.create(parseManifests(`apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: big, namespace: default }
spec:
  replicas: 1
  selector: { matchLabels: { app: big } }
  template:
    metadata: { labels: { app: big } }
    spec: { containers: [{ name: main, image: "nginx:1.27" }] }
  updateStrategy: { type: InPlaceIfPossible, maxUnavailable: "10%" }
`)[0]!);
  for (let i = 0; i < 100; i++) {
    await clock.advance(100);
    for (let j = 0; j < 3; j++) { await clock.advance(0); await cluster.scheduler.idle(); await cluster.kubelet.idle(); }
  }
}, 120_000);

afterAll(async () => {
  await manager.stop();
  await cluster.stop();
});

it(`forks and rolls ${N} pods within its bounds`, async () => {
  const local = cluster.store.localClient();
  const workload = await local.get(CLONESET.ref, 'default', 'big');
  const [pod] = (await local.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'default' })).items;
  const nodes = (await local.list<Node>({ apiVersion: 'v1', kind: 'Node' })).items;
  const revisions = (await local.list<ControllerRevision>({ apiVersion: 'apps/v1', kind: 'ControllerRevision' }, { namespace: 'default' })).items;
  expect(pod?.status?.phase).toBe('Running');
  const pods = Array.from({ length: N }, (_, i) => {
    const name = `big-${i.toString(36).padStart(5, '0')}`;
    const node = nodes[i % nodes.length]!;
    // As a cluster's pods are: each with its own address in its node's range (a /24), on its node's host address.
    const [a, b, c] = node.spec!.podCIDR!.split('.');
    const podIP = `${a}.${b}.${c}.${2 + Math.floor(i / nodes.length)}`;
    const hostIP = node.status!.addresses!.find((address) => address.type === 'InternalIP')!.address;
    return { ...pod!, metadata: { ...pod!.metadata, name, uid: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`, labels: { ...pod!.metadata.labels, 'apps.kruise.io/pod-instance-id': name.slice(4) } },
      spec: { ...pod!.spec!, nodeName: node.metadata.name }, status: { ...pod!.status, hostIP, hostIPs: [{ ip: hostIP }], podIP, podIPs: [{ ip: podIP }] } } as Pod;
  });
  const big = { ...workload, spec: { ...(workload as any).spec, replicas: N }, status: { ...(workload as any).status, replicas: N, readyReplicas: N, availableReplicas: N, updatedReplicas: N, updatedReadyReplicas: N } };
  const changed = CLONESET.mutations.setImage(big, 'main', 'nginx:1.28');
  const heapBefore = process.memoryUsage().heapUsed;
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  const answer = await simulateFork({ descriptor: CLONESET, workload: big, pods, revisions, owned: [], claims: [], nodes, others: [], othersLeftOut: 0 }, changed, forkTimings(pods, config.cluster.kubelet), { config, now: clock.now(), limits: { wallMs: WALL_MS } });
  const wall = Date.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(`preview scale: ${N} pods on ${nodes.length} nodes: outcome ${answer.outcome}${answer.truncated ? ` (${answer.truncated})` : ''}, ` +
    `${answer.waves.length} waves, ${answer.waves.reduce((n, w) => n + w.pods.length, 0)} pods touched, predicted ${answer.durationMs} ms, ` +
    `simulation wall ${answer.wallMs} ms, total wall ${wall} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms, load average ${loadavg()[0]!.toFixed(1)}, heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6)} MB\n`);
  expect(['COMPLETE', 'TRUNCATED']).toContain(answer.outcome);
  if (answer.outcome === 'TRUNCATED') expect(answer.truncated).toMatch(/wall-clock budget|simulated time/);
  expect(answer.forked.pods).toBe(N);
}, 600_000);
