// CloneSet in its two API versions (docs/spec/cloneset.md §1). v1beta1 is the storage version and the
// shape the controller works on, so it carries the plain names (CloneSet, CloneSetSpec, ...);
// v1alpha1 types carry a V1alpha1 infix. Both versions share the status.
import type { Condition, IntOrString, KubeObject, LabelSelector } from './meta.js';
import type { PersistentVolumeClaimTemplate, PodTemplateSpec } from './core.js';
import type {
  InPlaceUpdateStrategy,
  Lifecycle,
  PodUpdatePolicyType,
  UpdatePriorityStrategy,
  UpdateScatterStrategy,
} from './pub.js';

// ---------------------------------------------------------------------------------------------
// Fields common to both versions

interface CloneSetSpecBase {
  /** Defaults to 1. */
  replicas?: number;
  /** Required, non-empty, must match template labels; immutable. */
  selector: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaimTemplate[];
  /** Non-live ControllerRevisions kept; defaults to 10. */
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  lifecycle?: Lifecycle;
  /** Unset (or 2147483647) disables the Progressing condition. */
  progressDeadlineSeconds?: number;
}

interface CloneSetScaleStrategyBase {
  /** Pod names to delete; names that match no active pod are pruned by the controller. */
  podsToDelete?: string[];
  /** Limits pod creations during scale-up only; unset = unlimited. */
  maxUnavailable?: IntOrString;
}

/** Fields v1alpha1 keeps directly under updateStrategy and v1beta1 under updateStrategy.rollingUpdate. */
interface CloneSetRollingFields {
  /** Pods (or % of replicas, rounded up) kept at the current revision. Defaults to 0. */
  partition?: IntOrString;
  /** Defaults to "20%". */
  maxUnavailable?: IntOrString;
  /** Defaults to 0. */
  maxSurge?: IntOrString;
  paused?: boolean;
  priorityStrategy?: UpdatePriorityStrategy;
  scatterStrategy?: UpdateScatterStrategy;
}

// ---------------------------------------------------------------------------------------------
// v1beta1

/** v1beta1 adds image pre-download knobs that v1alpha1 carries as CloneSet annotations. */
export interface CloneSetInPlaceUpdateStrategy extends InPlaceUpdateStrategy {
  /** Non-negative integer (a percentage is rejected). */
  imagePreDownloadParallelism?: IntOrString;
  imagePreDownloadTimeoutSeconds?: number;
  imagePreDownloadMinUpdatedReadyPods?: number;
}

export interface CloneSetRollingUpdateStrategy extends CloneSetRollingFields {
  /** Defaults to ReCreate. */
  podUpdatePolicy?: PodUpdatePolicyType;
  inPlaceUpdateStrategy?: CloneSetInPlaceUpdateStrategy;
}

export type CloneSetUpdateStrategyType = 'RollingUpdate' | 'OnDelete';

export interface CloneSetUpdateStrategy {
  /** Defaults to RollingUpdate. */
  type?: CloneSetUpdateStrategyType;
  /** Nil when type is OnDelete. */
  rollingUpdate?: CloneSetRollingUpdateStrategy;
}

export interface CloneSetScaleStrategy extends CloneSetScaleStrategyBase {
  /** CRD default false, i.e. a v1beta1 object without the field does NOT reuse PVCs. */
  enablePVCReuse?: boolean;
  /** Exclude PreparingDelete pods from scale arithmetic. */
  excludePreparingDelete?: boolean;
}

export interface CloneSetSpec extends CloneSetSpecBase {
  scaleStrategy?: CloneSetScaleStrategy;
  updateStrategy?: CloneSetUpdateStrategy;
}

// ---------------------------------------------------------------------------------------------
// v1alpha1

/** OnDelete converts to v1beta1 but v1alpha1 validation rejects it. */
export type CloneSetV1alpha1UpdateStrategyType = PodUpdatePolicyType | 'OnDelete';

export interface CloneSetV1alpha1UpdateStrategy extends CloneSetRollingFields {
  /** Defaults to ReCreate. */
  type?: CloneSetV1alpha1UpdateStrategyType;
  inPlaceUpdateStrategy?: InPlaceUpdateStrategy;
}

export interface CloneSetV1alpha1ScaleStrategy extends CloneSetScaleStrategyBase {
  /** Default false, i.e. a v1alpha1 object without the field DOES reuse PVCs (enablePVCReuse = !disablePVCReuse). */
  disablePVCReuse?: boolean;
}

export interface CloneSetV1alpha1Spec extends CloneSetSpecBase {
  scaleStrategy?: CloneSetV1alpha1ScaleStrategy;
  updateStrategy?: CloneSetV1alpha1UpdateStrategy;
}

// ---------------------------------------------------------------------------------------------
// Status (identical in both versions)

export type CloneSetConditionType = 'FailedScale' | 'FailedUpdate' | 'Progressing';

/** Reasons of the Progressing condition (docs/spec/cloneset.md §8.5). */
export type CloneSetProgressingReason =
  | 'CloneSetAvailable'
  | 'CloneSetPaused'
  | 'ProgressPartitionAvailable'
  | 'ProgressDeadlineExceeded'
  | 'CloneSetUpdated';

export interface CloneSetCondition extends Condition {
  type: CloneSetConditionType;
}

export interface CloneSetStatus {
  observedGeneration?: number;
  /** Active pods, including PreparingDelete and surge pods. */
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  updatedAvailableReplicas?: number;
  /** spec.replicas - partition: what "rollout done for this step" means to automation. */
  expectedUpdatedReplicas?: number;
  updateRevision?: string;
  currentRevision?: string;
  collisionCount?: number;
  conditions?: CloneSetCondition[];
  /** Canonical selector string, for the scale subresource. */
  labelSelector?: string;
}

// ---------------------------------------------------------------------------------------------
// Objects

export interface CloneSet extends KubeObject {
  apiVersion: 'apps.kruise.io/v1beta1';
  kind: 'CloneSet';
  spec: CloneSetSpec;
  status?: CloneSetStatus;
}

export interface CloneSetV1alpha1 extends KubeObject {
  apiVersion: 'apps.kruise.io/v1alpha1';
  kind: 'CloneSet';
  spec: CloneSetV1alpha1Spec;
  status?: CloneSetStatus;
}
