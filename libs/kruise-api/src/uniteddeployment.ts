// UnitedDeployment (docs/spec/uniteddeployment.md §1). The controller works on v1beta1 (the storage version),
// which carries the plain names; v1alpha1 has the same spec and a differently shaped status, typed as
// UnitedDeploymentV1alpha1Status (uniteddeployment-conversion.ts converts between them).
import type { IntOrString, KubeObject, LabelSelector, ObjectMeta } from './meta.js';
import type { ConditionStatus, JsonObject, NodeSelectorTerm, Toleration } from './core.js';
import type { CloneSetSpec } from './cloneset.js';
import type { StatefulSetSpec } from './statefulset.js';
import type { DeploymentSpec, NativeStatefulSetSpec } from './apps-v1.js';

// ---------------------------------------------------------------------------------------------
// Template: exactly one member is set

export interface StatefulSetTemplateSpec {
  metadata?: ObjectMeta;
  spec: NativeStatefulSetSpec;
}

export interface AdvancedStatefulSetTemplateSpec {
  metadata?: ObjectMeta;
  spec: StatefulSetSpec;
}

/** Both UnitedDeployment versions embed the v1beta1 CloneSetSpec (updateStrategy.rollingUpdate...). */
export interface CloneSetTemplateSpec {
  metadata?: ObjectMeta;
  spec: CloneSetSpec;
}

export interface DeploymentTemplateSpec {
  metadata?: ObjectMeta;
  spec: DeploymentSpec;
}

/** If several are set (validation forbids it) the first in declaration order wins. */
export interface SubsetTemplate {
  statefulSetTemplate?: StatefulSetTemplateSpec;
  advancedStatefulSetTemplate?: AdvancedStatefulSetTemplateSpec;
  cloneSetTemplate?: CloneSetTemplateSpec;
  deploymentTemplate?: DeploymentTemplateSpec;
}

// ---------------------------------------------------------------------------------------------
// Topology

export interface Subset {
  /** DNS label, unique; used in workload names and the apps.kruise.io/subset-name label. */
  name: string;
  /** Only matchExpressions are used by the controller. Immutable. */
  nodeSelectorTerm?: NodeSelectorTerm;
  /** Appended to the pod template's tolerations. Immutable. */
  tolerations?: Toleration[];
  /** Int >= 0 or "<0..100>%" of spec.replicas; mutually exclusive with min/max; forbidden with Adaptive. */
  replicas?: IntOrString;
  minReplicas?: IntOrString;
  maxReplicas?: IntOrString;
  /** Strategic-merge patch applied to the subset workload's pod template (not to the workload). */
  patch?: JsonObject;
}

/** "" means Fixed. */
export type UnitedDeploymentScheduleStrategyType = 'Fixed' | 'Adaptive' | '';

export interface AdaptiveUnitedDeploymentStrategy {
  /** Seconds a pod may stay unschedulable before its subset counts as unschedulable. Defaults to 30. */
  rescheduleCriticalSeconds?: number;
  /** Seconds an unschedulable subset stays capped. Defaults to 300. */
  unschedulableDuration?: number;
  /** Only with CloneSet or Deployment templates. */
  reserveUnschedulablePods?: boolean;
}

export interface UnitedDeploymentScheduleStrategy {
  type?: UnitedDeploymentScheduleStrategyType;
  adaptive?: AdaptiveUnitedDeploymentStrategy;
}

export interface Topology {
  subsets?: Subset[];
  scheduleStrategy?: UnitedDeploymentScheduleStrategy;
}

// ---------------------------------------------------------------------------------------------
// Update strategy

export interface ManualUpdate {
  /** subset name -> partition written into that subset's workload. */
  partitions?: Record<string, number>;
}

export interface UnitedDeploymentUpdateStrategy {
  /** Manual is the only strategy. */
  type?: 'Manual';
  manualUpdate?: ManualUpdate;
}

export interface UnitedDeploymentSpec {
  /** Total over all subsets. Defaults to 1. */
  replicas?: number;
  /** Must contain matchLabels (the controller adds the subset-name key to it). */
  selector: LabelSelector;
  template: SubsetTemplate;
  topology?: Topology;
  updateStrategy?: UnitedDeploymentUpdateStrategy;
  /** Defaults to 10. */
  revisionHistoryLimit?: number;
}

// ---------------------------------------------------------------------------------------------
// Status

export type UnitedDeploymentConditionType =
  | 'SubsetProvisioned'
  | 'SubsetUpdated'
  | 'SubsetFailure'
  | 'UnitedDeploymentUpdated';

export interface UnitedDeploymentCondition {
  type: UnitedDeploymentConditionType;
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface SubsetCondition {
  type: 'Schedulable';
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface UnitedDeploymentSubsetStatus {
  name: string;
  /** The allocated target, not the observed pod count. */
  replicas: number;
  readyReplicas: number;
  partition: number;
  reservedPods?: number;
  conditions?: SubsetCondition[];
}

interface UnitedDeploymentStatusBase {
  observedGeneration?: number;
  /** Sum of subset workload replicas minus reserved pods. */
  replicas: number;
  readyReplicas?: number;
  updatedReplicas: number;
  updatedReadyReplicas?: number;
  reservedPods?: number;
  /** Never updated by the controller. */
  collisionCount?: number;
  currentRevision?: string;
  conditions?: UnitedDeploymentCondition[];
  labelSelector?: string;
}

export interface UnitedDeploymentStatus extends UnitedDeploymentStatusBase {
  updatedRevision?: string;
  /** Appended once per topology subset ever seen, never pruned. */
  subsetStatuses?: UnitedDeploymentSubsetStatus[];
}

export interface UpdateStatus {
  updatedRevision?: string;
  currentPartitions?: Record<string, number>;
}

export interface UnitedDeploymentV1alpha1Status extends UnitedDeploymentStatusBase {
  /** subset name -> subsetStatuses[].replicas */
  subsetReplicas?: Record<string, number>;
  /** Absent when there is neither an updated revision nor a subset status. */
  updateStatus?: UpdateStatus;
  /** The same entries as v1beta1's (v1alpha1 gained them with the Adaptive strategy). */
  subsetStatuses?: UnitedDeploymentSubsetStatus[];
}

// ---------------------------------------------------------------------------------------------
// Objects

export interface UnitedDeployment extends KubeObject {
  apiVersion: 'apps.kruise.io/v1beta1';
  kind: 'UnitedDeployment';
  spec: UnitedDeploymentSpec;
  status?: UnitedDeploymentStatus;
}

export interface UnitedDeploymentV1alpha1 extends KubeObject {
  apiVersion: 'apps.kruise.io/v1alpha1';
  kind: 'UnitedDeployment';
  spec: UnitedDeploymentSpec;
  status?: UnitedDeploymentV1alpha1Status;
}
