// The controllers the cluster worker runs, one per workload kind plus Kruise's pod-readiness controller,
// and the native apps/v1 ones beside Kruise's (StatefulSet, Deployment, ReplicaSet: a cluster runs them,
// and UnitedDeployment's subset templates create them); and where the workload kinds' plans are read by
// the contract's kind name.
// A real cluster's kube-controller-manager runs the native ones already: in Kubernetes mode Coxswain
// leaves them to it (two controllers reconciling every Deployment of a cluster would fight).
import type { ControllerManager, EventRecorders } from '@coxswain/controller-runtime';
import {
  AdvancedDeploymentController, BatchReleaseController, CloneSetController, ContainerRecreateController, DeploymentController, ImagePullJobController, NATIVE_STATEFULSET, NodeImageController,
  PodReadinessController, ReplicaSetController, RolloutController, StatefulSetController, UnitedDeploymentController, type RolloutPlan, type WorkloadKindName,
} from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import type { JsonLogger } from '../logging/json-logger.js';

/** What the API asks a kind's controller: the plan it would take now, the last one it took, what it waits for. */
export interface PlanSource {
  planNow(namespace: string, name: string): RolloutPlan<object> | undefined;
  lastPlan(namespace: string, name: string): RolloutPlan<object> | undefined;
  pendingScale(namespace: string, name: string): string | undefined;
}

export interface RegisteredControllers {
  /** Plans by the contract's kind name. */
  plans: ReadonlyMap<WorkloadKindName, PlanSource>;
  /** The CloneSet controller itself: observe mode's shadow comparison reads its informers. */
  cloneSets: CloneSetController;
}

export interface RegisterOptions {
  /** The apps/v1 StatefulSet, Deployment and ReplicaSet controllers: the embedded cluster's, not a real one's (default true). */
  nativeControllers?: boolean;
}

/**
 * The event sources the controllers report as (`source.component`, `reportingComponent`, kubectl
 * describe's FROM): the names Kruise v1.9 gives its recorders (pkg/controller/*: GetEventRecorderFor,
 * EventSource) and kube-controller-manager its own.
 */
export const EVENT_SOURCES = {
  cloneSet: 'cloneset-controller',
  statefulSet: 'statefulset-controller',
  unitedDeployment: 'uniteddeployment-controller',
  deployment: 'deployment-controller',
  replicaSet: 'replicaset-controller',
  nodeImage: 'nodeimage-controller',
  imagePullJob: 'imagepulljob-controller',
  // Kruise Rollouts' Rollout controller (pkg/controller/rollout: GetEventRecorderFor). Its BatchRelease
  // controller records no events Coxswain reproduces.
  rollout: 'rollout-controller',
  // Kruise Rollouts' advanced Deployment controller (pkg/controller/deployment: GetEventRecorderFor).
  advancedDeployment: 'advanced-deployment-controller',
} as const;

export function registerControllers(
  manager: ControllerManager, config: AppConfig, recorders: EventRecorders, logger: JsonLogger, options: RegisterOptions = {},
): RegisteredControllers {
  const log = (component: string) => (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) =>
    logger[level === 'info' ? 'debug' : level]?.({ msg, ...fields }, component);
  const common = { gates: config.controllers.featureGates, maxConcurrentReconciles: config.controllers.workers };
  const recorder = (source: string) => recorders.forComponent(source);
  const cloneSets = new CloneSetController(manager, {
    ...common,
    recorder: recorder(EVENT_SOURCES.cloneSet),
    excludePreparingDeleteFlag: config.controllers.scalingExcludePreparingDelete,
    log: log('CloneSet'),
  });
  const statefulSets = new StatefulSetController(manager, { ...common, recorder: recorder(EVENT_SOURCES.statefulSet), log: log('StatefulSet') });
  const unitedDeployments = new UnitedDeploymentController(manager, { ...common, recorder: recorder(EVENT_SOURCES.unitedDeployment), log: log('UnitedDeployment') });
  // Kruise's pod-readiness controller: the KruisePodReady condition of pods born with its gate (Kruise
  // runs it beside its workload controllers, so it runs in both modes).
  new PodReadinessController(manager, { maxConcurrentReconciles: config.controllers.workers, log: log('PodReadiness') });
  // Kruise's NodeImage, ImagePullJob and ContainerRecreateRequest controllers, behind its gates
  // (docs/spec/image-pull.md §0, §7.1). They write the objects a kruise-daemon acts on: the embedded
  // cluster's kubelet simulator plays the daemon; on a real cluster Kruise's own daemon does (Coxswain
  // does not replace it on real nodes).
  const gates = config.controllers.featureGates;
  if (gates.enabled('KruiseDaemon')) {
    new NodeImageController(manager, { maxConcurrentReconciles: config.controllers.workers, recorder: recorder(EVENT_SOURCES.nodeImage), log: log('NodeImage') });
    new ContainerRecreateController(manager, { maxConcurrentReconciles: config.controllers.workers, log: log('ContainerRecreateRequest') });
  }
  if (gates.enabled('ImagePullJobGate')) {
    new ImagePullJobController(manager, { maxConcurrentReconciles: config.controllers.workers, log: log('ImagePullJob') });
  }
  // Kruise Rollouts' Rollout and BatchRelease controllers (docs/spec/kruise-rollout.md §2, §3), partition
  // style over CloneSets and StatefulSets, in both modes (a real cluster has no other one: Coxswain serves
  // Kruise Rollouts' webhooks too).
  new RolloutController(manager, { maxConcurrentReconciles: config.controllers.workers, recorder: recorder(EVENT_SOURCES.rollout), log: log('Rollout') });
  new BatchReleaseController(manager, { maxConcurrentReconciles: config.controllers.workers, gates, log: log('BatchRelease') });
  // Kruise Rollouts' advanced Deployment controller (docs/spec/kruise-rollout.md §3.6), behind its gate, in
  // both modes: it drives only the Deployments a partition-style release made paused + Recreate, which
  // kube-controller-manager's controller leaves alone.
  if (gates.enabled('AdvancedDeployment')) {
    new AdvancedDeploymentController(manager, { maxConcurrentReconciles: config.controllers.workers, recorder: recorder(EVENT_SOURCES.advancedDeployment), log: log('AdvancedDeployment') });
  }
  if (options.nativeControllers ?? true) {
    // apps/v1 StatefulSets run on the same controller with native defaults (and kube-controller-manager's name is the same).
    new StatefulSetController(manager, { ...common, recorder: recorder(EVENT_SOURCES.statefulSet), flavor: NATIVE_STATEFULSET, log: log('StatefulSet (apps/v1)') });
    new DeploymentController(manager, { ...common, recorder: recorder(EVENT_SOURCES.deployment), log: log('Deployment') });
    new ReplicaSetController(manager, { ...common, recorder: recorder(EVENT_SOURCES.replicaSet), log: log('ReplicaSet') });
  }
  const plans = new Map<WorkloadKindName, PlanSource>([
    ['CLONE_SET', cloneSets],
    ['STATEFUL_SET', statefulSets],
    ['UNITED_DEPLOYMENT', unitedDeployments],
  ]);
  return { plans, cloneSets };
}
