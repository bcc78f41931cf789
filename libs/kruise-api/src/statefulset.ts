// Advanced StatefulSet: apps.kruise.io/v1beta1 StatefulSet (docs/spec/advanced-statefulset.md §1), and the
// v1alpha1 subset it converts from. Same kind name as apps/v1 StatefulSet (apps-v1.ts); the apiVersion
// tells them apart.
import type { IntOrString, KubeObject, LabelSelector } from './meta.js';
import type { ConditionStatus, PersistentVolumeClaimTemplate, PodTemplateSpec } from './core.js';
import type { InPlaceUpdateStrategy, Lifecycle, PodUpdatePolicyType, UpdatePriorityStrategy } from './pub.js';

export type PodManagementPolicyType = 'OrderedReady' | 'Parallel';

/** Its presence switches the rolling update to unordered (Parallel only). */
export interface UnorderedUpdateStrategy {
  priorityStrategy?: UpdatePriorityStrategy;
}

export interface RollingUpdateStatefulSetStrategy {
  /** Ordinal threshold (ordered) or quota (unordered) of pods kept at the current revision. Defaults to 0. */
  partition?: number;
  /** Defaults to 1; must be exactly 1 unless podManagementPolicy is Parallel. Percent rounds down, floored at 1. */
  maxUnavailable?: IntOrString;
  /** Defaults to ReCreate. In-place policies require the InPlaceUpdateReady readiness gate in the template. */
  podUpdatePolicy?: PodUpdatePolicyType;
  paused?: boolean;
  unorderedUpdate?: UnorderedUpdateStrategy;
  inPlaceUpdateStrategy?: InPlaceUpdateStrategy;
  /** 0..300. */
  minReadySeconds?: number;
}

export type StatefulSetUpdateStrategyType = 'RollingUpdate' | 'OnDelete';

export interface StatefulSetUpdateStrategy {
  /** Defaults to RollingUpdate. OnDelete forbids rollingUpdate. */
  type?: StatefulSetUpdateStrategyType;
  rollingUpdate?: RollingUpdateStatefulSetStrategy;
}

export interface StatefulSetScaleStrategy {
  /** Percent rounds down, floored at 1; unset = no budget. */
  maxUnavailable?: IntOrString;
}

export type PersistentVolumeClaimRetentionPolicyType = 'Retain' | 'Delete';

export interface StatefulSetPersistentVolumeClaimRetentionPolicy {
  whenDeleted?: PersistentVolumeClaimRetentionPolicyType;
  whenScaled?: PersistentVolumeClaimRetentionPolicyType;
}

export interface StatefulSetOrdinals {
  /** Honoured only with feature gate StatefulSetStartOrdinal. */
  start?: number;
}

export type VolumeClaimUpdateStrategyType = 'OnDelete' | 'OnPodRollingUpdate';

export interface VolumeClaimUpdateStrategy {
  type?: VolumeClaimUpdateStrategyType;
}

export interface StatefulSetSpec {
  /** Pods to run, excluding reserved ordinals. Defaults to 1. */
  replicas?: number;
  /** Required, non-empty; immutable. */
  selector: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaimTemplate[];
  volumeClaimUpdateStrategy?: VolumeClaimUpdateStrategy;
  /** Becomes each pod's `subdomain`; immutable. */
  serviceName?: string;
  /** Defaults to OrderedReady; immutable. */
  podManagementPolicy?: PodManagementPolicyType;
  updateStrategy?: StatefulSetUpdateStrategy;
  /** Defaults to 10. */
  revisionHistoryLimit?: number;
  /** Ordinals to skip: integers and inclusive "a-b" ranges. One unparsable range empties the whole set. */
  reserveOrdinals?: IntOrString[];
  lifecycle?: Lifecycle;
  scaleStrategy?: StatefulSetScaleStrategy;
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;
  ordinals?: StatefulSetOrdinals;
}

export type StatefulSetConditionType = 'FailedCreatePod' | 'FailedUpdatePod';

/** apps/v1 StatefulSetCondition (no lastUpdateTime). Rebuilt from scratch on every pass. */
export interface StatefulSetCondition {
  type: StatefulSetConditionType;
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface VolumeClaimStatus {
  volumeClaimName: string;
  compatibleReplicas: number;
  compatibleReadyReplicas: number;
}

export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas?: number;
  updatedAvailableReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  conditions?: StatefulSetCondition[];
  labelSelector?: string;
  volumeClaims?: VolumeClaimStatus[];
}

/** Advanced StatefulSet (apps.kruise.io/v1beta1). */
export interface StatefulSet extends KubeObject {
  apiVersion: 'apps.kruise.io/v1beta1';
  kind: 'StatefulSet';
  spec: StatefulSetSpec;
  status?: StatefulSetStatus;
}

/**
 * apps.kruise.io/v1alpha1 StatefulSet spec: the v1beta1 spec without `lifecycle`, `reserveOrdinals`,
 * `scaleStrategy`, `ordinals`, `persistentVolumeClaimRetentionPolicy` and `volumeClaimUpdateStrategy`.
 */
export type StatefulSetV1alpha1Spec = Omit<
  StatefulSetSpec,
  'lifecycle' | 'reserveOrdinals' | 'scaleStrategy' | 'ordinals' | 'persistentVolumeClaimRetentionPolicy' | 'volumeClaimUpdateStrategy'
>;

/** v1alpha1 status: no updatedReadyReplicas, updatedAvailableReplicas or volumeClaims. */
export type StatefulSetV1alpha1Status = Omit<StatefulSetStatus, 'updatedReadyReplicas' | 'updatedAvailableReplicas' | 'volumeClaims'>;

/** Advanced StatefulSet as written in apps.kruise.io/v1alpha1 (Kruise < 0.7.0); stored as v1beta1. */
export interface StatefulSetV1alpha1 extends KubeObject {
  apiVersion: 'apps.kruise.io/v1alpha1';
  kind: 'StatefulSet';
  spec: StatefulSetV1alpha1Spec;
  status?: StatefulSetV1alpha1Status;
}
