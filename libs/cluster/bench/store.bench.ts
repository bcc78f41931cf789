// Embedded store benchmark: write throughput with group commit, watch fan-out latency and memory per
// stored pod. Run with `npm run bench` in libs/cluster (build kruise-api and this lib first).
import type { KubeObject } from '@coxswain/kruise-api';
import { EmbeddedStore, MemoryPersistence, RealClock, type StorePersistence, type StoreSnapshot } from '@coxswain/cluster';

const POD_COUNT = 10_000;
const WATCHERS = 10;
const LATENCY_WRITES = 2_000;

/** A pod shaped like the ones CloneSet creates: labels, owner, one container with resources. */
function benchPod(i: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `web-${i.toString(36).padStart(5, '0')}`,
      namespace: 'bench',
      labels: { app: 'web', 'apps.kruise.io/cloneset-instance-id': i.toString(36), 'controller-revision-hash': 'web-5d8f7c9b4' },
      annotations: { 'apps.kruise.io/inplace-update-grace': '{"revision":"web-5d8f7c9b4"}' },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web', uid: '6f1c3c1e-7d1e-4d43-9d9c-0d3c6f2f8a11', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      nodeName: `node-${i % 50}`,
      containers: [
        {
          name: 'main',
          image: 'registry.example.com/web:1.25.3',
          ports: [{ containerPort: 8080, protocol: 'TCP' }],
          resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
          readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 5 },
        },
      ],
      readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
      terminationGracePeriodSeconds: 30,
    },
  };
}

/** Accepts every commit and keeps nothing, to separate the store's own memory from persistence's copy. */
class DiscardingPersistence implements StorePersistence {
  async load(): Promise<StoreSnapshot> {
    return { resourceVersion: 0, objects: [] };
  }
  async commit(): Promise<void> {}
  async close(): Promise<void> {}
}

async function createPods(store: EmbeddedStore, concurrency: number): Promise<number> {
  const started = performance.now();
  for (let next = 0; next < POD_COUNT; next += concurrency) {
    const wave: Promise<KubeObject>[] = [];
    for (let i = next; i < Math.min(POD_COUNT, next + concurrency); i++) wave.push(store.create(benchPod(i)));
    await Promise.all(wave);
  }
  return performance.now() - started;
}

async function writeThroughput(concurrency: number): Promise<{ perSecond: number; commits: number }> {
  const persistence = new MemoryPersistence();
  const store = await EmbeddedStore.open({ clock: new RealClock(), persistence });
  const ms = await createPods(store, concurrency);
  await store.close();
  return { perSecond: (POD_COUNT / ms) * 1000, commits: persistence.commits };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Milliseconds from the write call until each watcher has the event, over `LATENCY_WRITES` patches. */
async function fanOutLatency(concurrency: number): Promise<{ p50: number; p99: number; samples: number }> {
  const store = await EmbeddedStore.open({ clock: new RealClock(), persistence: new MemoryPersistence() });
  await createPods(store, 1000);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  for (let w = 0; w < WATCHERS; w++) {
    await store.watch({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'bench' }, (event) => {
      const seq = event.object.metadata.annotations?.['bench/seq'];
      const start = seq === undefined ? undefined : sentAt.get(seq);
      if (start !== undefined) latencies.push(performance.now() - start);
    });
  }
  for (let next = 0; next < LATENCY_WRITES; next += concurrency) {
    const wave: Promise<KubeObject>[] = [];
    for (let i = next; i < Math.min(LATENCY_WRITES, next + concurrency); i++) {
      const seq = String(i);
      sentAt.set(seq, performance.now());
      wave.push(store.patch({ apiVersion: 'v1', kind: 'Pod' }, 'bench', benchPod(i % POD_COUNT).metadata.name!, { metadata: { annotations: { 'bench/seq': seq } } }));
    }
    await Promise.all(wave);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
  await store.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), samples: latencies.length };
}

function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}

async function memoryPerPod(persistence: StorePersistence): Promise<number | undefined> {
  if (!collectGarbage()) return undefined;
  const before = process.memoryUsage().heapUsed;
  const store = await EmbeddedStore.open({ clock: new RealClock(), persistence });
  await createPods(store, 1000);
  collectGarbage();
  const after = process.memoryUsage().heapUsed;
  if (store.size() !== POD_COUNT + 1) throw new Error(`expected ${POD_COUNT + 1} objects, found ${store.size()}`);
  await store.close();
  return (after - before) / POD_COUNT;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const rows: Array<[string, string]> = [];
  for (const concurrency of [1, 100, 1000]) {
    const { perSecond, commits } = await writeThroughput(concurrency);
    rows.push([`creates/s, ${fmt(POD_COUNT)} pods, ${concurrency} in flight`, `${fmt(perSecond)} (${fmt(commits)} commits)`]);
  }
  for (const concurrency of [1, 100]) {
    const { p50, p99, samples } = await fanOutLatency(concurrency);
    rows.push([`watch fan-out latency, ${WATCHERS} watchers, ${fmt(POD_COUNT)} pods stored, ${concurrency} in flight`, `p50 ${fmt(p50, 3)} ms, p99 ${fmt(p99, 3)} ms (${fmt(samples)} deliveries)`]);
  }
  const withPersistence = await memoryPerPod(new MemoryPersistence());
  const storeOnly = await memoryPerPod(new DiscardingPersistence());
  if (withPersistence === undefined || storeOnly === undefined) {
    rows.push(['heap per stored pod', 'n/a (run node with --expose-gc)']);
  } else {
    rows.push(['heap per stored pod, store + MemoryPersistence copy', `${fmt(withPersistence)} bytes`]);
    rows.push(['heap per stored pod, store only (indexes + watch history)', `${fmt(storeOnly)} bytes`]);
  }

  console.log(`\nEmbedded store benchmark (Node ${process.version}, RealClock)\n`);
  console.log('| measure | result |');
  console.log('|---|---|');
  for (const [measure, result] of rows) console.log(`| ${measure} | ${result} |`);
}

await main();
