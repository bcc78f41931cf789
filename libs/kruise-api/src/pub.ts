// Types Kruise shares between its workloads (Go package apis/apps/pub): lifecycle hooks, update
// priority, in-place update strategy. CloneSet, Advanced StatefulSet and UnitedDeployment embed them.
import type { LabelSelector } from './meta.js';

/**
 * A lifecycle hook: the pod is "hooked" while any finalizer of `finalizersHandler` is present or any
 * `labelsHandler` entry has its configured value (docs/spec/inplace-and-lifecycle.md §3.1).
 */
export interface LifecycleHook {
  labelsHandler?: Record<string, string>;
  finalizersHandler?: string[];
  /** Only effective for preDelete and inPlaceUpdate, and only with the KruisePodReady readiness gate. */
  markPodNotReady?: boolean;
}

/** Kruise's workload `spec.lifecycle` (appspub.Lifecycle). Not to be confused with ContainerLifecycle. */
export interface Lifecycle {
  preDelete?: LifecycleHook;
  inPlaceUpdate?: LifecycleHook;
  preNormal?: LifecycleHook;
}

/** Values of the `lifecycle.apps.kruise.io/state` pod label (constants in keys.ts LIFECYCLE_STATES). */
export type LifecycleStateType =
  | 'PreparingNormal'
  | 'Normal'
  | 'PreparingUpdate'
  | 'Updating'
  | 'Updated'
  | 'PreparingDelete';

export interface UpdatePriorityWeightTerm {
  /** 0..100 */
  weight: number;
  matchSelector: LabelSelector;
}

export interface UpdatePriorityOrderTerm {
  /** A pod label key whose value's trailing digits give the order ("sts-10" -> 10). */
  orderedKey: string;
}

/** Only one of the two lists may be set. */
export interface UpdatePriorityStrategy {
  weightPriority?: UpdatePriorityWeightTerm[];
  orderPriority?: UpdatePriorityOrderTerm[];
}

export interface UpdateScatterTerm {
  key: string;
  value: string;
}

export type UpdateScatterStrategy = UpdateScatterTerm[];

export interface InPlaceUpdateStrategy {
  /** Seconds between marking the pod not-ready and applying the new images. */
  gracePeriodSeconds?: number;
}

/** ReCreate | InPlaceIfPossible | InPlaceOnly — how a pod moves to a new revision. */
export type PodUpdatePolicyType = 'ReCreate' | 'InPlaceIfPossible' | 'InPlaceOnly';
