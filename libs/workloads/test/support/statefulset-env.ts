// The Advanced StatefulSet and the native apps/v1 StatefulSet controllers running against the embedded
// cluster on a ManualClock: what the StatefulSet scenario and property tests drive. `run(ms)` advances
// time in small steps, letting the watch, the controllers and the kubelet simulator settle in between.
import {
  EmbeddedCluster, ManualClock, MemoryPersistence,
  type ClusterClient, type KubeletOptions,
} from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import {
  DEFAULT_FEATURE_GATES, parseManifests,
  type Event, type FeatureGates, type KubeObject, type NativeStatefulSet, type PersistentVolumeClaim, type Pod, type StatefulSet,
} from '@coxswain/kruise-api';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { POD_REF, PVC_REF } from '../../src/refs.js';
import { StatefulSetController } from '../../src/statefulset/controller.js';
import { NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { podOrdinal } from '../../src/statefulset/plan/identity.js';

export const START = '2026-01-01T00:00:00Z';
export const ASTS_REF = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' };
export const NATIVE_REF = { apiVersion: 'apps/v1', kind: 'StatefulSet' };

export interface StatefulSetEnv {
  clock: ManualClock;
  cluster: EmbeddedCluster;
  controller: StatefulSetController;
  native: StatefulSetController;
  recorder: ClusterEventRecorder;
  errors: unknown[];
  run(ms: number, step?: number): Promise<void>;
  runUntil(done: () => boolean | Promise<boolean>, limitMs?: number, step?: number): Promise<void>;
  apply(yaml: string): Promise<void>;
  set(name: string): Promise<StatefulSet>;
  nativeSet(name: string): Promise<NativeStatefulSet>;
  /** The set's pods (owned by its uid), ordered by ordinal; `native` for an apps/v1 set. */
  pods(name: string, native?: boolean): Promise<Pod[]>;
  claims(): Promise<PersistentVolumeClaim[]>;
  patchSet(name: string, spec: Record<string, unknown>): Promise<void>;
  events(): Promise<Event[]>;
  stop(): Promise<void>;
}

export interface StatefulSetEnvOptions {
  gates?: FeatureGates;
  kubelet?: Partial<KubeletOptions>;
  nodes?: { zones: number; nodesPerZone: number; podCapacity: number };
  controllerClient?: (store: ClusterClient) => ClusterClient;
}

export async function startStatefulSetEnv(options: StatefulSetEnvOptions = {}): Promise<StatefulSetEnv> {
  const clock = new ManualClock(START);
  const errors: unknown[] = [];
  const onError = (err: unknown) => void errors.push(err);
  const cluster = await EmbeddedCluster.start({
    clock,
    persistence: new MemoryPersistence(),
    nodes: options.nodes,
    kubelet: { imagePullMs: 1000, containerStartMs: 500, terminationMs: 500, ...options.kubelet },
    onError,
  });
  // As in the server: controllers read the store's shared frozen objects through its local client.
  const client = options.controllerClient?.(cluster.store.localClient()) ?? cluster.store.localClient();
  const manager = new ControllerManager({ client, clock, onInformerError: onError });
  const recorder = new ClusterEventRecorder({ client: cluster.store, clock, component: 'kruise-manager', onError });
  // A failed reconcile is logged as a warning and retried; in these tests it is an error.
  const log = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (level === 'error' || level === 'warn') errors.push(new Error(`${message} ${JSON.stringify(fields)}`));
  };
  const gates = options.gates ?? DEFAULT_FEATURE_GATES;
  const controller = new StatefulSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  const native = new StatefulSetController(manager, { flavor: NATIVE_STATEFULSET, gates, recorder, log, maxConcurrentReconciles: 2 });
  // Kruise's pod-readiness controller gives the pods the KruisePodReady condition their gate waits for.
  new PodReadinessController(manager, { log });
  await manager.start();

  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await clock.advance(0);
      await cluster.scheduler.idle();
      await cluster.kubelet.idle();
    }
  };
  const run = async (ms: number, step = 100) => {
    for (let t = 0; t < ms; t += step) {
      await clock.advance(Math.min(step, ms - t));
      await settle();
    }
  };
  const pods = async (name: string, isNative = false) => {
    const owner = await cluster.store.get<KubeObject>(isNative ? NATIVE_REF : ASTS_REF, 'default', name);
    const list = await cluster.store.list<Pod>(POD_REF, { namespace: 'default' });
    return list.items
      .filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === owner.metadata.uid))
      .sort((a, b) => podOrdinal(a) - podOrdinal(b));
  };
  return {
    clock, cluster, controller, native, recorder, errors, run,
    async runUntil(done, limitMs = 120_000, step = 100) {
      for (let t = 0; t <= limitMs; t += step) {
        if (await done()) return;
        await run(step, step);
      }
      throw new Error(`condition not reached within ${limitMs} ms of simulated time`);
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
    set: (name) => cluster.store.get<StatefulSet>(ASTS_REF, 'default', name),
    nativeSet: (name) => cluster.store.get<NativeStatefulSet>(NATIVE_REF, 'default', name),
    pods,
    claims: async () => (await cluster.store.list<PersistentVolumeClaim>(PVC_REF, { namespace: 'default' })).items.filter((c) => !c.metadata.deletionTimestamp),
    async patchSet(name, spec) {
      await cluster.store.patch(ASTS_REF, 'default', name, { spec });
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

export const ordinals = (pods: readonly Pod[]): number[] => pods.filter((p) => !p.metadata.deletionTimestamp).map(podOrdinal);
