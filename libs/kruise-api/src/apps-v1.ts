// apps/v1 workloads the embedded cluster serves and runs as Kubernetes does: the native StatefulSet (run
// by the StatefulSet controller with native defaults and only the native fields), and Deployment with
// its ReplicaSets (the kind UnitedDeployment's deploymentTemplate creates).
import type { IntOrString, KubeObject, LabelSelector } from './meta.js';
import type { PersistentVolumeClaimTemplate, PodTemplateSpec } from './core.js';
import type { PodManagementPolicyType, StatefulSetCondition, StatefulSetPersistentVolumeClaimRetentionPolicy } from './statefulset.js';

export interface NativeRollingUpdateStatefulSetStrategy {
  partition?: number;
  maxUnavailable?: IntOrString;
}

export interface NativeStatefulSetUpdateStrategy {
  type?: 'RollingUpdate' | 'OnDelete';
  rollingUpdate?: NativeRollingUpdateStatefulSetStrategy;
}

/** apps/v1 StatefulSetSpec (prefixed because StatefulSetSpec is the Advanced StatefulSet one). */
export interface NativeStatefulSetSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaimTemplate[];
  serviceName?: string;
  podManagementPolicy?: PodManagementPolicyType;
  updateStrategy?: NativeStatefulSetUpdateStrategy;
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;
  ordinals?: { start?: number };
}

/** apps/v1 StatefulSetStatus. */
export interface NativeStatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas?: number;
  currentReplicas?: number;
  updatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  conditions?: StatefulSetCondition[];
  availableReplicas?: number;
}

/** apps/v1 StatefulSet. */
export interface NativeStatefulSet extends KubeObject {
  apiVersion: 'apps/v1';
  kind: 'StatefulSet';
  spec: NativeStatefulSetSpec;
  status?: NativeStatefulSetStatus;
}

export interface RollingUpdateDeployment {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DeploymentStrategy {
  type?: 'Recreate' | 'RollingUpdate';
  rollingUpdate?: RollingUpdateDeployment;
}

export interface DeploymentSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export type DeploymentConditionType = 'Available' | 'Progressing' | 'ReplicaFailure';

export interface DeploymentCondition {
  type: DeploymentConditionType;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** apps/v1 DeploymentStatus. */
export interface DeploymentStatus {
  observedGeneration?: number;
  /** Non-terminating pods of all the Deployment's ReplicaSets. */
  replicas?: number;
  /** Non-terminating pods of the newest ReplicaSet (the one with the current template). */
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

/** apps/v1 Deployment. */
export interface Deployment extends KubeObject {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  spec: DeploymentSpec;
  status?: DeploymentStatus;
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
}

export interface ReplicaSetCondition {
  type: 'ReplicaFailure';
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** apps/v1 ReplicaSetStatus. */
export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

/** apps/v1 ReplicaSet. */
export interface ReplicaSet extends KubeObject {
  apiVersion: 'apps/v1';
  kind: 'ReplicaSet';
  spec: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}
