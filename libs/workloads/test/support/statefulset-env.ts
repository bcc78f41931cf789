// The Advanced StatefulSet and the native apps/v1 StatefulSet controllers running against the embedded
// cluster on a ManualClock (the rig, rig.ts): what the StatefulSet scenario and property tests drive.
// `run(ms)` advances time in small steps, letting the watch, the controllers and the kubelet simulator
// settle in between.
import type { EmbeddedCluster, ManualClock } from '@coxswain/cluster';
import type { ClusterEventRecorder } from '@coxswain/controller-runtime';
import {
  DEFAULT_FEATURE_GATES,
  type Event, type KubeObject, type NativeStatefulSet, type PersistentVolumeClaim, type Pod, type StatefulSet,
} from '@coxswain/kruise-api';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { POD_REF, PVC_REF } from '../../src/refs.js';
import { StatefulSetController } from '../../src/statefulset/controller.js';
import { KRUISE_STATEFULSET, NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { podOrdinal } from '../../src/statefulset/plan/identity.js';
import { startEnvRig, type EnvOptions } from './rig.js';

export { START } from './rig.js';
export const ASTS_REF = KRUISE_STATEFULSET.ref;
export const NATIVE_REF = NATIVE_STATEFULSET.ref;

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

export type StatefulSetEnvOptions = EnvOptions;

export async function startStatefulSetEnv(options: StatefulSetEnvOptions = {}): Promise<StatefulSetEnv> {
  const rig = await startEnvRig(options);
  const { clock, cluster, manager, recorder, errors } = rig;
  // A failed reconcile is logged as a warning and retried; in these tests it is an error.
  const log = rig.logger('error', 'warn');
  const gates = options.gates ?? DEFAULT_FEATURE_GATES;
  const controller = new StatefulSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  const native = new StatefulSetController(manager, { flavor: NATIVE_STATEFULSET, gates, recorder, log, maxConcurrentReconciles: 2 });
  // Kruise's pod-readiness controller gives the pods the KruisePodReady condition their gate waits for.
  new PodReadinessController(manager, { log });
  await rig.start();

  const pods = async (name: string, isNative = false) => {
    const owner = await cluster.store.get<KubeObject>(isNative ? NATIVE_REF : ASTS_REF, 'default', name);
    const list = await cluster.store.list<Pod>(POD_REF, { namespace: 'default' });
    return list.items
      .filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === owner.metadata.uid))
      .sort((a, b) => podOrdinal(a) - podOrdinal(b));
  };
  return {
    clock, cluster, controller, native, recorder, errors, pods,
    run: rig.run,
    runUntil: rig.runUntil,
    apply: rig.apply,
    set: (name) => cluster.store.get<StatefulSet>(ASTS_REF, 'default', name),
    nativeSet: (name) => cluster.store.get<NativeStatefulSet>(NATIVE_REF, 'default', name),
    claims: async () => (await cluster.store.list<PersistentVolumeClaim>(PVC_REF, { namespace: 'default' })).items.filter((c) => !c.metadata.deletionTimestamp),
    async patchSet(name, spec) {
      await cluster.store.patch(ASTS_REF, 'default', name, { spec });
      await rig.settle();
    },
    events: rig.events,
    stop: rig.stop,
  };
}

export const ordinals = (pods: readonly Pod[]): number[] => pods.filter((p) => !p.metadata.deletionTimestamp).map(podOrdinal);
