// OpenKruise Rollouts' kinds (docs/spec/kruise-rollout.md §1): Rollout and BatchRelease in
// rollouts.kruise.io v1beta1 (the storage version) and v1alpha1, with the labels, annotations and
// finalizers they use (docs/spec/kruise-rollout.md §1.7). Field names and optionality follow the Go types; the traffic-routing
// fields are declared so that a Rollout naming them is read and refused in words (docs/spec/kruise-rollout.md §8.1), not pruned.
import type { IntOrString, KubeObject } from './meta.js';
import type { AnalysisCheck } from './rollouts/analysis.js';

export const ROLLOUTS_GROUP = 'rollouts.kruise.io';
export const ROLLOUTS_V1BETA1 = 'rollouts.kruise.io/v1beta1';
export const ROLLOUTS_V1ALPHA1 = 'rollouts.kruise.io/v1alpha1';
export type RolloutsApiVersion = typeof ROLLOUTS_V1BETA1 | typeof ROLLOUTS_V1ALPHA1;

// ---------------------------------------------------------------------------------------------
// Keys (docs/spec/kruise-rollout.md §1.7)

export const LABEL_WORKLOAD_TYPE = 'rollouts.kruise.io/workload-type';
export const ANNOTATION_IN_PROGRESSING = 'rollouts.kruise.io/in-progressing';
export const ANNOTATION_BATCH_RELEASE_CONTROL_INFO = 'batchrelease.rollouts.kruise.io/control-info';
/** A label on workloads (read by the controller) and pods; an annotation on workloads (read by the webhook). */
export const ROLLOUT_ID_KEY = 'rollouts.kruise.io/rollout-id';
export const LABEL_ROLLOUT_BATCH_ID = 'rollouts.kruise.io/rollout-batch-id';
export const ANNOTATION_ROLLBACK_IN_BATCH = 'rollouts.kruise.io/rollback-in-batch';
export const LABEL_NO_NEED_UPDATE = 'rollouts.kruise.io/no-need-update';
export const ANNOTATION_ROLLOUT_HASH = 'rollouts.kruise.io/hash';
/** v1alpha1 only: `partition` or `canary` (case-insensitive); converted to enableExtraWorkloadForCanary (docs/spec/kruise-rollout.md §1.9). */
export const ANNOTATION_ROLLING_STYLE = 'rollouts.kruise.io/rolling-style';
/** v1alpha1 only: the TrafficRouting a Rollout uses; converted to canary.trafficRoutingRef (docs/spec/kruise-rollout.md §1.9). */
export const ANNOTATION_TRAFFIC_ROUTING = 'rollouts.kruise.io/trafficrouting';
export const FINALIZER_ROLLOUT = 'rollouts.kruise.io/rollout';
export const FINALIZER_BATCH_RELEASE = 'rollouts.kruise.io/batch-release-finalizer';
/** On a Deployment: the pod-template-hash of its stable ReplicaSet, written by the workload webhook. */
export const LABEL_STABLE_REVISION = 'rollouts.kruise.io/stable-revision';
/** On a canary Deployment (canary style, docs/spec/kruise-rollout.md §3.7): the stable Deployment's name. */
export const LABEL_CANARY_DEPLOYMENT = 'rollouts.kruise.io/canary-deployment';
/** On a canary Deployment: removed at Finalize, then the Deployment is garbage-collected with its BatchRelease. */
export const FINALIZER_CANARY_DEPLOYMENT = 'finalizer.rollouts.kruise.io/batch-release';

// ---------------------------------------------------------------------------------------------
// Rollout v1beta1 (docs/spec/kruise-rollout.md §1.1–§1.6)

export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
}

export interface HttpRouteMatch {
  path?: Record<string, unknown>;
  headers?: Array<Record<string, unknown>>;
  queryParams?: Array<Record<string, unknown>>;
}

export interface RolloutPause {
  /** Seconds; absent = wait for approval, 0 = no wait. */
  duration?: number;
}

export interface CanaryStep {
  replicas?: IntOrString;
  pause?: RolloutPause;
  traffic?: string;
  requestHeaderModifier?: Record<string, unknown>;
  matches?: HttpRouteMatch[];
  /** Coxswain's extension (docs/analysis.md §5): checks run in the step's StepMetricsAnalysis state. */
  analysis?: StepAnalysis;
}

/** What a failed analysis costs: Abort rolls back to the stable revision; Pause waits for an approval or an abort. */
export type AnalysisFailurePolicy = 'Abort' | 'Pause';
export const ANALYSIS_FAILURE_POLICIES: readonly AnalysisFailurePolicy[] = ['Abort', 'Pause'];

/** A step's analysis (docs/analysis.md §5). */
export interface StepAnalysis {
  checks: AnalysisCheck[];
  /** Default Abort. */
  onFailure?: AnalysisFailurePolicy;
  /** Seconds between evaluations while a check is Pending or Error; default 10. */
  intervalSeconds?: number;
}

/** Running: a check is Pending (or not evaluated yet); Passed: every check passed; Failed: one failed (its onFailure applies). */
export type StepAnalysisPhase = 'Running' | 'Passed' | 'Failed';
/** A check's last verdict: as AnalysisResult's phase (libs/workloads/src/analysis/result.ts). */
export type CheckPhase = 'Passed' | 'Failed' | 'Pending' | 'Error';

/** One evaluation of a check, kept for the chart of its values over time. */
export interface CheckSample {
  at: string;
  phase: CheckPhase;
  measured?: number | string | boolean | null;
}

export interface CheckStatus {
  name: string;
  kind: 'prometheus' | 'http' | 'pods';
  phase: CheckPhase;
  measured?: number | string | boolean | null;
  /** The success condition in words: `< 0.05`. */
  condition: string;
  reason: string;
  evaluatedAt: string;
  /** Error verdicts in a row; the check fails at docs/analysis.md §5's limit. */
  consecutiveErrors: number;
  /** The latest evaluations, oldest first (bounded). */
  history: CheckSample[];
}

/** The current step's analysis (status.canaryStatus.analysis), Coxswain's extension. */
export interface StepAnalysisStatus {
  /** 1-based, as currentStepIndex. */
  stepIndex: number;
  canaryRevision: string;
  phase: StepAnalysisPhase;
  /** Why, in words (the deciding check's reason when Failed). */
  message: string;
  startedAt: string;
  /** What a failure did or will do (the step's onFailure, defaulted). */
  onFailure: AnalysisFailurePolicy;
  checks: CheckStatus[];
}

export interface TrafficRoutingRef {
  service?: string;
  gracePeriodSeconds?: number;
  ingress?: { classType?: string; name?: string };
  gateway?: { httpRouteName?: string };
  customNetworkRefs?: ObjectRef[];
}

export interface PatchPodTemplateMetadata {
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
}

export interface CanaryStrategy {
  steps?: CanaryStep[];
  trafficRoutings?: TrafficRoutingRef[];
  failureThreshold?: IntOrString;
  patchPodTemplateMetadata?: PatchPodTemplateMetadata;
  enableExtraWorkloadForCanary?: boolean;
  trafficRoutingRef?: string;
  disableGenerateCanaryService?: boolean;
}

export interface BlueGreenStrategy {
  steps?: CanaryStep[];
  trafficRoutings?: TrafficRoutingRef[];
  failureThreshold?: IntOrString;
  trafficRoutingRef?: string;
  disableGenerateCanaryService?: boolean;
}

export interface RolloutStrategy {
  paused?: boolean;
  canary?: CanaryStrategy;
  blueGreen?: BlueGreenStrategy;
}

export interface RolloutSpec {
  workloadRef: ObjectRef;
  strategy: RolloutStrategy;
  /** CRD default false. */
  disabled?: boolean;
}

export type RolloutPhase = 'Initial' | 'Healthy' | 'Progressing' | 'Terminating' | 'Disabling' | 'Disabled';

export type CanaryStepState =
  | 'BeforeStepUpgrade' | 'StepUpgrade' | 'StepTrafficRouting' | 'StepMetricsAnalysis' | 'StepPaused' | 'StepReady' | 'Completed';

export type FinalisingStep =
  | '' | 'FinalisingStepRouteTrafficToNew' | 'FinalisingStepRouteTrafficToStable' | 'RestoreStableService' | 'RemoveCanaryService'
  | 'ResumeWorkload' | 'ReleaseWorkloadControl' | 'END' | 'WaitEndless';

export interface RolloutCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason: string;
  message: string;
}

export interface CommonStatus {
  observedWorkloadGeneration?: number;
  observedRolloutID?: string;
  rolloutHash?: string;
  stableRevision?: string;
  podTemplateHash: string;
  currentStepIndex: number;
  nextStepIndex: number;
  finalisingStep: FinalisingStep;
  currentStepState: CanaryStepState;
  message?: string;
  lastUpdateTime?: string;
}

export interface CanaryStatus extends CommonStatus {
  canaryRevision: string;
  canaryReplicas: number;
  canaryReadyReplicas: number;
  /** Coxswain's extension: the current step's analysis, when it names checks. */
  analysis?: StepAnalysisStatus;
}

export interface BlueGreenStatus extends CommonStatus {
  updatedRevision: string;
  updatedReplicas: number;
  updatedReadyReplicas: number;
}

export interface RolloutStatus {
  observedGeneration?: number;
  canaryStatus?: CanaryStatus;
  blueGreenStatus?: BlueGreenStatus;
  conditions?: RolloutCondition[];
  phase?: RolloutPhase;
  message?: string;
  currentStepIndex: number;
  currentStepState: CanaryStepState | '';
}

export interface Rollout extends KubeObject {
  apiVersion: typeof ROLLOUTS_V1BETA1;
  kind: 'Rollout';
  spec: RolloutSpec;
  status?: RolloutStatus;
}

// ---------------------------------------------------------------------------------------------
// Rollout v1alpha1 (docs/spec/kruise-rollout.md §1.9)

export interface CanaryStepV1alpha1 {
  weight?: number;
  replicas?: IntOrString;
  pause?: RolloutPause;
  requestHeaderModifier?: Record<string, unknown>;
  matches?: Array<{ headers?: Array<Record<string, unknown>> }>;
  /** Coxswain's extension, as in v1beta1. */
  analysis?: StepAnalysis;
}

export interface CanaryStrategyV1alpha1 {
  steps?: CanaryStepV1alpha1[];
  trafficRoutings?: TrafficRoutingRef[];
  failureThreshold?: IntOrString;
  patchPodTemplateMetadata?: PatchPodTemplateMetadata;
  disableGenerateCanaryService?: boolean;
}

export interface CanaryStatusV1alpha1 {
  observedWorkloadGeneration?: number;
  observedRolloutID?: string;
  rolloutHash?: string;
  stableRevision?: string;
  canaryRevision: string;
  podTemplateHash: string;
  canaryReplicas: number;
  canaryReadyReplicas: number;
  nextStepIndex: number;
  currentStepIndex: number;
  currentStepState: CanaryStepState;
  message?: string;
  lastUpdateTime?: string;
  finalisingStep: FinalisingStep;
  analysis?: StepAnalysisStatus;
}

export interface RolloutV1alpha1 extends KubeObject {
  apiVersion: typeof ROLLOUTS_V1ALPHA1;
  kind: 'Rollout';
  spec: {
    objectRef: { workloadRef?: ObjectRef };
    strategy: { paused?: boolean; canary?: CanaryStrategyV1alpha1 };
    /** Deprecated; dropped by conversion. */
    rolloutID?: string;
    disabled?: boolean;
  };
  status?: {
    observedGeneration?: number;
    canaryStatus?: CanaryStatusV1alpha1;
    conditions?: RolloutCondition[];
    phase?: RolloutPhase;
    message?: string;
  };
}

// ---------------------------------------------------------------------------------------------
// BatchRelease (docs/spec/kruise-rollout.md §1.10)

export type RollingStyle = 'Partition' | 'Canary' | 'BlueGreen';
export type FinalizingPolicy = 'WaitResume' | 'Immediate';
export type BatchReleasePhase = 'Preparing' | 'Progressing' | 'Finalizing' | 'Completed';
export type BatchState = 'Upgrading' | 'Verifying' | 'Ready';

export interface ReleasePlan {
  batches: Array<{ canaryReplicas: IntOrString }>;
  /** 0-based index of the last batch allowed to run; absent = finish. */
  batchPartition?: number;
  rolloutID?: string;
  failureThreshold?: IntOrString;
  finalizingPolicy?: FinalizingPolicy;
  patchPodTemplateMetadata?: PatchPodTemplateMetadata;
  rollingStyle?: RollingStyle;
  enableExtraWorkloadForCanary: boolean;
}

export interface BatchReleaseCanaryStatus {
  batchState?: BatchState;
  currentBatch: number;
  batchReadyTime?: string;
  updatedReplicas?: number;
  updatedReadyReplicas?: number;
  noNeedUpdateReplicas?: number;
}

export interface BatchReleaseStatus {
  conditions?: RolloutCondition[];
  canaryStatus?: BatchReleaseCanaryStatus;
  stableRevision?: string;
  updateRevision?: string;
  observedGeneration?: number;
  observedRolloutID?: string;
  observedWorkloadReplicas?: number;
  collisionCount?: number;
  observedReleasePlanHash?: string;
  phase?: BatchReleasePhase;
  message?: string;
}

export interface BatchRelease extends KubeObject {
  apiVersion: typeof ROLLOUTS_V1BETA1;
  kind: 'BatchRelease';
  spec: { workloadRef?: ObjectRef; releasePlan: ReleasePlan };
  status?: BatchReleaseStatus;
}

export interface BatchReleaseV1alpha1 extends KubeObject {
  apiVersion: typeof ROLLOUTS_V1ALPHA1;
  kind: 'BatchRelease';
  spec: { targetReference: { workloadRef?: ObjectRef }; releasePlan: ReleasePlan };
  status?: BatchReleaseStatus;
}
