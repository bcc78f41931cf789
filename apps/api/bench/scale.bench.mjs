// The scale benchmark (issue 9): how the API answers while thousands of pods roll, how much memory a
// pod costs, and how fast the controllers roll 10,000 pods against their ideal. The server runs as
// users run it (its own process, PGlite directory); the clients run in another process; /metrics gives
// both threads' event-loop delay and the process's memory. Phases (SCALE_PHASES, comma-separated):
//   responsive  GraphQL reads (workload + status + 100 pods, 10 clients) while a 5,000-pod CloneSet is
//               created, at rest (SCALE_REST_SECONDS, 10; SCALE_RESPONSIVE_UNTIL=atRest ends the phase
//               there) and while 1,000 of its pods roll in place, with the server's CPU per read; hook acks (50 clients)
//               during a rollout (SCALE_ACK_CLIENTS to change the 50): acks/s, HTTP latency, request ->
//               pod leaves PreparingDelete; twice, the second batch once the ack path is compiled, and
//               a third time with nothing rolling
//   memory      RSS and heap per pod at 10k / 50k / 150k pods, and restarts from PGlite (and from
//               PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
//   throughput  a 10,000-pod CloneSet scales up and rolls in place with the simulator's latencies
//               (pull 2 s, start 0.5 s, real clock), wall time against the ideal, API writes per pod
//   predownload the same in-place canary then full rollout with gate PreDownloadImageForInPlaceUpdate
//               off and on (docs/image-pull.md): how much sooner the full rollout finishes when the
//               new image was pre-pulled on the old pods' nodes during the canary
//               (SCALE_PREDOWNLOAD_PODS, 120)
// Every measured stretch also reports the CPU time of each server thread over it (the server's
// coxswain_thread_cpu_seconds_total: api, cluster, database, and other for V8's own threads) and of the
// clients' process, per ack and per pod write where those are the unit of work.
// Prints one JSON object per phase. Run after a build:
// `npm run bench -w @coxswain/api` (all phases), or `SCALE_PHASES=memory node bench/scale.bench.mjs`.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { ADMIN, BenchServer, MetricsSampler, cpuBetween } from './scale/server.mjs';

const PHASES = (process.env.SCALE_PHASES ?? 'responsive,memory,throughput,predownload').split(',').map((s) => s.trim());
const CLIENTS = fileURLToPath(new URL('./scale/clients.mjs', import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const results = {};

const cloneSet = ({ name, namespace = 'default', replicas, image = 'nginx:1.25', partition, policy = 'InPlaceIfPossible', maxUnavailable = '10%', hooked = false, annotations = {} }) => `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: ${name}, namespace: ${namespace}, annotations: ${JSON.stringify(annotations)} }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name}${hooked ? ', example.io/block-deleting: "true"' : ''} } }
    spec: { containers: [{ name: main, image: "${image}" }] }
  updateStrategy:
    rollingUpdate: { podUpdatePolicy: ${policy}, maxUnavailable: "${maxUnavailable}"${partition === undefined ? '' : `, partition: ${partition}`} }
${hooked ? '  lifecycle: { preDelete: { labelsHandler: { example.io/block-deleting: "true" } } }\n' : ''}`;

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: round(quantile(sorted, 0.5)), p99: round(quantile(sorted, 0.99)), max: round(sorted[sorted.length - 1] ?? NaN) };
}

const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function until(what, probe, timeoutMs = 30 * 60_000, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function status(server, name, namespace = 'default') {
  const data = await server.gql(`{ workload(kind: CLONE_SET, namespace: "${namespace}", name: "${name}") { generation status {
    observedGeneration replicas readyReplicas availableReplicas updatedReplicas updatedReadyReplicas } } }`);
  return data.workload;
}

function startClients(message) {
  const child = fork(CLIENTS, [], { stdio: 'inherit' });
  const done = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the client process exited with ${code}`)));
  });
  child.send(message);
  return { stop: () => child.send({ kind: 'stop' }), done };
}

/** Reads while `during` runs: latency of each answered request, and the worst event-loop delays. */
async function readsDuring(server, during) {
  const query = `{ workload(kind: CLONE_SET, namespace: "default", name: "big") {
    status { replicas readyReplicas updatedReplicas updatedReadyReplicas }
    pods(first: 100) { totalCount edges { node { name ready available revision isUpdated lifecycleState node zone containers { image restartCount } } } } } }`;
  const sampler = new MetricsSampler(server);
  const cpuBefore = await server.threadCpu();
  const readers = startClients({ kind: 'read', url: server.url, token: ADMIN, query, concurrency: 10 });
  const started = now();
  await during();
  const seconds = (now() - started) / 1000;
  readers.stop();
  const { latencies, errors, clientCpuMs } = await readers.done;
  // The server's CPU while the reads were answered, and per read (at rest, all of the API thread's is the reads').
  const cpu = { ...cpuBetween(cpuBefore, await server.threadCpu(), latencies.length), clientsMs: clientCpuMs };
  const { apiLagMaxMs, clusterLagMaxMs } = await sampler.stop();
  return { seconds: round(seconds), reads: summary(latencies), readsPerSecond: round(latencies.length / seconds), errors, apiLagMaxMs: round(apiLagMaxMs), clusterLagMaxMs: round(clusterLagMaxMs), cpu };
}

async function responsive() {
  const server = await BenchServer.start({ CLOCK_MODE: 'scaled', CLOCK_SCALE: '20', SIM_ZONES: '3', SIM_NODES_PER_ZONE: '20', SIM_POD_CAPACITY: '300' });
  try {
    const out = { startSeconds: round(server.startSeconds) };
    out.creating = await readsDuring(server, async () => {
      await server.gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: cloneSet({ name: 'big', replicas: 5000, partition: 4000 }) });
      await until('5,000 ready pods', async () => (await status(server, 'big')).status.readyReplicas === 5000);
    });
    out.atRest = await readsDuring(server, () => new Promise((r) => setTimeout(r, Number(process.env.SCALE_REST_SECONDS ?? 10) * 1000)));
    // SCALE_RESPONSIVE_UNTIL=atRest stops here (the reads' own cost, without the rollouts and acks).
    if (process.env.SCALE_RESPONSIVE_UNTIL === 'atRest') return out;
    out.rolling = await readsDuring(server, async () => {
      await server.gql(`mutation { setImage(kind: CLONE_SET, namespace: "default", name: "big", container: "main", image: "nginx:1.27") { generation } }`);
      await until('1,000 updated ready pods', async () => (await status(server, 'big')).status.updatedReadyReplicas === 1000);
    });
    out.acks = await acksDuringRollout(server, { name: 'cold', partition: 3000 });
    // The same again in the same server: the first batch runs the ack path for the first time, and V8
    // compiles it meanwhile; the second shows the steady state.
    out.acksAgain = await acksDuringRollout(server, { name: 'warm', partition: 2000 });
    // And once more with nothing rolling: the ack path's own cost, apart from the rollout's share.
    await until('3,000 updated ready pods', async () => (await status(server, 'big')).status.updatedReadyReplicas === 3000);
    out.acksWithoutRollout = await acksDuringRollout(server, { name: 'quiet' });
    return out;
  } finally {
    await server.stop();
  }
}

/**
 * 2,000 pods held by a preDelete hook (CloneSet `name` scaled to 0), acknowledged by 50 clients while
 * 1,000 other pods roll in place (`big`'s partition lowered to `partition`; none without one); the time
 * a pod leaves its hook state is when the controller deletes it.
 */
async function acksDuringRollout(server, { name, partition }, count = Number(process.env.SCALE_ACKS ?? 2000)) {
  const ns = 'hooked';
  await server.gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: cloneSet({ name, namespace: ns, replicas: count, hooked: true }) });
  await until(`${count} hooked pods ready`, async () => (await status(server, name, ns)).status.readyReplicas === count);
  const acker = (await server.gql(`mutation { createToken(name: "discovery-${name}", role: "hook-acker") { secret } }`)).createToken.secret;
  await server.gql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "${ns}", name: "${name}", replicas: 0) { generation } }`);
  const hooks = await until(`${count} pending preDelete hooks`, async () => {
    const res = await fetch(`${server.url}/api/v1/hooks?namespace=${ns}&hook=preDelete`, { headers: { authorization: `Bearer ${acker}` } });
    const list = (await res.json()).filter((h) => h.pod.startsWith(`${name}-`));
    return list.length === count ? list : undefined;
  });

  // Watch the pods over graphql-ws: when each starts terminating.
  const left = new Map();
  const ws = createClient({ url: server.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${ADMIN}` } });
  const unsubscribe = ws.subscribe({ query: `subscription { podChanged(namespace: "${ns}") { type pod { name deleting } } }` }, {
    next: ({ data }) => {
      const { type, pod } = data.podChanged;
      if ((type === 'DELETED' || pod.deleting) && !left.has(pod.name)) left.set(pod.name, now());
    },
    error: (err) => console.error('podChanged failed', err),
    complete: () => {},
  });
  await new Promise((r) => setTimeout(r, 500)); // the subscription is registered

  const sampler = new MetricsSampler(server);
  if (partition !== undefined) await server.gql(`mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "big", partition: ${partition}) { generation } }`);
  const requests = hooks.map((h) => ({ namespace: ns, pod: h.pod, key: crypto.randomUUID(), reason: `deregistered ${h.pod}` }));
  const cpuBefore = await server.threadCpu();
  const acks = startClients({ kind: 'ack', url: server.url, token: acker, requests, concurrency: Number(process.env.SCALE_ACK_CLIENTS ?? 50) });
  const started = now();
  const { answers, clientCpuMs } = await acks.done;
  // The server's CPU while the acks were answered (the 1,000 pods rolling meanwhile included), per ack.
  const cpu = { ...cpuBetween(cpuBefore, await server.threadCpu(), answers.length), clientsMs: clientCpuMs, clientsMsPerAck: round(clientCpuMs / answers.length, 3) };
  const seconds = (Math.max(...answers.map((a) => a.doneAt)) - started) / 1000;
  await until('every acknowledged pod to leave PreparingDelete', async () => left.size >= count, 5 * 60_000);
  const { apiLagMaxMs, clusterLagMaxMs } = await sampler.stop();
  unsubscribe();
  await ws.dispose();
  const ok = answers.filter((a) => a.status === 200);
  const sentAt = new Map(answers.map((a) => [a.pod, a.sentAt]));
  return {
    acks: answers.length,
    ok: ok.length,
    perSecond: round(answers.length / seconds),
    httpMs: summary(answers.map((a) => a.doneAt - a.sentAt)),
    toLeaveHookStateMs: summary([...left].map(([pod, at]) => at - sentAt.get(pod))),
    apiLagMaxMs: round(apiLagMaxMs),
    clusterLagMaxMs: round(clusterLagMaxMs),
    cpu,
  };
}

/** Memory per pod: CloneSets of 10,000 pods added until each checkpoint, measured at rest. */
async function memory() {
  const checkpoints = (process.env.SCALE_MEMORY_PODS ?? '10000,50000,150000').split(',').map(Number);
  const env = { CLOCK_MODE: 'scaled', CLOCK_SCALE: '50', SIM_ZONES: '3', SIM_NODES_PER_ZONE: '100', SIM_POD_CAPACITY: '600', SIM_IMAGE_PULL_MS: '200', SIM_CONTAINER_START_MS: '100' };
  const server = await BenchServer.start(env);
  const base = await server.metrics();
  const rows = [];
  let pods = 0;
  let sets = 0;
  try {
    for (const target of checkpoints) {
      const started = now();
      const creating = new MetricsSampler(server, 1000);
      while (pods < target) {
        const replicas = Math.min(10_000, target - pods);
        const name = `mem-${sets++}`;
        await server.gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: cloneSet({ name, replicas }) });
        await until(`${name} ready`, async () => (await status(server, name)).status.readyReplicas === replicas);
        pods += replicas;
      }
      const createSeconds = (now() - started) / 1000;
      // The largest heaps while the pods were created (the peak RSS below includes that moment).
      const { apiHeapMaxMB, clusterHeapMaxMB } = await creating.stop();
      rows.push({ pods, createSeconds: round(createSeconds), apiHeapPeakCreatingMB: apiHeapMaxMB, clusterHeapPeakCreatingMB: clusterHeapMaxMB, ...(await memoryOf(server, base, pods)) });
    }
    const restarts = [];
    await server.stop({ keepData: true });
    const again = await BenchServer.start(env, { dataDir: server.dir });
    restarts.push({ database: 'PGlite', pods, startSeconds: round(again.startSeconds), apiLagMaxStartingMs: round(again.startLagMaxMs.api), ...(await memoryOf(again, base, pods)) });
    await again.stop();
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (url) restarts.push(await postgresRestart(url, env, Math.min(pods, Number(process.env.SCALE_PG_PODS ?? 50_000)), base));
    return { rows, restarts };
  } catch (err) {
    await server.stop().catch(() => {});
    throw err;
  }
}

/**
 * Memory at rest: 20 s of quiet first, so the watch history's window passes and each thread's idle
 * collector runs (each samples every 5 s, and they take turns); the API's worst event-loop delay over
 * those 20 s is what those collections cost a request arriving meanwhile.
 */
async function memoryOf(server, base, pods) {
  await server.metrics(); // a scrape resets the worst delays: the window starts now, not at the last scrape
  const sampler = new MetricsSampler(server);
  await new Promise((r) => setTimeout(r, 20_000));
  const { apiLagMaxMs, clusterLagMaxMs } = await sampler.stop();
  const m = await server.metrics();
  const rss = m.process_resident_memory_bytes;
  const heaps = (m.nodejs_heap_size_used_bytes ?? 0) + (m.coxswain_cluster_heap_used_bytes ?? 0);
  return {
    rssMB: round(rss / 2 ** 20),
    peakRssMB: server.peakRssMB(),
    apiHeapMB: round((m.nodejs_heap_size_used_bytes ?? 0) / 2 ** 20),
    clusterHeapMB: round((m.coxswain_cluster_heap_used_bytes ?? 0) / 2 ** 20),
    rssBytesPerPod: Math.round((rss - base.process_resident_memory_bytes) / pods),
    heapBytesPerPod: Math.round((heaps - (base.nodejs_heap_size_used_bytes ?? 0) - (base.coxswain_cluster_heap_used_bytes ?? 0)) / pods),
    apiLagMaxAtRestMs: round(apiLagMaxMs),
    clusterLagMaxAtRestMs: round(clusterLagMaxMs),
  };
}

/** The same pods on PostgreSQL: a scratch database, filled, restarted, dropped. */
async function postgresRestart(url, env, pods, base) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dbName = `coxswain_scale_${process.pid}`;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${dbName}`;
  try {
    const first = await BenchServer.start({ ...env, DATABASE_URL: dbUrl.toString() });
    for (let made = 0, i = 0; made < pods; i++) {
      const replicas = Math.min(10_000, pods - made);
      await first.gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: cloneSet({ name: `pg-${i}`, replicas }) });
      await until(`pg-${i} ready`, async () => (await status(first, `pg-${i}`)).status.readyReplicas === replicas);
      made += replicas;
    }
    await first.stop();
    const again = await BenchServer.start({ ...env, DATABASE_URL: dbUrl.toString() });
    const row = { database: 'PostgreSQL', pods, startSeconds: round(again.startSeconds), apiLagMaxStartingMs: round(again.startLagMaxMs.api), ...(await memoryOf(again, base, pods)) };
    await again.stop();
    return row;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * 10,000 pods with the simulator's default latencies on the real clock. Ideal: scale-up is one image
 * pull and one container start (every node pulls once, all pods start together); an in-place rollout
 * at maxUnavailable 10% is 10 waves of pull + restart.
 */
async function throughput() {
  const pods = Number(process.env.SCALE_THROUGHPUT_PODS ?? 10_000);
  const server = await BenchServer.start({ SIM_ZONES: '3', SIM_NODES_PER_ZONE: '20', SIM_POD_CAPACITY: '600' });
  try {
    const pullMs = 2000;
    const startMs = 500;
    const writesBefore = await podWrites(server);
    const cpuBefore = await server.threadCpu();
    let started = now();
    await server.gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: cloneSet({ name: 'big', replicas: pods }) });
    await until(`${pods} ready pods`, async () => (await status(server, 'big')).status.readyReplicas === pods, 30 * 60_000, 100);
    const scaleUp = { wallSeconds: round((now() - started) / 1000), idealSeconds: (pullMs + startMs) / 1000 };
    const writesAfterScale = await podWrites(server);
    const cpuAfterScale = await server.threadCpu();
    started = now();
    const { generation } = (await server.gql(`mutation { setImage(kind: CLONE_SET, namespace: "default", name: "big", container: "main", image: "nginx:1.27") { generation } }`)).setImage;
    await until('the rollout', async () => {
      // Until the controller has seen the new template, the old revision's counts still read "all updated".
      const s = (await status(server, 'big')).status;
      return s.observedGeneration >= generation && s.updatedReadyReplicas === pods && s.readyReplicas === pods;
    }, 30 * 60_000, 100);
    const rollout = { wallSeconds: round((now() - started) / 1000), idealSeconds: (10 * (pullMs + startMs)) / 1000 };
    const writesAfterRollout = await podWrites(server);
    const cpuAfterRollout = await server.threadCpu();
    // CPU per pod write: every thread's share of the work a pod write brings (the write itself, the
    // controllers and simulators that caused it, the API's cache of it, V8's collections and compiles).
    return {
      pods,
      scaleUp: { ...scaleUp, ratio: round(scaleUp.wallSeconds / scaleUp.idealSeconds, 2), podWritesPerPod: round((writesAfterScale - writesBefore) / pods, 2), cpu: cpuBetween(cpuBefore, cpuAfterScale, writesAfterScale - writesBefore) },
      rollout: { ...rollout, ratio: round(rollout.wallSeconds / rollout.idealSeconds, 2), podWritesPerPod: round((writesAfterRollout - writesAfterScale) / pods, 2), cpu: cpuBetween(cpuAfterScale, cpuAfterRollout, writesAfterRollout - writesAfterScale) },
    };
  } finally {
    await server.stop();
  }
}

/**
 * Pre-download (docs/image-pull.md): a CloneSet spread thin (SCALE_PREDOWNLOAD_PODS, 120: 2 pods a node
 * over 60 nodes, so most waves of the full rollout reach nodes without the new image) is rolled in place
 * to a new image with a canary (partition at 90%), then fully (partition 0), once with gate
 * PreDownloadImageForInPlaceUpdate off and once on. With the gate on, the full rollout starts when the
 * pre-download job finished (the canary is watched for that long). Real clock, the simulator's latencies
 * (pull 2 s, start 0.5 s). The full rollout is 9 waves (maxUnavailable 10%); a node pulls an image once,
 * so without the gate the waves that reach a node without the image pay the pull, with it none does.
 */
async function predownload() {
  const pods = Number(process.env.SCALE_PREDOWNLOAD_PODS ?? 120);
  const gateOff = await predownloadRun(pods, false);
  const gateOn = await predownloadRun(pods, true);
  return { pods, gateOff, gateOn, fullRolloutSpeedup: round(gateOff.fullRollout.wallSeconds / gateOn.fullRollout.wallSeconds, 2) };
}

async function predownloadRun(pods, gate) {
  const nodes = 60;
  const server = await BenchServer.start({
    SIM_ZONES: '3', SIM_NODES_PER_ZONE: String(nodes / 3), SIM_POD_CAPACITY: '600', ...(gate ? { FEATURE_GATES: 'PreDownloadImageForInPlaceUpdate=true' } : {}),
  });
  try {
    const canary = Math.ceil(pods / 10);
    const annotations = { 'apps.kruise.io/image-predownload-parallelism': '10' };
    const apply = (image, partition) => server.gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: cloneSet({ name: 'warm', replicas: pods, image, partition, annotations }) });
    await apply('nginx:1.25', pods);
    await until(`${pods} ready pods`, async () => (await status(server, 'warm')).status.readyReplicas === pods, 10 * 60_000, 100);
    // NodeImages appear 30 s after their node turned Ready; both runs wait for them, so they start alike.
    await until('the NodeImages', async () => (await server.gql(`{ objects(kind: "NodeImage", first: 1) { totalCount } }`)).objects.totalCount === nodes, 5 * 60_000, 500);

    let started = now();
    await apply('nginx:1.27', pods - canary);
    await until('the canary', async () => {
      const s = (await status(server, 'warm')).status;
      return s.updatedReadyReplicas === canary && s.readyReplicas === pods;
    }, 10 * 60_000, 100);
    const canarySeconds = round((now() - started) / 1000);
    let preDownload = null;
    if (gate) {
      const job = await until('the pre-download job', async () => {
        const jobs = (await server.gql(`{ imagePullJobs(namespace: "default") { name desired succeeded failed completionTime } }`)).imagePullJobs;
        return jobs.find((j) => j.completionTime && j.desired > 0);
      }, 10 * 60_000, 250);
      preDownload = { afterCanarySeconds: round((now() - started) / 1000 - canarySeconds), nodes: job.desired, succeeded: job.succeeded, failed: job.failed };
    }

    started = now();
    await apply('nginx:1.27', 0);
    await until('the full rollout', async () => {
      const s = (await status(server, 'warm')).status;
      return s.updatedReadyReplicas === pods && s.readyReplicas === pods;
    }, 10 * 60_000, 100);
    return { gate, canarySeconds, preDownload, fullRollout: { wallSeconds: round((now() - started) / 1000) } };
  } finally {
    await server.stop();
  }
}

/** Writes of Pod objects the cluster has accepted, by the cluster worker's own count. */
async function podWrites(server) {
  const m = await server.metrics();
  return m['coxswain_cluster_object_writes_total{resource="Pod"}'] ?? 0; // no series before the first pod
}

for (const phase of PHASES) {
  const run = { responsive, memory, throughput, predownload }[phase];
  if (!run) throw new Error(`unknown phase ${phase}; phases are responsive, memory, throughput, predownload`);
  const t = now();
  results[phase] = await run();
  console.log(JSON.stringify({ phase, seconds: round((now() - t) / 1000), ...results[phase] }, null, 2));
}
process.exit(0);
