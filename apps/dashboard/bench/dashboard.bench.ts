// The dashboard with a 5,000-pod CloneSet, measured in Debian's Chromium against the real API:
//  1. time to first render: navigation start -> all 5,000 cells painted (and -> first cells painted),
//     with the pod list's round trips per load (a first page of 500, then pages of 5,000);
//  2. pod change -> cell change: a pod is deleted through the API and its cell shows it terminating;
//  3. a burst: a new image rolls over BENCH_BURST pods (default 1,000: ~6 pod events each) while the
//     page's frame gaps and long tasks are recorded, with the change -> cell delay measured meanwhile.
// Run: npx nx run @coxswain/dashboard:bench (builds the API and the dashboard first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { ADMIN_TOKEN, ARTIFACTS, gql, launchChromium, startApi, startDashboard } from '../test/support/servers.js';

// What src/components/workload/grid-probe.ts exposes in the page.
declare global {
  interface Window {
    __coxswainGrid?: {
      log: { at: number; pods: number; ms: number }[];
      cells: Map<string, { mark: string; at: number }>;
      cell(name: string): { mark: string; at: number } | null;
    };
  }
}

const PODS = Number(process.env.BENCH_PODS ?? 5000);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 1000);
const BURST_CHANGES = 10;
/** BENCH_PROFILE=1: a CPU profile of the page during the rollout, in .artifacts/, and its top functions by self time. */
const PROFILE = process.env.BENCH_PROFILE === '1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (ms), largest first. */
function topSelfTime(profile: Profile, n = 15): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, k) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${k}`);
}
const NAMESPACE = 'bench';

const manifest = (image: string) => `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: big, namespace: ${NAMESPACE}}
spec:
  replicas: ${PODS}
  selector: {matchLabels: {app: big}}
  template:
    metadata: {labels: {app: big}}
    spec: {containers: [{name: main, image: "${image}"}]}
  updateStrategy: {maxUnavailable: "20%"}
`;

const STATUS = `{ workload(kind: CLONE_SET, namespace: "${NAMESPACE}", name: "big") { generation status { observedGeneration availableReplicas updatedAvailableReplicas replicas } } }`;

interface Status {
  observedGeneration: number;
  availableReplicas: number;
  updatedAvailableReplicas: number;
  replicas: number;
}

function quantiles(values: number[]): { p50: number; p95: number; max: number; n: number } {
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))] ?? NaN;
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] ?? NaN, n: s.length };
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** Waits until the controller has seen the latest spec and `check` holds; returns the time it was seen (ms since the epoch). */
async function waitAvailable(apiUrl: string, what: string, check: (s: Status) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    // While thousands of pods start, the API can be too busy to answer in time: try again.
    const res = await gql<{ workload: { generation: number; status: Status } | null }>(apiUrl, STATUS).catch(() => ({ data: undefined }));
    const w = res.data?.workload;
    const s = w?.status;
    if (w && s && s.observedGeneration >= w.generation && check(s)) return Date.now();
    if (Date.now() - started > 600_000) throw new Error(`${what}: not reached in 10 minutes (${JSON.stringify(s)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Pods list requests the page sent (GraphQL `query WorkloadPods`), counted by the listener in main(). */
let podRequests = 0;

async function firstRender(page: Page, url: string): Promise<{ full: number; first: number; paintMs: number; requests: number }> {
  await page.goto('about:blank');
  podRequests = 0;
  await page.goto(url);
  await page.waitForFunction((n) => (window.__coxswainGrid?.log ?? []).some((r) => r.pods === n), PODS, { timeout: 60_000, polling: 50 });
  const times = await page.evaluate((n) => {
    const log = window.__coxswainGrid!.log;
    const firstCells = log.find((r) => r.pods > 0)!;
    const full = log.find((r) => r.pods === n)!;
    return { full: full.at, first: firstCells.at, paintMs: full.ms };
  }, PODS);
  return { ...times, requests: podRequests };
}

/** Pod names as the API lists them (all pages). */
async function apiPods(apiUrl: string): Promise<Set<string>> {
  const names = new Set<string>();
  let after: string | null = null;
  do {
    const res: { data?: { workload: { pods: { pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { name: string } }[] } } } } = await gql(
      apiUrl,
      `query($after: String) { workload(kind: CLONE_SET, namespace: "${NAMESPACE}", name: "big") { pods(first: 1000, after: $after) { pageInfo { hasNextPage endCursor } edges { node { name } } } } }`,
      { after },
    );
    const pods = res.data!.workload.pods;
    pods.edges.forEach((e) => names.add(e.node.name));
    after = pods.pageInfo.hasNextPage ? pods.pageInfo.endCursor : null;
  } while (after);
  return names;
}

/** How far the page's pods differ from the API's (both should be the same set once things settle). */
async function divergence(page: Page, apiUrl: string): Promise<{ onlyPage: string[]; onlyApi: string[] }> {
  const api = await apiPods(apiUrl);
  const shown = new Set(await page.evaluate(() => [...window.__coxswainGrid!.cells.keys()]));
  return { onlyPage: [...shown].filter((n) => !api.has(n)), onlyApi: [...api].filter((n) => !shown.has(n)) };
}

/**
 * Deletes one pod through the API; resolves with the ms from the request to its cell showing it
 * terminating. During a rollout the controller may be replacing the pod picked (the API then answers
 * "not active"), or writing the CloneSet at the same moment (CONFLICT): another one is picked.
 */
const apiFailures: string[] = [];

async function changeToCell(page: Page, apiUrl: string): Promise<{ total: number; ack: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const victim = await page.evaluate(() => {
      const names = [...window.__coxswainGrid!.cells.entries()].filter(([, c]) => c.mark === 'none').map(([n]) => n);
      return names[Math.floor(Math.random() * names.length)]!;
    });
    const sent = Date.now();
    let res;
    try {
      res = await gql(apiUrl, `mutation($p: [String!]!) { deletePods(kind: CLONE_SET, namespace: "${NAMESPACE}", name: "big", pods: $p) { generation } }`, {
        p: [victim],
      });
    } catch (err) {
      // The API can be too busy to answer during a big rollout; that is its latency, not the page's.
      apiFailures.push(`${Date.now() - sent} ms: ${(err as Error).message}`);
      continue;
    }
    const ack = Date.now() - sent;
    if (res.errors?.[0]?.message.includes('not active')) continue;
    // deletePods races the controller's own write of podsToDelete: the API answers CONFLICT; try again.
    if (res.errors?.[0]?.extensions?.code === 'CONFLICT') {
      apiFailures.push(`${ack} ms: CONFLICT ${res.errors[0].message}`);
      continue;
    }
    if (res.errors) throw new Error(`deletePods ${victim}: ${res.errors[0]!.message}`);
    const at = await page.waitForFunction(
      (name) => {
        const c = window.__coxswainGrid!.cell(name);
        return c === null || c.mark === 'deleting' ? (c?.at ?? Date.now()) : false;
      },
      victim,
      { timeout: 30_000, polling: 'raf' },
    );
    return { total: ((await at.jsonValue()) as number) - sent, ack };
  }
  throw new Error('no deletable pod found in 20 attempts');
}

async function main(): Promise<void> {
  console.log(`dashboard bench: ${PODS} pods, ${LOADS} page loads, ${CHANGES} single pod changes`);
  const api = await startApi({
    SEED_FILE: '',
    SIM_NODES_PER_ZONE: '3',
    SIM_POD_CAPACITY: String(Math.ceil(PODS / 9) * 2),
    SIM_IMAGE_PULL_MS: '50',
    SIM_CONTAINER_START_MS: '20',
    SIM_TERMINATION_MS: '50',
    WATCH_HISTORY: '200000',
  });
  const dashboard = await startDashboard(api);
  const browser = await launchChromium();
  try {
    const applied = await gql(api.url, `mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: manifest('nginx:1.25') });
    if (applied.errors) throw new Error(applied.errors[0]!.message);
    const seedStart = Date.now();
    const converge = (await waitAvailable(api.url, `${PODS} available`, (s) => s.availableReplicas === PODS && s.replicas === PODS)) - seedStart;
    console.log(`seeded: ${PODS} pods available ${ms(converge)} after applyManifest (the API's own time)`);

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Signed in as the admin before the first script runs (src/lib/auth/token-store.ts keeps it there).
    await page.addInitScript((token) => window.localStorage.setItem('coxswain.token', token), ADMIN_TOKEN);
    page.on('request', (req) => {
      if ((req.postData() ?? '').includes('query WorkloadPods(')) podRequests++;
    });
    const url = `${dashboard.url}/workloads/cloneset/${NAMESPACE}/big`;
    await firstRender(page, url); // warm-up: Next compiles nothing at runtime, but the first load fills caches
    const loads = [];
    for (let i = 0; i < LOADS; i++) loads.push(await firstRender(page, url));
    const afterLoad = await divergence(page, api.url);
    console.log(`page vs API after load: ${afterLoad.onlyPage.length} pods only on the page, ${afterLoad.onlyApi.length} only in the API`);
    const full = quantiles(loads.map((l) => l.full));
    const first = quantiles(loads.map((l) => l.first));
    const paint = quantiles(loads.map((l) => l.paintMs));
    const roundTrips = quantiles(loads.map((l) => l.requests));

    await page.waitForTimeout(1000);
    const delays = [];
    for (let i = 0; i < CHANGES; i++) {
      delays.push(await changeToCell(page, api.url));
      await page.waitForTimeout(200);
    }
    const single = quantiles(delays.map((d) => d.total));
    const singleAck = quantiles(delays.map((d) => d.ack));
    await waitAvailable(api.url, 'settled after deletions', (s) => s.availableReplicas === PODS && s.replicas === PODS);
    await page.waitForTimeout(1000);
    const afterChanges = await divergence(page, api.url);
    console.log(
      `page vs API after ${CHANGES} deletions: ${afterChanges.onlyPage.length} pods only on the page, ${afterChanges.onlyApi.length} only in the API ${JSON.stringify(afterChanges).slice(0, 300)}`,
    );

    // The burst: roll a new image over BURST pods (the partition keeps the rest) while measuring frame
    // gaps in the page and the change -> cell delay of pods deleted meanwhile.
    const held = await gql(
      api.url,
      `mutation { setPartition(kind: CLONE_SET, namespace: "${NAMESPACE}", name: "big", partition: ${PODS - BURST}) { generation } }`,
    );
    if (held.errors) throw new Error(held.errors[0]!.message);
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __long: number[]; __stop: boolean };
      w.__frames = [];
      w.__long = [];
      w.__stop = false;
      let last = performance.now();
      const tick = (t: number) => {
        w.__frames.push(t - last);
        last = t;
        if (!w.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask' });
    });
    let cdp: CDPSession | null = null;
    if (PROFILE) {
      cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    const burstStart = Date.now();
    const rolled = await gql(
      api.url,
      `mutation { setImage(kind: CLONE_SET, namespace: "${NAMESPACE}", name: "big", container: "main", image: "nginx:1.27") { generation } }`,
    );
    if (rolled.errors) throw new Error(rolled.errors[0]!.message);
    const burstDelays = [];
    for (let i = 0; i < BURST_CHANGES; i++) burstDelays.push(await changeToCell(page, api.url));
    const rollout =
      (await waitAvailable(api.url, 'rollout', (s) => s.updatedAvailableReplicas === BURST && s.availableReplicas === PODS && s.replicas === PODS)) -
      burstStart;
    await page.waitForFunction(() => [...window.__coxswainGrid!.cells.values()].every((c) => c.mark === 'none'), null, { timeout: 60_000, polling: 200 });
    const uiCaughtUp = Date.now() - burstStart;
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, 'dashboard-rollout.cpuprofile'), JSON.stringify(profile));
      console.log(`page CPU profile during the rollout (.artifacts/dashboard-rollout.cpuprofile), top self time:\n${topSelfTime(profile).join('\n')}`);
    }
    const burst = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __long: number[]; __stop: boolean; __coxswainGrid: { log: { pods: number; ms: number }[] } };
      w.__stop = true;
      return { frames: w.__frames, long: w.__long, paints: w.__coxswainGrid.log.slice(-100).map((r) => r.ms) };
    });
    const gaps = quantiles(burst.frames);
    const burstPaint = quantiles(burst.paints);
    const duringBurst = quantiles(burstDelays.map((d) => d.total));
    const duringBurstAck = quantiles(burstDelays.map((d) => d.ack));

    console.log('');
    console.log(`| measure (${PODS} pods, Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, headless) | p50 | p95 | max |`);
    console.log('|---|---|---|---|');
    console.log(`| time to first render: navigation -> all ${PODS} cells painted (${full.n} loads) | ${ms(full.p50)} | ${ms(full.p95)} | ${ms(full.max)} |`);
    console.log(`| navigation -> first cells painted (first page of 500 pods) | ${ms(first.p50)} | ${ms(first.p95)} | ${ms(first.max)} |`);
    console.log(`| pod list round trips per page load (500, then pages of 5,000) | ${roundTrips.p50} | ${roundTrips.p95} | ${roundTrips.max} |`);
    console.log(
      `| one full grid repaint (group, lay out, draw ${PODS} cells) | ${paint.p50.toFixed(1)} ms | ${paint.p95.toFixed(1)} ms | ${paint.max.toFixed(1)} ms |`,
    );
    console.log(
      `| pod change -> cell change, quiet (deletePods request -> cell painted terminating; ${single.n} changes) | ${ms(single.p50)} | ${ms(single.p95)} | ${ms(single.max)} |`,
    );
    console.log(`| ... of which the API's answer to deletePods | ${ms(singleAck.p50)} | ${ms(singleAck.p95)} | ${ms(singleAck.max)} |`);
    console.log(
      `| pod change -> cell change while ${BURST} pods roll (${duringBurst.n} changes) | ${ms(duringBurst.p50)} | ${ms(duringBurst.p95)} | ${ms(duringBurst.max)} |`,
    );
    console.log(`| ... of which the API's answer to deletePods | ${ms(duringBurstAck.p50)} | ${ms(duringBurstAck.p95)} | ${ms(duringBurstAck.max)} |`);
    console.log(`| frame interval during the rollout (${gaps.n} frames) | ${gaps.p50.toFixed(1)} ms | ${gaps.p95.toFixed(1)} ms | ${gaps.max.toFixed(1)} ms |`);
    console.log(
      `| grid repaint during the rollout (last ${burstPaint.n} paints) | ${burstPaint.p50.toFixed(1)} ms | ${burstPaint.p95.toFixed(1)} ms | ${burstPaint.max.toFixed(1)} ms |`,
    );
    console.log('');
    console.log(
      `rollout of ${BURST} of ${PODS} pods: the API reported them available ${ms(rollout)} after setImage; the grid showed every pod ready ${ms(uiCaughtUp)} after it`,
    );
    if (apiFailures.length) console.log(`deletePods requests the API failed to answer: ${apiFailures.length} (${apiFailures.slice(0, 3).join('; ')})`);
    console.log(
      `long tasks (>50 ms) during the rollout: ${burst.long.length}, ${ms(burst.long.reduce((a, b) => a + b, 0))} in total, longest ${ms(Math.max(0, ...burst.long))}`,
    );
  } finally {
    await browser.close();
    await dashboard.close();
    await api.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
