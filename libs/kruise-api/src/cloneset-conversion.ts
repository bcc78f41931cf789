// CloneSet conversion between v1alpha1 (what most manifests are written in) and v1beta1 (the storage
// version the controller works on), per the table of docs/spec/cloneset.md §1.1. Metadata and status are
// copied verbatim; the spec is rebuilt field by field, so fields neither version knows are dropped
// (as Go's typed conversion drops them). Inputs are never modified.
import type {
  CloneSet,
  CloneSetInPlaceUpdateStrategy,
  CloneSetRollingUpdateStrategy,
  CloneSetScaleStrategy,
  CloneSetSpec,
  CloneSetUpdateStrategy,
  CloneSetV1alpha1,
  CloneSetV1alpha1ScaleStrategy,
  CloneSetV1alpha1Spec,
  CloneSetV1alpha1UpdateStrategy,
} from './cloneset.js';
import {
  ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS,
  ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM,
  ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS,
  LABEL_CLONESET_SCALING_EXCLUDE_PREPARING_DELETE,
} from './keys.js';
import type { IntOrString } from './meta.js';
import type { PodUpdatePolicyType } from './pub.js';

export const CLONESET_API_VERSION_V1ALPHA1 = 'apps.kruise.io/v1alpha1';
export const CLONESET_API_VERSION_V1BETA1 = 'apps.kruise.io/v1beta1';

export type CloneSetApiVersion = 'v1alpha1' | 'v1beta1';

const POD_UPDATE_POLICIES: readonly string[] = ['ReCreate', 'InPlaceIfPossible', 'InPlaceOnly'];

/** Spec fields both versions spell and shape the same way. */
const COMMON_SPEC_FIELDS = [
  'replicas',
  'selector',
  'template',
  'volumeClaimTemplates',
  'revisionHistoryLimit',
  'minReadySeconds',
  'lifecycle',
  'progressDeadlineSeconds',
] as const;

/** Fields v1alpha1 keeps under updateStrategy and v1beta1 under updateStrategy.rollingUpdate. */
const ROLLING_FIELDS = ['partition', 'maxUnavailable', 'maxSurge', 'paused', 'priorityStrategy', 'scatterStrategy'] as const;

type RollingFields = Pick<CloneSetRollingUpdateStrategy, (typeof ROLLING_FIELDS)[number]>;

/** Copies the defined (non-undefined) `keys` of `from` into `to`, deep-cloned. */
function copyDefined<K extends string>(from: Partial<Record<K, unknown>>, to: Partial<Record<K, unknown>>, keys: readonly K[]): void {
  for (const key of keys) {
    const value = from[key];
    if (value !== undefined) to[key] = structuredClone(value);
  }
}

function isPodUpdatePolicy(value: unknown): value is PodUpdatePolicyType {
  return typeof value === 'string' && POD_UPDATE_POLICIES.includes(value);
}

/** Go's strconv.Atoi on an annotation value; undefined when it is not a base-10 integer. */
function parseIntAnnotation(value: string | undefined): number | undefined {
  if (value === undefined || !/^[+-]?[0-9]+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** intstr.Parse: an integer when the text is one, otherwise the text itself. */
function parseIntOrString(value: string): IntOrString {
  return parseIntAnnotation(value) ?? value;
}

// ---------------------------------------------------------------------------------------------
// v1alpha1 -> v1beta1

/** v1alpha1 -> v1beta1 (docs/spec/cloneset.md §1.1). */
export function convertCloneSetToV1beta1(src: CloneSetV1alpha1): CloneSet {
  const spec = {} as CloneSetSpec;
  copyDefined(src.spec as unknown as Record<string, unknown>, spec as unknown as Record<string, unknown>, COMMON_SPEC_FIELDS);
  spec.scaleStrategy = scaleStrategyToV1beta1(src);
  spec.updateStrategy = updateStrategyToV1beta1(src);
  const out: CloneSet = {
    apiVersion: CLONESET_API_VERSION_V1BETA1,
    kind: 'CloneSet',
    metadata: structuredClone(src.metadata),
    spec,
  };
  if (src.status !== undefined) out.status = structuredClone(src.status);
  return out;
}

function scaleStrategyToV1beta1(src: CloneSetV1alpha1): CloneSetScaleStrategy {
  const from: CloneSetV1alpha1ScaleStrategy = src.spec.scaleStrategy ?? {};
  const to: CloneSetScaleStrategy = {};
  copyDefined(from, to, ['podsToDelete', 'maxUnavailable'] as const);
  // The PVC-reuse trap: v1alpha1's default (disablePVCReuse unset) means reuse, v1beta1's default
  // means no reuse, so the storage object always states the value explicitly.
  to.enablePVCReuse = from.disablePVCReuse !== true;
  // One-way: only the v1alpha1 label can set it; the reverse conversion drops the field.
  if (src.metadata.labels?.[LABEL_CLONESET_SCALING_EXCLUDE_PREPARING_DELETE] === 'true') to.excludePreparingDelete = true;
  return to;
}

function updateStrategyToV1beta1(src: CloneSetV1alpha1): CloneSetUpdateStrategy {
  const from: CloneSetV1alpha1UpdateStrategy = src.spec.updateStrategy ?? {};
  if (from.type === 'OnDelete') return { type: 'OnDelete' };
  // Unknown or empty types become ReCreate, the v1alpha1 default.
  const rollingUpdate: CloneSetRollingUpdateStrategy = { podUpdatePolicy: isPodUpdatePolicy(from.type) ? from.type : 'ReCreate' };
  copyDefined<keyof RollingFields>(from, rollingUpdate, ROLLING_FIELDS);
  const inPlace = inPlaceUpdateStrategyToV1beta1(from, src.metadata.annotations ?? {});
  if (inPlace !== undefined) rollingUpdate.inPlaceUpdateStrategy = inPlace;
  return { type: 'RollingUpdate', rollingUpdate };
}

function inPlaceUpdateStrategyToV1beta1(
  from: CloneSetV1alpha1UpdateStrategy,
  annotations: Record<string, string>,
): CloneSetInPlaceUpdateStrategy | undefined {
  const to: CloneSetInPlaceUpdateStrategy = {};
  if (from.inPlaceUpdateStrategy?.gracePeriodSeconds !== undefined) to.gracePeriodSeconds = from.inPlaceUpdateStrategy.gracePeriodSeconds;
  const parallelism = annotations[ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM];
  if (parallelism !== undefined) to.imagePreDownloadParallelism = parseIntOrString(parallelism);
  // Values that are not integers are ignored: the annotation stays in metadata for a human to fix.
  const timeout = parseIntAnnotation(annotations[ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS]);
  if (timeout !== undefined) to.imagePreDownloadTimeoutSeconds = timeout;
  const minReady = parseIntAnnotation(annotations[ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS]);
  if (minReady !== undefined) to.imagePreDownloadMinUpdatedReadyPods = minReady;
  return from.inPlaceUpdateStrategy !== undefined || Object.keys(to).length > 0 ? to : undefined;
}

// ---------------------------------------------------------------------------------------------
// v1beta1 -> v1alpha1

/** v1beta1 -> v1alpha1 (docs/spec/cloneset.md §1.1). `excludePreparingDelete` has no v1alpha1 field and is dropped. */
export function convertCloneSetToV1alpha1(src: CloneSet): CloneSetV1alpha1 {
  const metadata = structuredClone(src.metadata);
  const spec = {} as CloneSetV1alpha1Spec;
  copyDefined(src.spec as unknown as Record<string, unknown>, spec as unknown as Record<string, unknown>, COMMON_SPEC_FIELDS);
  const scaleStrategy = scaleStrategyToV1alpha1(src.spec.scaleStrategy ?? {});
  if (Object.keys(scaleStrategy).length > 0) spec.scaleStrategy = scaleStrategy;
  const annotations = { ...metadata.annotations };
  spec.updateStrategy = updateStrategyToV1alpha1(src.spec.updateStrategy ?? {}, annotations);
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  const out: CloneSetV1alpha1 = { apiVersion: CLONESET_API_VERSION_V1ALPHA1, kind: 'CloneSet', metadata, spec };
  if (src.status !== undefined) out.status = structuredClone(src.status);
  return out;
}

function scaleStrategyToV1alpha1(from: CloneSetScaleStrategy): CloneSetV1alpha1ScaleStrategy {
  const to: CloneSetV1alpha1ScaleStrategy = {};
  copyDefined(from, to, ['podsToDelete', 'maxUnavailable'] as const);
  // Unset in v1alpha1 means reuse, so "no reuse" must be written out.
  if (from.enablePVCReuse !== true) to.disablePVCReuse = true;
  return to;
}

function updateStrategyToV1alpha1(from: CloneSetUpdateStrategy, annotations: Record<string, string>): CloneSetV1alpha1UpdateStrategy {
  if (from.type === 'OnDelete') return { type: 'OnDelete' };
  const rollingUpdate: CloneSetRollingUpdateStrategy = from.rollingUpdate ?? {};
  const to: CloneSetV1alpha1UpdateStrategy = { type: rollingUpdate.podUpdatePolicy ?? 'ReCreate' };
  copyDefined<keyof RollingFields>(rollingUpdate, to, ROLLING_FIELDS);
  const inPlace = rollingUpdate.inPlaceUpdateStrategy;
  if (inPlace === undefined) return to;
  const { imagePreDownloadParallelism, imagePreDownloadTimeoutSeconds, imagePreDownloadMinUpdatedReadyPods, ...rest } = inPlace;
  if (imagePreDownloadParallelism !== undefined) annotations[ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM] = String(imagePreDownloadParallelism);
  if (imagePreDownloadTimeoutSeconds !== undefined) annotations[ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS] = String(imagePreDownloadTimeoutSeconds);
  if (imagePreDownloadMinUpdatedReadyPods !== undefined) {
    annotations[ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS] = String(imagePreDownloadMinUpdatedReadyPods);
  }
  const movedToAnnotations =
    imagePreDownloadParallelism !== undefined || imagePreDownloadTimeoutSeconds !== undefined || imagePreDownloadMinUpdatedReadyPods !== undefined;
  // Keep an explicit `{}` (the defaulter injects it for in-place policies), but do not leave an empty
  // shell behind when the only content moved to annotations.
  if (Object.keys(rest).length > 0 || !movedToAnnotations) to.inPlaceUpdateStrategy = structuredClone(rest);
  return to;
}

// ---------------------------------------------------------------------------------------------
// Either version

export function isCloneSetV1alpha1(obj: CloneSet | CloneSetV1alpha1): obj is CloneSetV1alpha1 {
  return obj.apiVersion === CLONESET_API_VERSION_V1ALPHA1;
}

/** The storage (v1beta1) form of a CloneSet written in either version; always a fresh copy. */
export function toStorageCloneSet(obj: CloneSet | CloneSetV1alpha1): CloneSet {
  if (obj.apiVersion === CLONESET_API_VERSION_V1ALPHA1) return convertCloneSetToV1beta1(obj);
  if (obj.apiVersion === CLONESET_API_VERSION_V1BETA1) return structuredClone(obj);
  throw new Error(`unsupported CloneSet apiVersion ${JSON.stringify((obj as { apiVersion: unknown }).apiVersion)}`);
}

/** The object in the requested version (served to a client asking for that version). */
export function convertCloneSet(obj: CloneSet | CloneSetV1alpha1, version: 'v1alpha1'): CloneSetV1alpha1;
export function convertCloneSet(obj: CloneSet | CloneSetV1alpha1, version: 'v1beta1'): CloneSet;
export function convertCloneSet(obj: CloneSet | CloneSetV1alpha1, version: CloneSetApiVersion): CloneSet | CloneSetV1alpha1;
export function convertCloneSet(obj: CloneSet | CloneSetV1alpha1, version: CloneSetApiVersion): CloneSet | CloneSetV1alpha1 {
  const storage = toStorageCloneSet(obj);
  if (version === 'v1beta1') return storage;
  return isCloneSetV1alpha1(obj) ? structuredClone(obj) : convertCloneSetToV1alpha1(storage);
}
