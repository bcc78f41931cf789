// Every workload controller a UnitedDeployment can drive, running against the embedded cluster on a
// ManualClock (the rig, rig.ts): CloneSet, Advanced StatefulSet, apps/v1 StatefulSet, Deployment and
// ReplicaSet, and the UnitedDeployment controller itself. `run(ms)` advances time in small steps,
// letting the watch, the controllers and the simulators settle in between, so a test reads like a
// timeline. Controllers read the store's shared frozen objects (a mutation would throw).
import type { EmbeddedCluster, KindRef, ManualClock } from '@coxswain/cluster';
import type { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import { DEFAULT_FEATURE_GATES, type Event, type KubeObject, type Node, type Pod } from '@coxswain/kruise-api';
import { CloneSetController } from '../../src/cloneset/controller.js';
import { DeploymentController } from '../../src/deployment/controller.js';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { NODE_REF, POD_REF } from '../../src/refs.js';
import { ReplicaSetController } from '../../src/replicaset/controller.js';
import { StatefulSetController } from '../../src/statefulset/controller.js';
import { KRUISE_STATEFULSET, NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { UnitedDeploymentController } from '../../src/uniteddeployment/controller.js';
import { startEnvRig, type EnvOptions } from './rig.js';

export { START } from './rig.js';
export { CLONESET_REF, DEPLOYMENT_REF, REPLICASET_REF, UNITED_DEPLOYMENT_REF as UD_REF } from '../../src/refs.js';
export const ASTS_REF: KindRef = KRUISE_STATEFULSET.ref;
export const NATIVE_STS_REF: KindRef = NATIVE_STATEFULSET.ref;

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

export interface UnitedEnvOptions extends EnvOptions {
  /**
   * The apps/v1 StatefulSet, Deployment and ReplicaSet controllers (default true). Off, the cluster is
   * one without kube-controller-manager, as Kubernetes mode may meet: those workloads get no pods.
   */
  nativeControllers?: boolean;
  /** Reported failures (warn or error logs, simulator errors) fail the test unless this says otherwise. */
  tolerate?: (error: unknown) => boolean;
}

export async function startUnitedEnv(options: UnitedEnvOptions = {}): Promise<UnitedEnv> {
  const rig = await startEnvRig(options);
  const { clock, cluster, manager, recorder, errors } = rig;
  const log = rig.logger('error', 'warn');
  const gates = options.gates ?? DEFAULT_FEATURE_GATES;
  new CloneSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  new StatefulSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  const native = options.nativeControllers ?? true;
  if (native) new StatefulSetController(manager, { flavor: NATIVE_STATEFULSET, gates, recorder, log, maxConcurrentReconciles: 2 });
  const replicaSets = native ? new ReplicaSetController(manager, { recorder, log, maxConcurrentReconciles: 2 }) : undefined;
  const deployments = native ? new DeploymentController(manager, { recorder, log, maxConcurrentReconciles: 2 }) : undefined;
  const united = new UnitedDeploymentController(manager, { recorder, log, maxConcurrentReconciles: 2 });
  new PodReadinessController(manager, { log });
  await rig.start();

  return {
    clock, cluster, manager, united, deployments, replicaSets, recorder, errors,
    run: rig.run,
    runUntil: rig.runUntil,
    apply: rig.apply,
    get: (ref, name) => cluster.store.get(ref, 'default', name),
    list: async (ref) => (await cluster.store.list(ref, { namespace: 'default' })).items as never,
    async patch(ref, name, patch) {
      await cluster.store.patch(ref, 'default', name, patch);
      await rig.settle();
    },
    pods: async () => (await cluster.store.list<Pod>(POD_REF, { namespace: 'default' })).items,
    async cordon(prefix, unschedulable) {
      for (const node of (await cluster.store.list<Node>(NODE_REF)).items.filter((n) => n.metadata.name!.startsWith(prefix))) {
        await cluster.store.update<Node>({ ...node, spec: { ...node.spec, unschedulable } });
      }
      await rig.settle();
    },
    events: rig.events,
    stop: rig.stop,
  };
}

/** Pods controlled by the object with this uid, not terminating. */
export function livePodsOf(pods: readonly Pod[], uid: string): Pod[] {
  return pods.filter((p) => !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === uid));
}
