// apps/v1 workloads: the native StatefulSet (served by the embedded cluster and run by the StatefulSet
// controller with native defaults and only the native fields), and the Deployment spec that appears only
// inside UnitedDeployment templates (deploymentTemplate).
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
