// A small simulated cluster for the scheduler and kubelet tests: an EmbeddedStore on a ManualClock seeded with
// simulated nodes, plus builders for pods.
import type { Container, Node, Pod, PodSpec } from '@coxswain/kruise-api';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import { MemoryPersistence } from '../../src/embedded/store/persistence.js';
import { CrrDaemonSimulator } from '../../src/embedded/sim/crr-daemon.js';
import { KubeletSimulator, type KubeletOptions } from '../../src/embedded/sim/kubelet.js';
import { simulatedNodes, type SimulatedNodesOptions } from '../../src/embedded/sim/nodes.js';
import { Scheduler } from '../../src/embedded/sim/scheduler.js';
import type { ClusterClient, KindRef, WriteOptions } from '../../src/port.js';

export const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
export const NODE: KindRef = { apiVersion: 'v1', kind: 'Node' };
export const START = '2026-01-01T00:00:00Z';

/** The RFC 3339 timestamp (whole seconds, as metav1.Time) `ms` after START. */
export function at(ms: number): string {
  return new Date(Date.parse(START) + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SimCluster {
  clock: ManualClock;
  store: EmbeddedStore;
  /** The store as the simulator sees it, counting its accepted writes. */
  client: CountingClient;
  scheduler?: Scheduler;
  kubelet?: KubeletSimulator;
  crrDaemon?: CrrDaemonSimulator;
  /** Advances the clock by `ms` and waits until scheduler and kubelet have nothing left to do. */
  advance(ms?: number): Promise<void>;
  pod(name: string, namespace?: string): Promise<Pod>;
  /** Stops everything; rejects if the scheduler or kubelet reported an error. */
  stop(): Promise<void>;
}

export interface SimClusterOptions {
  nodes?: SimulatedNodesOptions | Node[];
  scheduler?: boolean;
  /** false: no kubelet. */
  kubelet?: Partial<KubeletOptions> | false;
  /** true: kruise-daemon's ContainerRecreateRequest side runs beside the kubelet. */
  crrDaemon?: boolean;
}

export async function startSimCluster(options: SimClusterOptions = {}): Promise<SimCluster> {
  const clock = new ManualClock(START);
  const store = await EmbeddedStore.open({ clock, persistence: new MemoryPersistence() });
  const nodes = Array.isArray(options.nodes) ? options.nodes : simulatedNodes({ readySince: START, ...options.nodes });
  await store.seed(nodes);
  // As in EmbeddedCluster: the simulators share the store's frozen objects.
  const client = new CountingClient(store.localClient());
  // The simulator survives errors by retrying; in these tests any error is a failure, reported by stop().
  const errors: unknown[] = [];
  const onError = (err: unknown) => void errors.push(err);
  const scheduler = options.scheduler === false ? undefined : new Scheduler(client, clock, { onError });
  const kubelet = options.kubelet === false ? undefined : new KubeletSimulator(client, clock, { onError, ...options.kubelet });
  await scheduler?.start();
  await kubelet?.start();
  const crrDaemon = options.crrDaemon && kubelet ? new CrrDaemonSimulator(client, clock, kubelet, onError) : undefined;
  await crrDaemon?.start();
  const quiesce = async () => {
    for (let round = 0; round < 5; round++) {
      await scheduler?.idle();
      await kubelet?.idle();
      await crrDaemon?.idle();
    }
  };
  return {
    clock,
    store,
    client,
    scheduler,
    kubelet,
    crrDaemon,
    async advance(ms = 0) {
      await quiesce();
      await clock.advance(ms);
      await quiesce();
    },
    pod: (name, namespace = 'default') => store.get<Pod>(POD, namespace, name),
    async stop() {
      await scheduler?.stop();
      crrDaemon?.stop();
      await kubelet?.stop();
      await store.close();
      if (errors.length > 0) throw new AggregateError(errors, `simulator reported ${errors.length} error(s): ${String(errors[0])}`);
    },
  };
}

/** A SimCluster for `body`, stopped after it whatever happened (stop() fails on any error a simulator reported). */
export async function withSimCluster<T>(options: SimClusterOptions, body: (cluster: SimCluster) => Promise<T>): Promise<T> {
  const cluster = await startSimCluster(options);
  try {
    return await body(cluster);
  } finally {
    await cluster.stop();
  }
}

export interface PodOptions {
  image?: string;
  containers?: Container[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerUid?: string;
  finalizers?: string[];
  spec?: Partial<PodSpec>;
}

export function makePod(name: string, options: PodOptions = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      labels: options.labels ?? { app: 'web' },
      ...(options.annotations ? { annotations: options.annotations } : {}),
      ...(options.finalizers ? { finalizers: options.finalizers } : {}),
      ...(options.ownerUid
        ? { ownerReferences: [{ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web', uid: options.ownerUid, controller: true }] }
        : {}),
    },
    spec: {
      containers: options.containers ?? [{ name: 'app', image: options.image ?? 'registry.example/web:v1' }],
      ...options.spec,
    },
  };
}

export function condition(pod: Pod, type: string) {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function containerStatus(pod: Pod, name: string) {
  return pod.status?.containerStatuses?.find((c) => c.name === name);
}

/** Counts accepted writes per pod name, so tests can hold the simulator to its write budget. */
export class CountingClient implements ClusterClient {
  readonly podWrites = new Map<string, number>();
  /** The most writes that were ever under way at once. */
  maxInFlight = 0;
  private inFlight = 0;

  constructor(private readonly inner: ClusterClient) {}

  get: ClusterClient['get'] = (ref, namespace, name) => this.inner.get(ref, namespace, name);
  list: ClusterClient['list'] = (ref, options) => this.inner.list(ref, options);
  watch: ClusterClient['watch'] = (ref, options, onEvent, onClose) => this.inner.watch(ref, options, onEvent, onClose);
  create: ClusterClient['create'] = (object, options) => this.counted(object.kind, object.metadata.name, this.inner.create(object, options));
  update: ClusterClient['update'] = (object, options) => this.counted(object.kind, object.metadata.name, this.inner.update(object, options));
  updateStatus: ClusterClient['updateStatus'] = (object, options?: WriteOptions) =>
    this.counted(object.kind, object.metadata.name, this.inner.updateStatus(object, options));
  patch: ClusterClient['patch'] = (ref, namespace, name, patch, options) => this.counted(ref.kind, name, this.inner.patch(ref, namespace, name, patch, options));
  delete: ClusterClient['delete'] = (ref, namespace, name, options) => this.counted(ref.kind, name, this.inner.delete(ref, namespace, name, options));

  writesFor(podName: string): number {
    return this.podWrites.get(podName) ?? 0;
  }

  private async counted<T>(kind: string, name: string | undefined, write: Promise<T>): Promise<T> {
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    const result = await write.finally(() => this.inFlight--);
    if (kind === 'Pod' && name) this.podWrites.set(name, (this.podWrites.get(name) ?? 0) + 1);
    return result;
  }
}
