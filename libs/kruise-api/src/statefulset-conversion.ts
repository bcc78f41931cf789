// Advanced StatefulSet conversion between apps.kruise.io/v1alpha1 and the storage version v1beta1
// (docs/spec/advanced-statefulset.md §0), and the view the StatefulSet controller takes of a native
// apps/v1 StatefulSet. v1alpha1 is a subset of v1beta1: converting up copies every field; converting
// down cannot carry the v1beta1-only fields, and says which ones it left out instead of dropping them
// silently. Metadata is copied verbatim; inputs are never modified.
import type { NativeStatefulSet } from './apps-v1.js';
import type { StatefulSet, StatefulSetSpec, StatefulSetStatus, StatefulSetV1alpha1, StatefulSetV1alpha1Spec, StatefulSetV1alpha1Status } from './statefulset.js';

export const STATEFULSET_API_VERSION_V1ALPHA1 = 'apps.kruise.io/v1alpha1';
export const STATEFULSET_API_VERSION_V1BETA1 = 'apps.kruise.io/v1beta1';
export const NATIVE_STATEFULSET_API_VERSION = 'apps/v1';

export type StatefulSetApiVersion = 'v1alpha1' | 'v1beta1';

/** Spec fields both versions share, shaped the same way. */
export const STATEFULSET_COMMON_SPEC_FIELDS = [
  'replicas', 'selector', 'template', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy', 'updateStrategy', 'revisionHistoryLimit',
] as const;

/** Spec fields only v1beta1 has. */
export const STATEFULSET_V1BETA1_ONLY_SPEC_FIELDS = [
  'reserveOrdinals', 'lifecycle', 'scaleStrategy', 'ordinals', 'persistentVolumeClaimRetentionPolicy', 'volumeClaimUpdateStrategy',
] as const;

/** Status fields only v1beta1 has. */
export const STATEFULSET_V1BETA1_ONLY_STATUS_FIELDS = ['updatedReadyReplicas', 'updatedAvailableReplicas', 'volumeClaims'] as const;

/** Spec fields of apps/v1 StatefulSet (the native controller's whole vocabulary). */
export const NATIVE_STATEFULSET_SPEC_FIELDS = [
  'replicas', 'selector', 'template', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy', 'updateStrategy', 'revisionHistoryLimit',
  'minReadySeconds', 'persistentVolumeClaimRetentionPolicy', 'ordinals',
] as const;

function copyDefined(from: Record<string, unknown>, to: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    const value = from[key];
    if (value !== undefined) to[key] = structuredClone(value);
  }
}

export function isStatefulSetV1alpha1(obj: StatefulSet | StatefulSetV1alpha1): obj is StatefulSetV1alpha1 {
  return obj.apiVersion === STATEFULSET_API_VERSION_V1ALPHA1;
}

/** v1alpha1 -> v1beta1: every field carries over. */
export function convertStatefulSetToV1beta1(src: StatefulSetV1alpha1): StatefulSet {
  const spec = {} as StatefulSetSpec;
  copyDefined(src.spec as unknown as Record<string, unknown>, spec as unknown as Record<string, unknown>, STATEFULSET_COMMON_SPEC_FIELDS);
  const out: StatefulSet = { apiVersion: STATEFULSET_API_VERSION_V1BETA1, kind: 'StatefulSet', metadata: structuredClone(src.metadata), spec };
  if (src.status !== undefined) out.status = structuredClone(src.status) as StatefulSetStatus;
  return out;
}

export interface V1alpha1Conversion {
  object: StatefulSetV1alpha1;
  /** Field paths set in the v1beta1 object that v1alpha1 cannot carry (`spec.reserveOrdinals`, `status.volumeClaims`, ...). */
  lost: string[];
}

/** v1beta1 -> v1alpha1, with the list of the fields it could not carry. */
export function convertStatefulSetToV1alpha1(src: StatefulSet): V1alpha1Conversion {
  const spec = {} as StatefulSetV1alpha1Spec;
  const source = src.spec as unknown as Record<string, unknown>;
  copyDefined(source, spec as unknown as Record<string, unknown>, STATEFULSET_COMMON_SPEC_FIELDS);
  const lost = STATEFULSET_V1BETA1_ONLY_SPEC_FIELDS.filter((f) => source[f] !== undefined && source[f] !== null).map((f) => `spec.${f}`);
  const object: StatefulSetV1alpha1 = { apiVersion: STATEFULSET_API_VERSION_V1ALPHA1, kind: 'StatefulSet', metadata: structuredClone(src.metadata), spec };
  if (src.status !== undefined) {
    const status = structuredClone(src.status) as unknown as Record<string, unknown>;
    for (const f of STATEFULSET_V1BETA1_ONLY_STATUS_FIELDS) {
      if (status[f] !== undefined) lost.push(`status.${f}`);
      delete status[f];
    }
    object.status = status as unknown as StatefulSetV1alpha1Status;
  }
  return { object, lost };
}

/** The storage (v1beta1) form of an Advanced StatefulSet written in either version; always a fresh copy. */
export function toStorageStatefulSet(obj: StatefulSet | StatefulSetV1alpha1): StatefulSet {
  if (obj.apiVersion === STATEFULSET_API_VERSION_V1ALPHA1) return convertStatefulSetToV1beta1(obj);
  if (obj.apiVersion === STATEFULSET_API_VERSION_V1BETA1) return structuredClone(obj);
  throw new Error(`unsupported Advanced StatefulSet apiVersion ${JSON.stringify((obj as { apiVersion: unknown }).apiVersion)}`);
}

export interface NativeStatefulSetView {
  /** The native object in the Advanced StatefulSet shape, carrying only the fields apps/v1 has. */
  set: StatefulSet;
  /** apps/v1 keeps minReadySeconds at spec level, for every update strategy. */
  minReadySeconds: number;
}

/**
 * What the StatefulSet controller runs for a native apps/v1 StatefulSet: the same object in the
 * Advanced StatefulSet shape, with no Kruise-only field set (no reserveOrdinals, lifecycle, scaleStrategy,
 * in-place policy, paused or unorderedUpdate), so every Kruise extension stays off. The apiVersion,
 * metadata and status are the native object's.
 */
export function nativeStatefulSetView(native: NativeStatefulSet): NativeStatefulSetView {
  const src = native.spec as unknown as Record<string, unknown>;
  const spec = {} as StatefulSetSpec;
  copyDefined(src, spec as unknown as Record<string, unknown>, [
    'replicas', 'selector', 'template', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy', 'revisionHistoryLimit',
    'persistentVolumeClaimRetentionPolicy', 'ordinals',
  ]);
  const strategy = native.spec.updateStrategy;
  if (strategy !== undefined) {
    spec.updateStrategy = { ...(strategy.type !== undefined ? { type: strategy.type } : {}) };
    if (strategy.rollingUpdate) {
      const { partition, maxUnavailable } = strategy.rollingUpdate;
      spec.updateStrategy.rollingUpdate = {
        ...(partition !== undefined ? { partition } : {}),
        ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
        podUpdatePolicy: 'ReCreate',
      };
    }
  }
  const set = {
    apiVersion: native.apiVersion,
    kind: 'StatefulSet',
    metadata: structuredClone(native.metadata),
    spec,
    ...(native.status !== undefined ? { status: structuredClone(native.status) } : {}),
  } as unknown as StatefulSet;
  return { set, minReadySeconds: native.spec.minReadySeconds ?? 0 };
}
