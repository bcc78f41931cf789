// The rig every controller environment and rollout benchmark stands on: the embedded cluster on a
// ManualClock (simulated nodes, scheduler, kubelet simulator), a ControllerManager for the controllers
// under test and an event recorder. The caller registers its controllers on `manager`, then calls
// `start()`. `run(ms)` advances time in small steps, letting the watch, the controllers and the
// simulators settle in between, so a test reads like a timeline. Only packages are imported here, so the
// benchmarks (built against the libraries' dist) use it too.
import {
  EmbeddedCluster, kruiseAdmission, ManualClock, MemoryPersistence,
  type ClusterClient, type KubeletOptions, type SimulatedNodesOptions,
} from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager, type Logger, type LogLevel } from '@coxswain/controller-runtime';
import { parseManifests, type Event, type FeatureGates } from '@coxswain/kruise-api';

export const START = '2026-01-01T00:00:00Z';

/** Park–Miller: a tiny seeded random, enough for instance ids. */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** The kubelet's latencies unless a test says otherwise. */
const KUBELET: Partial<KubeletOptions> = { imagePullMs: 1000, containerStartMs: 500, terminationMs: 500 };

export interface RigOptions {
  kubelet?: Partial<KubeletOptions>;
  nodes?: SimulatedNodesOptions;
  /** The gates the cluster's admission checks (default Kruise's defaults). */
  gates?: FeatureGates;
  /**
   * The client the controller manager (informers and the controllers' writes) uses; default the store's
   * local client, as in the server (controllers read the store's shared frozen objects). The kubelet,
   * scheduler and event recorder use their own, so a wrapper here sees exactly the controllers' traffic.
   */
  controllerClient?: (cluster: EmbeddedCluster) => ClusterClient;
  /** Reported failures (logs at the levels a logger reports, simulator errors) count unless this says otherwise. */
  tolerate?: (error: unknown) => boolean;
  /** Wraps the cluster's admission (what an object stored before a rule existed, or Kubernetes mode, lets through). */
  admission?: (admit: ReturnType<typeof kruiseAdmission>) => ReturnType<typeof kruiseAdmission>;
}

/** What each kind's environment (cloneset-env, statefulset-env, united-env) takes besides its own options. */
export interface EnvOptions {
  gates?: FeatureGates;
  kubelet?: Partial<KubeletOptions>;
  nodes?: SimulatedNodesOptions;
  /**
   * The client the controller manager (informers and the controller's writes) uses, built around the
   * store's local client; default that client. The kubelet, scheduler and event recorder use their own,
   * so a wrapper here sees exactly the controller's own traffic.
   */
  controllerClient?: (store: ClusterClient) => ClusterClient;
}

/** The rig of an environment: its kubelet and nodes, its controllerClient around the store's local client. */
export function startEnvRig(options: EnvOptions & Pick<RigOptions, 'tolerate'>): Promise<Rig> {
  return startRig({
    kubelet: options.kubelet,
    nodes: options.nodes,
    controllerClient: (cluster) => options.controllerClient?.(cluster.store.localClient()) ?? cluster.store.localClient(),
    tolerate: options.tolerate,
  });
}

export interface MeasureOptions<T> {
  limitMs?: number;
  step?: number;
  /** Called with each object read and the simulated time since the start. */
  onStep?: (object: T, elapsedMs: number) => void;
  /** Throw as soon as a failure is reported, not only at the limit. */
  failFast?: boolean;
  /** What the last object read says when the limit is reached (default its status). */
  describe?: (object: T) => string;
}

export interface Rig {
  clock: ManualClock;
  cluster: EmbeddedCluster;
  manager: ControllerManager;
  recorder: ClusterEventRecorder;
  /** Reported failures, in order. */
  errors: unknown[];
  onError(error: unknown): void;
  /** A controller log that reports the messages at `levels` as failures. */
  logger(...levels: LogLevel[]): Logger;
  /** Starts the manager (informers synced, then the controllers registered on it). */
  start(): Promise<void>;
  /** Lets the watch, the controllers, the scheduler and the kubelet act on what is pending, without time passing. */
  settle(): Promise<void>;
  /** Advances the clock by `ms` in `step` increments, settling after each. */
  run(ms: number, step?: number): Promise<void>;
  /** Runs until `done()` holds, checking every `step` ms; throws after `limitMs`. */
  runUntil(done: () => boolean | Promise<boolean>, limitMs?: number, step?: number): Promise<void>;
  /** Runs until `done(await read())` holds and returns the simulated ms it took; throws after `limitMs` with what the last object says. */
  measureUntil<T>(read: () => Promise<T>, done: (object: T) => boolean, what: string, options?: MeasureOptions<T>): Promise<number>;
  /** Throws the reported failures, if any. */
  throwIfErrors(what?: string): void;
  /** Creates or replaces (spec) every document, in the default namespace unless it names one. */
  apply(yaml: string): Promise<void>;
  events(): Promise<Event[]>;
  stop(): Promise<void>;
}

export async function startRig(options: RigOptions = {}): Promise<Rig> {
  const clock = new ManualClock(START);
  const errors: unknown[] = [];
  const onError = (err: unknown) => {
    if (!options.tolerate?.(err)) errors.push(err);
  };
  const cluster = await EmbeddedCluster.start({
    clock,
    persistence: new MemoryPersistence(),
    nodes: options.nodes,
    kubelet: { ...KUBELET, ...options.kubelet },
    ...(options.gates || options.admission ? { admission: (options.admission ?? ((admit) => admit))(kruiseAdmission(options.gates)) } : {}),
    onError,
  });
  const client = options.controllerClient?.(cluster) ?? cluster.store.localClient();
  const manager = new ControllerManager({ client, clock, onInformerError: onError });
  const recorder = new ClusterEventRecorder({ client: cluster.store, clock, component: 'kruise-manager', onError });

  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await clock.advance(0);
      await cluster.scheduler.idle();
      await cluster.kubelet.idle();
      await cluster.crrDaemon.idle();
    }
  };
  const run = async (ms: number, step = 100) => {
    for (let t = 0; t < ms; t += step) {
      await clock.advance(Math.min(step, ms - t));
      await settle();
    }
  };
  const throwIfErrors = (what = 'the bench') => {
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} error(s) during ${what}: ${String(errors[0])}`);
  };
  return {
    clock, cluster, manager, recorder, errors, onError, settle, run, throwIfErrors,
    logger: (...levels) => (level, message, fields) => {
      if (levels.includes(level)) onError(new Error(`${message} ${JSON.stringify(fields)}`));
    },
    start: () => manager.start(),
    async runUntil(done, limitMs = 120_000, step = 100) {
      for (let t = 0; t <= limitMs; t += step) {
        if (await done()) return;
        await run(step, step);
      }
      throw new Error(`condition not reached within ${limitMs} ms of simulated time`);
    },
    async measureUntil(read, done, what, { limitMs = 30 * 60_000, step = 100, onStep, failFast, describe } = {}) {
      const start = clock.now();
      for (;;) {
        const object = await read();
        onStep?.(object, clock.now() - start);
        if (done(object)) return clock.now() - start;
        if (failFast) throwIfErrors();
        if (clock.now() - start > limitMs) {
          throw new Error(`${what} not reached in ${limitMs} ms simulated: ${describe ? describe(object) : JSON.stringify((object as { status?: unknown }).status)}`);
        }
        await clock.advance(step);
        await settle();
      }
    },
    async apply(yaml) {
      for (const doc of parseManifests(yaml)) {
        const namespace = doc.metadata.namespace ?? 'default';
        const existing = await cluster.store.get(doc, namespace, doc.metadata.name!).catch(() => undefined);
        if (existing) await cluster.store.update({ ...doc, metadata: { ...doc.metadata, namespace, resourceVersion: existing.metadata.resourceVersion } });
        else await cluster.store.create({ ...doc, metadata: { ...doc.metadata, namespace } });
      }
      await settle();
    },
    async events() {
      await recorder.flush();
      return (await cluster.store.list<Event>({ apiVersion: 'v1', kind: 'Event' })).items;
    },
    async stop() {
      await manager.stop();
      await recorder.flush();
      await cluster.stop();
    },
  };
}
