// The cluster worker: the embedded cluster (store, persistence, scheduler, kubelet) and the controllers,
// in a thread of their own, as a real cluster runs them in processes of their own. The API thread
// reaches it through the ClusterClient port (RemoteClusterClient) and the few methods of protocol.ts;
// it never waits on a reconcile or a commit. The store shares its frozen objects with the controllers
// and simulators here, so every pod is held once in this thread.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { EmbeddedCluster, installKruiseCrds, kruiseAdmission, RealClock, ScaledClock, serveClusterClient, type Clock } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { ClusterEventRecorder, ControllerManager, Metrics } from '@coxswain/controller-runtime';
import { Counter, Gauge } from 'prom-client';
import { getHeapStatistics } from 'node:v8';
import { loadConfig } from '../config/config.js';
import { JsonLogger } from '../logging/json-logger.js';
import { startIdleCollector } from '../memory/idle-collector.js';
import { sqlOver } from '../persistence/database.js';
import { runAtBackgroundPriority } from '../threads/background-priority.js';
import { ownThreadId } from '../threads/thread-cpu.js';
import { SqlStorePersistence } from '../persistence/sql-store-persistence.js';
import { registerControllers } from './controllers.js';
import { planMethods } from './plan-summary.js';
import { cloneSetShadow } from './shadow/cloneset-shadow.js';
import { seedFromFile } from './seed.js';
import type { ClusterWorkerData, ClusterWorkerMethods, ClusterWorkerStarted } from './protocol.js';

async function main(): Promise<void> {
  const port = parentPort!;
  const data = workerData as ClusterWorkerData;
  const config = loadConfig(data.config.env, data.config.cwd);
  const logger = new JsonLogger(config.logLevel);
  runAtBackgroundPriority();
  const clock: Clock = config.clock.mode === 'scaled' ? new ScaledClock(config.clock.scale, data.clockOrigin) : new RealClock();
  startIdleCollector({ onCollect: (before, after, pauseMs, compacted) => logger.debug({ msg: 'collected garbage while idle', heapBeforeBytes: before, heapAfterBytes: after, pauseMs: Math.round(pauseMs), compacted }, 'Memory') });
  // Kubernetes mode has a composition of its own; loaded only then, so the embedded path never loads client-node.
  if (config.cluster.mode === 'kubernetes') return (await import('./kubernetes-worker.js')).runKubernetesWorker(port, config, logger, clock);
  const sql = await sqlOver(data.database);

  let cluster: EmbeddedCluster;
  let seeded: number | undefined;
  try {
    cluster = await EmbeddedCluster.start({
      clock,
      persistence: new SqlStorePersistence(sql),
      watchHistory: config.cluster.watchHistory,
      watchHistoryMs: config.cluster.watchHistorySeconds * 1000,
      nodes: config.cluster.nodes,
      kubelet: config.cluster.kubelet,
      admission: kruiseAdmission(config.controllers.featureGates),
      onError: (err) => logger.warn({ msg: 'simulator error (retried)', error: String(err) }, 'Cluster'),
    });
    await installKruiseCrds(cluster.store);
    // A starting point, not a desired state: only an empty cluster is seeded, so what users deleted
    // stays deleted across restarts.
    if (config.cluster.seedFile && cluster.fresh) seeded = await seedFromFile(cluster.store, config.cluster.seedFile);
  } catch (err) {
    await sql.dispose();
    port.postMessage({ kind: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies ClusterWorkerStarted);
    return;
  }

  const metrics = new Metrics();
  registerThreadMetrics(metrics, cluster);
  const local = cluster.store.localClient();
  // CONTROLLER_MODE=off: the controllers are built (plans can still be asked for) but never started.
  const running = config.controllers.mode !== 'off';
  // The controllers share this thread with the store, scheduler and kubelet they wait on.
  const controllers = new ControllerManager({ client: local, clock, mode: config.controllers.mode === 'observe' ? 'observe' : 'active', metrics, restAfterLongReconcile: true });
  // Each controller records under its own name (controllers.ts EVENT_SOURCES), through this one queue.
  const events = new ClusterEventRecorder({
    client: controllers.client,
    clock,
    component: 'kruise-manager',
    onError: (err) => logger.warn({ msg: 'could not record an event', error: String(err) }, 'Events'),
  });
  const { plans, cloneSets } = registerControllers(controllers, config, events, logger);

  const shadow = config.controllers.mode === 'observe' ? cloneSetShadow(cloneSets, () => clock.now()) : undefined;

  let stopped: Promise<void> | undefined;
  const methods: ClusterWorkerMethods = {
    seed: (objects) => cluster.store.seed(objects as KubeObject[]),
    applyInOneTransaction: (documents, options) => cluster.store.applyInOneTransaction(documents, options),
    ...planMethods(() => plans, config.controllers.mode === 'observe', local),
    metrics: () => metrics.registry.metrics(),
    podMetrics: async () => cluster.podMetrics.exposition(),
    observedWrites: async () => [...(controllers.observer?.recordedWrites() ?? [])],
    synced: async () => !running || controllers.informers.hasSynced(),
    leadership: async () => null,
    shadow: async (namespace, name) => shadow?.comparison(namespace, name) ?? null,
    shutdown: () =>
      (stopped ??= (async () => {
        await controllers.stop();
        await events.flush();
        await cluster.stop();
        await sql.dispose();
      })()),
  };
  serveClusterClient(port, local, methods as unknown as Record<string, (...args: any[]) => unknown>);
  if (running) await controllers.start();
  port.postMessage({ kind: 'started', seeded, threadId: ownThreadId() } satisfies ClusterWorkerStarted);
}

/**
 * This thread's event-loop delay and heap, beside the API thread's own nodejs_* metrics, and the writes
 * the store has committed by resource.
 */
function registerThreadMetrics(metrics: Metrics, cluster: EmbeddedCluster): void {
  new Gauge({ name: 'coxswain_cluster_heap_used_bytes', help: 'V8 heap in use by the cluster worker thread', registers: [metrics.registry], collect() {
    this.set(getHeapStatistics().used_heap_size);
  } });
  new Gauge({ name: 'coxswain_cluster_objects', help: 'Objects stored in the embedded cluster', registers: [metrics.registry], collect() {
    this.set(cluster.store.size());
  } });
  new Counter({ name: 'coxswain_cluster_object_writes_total', help: 'Changes committed by the embedded cluster', labelNames: ['resource'], registers: [metrics.registry], collect() {
    this.reset();
    for (const [resource, count] of cluster.store.writesByResource()) this.inc({ resource }, count);
  } });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  for (const [name, help, read] of [
    ['coxswain_cluster_eventloop_lag_max_seconds', 'Longest event-loop delay of the cluster worker since the last scrape', () => delay.max],
    ['coxswain_cluster_eventloop_lag_p99_seconds', 'p99 event-loop delay of the cluster worker since the last scrape', () => delay.percentile(99)],
  ] as const) {
    new Gauge({ name, help, registers: [metrics.registry], collect() {
      this.set(read() / 1e9);
      if (name.endsWith('p99_seconds')) delay.reset();
    } });
  }
}

void main().catch((err: unknown) => {
  parentPort!.postMessage({ kind: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies ClusterWorkerStarted);
});
