// apps/v1 workload specs that appear only inside UnitedDeployment templates
// (statefulSetTemplate, deploymentTemplate). Coxswain does not serve these kinds itself.
import type { IntOrString, LabelSelector } from './meta.js';
import type { PersistentVolumeClaimTemplate, PodTemplateSpec } from './core.js';
import type { PodManagementPolicyType, StatefulSetPersistentVolumeClaimRetentionPolicy } from './statefulset.js';

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
