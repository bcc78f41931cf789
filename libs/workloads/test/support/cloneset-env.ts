// A CloneSet controller running against the embedded cluster on a ManualClock (the rig, rig.ts): what
// the scenario and property tests drive. `run(ms)` advances time in small steps, letting the watch, the
// controller and the kubelet simulator settle in between, so a test reads like a timeline.
import type { EmbeddedCluster, ManualClock } from '@coxswain/cluster';
import type { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import { DEFAULT_FEATURE_GATES, type CloneSet, type Event, type Pod } from '@coxswain/kruise-api';
import { CloneSetController } from '../../src/cloneset/controller.js';
import { isActive, isPodAvailable } from '../../src/pod/pod-state.js';
import { CLONESET_REF, POD_REF } from '../../src/refs.js';
import { startEnvRig, type EnvOptions } from './rig.js';

export { START } from './rig.js';

export interface CloneSetEnv {
  clock: ManualClock;
  cluster: EmbeddedCluster;
  controller: CloneSetController;
  manager: ControllerManager;
  recorder: ClusterEventRecorder;
  errors: unknown[];
  /** Advances the clock by `ms` in `step` increments, settling after each. */
  run(ms: number, step?: number): Promise<void>;
  /** Runs until `done()` holds, checking every `step` ms; throws after `limitMs` with `describe()`. */
  runUntil(done: () => boolean | Promise<boolean>, limitMs?: number, step?: number): Promise<void>;
  apply(yaml: string): Promise<void>;
  cloneSet(name: string, namespace?: string): Promise<CloneSet>;
  pods(name: string, namespace?: string): Promise<Pod[]>;
  events(): Promise<Event[]>;
  stop(): Promise<void>;
}

export interface CloneSetEnvOptions extends EnvOptions {
  random?: () => number;
}

export async function startCloneSetEnv(options: CloneSetEnvOptions = {}): Promise<CloneSetEnv> {
  const rig = await startEnvRig(options);
  const { clock, cluster, manager, recorder, errors } = rig;
  const controller = new CloneSetController(manager, {
    gates: options.gates ?? DEFAULT_FEATURE_GATES,
    recorder,
    random: options.random,
    maxConcurrentReconciles: 2,
    log: rig.logger('error'),
  });
  await rig.start();

  const pods = async (name: string, namespace = 'default') => {
    const cs = await cluster.store.get<CloneSet>(CLONESET_REF, namespace, name);
    const list = await cluster.store.list<Pod>(POD_REF, { namespace });
    return list.items
      .filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === cs.metadata.uid))
      .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  };
  return {
    clock, cluster, controller, manager, recorder, errors, pods,
    run: rig.run,
    runUntil: rig.runUntil,
    apply: rig.apply,
    cloneSet: (name, namespace = 'default') => cluster.store.get<CloneSet>(CLONESET_REF, namespace, name),
    events: rig.events,
    stop: rig.stop,
  };
}

export function activePods(pods: readonly Pod[]): Pod[] {
  return pods.filter(isActive);
}

export interface PodCensus {
  /** Highest number of active pods seen after any single change. */
  maxActive: number;
  /** Lowest number of available (ready, Normal) active pods seen after any single change. */
  minAvailable: number;
  /** Pods that received a deletionTimestamp more than once (recreated names excluded by uid). */
  deletedTwice: string[];
  stop(): void;
}

/** Watches every pod change of the store and keeps the extremes the invariants are about. */
export async function podCensus(env: CloneSetEnv, namespace = 'default'): Promise<PodCensus> {
  const pods = new Map<string, Pod>();
  const deletions = new Map<string, number>();
  const census: PodCensus = { maxActive: 0, minAvailable: Infinity, deletedTwice: [], stop: () => {} };
  for (const p of (await env.cluster.store.list<Pod>(POD_REF, { namespace })).items) pods.set(p.metadata.uid!, p);
  const handle = await env.cluster.store.watch<Pod>(POD_REF, { namespace, resourceVersion: env.cluster.store.currentResourceVersion() }, (event) => {
    const uid = event.object.metadata.uid!;
    const before = pods.get(uid);
    if (event.object.metadata.deletionTimestamp && !before?.metadata.deletionTimestamp) {
      deletions.set(uid, (deletions.get(uid) ?? 0) + 1);
      if (deletions.get(uid) === 2) census.deletedTwice.push(event.object.metadata.name!);
    }
    if (event.type === 'DELETED') pods.delete(uid);
    else pods.set(uid, event.object);
    const active = [...pods.values()].filter(isActive);
    census.maxActive = Math.max(census.maxActive, active.length);
    census.minAvailable = Math.min(census.minAvailable, active.filter((p) => isPodAvailable(p, 0, env.clock.now())).length);
  });
  census.stop = () => handle.stop();
  return census;
}
