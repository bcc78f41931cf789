// Load check for hook acknowledgements (issue 4): 2,000 acks over HTTP from 50 concurrent clients, a
// fifth of them duplicates (same Idempotency-Key, same body), while a CloneSet rollout runs. Asserts
// zero lost (every pod acknowledged once and deleted, every duplicate answered with the first answer)
// and zero applied twice (one label-removing write per pod, counted on a watch, and one stored ack and
// one pod-changing audit row per pod), and prints acks/s, HTTP latency and the latency from request to
// the pod leaving its hook state (the CloneSet deleting it).
//
// The API runs in this process; the 50 clients run in a child process (this file again, with
// ACK_BENCH_CLIENTS=1) so that they do not share its event loop. Loopback only, bounded by
// BENCH_ACK_TIMEOUT_MS. Run after a build: `npm run bench -w @coxswain/api`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const now = () => performance.timeOrigin + performance.now(); // comparable across processes

if (process.env.ACK_BENCH_CLIENTS === '1') {
  process.once('message', (plan) => void runClients(plan).then((result) => process.send(result, () => process.exit(0))));
} else {
  await runBench();
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(target, headers, body) {
  return new Promise((resolve, reject) => {
    const r = http.request(target, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: { get: (n) => res.headers[n.toLowerCase()] ?? null }, json: async () => JSON.parse(text) }));
    });
    r.on('error', (e) => reject(Object.assign(new Error(e.message), { cause: e })));
    r.end(body);
  });
}

/** The child process: `clients` loops taking the next request until none is left. */
async function runClients({ url, token, namespace, requests, clients }) {
  const answers = [];
  let inFlightRetries = 0;
  let networkRetries = 0;
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < requests.length) {
      const req = requests[next++];
      const sentAt = now();
      for (;;) {
        let res;
        try {
          res = await post(`${url}/api/v1/namespaces/${namespace}/pods/${req.pod}/hooks/preDelete/ack`, {
            authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': req.key,
          }, JSON.stringify({ reason: req.reason }));
        } catch (err) {
          // A reset keep-alive connection: retry with the same key, as any client would.
          if (!['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(err?.cause?.code)) throw err;
          networkRetries++;
          continue;
        }
        const body = await res.json();
        if (res.status === 409 && body.code === 'ACK_IN_FLIGHT') {
          inFlightRetries++;
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        answers.push({ pod: req.pod, key: req.key, status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body, sentAt, doneAt: now() });
        break;
      }
    }
  }));
  return { answers, inFlightRetries, networkRetries };
}

async function runBench() {
  const { loadConfig } = await import('../dist/config/config.js');
  const { JsonLogger } = await import('../dist/logging/json-logger.js');
  const { startRuntime } = await import('../dist/runtime.js');
  const { createServer } = await import('../dist/server.js');

  const ACKS = Number(process.env.BENCH_ACKS ?? 2_000);
  const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
  const UNIQUE = Math.round(ACKS * 0.8); // a fifth of the requests are duplicates: 1,600 pods held by their hook
  const KEEP = 10;
  const ROLLING = 100;
  const TIMEOUT_MS = Number(process.env.BENCH_ACK_TIMEOUT_MS ?? 300_000);
  const ADMIN = 'bench-admin-token-0123456789abcdef';
  const NS = 'bench';
  const BLOCK = 'example.io/block-deleting';
  const POD = { apiVersion: 'v1', kind: 'Pod' };

  const dataDir = mkdtempSync(join(tmpdir(), 'coxswain-ack-bench-'));
  const config = loadConfig({
    PGLITE_DIR: join(dataDir, 'pglite'), LOG_LEVEL: 'warn', BOOTSTRAP_ADMIN_TOKEN: ADMIN,
    SIM_POD_CAPACITY: '400', SIM_IMAGE_PULL_MS: '200', SIM_CONTAINER_START_MS: '100', SIM_TERMINATION_MS: '100',
  });
  const runtime = await startRuntime(config);
  const app = await createServer(runtime, new JsonLogger('warn'));
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const deadline = Date.now() + TIMEOUT_MS;

  async function request(target, init) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(target, init);
      } catch (err) {
        if (attempt >= 5 || !['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(err?.cause?.code)) throw err;
      }
    }
  }
  async function gql(query, variables = {}, token = ADMIN) {
    const res = await request(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
    const body = await res.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  }
  async function until(what, probe) {
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`bench timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const cloneSet = (name, replicas, image, hooked) => `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: ${name}, namespace: ${NS} }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name}${hooked ? `, ${BLOCK}: "true"` : ''} } }
    spec: { containers: [{ name: main, image: "${image}" }] }
  updateStrategy: { maxUnavailable: "20%" }
${hooked ? `  lifecycle: { preDelete: { labelsHandler: { ${BLOCK}: "true" } } }\n` : ''}`;
  const status = (name) => gql(`{ workload(kind: CLONE_SET, namespace: "${NS}", name: "${name}") { generation status { observedGeneration readyReplicas updatedReadyReplicas } } }`).then((d) => d.workload);

  // Setup: 1,610 hooked pods and 100 to roll; scaling the first to 10 holds 1,600 in PreparingDelete.
  const setupStart = now();
  const acker = (await gql(`mutation { createToken(name: "discovery", role: "hook-acker") { secret } }`)).createToken.secret;
  await gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: `${cloneSet('targets', UNIQUE + KEEP, 'nginx:1.25', true)}---\n${cloneSet('rolling', ROLLING, 'nginx:1.25', false)}` });
  await until('all pods ready', async () => {
    const [t, r] = await Promise.all([status('targets'), status('rolling')]);
    return t.status.readyReplicas === UNIQUE + KEEP && r.status.readyReplicas === ROLLING;
  });
  await gql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "${NS}", name: "targets", replicas: ${KEEP}) { name } }`);
  const listHooks = async () => (await request(`${url}/api/v1/hooks?namespace=${NS}&hook=preDelete`, { headers: { authorization: `Bearer ${acker}` } })).json();
  const pending = await until(`${UNIQUE} pending preDelete hooks`, async () => {
    const list = await listHooks();
    return list.length === UNIQUE ? list : undefined;
  });
  const listStart = now();
  await listHooks();
  const listMs = now() - listStart;
  const setupSeconds = (now() - setupStart) / 1000;

  // Watch: count label-removing writes per pod, and note when each pod leaves its hook state.
  const releases = new Map();
  const leftAt = new Map();
  const lastLabel = new Map(pending.map((h) => [h.pod, 'true']));
  const { resourceVersion } = await runtime.cluster.list(POD, { namespace: NS });
  const watch = await runtime.cluster.watch(POD, { namespace: NS, resourceVersion }, (event) => {
    const name = event.object.metadata.name;
    if (!lastLabel.has(name)) return;
    const label = event.type === 'DELETED' ? lastLabel.get(name) : event.object.metadata.labels?.[BLOCK];
    if (lastLabel.get(name) === 'true' && label === undefined) releases.set(name, (releases.get(name) ?? 0) + 1);
    lastLabel.set(name, label);
    if ((event.type === 'DELETED' || event.object.metadata.deletionTimestamp) && !leftAt.has(name)) leftAt.set(name, now());
  });

  // The rollout runs while the acks arrive.
  const rollStart = now();
  await gql(`mutation { setImage(kind: CLONE_SET, namespace: "${NS}", name: "rolling", container: "main", image: "nginx:1.27") { name } }`);

  // 2,000 requests: one per pod and 400 duplicates of random ones, shuffled.
  const unique = pending.map((h) => ({ pod: h.pod, key: randomUUID(), reason: `deregistered ${h.pod}` }));
  const requests = [...unique, ...Array.from({ length: ACKS - UNIQUE }, () => unique[Math.floor(Math.random() * UNIQUE)])];
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [requests[i], requests[j]] = [requests[j], requests[i]];
  }
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, ACK_BENCH_CLIENTS: '1' }, stdio: 'inherit' });
  // How late the API's event loop runs timers while the acks arrive: time no request can be served.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const ackStart = now();
  child.send({ url, token: acker, namespace: NS, requests, clients: CLIENTS });
  const { answers, inFlightRetries, networkRetries } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the client process exited with ${code}`)));
  });
  loop.disable();
  const ackSeconds = (Math.max(...answers.map((a) => a.doneAt)) - ackStart) / 1000;

  await until('every acknowledged pod to leave PreparingDelete', async () => leftAt.size >= UNIQUE || undefined);
  const rolled = await until('the rollout to finish', async () => {
    const r = await status('rolling');
    return r.status.observedGeneration === r.generation && r.status.updatedReadyReplicas === ROLLING && r.status.readyReplicas === ROLLING ? r : undefined;
  });
  const rollSeconds = (now() - rollStart) / 1000;
  watch.stop();

  // Checks: nothing lost, nothing applied twice, every replay identical to the first answer.
  const problems = [];
  const byKey = new Map();
  for (const a of answers) {
    if (a.status !== 200) problems.push(`${a.pod}: HTTP ${a.status} ${a.body.code}`);
    if (!byKey.has(a.key)) byKey.set(a.key, []);
    byKey.get(a.key).push(a);
  }
  const firstSent = new Map();
  for (const a of answers) firstSent.set(a.pod, Math.min(firstSent.get(a.pod) ?? Infinity, a.sentAt));
  for (const u of unique) {
    const got = byKey.get(u.key) ?? [];
    const firsts = got.filter((a) => a.status === 200 && !a.replayed);
    if (firsts.length !== 1) problems.push(`${u.pod}: ${firsts.length} first answers`);
    for (const a of got) if (JSON.stringify(a.body) !== JSON.stringify(firsts[0]?.body)) problems.push(`${u.pod}: a replay differs from the first answer`);
    if (releases.get(u.pod) !== 1) problems.push(`${u.pod}: ${releases.get(u.pod) ?? 0} label-removing writes`);
    if (!leftAt.has(u.pod)) problems.push(`${u.pod}: never left PreparingDelete`);
  }
  const prisma = runtime.database.prisma;
  const storedAcks = await prisma.hookAck.count({ where: { state: 'done', status: 200 } });
  const [{ writes }] = await prisma.$queryRawUnsafe(`SELECT count(*)::int AS writes FROM audit_entries WHERE action = 'ackHook' AND result = 'ok' AND before IS NOT NULL`);
  const auditRows = await prisma.auditEntry.count({ where: { action: 'ackHook' } });
  if (storedAcks !== UNIQUE) problems.push(`${storedAcks} stored acks, expected ${UNIQUE}`);
  if (writes !== UNIQUE) problems.push(`${writes} audit rows with a pod change, expected ${UNIQUE}`);
  if (auditRows !== answers.length + inFlightRetries) problems.push(`${auditRows} ackHook audit rows, expected ${answers.length + inFlightRetries}`);

  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const pct = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const http = sorted(answers.map((a) => a.doneAt - a.sentAt));
  const leave = sorted(unique.map((u) => leftAt.get(u.pod) - firstSent.get(u.pod)).filter(Number.isFinite));
  const lost = UNIQUE - new Set(answers.filter((a) => a.status === 200 && !a.replayed).map((a) => a.key)).size;
  const twice = [...releases.values()].filter((n) => n > 1).length;

  console.log('\n### Hook acknowledgements under load (loopback, PGlite directory)\n');
  console.log(`setup: ${UNIQUE + KEEP} hooked pods + ${ROLLING} to roll; ${UNIQUE} scaled into PreparingDelete; ${setupSeconds.toFixed(1)} s. GET /api/v1/hooks listing ${UNIQUE}: ${listMs.toFixed(0)} ms\n`);
  console.log('| measure | result |');
  console.log('|---|---|');
  console.log(`| acks sent (unique + duplicates), concurrent clients | ${answers.length} (${UNIQUE} + ${answers.length - UNIQUE}), ${CLIENTS} |`);
  console.log(`| acks/s (all requests) | ${Math.round(answers.length / ackSeconds)} |`);
  console.log(`| HTTP latency p50 / p99 | ${pct(http, 0.5).toFixed(0)} ms / ${pct(http, 0.99).toFixed(0)} ms |`);
  console.log(`| request -> pod leaves PreparingDelete (deleted by the CloneSet), p50 / p99 | ${pct(leave, 0.5).toFixed(0)} ms / ${pct(leave, 0.99).toFixed(0)} ms |`);
  console.log(`| 409 in-flight answers / connection resets (both retried with the same key) | ${inFlightRetries} / ${networkRetries} |`);
  console.log(`| lost / applied twice | ${lost} / ${twice} |`);
  console.log(`| API event-loop delay during the acks, p50 / p99 | ${(loop.percentile(50) / 1e6).toFixed(0)} ms / ${(loop.percentile(99) / 1e6).toFixed(0)} ms |`);
  console.log(`| concurrent rollout of ${ROLLING} pods (ReCreate, maxUnavailable 20%) | done in ${rollSeconds.toFixed(1)} s, ${rolled.status.updatedReadyReplicas} updated and ready |`);

  await app.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (problems.length > 0) {
    console.error(`FAILED: ${problems.length} problems\n${problems.slice(0, 20).join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}
