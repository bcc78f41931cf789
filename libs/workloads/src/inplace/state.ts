// The `apps.kruise.io/inplace-update-state` pod annotation (docs/spec/inplace-and-lifecycle.md §2.8): written when
// an in-place update starts, extended by every container batch, and left in place after completion.
// Pods written by old Kruise versions carry it under the legacy key `inplace-update-state`.
import {
  ANNOTATION_INPLACE_UPDATE_STATE, ANNOTATION_INPLACE_UPDATE_STATE_OLD,
  type InPlaceUpdateContainerBatch, type InPlaceUpdateContainerMetadata, type InPlaceUpdateContainerStatus,
  type InPlaceUpdatePreCheckBeforeNext, type InPlaceUpdateState, type ObjectMeta, type ResourceRequirements,
} from '@coxswain/kruise-api';
import { isContainerMetadata, isPlainObject, isRecordOf, isStringArray, isStringRecord, parseJsonObject, readOptional, sortedRecord } from './json-shape.js';

/**
 * The annotation value, members in Kruise's order and map keys sorted as Go writes them. Empty `next*`
 * maps and false flags are left out; `lastContainerStatuses` is always written (`null` when absent).
 */
export function encodeInPlaceUpdateState(state: InPlaceUpdateState): string {
  const out: Record<string, unknown> = {
    revision: state.revision,
    updateTimestamp: state.updateTimestamp,
    lastContainerStatuses: state.lastContainerStatuses === null ? null : sortedRecord(state.lastContainerStatuses),
  };
  if (state.updateEnvFromMetadata) out['updateEnvFromMetadata'] = true;
  if (state.updateResources) out['updateResources'] = true;
  if (state.updateImages) out['updateImages'] = true;
  if (nonEmpty(state.nextContainerImages)) out['nextContainerImages'] = sortedRecord(state.nextContainerImages);
  if (nonEmpty(state.nextContainerRefMetadata)) out['nextContainerRefMetadata'] = sortedRecord(state.nextContainerRefMetadata);
  if (nonEmpty(state.nextContainerResources)) out['nextContainerResources'] = sortedRecord(state.nextContainerResources);
  if (state.preCheckBeforeNext) out['preCheckBeforeNext'] = state.preCheckBeforeNext;
  if (state.containerBatchesRecord && state.containerBatchesRecord.length > 0) out['containerBatchesRecord'] = state.containerBatchesRecord;
  return JSON.stringify(out);
}

/**
 * The state from annotation text; undefined (never an exception) when the text is not JSON or a member
 * has the wrong type. Missing members read as Go's zero values.
 */
export function decodeInPlaceUpdateState(text: string): InPlaceUpdateState | undefined {
  const raw = parseJsonObject(text);
  if (!raw) return undefined;
  const { revision = '', updateTimestamp = '', lastContainerStatuses = null } = raw;
  if (typeof revision !== 'string' || (typeof updateTimestamp !== 'string' && updateTimestamp !== null)) return undefined;
  if (lastContainerStatuses !== null && !isRecordOf(lastContainerStatuses, isContainerStatus)) return undefined;
  const state: InPlaceUpdateState = {
    revision,
    updateTimestamp: updateTimestamp ?? '',
    lastContainerStatuses: lastContainerStatuses as Record<string, InPlaceUpdateContainerStatus> | null,
  };
  for (const flag of ['updateEnvFromMetadata', 'updateResources', 'updateImages'] as const) {
    if (!readOptional<boolean>(raw, flag, (v) => typeof v === 'boolean', (on) => on && (state[flag] = true))) return undefined;
  }
  const readable =
    readOptional<Record<string, string>>(raw, 'nextContainerImages', isStringRecord, (images) => (state.nextContainerImages = images)) &&
    readOptional<Record<string, InPlaceUpdateContainerMetadata>>(raw, 'nextContainerRefMetadata', (v) => isRecordOf(v, isContainerMetadata), (m) => (state.nextContainerRefMetadata = m)) &&
    readOptional<Record<string, ResourceRequirements>>(raw, 'nextContainerResources', (v) => isRecordOf(v, isPlainObject), (r) => (state.nextContainerResources = r)) &&
    readOptional<InPlaceUpdatePreCheckBeforeNext>(raw, 'preCheckBeforeNext', isPreCheck, (preCheck) => (state.preCheckBeforeNext = preCheck)) &&
    readOptional<InPlaceUpdateContainerBatch[]>(raw, 'containerBatchesRecord', (v) => Array.isArray(v) && v.every(isBatch), (batches) => (state.containerBatchesRecord = batches));
  if (!readable) return undefined;
  return state;
}

/** The annotation text, from the current key or else the legacy one; undefined when neither is set. */
export function inPlaceUpdateStateText(meta: Pick<ObjectMeta, 'annotations'>): string | undefined {
  const annotations = meta.annotations;
  return annotations?.[ANNOTATION_INPLACE_UPDATE_STATE] ?? annotations?.[ANNOTATION_INPLACE_UPDATE_STATE_OLD];
}

/** The pod's in-place update state; undefined when absent or unreadable (see inPlaceUpdateStateText to tell apart). */
export function readInPlaceUpdateState(meta: Pick<ObjectMeta, 'annotations'>): InPlaceUpdateState | undefined {
  const text = inPlaceUpdateStateText(meta);
  return text === undefined ? undefined : decodeInPlaceUpdateState(text);
}

/** Containers still waiting for a later batch. */
export function hasNextBatch(state: InPlaceUpdateState): boolean {
  return nonEmpty(state.nextContainerImages) || nonEmpty(state.nextContainerRefMetadata) || nonEmpty(state.nextContainerResources);
}

function nonEmpty(map: Record<string, unknown> | undefined): map is Record<string, unknown> {
  return map !== undefined && Object.keys(map).length > 0;
}

function isContainerStatus(value: unknown): value is InPlaceUpdateContainerStatus {
  return isPlainObject(value) && (value['imageID'] === undefined || typeof value['imageID'] === 'string');
}

function isPreCheck(value: unknown): value is InPlaceUpdatePreCheckBeforeNext {
  if (!isPlainObject(value)) return false;
  const names = value['containersRequiredReady'];
  return names === undefined || names === null || isStringArray(names);
}

function isBatch(value: unknown): value is InPlaceUpdateContainerBatch {
  return isPlainObject(value) && typeof value['timestamp'] === 'string' && isStringArray(value['containers']);
}
