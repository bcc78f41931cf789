// Every workload controller a UnitedDeployment can drive, running against the embedded cluster on a
// ManualClock: CloneSet, Advanced StatefulSet, apps/v1 StatefulSet, Deployment and ReplicaSet, and the
// UnitedDeployment controller itself. `run(ms)` advances time in small steps, letting the watch, the
// controllers and the simulators settle in between, so a test reads like a timeline. Controllers read
// the store's shared frozen objects (a mutation would throw).
import {
  EmbeddedCluster, ManualClock, MemoryPersistence,
  type ClusterClient, type KindRef, type KubeletOptions, type SimulatedNodesOptions,
} from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import {
  DEFAULT_FEATURE_GATES, parseManifests,
  type Event, type FeatureGates, type KubeObject, type Node, type Pod,
} from '@coxswain/kruise-api';
import { CloneSetController } from '../../src/cloneset/controller.js';
import { DeploymentController } from '../../src/deployment/controller.js';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { NODE_REF, POD_REF } from '../../src/refs.js';
import { ReplicaSetController } from '../../src/replicaset/controller.js';
import { StatefulSetController } from '../../src/statefulset/controller.js';
import { NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { UnitedDeploymentController } from '../../src/uniteddeployment/controller.js';

export const START = '2026-01-01T00:00:00Z';
export const UD_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment' };
export const DEPLOYMENT_REF: KindRef = { apiVersion: 'apps/v1', kind: 'Deployment' };
export const REPLICASET_REF: KindRef = { apiVersion: 'apps/v1', kind: 'ReplicaSet' };
export const CLONESET_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
export const ASTS_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' };
export const NATIVE_STS_REF: KindRef = { apiVersion: 'apps/v1', kind: 'StatefulSet' };

export interface UnitedEnv {
  clock: ManualClock;
  cluster: EmbeddedCluster;
  manager: ControllerManager;
  united: UnitedDeploymentController;
  /** Undefined with nativeControllers: false. */
  deployments: DeploymentController | undefined;
  replicaSets: ReplicaSetController | undefined;
  recorder: ClusterEventRecorder;
  errors: unknown[];
  run(ms: number, step?: number): Promise<void>;
  runUntil(done: () => boolean | Promise<boolean>, limitMs?: number, step?: number): Promise<void>;
  /** Creates or replaces (spec) every document, in the default namespace unless it names one. */
  apply(yaml: string): Promise<void>;
  get<T extends KubeObject>(ref: KindRef, name: string): Promise<T>;
  list<T extends KubeObject>(ref: KindRef): Promise<T[]>;
  /** Merge patch of spec or metadata. */
  patch(ref: KindRef, name: string, patch: Record<string, unknown>): Promise<void>;
  /** Active and terminating pods of the namespace, by name. */
  pods(): Promise<Pod[]>;
  /** Cordons (true) or uncordons every node whose name starts with `prefix` (e.g. "sim-a-"). */
  cordon(prefix: string, unschedulable: boolean): Promise<void>;
  events(): Promise<Event[]>;
  stop(): Promise<void>;
}

export interface UnitedEnvOptions {
  gates?: FeatureGates;
  kubelet?: Partial<KubeletOptions>;
  nodes?: SimulatedNodesOptions;
  controllerClient?: (store: ClusterClient) => ClusterClient;
  /**
   * The apps/v1 StatefulSet, Deployment and ReplicaSet controllers (default true). Off, the cluster is
   * one without kube-controller-manager, as Kubernetes mode may meet: those workloads get no pods.
   */
  nativeControllers?: boolean;
  /** Reported failures (warn or error logs, simulator errors) fail the test unless this says otherwise. */
  tolerate?: (error: unknown) => boolean;
}

export async function startUnitedEnv(options: UnitedEnvOptions = {}): Promise<UnitedEnv> {
  const clock = new ManualClock(START);
  const errors: unknown[] = [];
  const onError = (err: unknown) => {
    if (!options.tolerate?.(err)) errors.push(err);
  };
  const cluster = await EmbeddedCluster.start({
    clock,
    persistence: new MemoryPersistence(),
    nodes: options.nodes,
    kubelet: { imagePullMs: 1000, containerStartMs: 500, terminationMs: 500, ...options.kubelet },
    onError,
  });
  const client = options.controllerClient?.(cluster.store.localClient()) ?? cluster.store.localClient();
  const manager = new ControllerManager({ client, clock, onInformerError: onError });
  const recorder = new ClusterEventRecorder({ client: cluster.store, clock, component: 'kruise-manager', onError });
  const log = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (level === 'error' || level === 'warn') onError(new Error(`${message} ${JSON.stringify(fields)}`));
  };
  const gates = options.gates ?? DEFAULT_FEATURE_GATES;
  new CloneSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  new StatefulSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  const native = options.nativeControllers ?? true;
  if (native) new StatefulSetController(manager, { flavor: NATIVE_STATEFULSET, gates, recorder, log, maxConcurrentReconciles: 2 });
  const replicaSets = native ? new ReplicaSetController(manager, { recorder, log, maxConcurrentReconciles: 2 }) : undefined;
  const deployments = native ? new DeploymentController(manager, { recorder, log, maxConcurrentReconciles: 2 }) : undefined;
  const united = new UnitedDeploymentController(manager, { recorder, log, maxConcurrentReconciles: 2 });
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
  return {
    clock, cluster, manager, united, deployments, replicaSets, recorder, errors, run,
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
    get: (ref, name) => cluster.store.get(ref, 'default', name),
    list: async (ref) => (await cluster.store.list(ref, { namespace: 'default' })).items as never,
    async patch(ref, name, patch) {
      await cluster.store.patch(ref, 'default', name, patch);
      await settle();
    },
    pods: async () => (await cluster.store.list<Pod>(POD_REF, { namespace: 'default' })).items,
    async cordon(prefix, unschedulable) {
      for (const node of (await cluster.store.list<Node>(NODE_REF)).items.filter((n) => n.metadata.name!.startsWith(prefix))) {
        await cluster.store.update<Node>({ ...node, spec: { ...node.spec, unschedulable } });
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

/** Pods controlled by the object with this uid, not terminating. */
export function livePodsOf(pods: readonly Pod[], uid: string): Pod[] {
  return pods.filter((p) => !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === uid));
}
