// Kruise Rollouts' controllers (Rollout, BatchRelease) with the CloneSet, Advanced StatefulSet, apps/v1
// StatefulSet and pod-readiness controllers (and, with `deployments`, the apps/v1 Deployment and
// ReplicaSet controllers), against the embedded cluster (its admission runs the workload webhook) on a
// ManualClock (the rig, rig.ts): what the Rollout scenario tests drive.
import type { EmbeddedCluster, ManualClock } from '@coxswain/cluster';
import type { ClusterEventRecorder } from '@coxswain/controller-runtime';
import { DEFAULT_FEATURE_GATES, type BatchRelease, type FeatureGates, type CloneSet, type KubeObject, type Pod, type Rollout, type RolloutStatus } from '@coxswain/kruise-api';
import { BatchReleaseController } from '../../src/batchrelease/controller.js';
import { CloneSetController } from '../../src/cloneset/controller.js';
import { AdvancedDeploymentController } from '../../src/advanceddeployment/controller.js';
import { DeploymentController } from '../../src/deployment/controller.js';
import { ReplicaSetController } from '../../src/replicaset/controller.js';
import { isActive } from '../../src/pod/pod-state.js';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { BATCH_RELEASE_REF, CLONESET_REF, POD_REF, ROLLOUT_REF } from '../../src/refs.js';
import { RolloutController } from '../../src/rollout/controller.js';
import { StatefulSetController } from '../../src/statefulset/controller.js';
import { NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { startRig, type Rig, type RigOptions } from './rig.js';

export interface RolloutEnv {
  clock: ManualClock;
  cluster: EmbeddedCluster;
  recorder: ClusterEventRecorder;
  errors: unknown[];
  rig: Rig;
  run(ms: number, step?: number): Promise<void>;
  runUntil(done: () => boolean | Promise<boolean>, limitMs?: number, step?: number): Promise<void>;
  apply(yaml: string): Promise<void>;
  rollout(name?: string): Promise<Rollout>;
  /** undefined when there is none. */
  release(name?: string): Promise<BatchRelease | undefined>;
  cloneSet(name: string): Promise<CloneSet>;
  workload(ref: { apiVersion: string; kind: string }, name: string): Promise<KubeObject>;
  /** The live pods a workload controls, by name. */
  pods(ref: { apiVersion: string; kind: string }, name: string): Promise<Pod[]>;
  /** Merge patch of a workload's spec (what `kubectl set image` / `kubectl patch` do). */
  patchSpec(ref: { apiVersion: string; kind: string }, name: string, spec: Record<string, unknown>): Promise<void>;
  /** Runs until the Rollout `demo` satisfies `done`; a timeout names `what` and the status last read. */
  untilRollout(what: string, done: (r: Rollout) => boolean, limitMs?: number): Promise<Rollout>;
  /** Runs until the Rollout `demo` waits for an approval at `step`. */
  pausedAt(step: number): Promise<Rollout>;
  /** Runs until the BatchRelease `name` exists and satisfies `done`; a timeout names `what` and the status last read. */
  untilRelease(name: string, what: string, done: (br: BatchRelease) => boolean): Promise<BatchRelease>;
  /** What `kubectl patch rollout X --subresource=status --type=merge` does to the canary sub-status. */
  patchCanaryStatus(name: string, fields: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export interface RolloutEnvOptions {
  /** Run the apps/v1 Deployment and ReplicaSet controllers too (canary-style releases of a Deployment). */
  deployments?: boolean;
  /** Gate AdvancedDeployment: Kruise Rollouts' advanced Deployment controller runs too (partition-style releases of a Deployment). */
  advancedDeployment?: boolean;
  /** The controllers' gates (Kruise's defaults when absent; AdvancedDeployment is the option above's). */
  gates?: FeatureGates;
  /** Wraps the cluster's admission (RigOptions.admission). */
  admission?: RigOptions['admission'];
}

export async function startRolloutEnv(options: RolloutEnvOptions = {}): Promise<RolloutEnv> {
  const rig = await startRig(options.admission ? { admission: options.admission } : {});
  const { clock, cluster, manager, recorder, errors } = rig;
  const log = rig.logger('error', 'warn');
  const gates = (options.gates ?? DEFAULT_FEATURE_GATES).with({ AdvancedDeployment: options.advancedDeployment ?? false });
  if (options.deployments) {
    new DeploymentController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
    new ReplicaSetController(manager, { recorder, log, maxConcurrentReconciles: 2 });
  }
  if (options.advancedDeployment) new AdvancedDeploymentController(manager, { recorder, log, maxConcurrentReconciles: 2 });
  new CloneSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  new StatefulSetController(manager, { gates, recorder, log, maxConcurrentReconciles: 2 });
  new StatefulSetController(manager, { flavor: NATIVE_STATEFULSET, gates, recorder, log, maxConcurrentReconciles: 2 });
  new PodReadinessController(manager, { log });
  new RolloutController(manager, { recorder, log, maxConcurrentReconciles: 2 });
  new BatchReleaseController(manager, { log, maxConcurrentReconciles: 2, gates });
  await rig.start();
  const store = cluster.store;
  async function until<T extends { status?: unknown }>(what: string, read: () => Promise<T | undefined>, done: (o: T) => boolean, limitMs?: number): Promise<T> {
    let last: T | undefined;
    await rig.runUntil(async () => !!(last = await read()) && done(last), limitMs).catch((err) => {
      throw new Error(`${what}: ${String(err)}: ${JSON.stringify(last?.status)}`);
    });
    return last!;
  }
  const rollout = (name = 'demo') => store.get<Rollout>(ROLLOUT_REF, 'default', name);
  const untilRollout = (what: string, done: (r: Rollout) => boolean, limitMs = 120_000) => until(what, () => rollout(), done, limitMs);
  return {
    clock, cluster, recorder, errors, rig,
    run: rig.run,
    runUntil: rig.runUntil,
    apply: rig.apply,
    rollout,
    untilRollout,
    pausedAt: (step) => untilRollout(`paused at step ${step}`, (r) => r.status?.canaryStatus?.currentStepIndex === step && r.status.canaryStatus.currentStepState === 'StepPaused'),
    untilRelease: (name, what, done) => until(what, () => store.get<BatchRelease>(BATCH_RELEASE_REF, 'default', name).catch(() => undefined), done),
    release: (name = 'demo') => store.get<BatchRelease>(BATCH_RELEASE_REF, 'default', name).catch(() => undefined),
    cloneSet: (name) => store.get<CloneSet>(CLONESET_REF, 'default', name),
    workload: (ref, name) => store.get<KubeObject>(ref, 'default', name),
    async pods(ref, name) {
      const owner = await store.get<KubeObject>(ref, 'default', name);
      return (await store.list<Pod>(POD_REF, { namespace: 'default' })).items
        .filter((p) => isActive(p) && p.metadata.ownerReferences?.some((r) => r.uid === owner.metadata.uid))
        .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
    },
    async patchSpec(ref, name, spec) {
      await store.patch(ref, 'default', name, { spec });
      await rig.settle();
    },
    async patchCanaryStatus(name, fields) {
      const rollout = await store.get<Rollout>(ROLLOUT_REF, 'default', name);
      const status: RolloutStatus = { ...rollout.status!, canaryStatus: { ...rollout.status!.canaryStatus!, ...fields } };
      await store.updateStatus<Rollout>({ ...rollout, status });
      await rig.settle();
    },
    stop: rig.stop,
  };
}
