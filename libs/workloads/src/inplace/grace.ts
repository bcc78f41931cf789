// The `apps.kruise.io/inplace-update-grace` pod annotation (docs/spec/inplace-and-lifecycle.md §1.4, §2.2, §2.6):
// the whole UpdateSpec, parked there while the pod sits out gracePeriodSeconds not-ready before its
// containers are touched. Legacy key `inplace-update-grace`.
import {
  ANNOTATION_INPLACE_UPDATE_GRACE, ANNOTATION_INPLACE_UPDATE_GRACE_OLD,
  type InPlaceUpdateContainerMetadata, type InPlaceUpdateSpec, type ObjectMeta, type PodTemplateSpec, type ResourceRequirements,
} from '@coxswain/kruise-api';
import { isContainerMetadata, isPlainObject, isRecordOf, isString, isStringRecord, parseJsonObject, readOptional, sortedRecord } from './json-shape.js';

/** The UpdateSpec as JSON: members in Kruise's order, empty ones left out, map keys sorted. */
export function encodeInPlaceUpdateSpec(spec: InPlaceUpdateSpec): string {
  const out: Record<string, unknown> = { revision: spec.revision };
  if (spec.containerImages && Object.keys(spec.containerImages).length > 0) out['containerImages'] = sortedRecord(spec.containerImages);
  if (spec.containerRefMetadata && Object.keys(spec.containerRefMetadata).length > 0) out['containerRefMetadata'] = sortedRecord(spec.containerRefMetadata);
  if (spec.containerResources && Object.keys(spec.containerResources).length > 0) out['containerResources'] = sortedRecord(spec.containerResources);
  if (spec.metaDataPatch) out['metaDataPatch'] = spec.metaDataPatch;
  if (spec.updateEnvFromMetadata) out['updateEnvFromMetadata'] = true;
  if (spec.graceSeconds) out['graceSeconds'] = spec.graceSeconds;
  if (spec.oldTemplate) out['oldTemplate'] = spec.oldTemplate;
  if (spec.newTemplate) out['newTemplate'] = spec.newTemplate;
  return JSON.stringify(out);
}

/** The UpdateSpec from annotation text; undefined (never an exception) when unreadable. */
export function decodeInPlaceUpdateSpec(text: string): InPlaceUpdateSpec | undefined {
  const raw = parseJsonObject(text);
  if (!raw) return undefined;
  const revision = raw['revision'] ?? '';
  if (typeof revision !== 'string') return undefined;
  const spec: InPlaceUpdateSpec = { revision };
  const readable =
    readOptional<Record<string, string>>(raw, 'containerImages', isStringRecord, (images) => (spec.containerImages = images)) &&
    readOptional<Record<string, InPlaceUpdateContainerMetadata>>(raw, 'containerRefMetadata', (v) => isRecordOf(v, isContainerMetadata), (m) => (spec.containerRefMetadata = m)) &&
    readOptional<Record<string, ResourceRequirements>>(raw, 'containerResources', (v) => isRecordOf(v, isPlainObject), (r) => (spec.containerResources = r)) &&
    readOptional<string>(raw, 'metaDataPatch', isString, (patch) => {
      if (patch !== '') spec.metaDataPatch = patch;
    });
  if (!readable) return undefined;
  const envFlag = raw['updateEnvFromMetadata'];
  if (envFlag !== undefined && envFlag !== null && typeof envFlag !== 'boolean') return undefined;
  if (envFlag === true) spec.updateEnvFromMetadata = true;
  const grace = raw['graceSeconds'];
  if (grace !== undefined && grace !== null && !Number.isInteger(grace)) return undefined;
  if (typeof grace === 'number' && grace !== 0) spec.graceSeconds = grace;
  for (const key of ['oldTemplate', 'newTemplate'] as const) {
    if (!readOptional<PodTemplateSpec>(raw, key, isPlainObject, (template) => (spec[key] = template))) return undefined;
  }
  return spec;
}

/** The grace annotation text under the current or the legacy key. */
export function inPlaceUpdateGraceText(meta: Pick<ObjectMeta, 'annotations'>): string | undefined {
  const annotations = meta.annotations;
  return annotations?.[ANNOTATION_INPLACE_UPDATE_GRACE] ?? annotations?.[ANNOTATION_INPLACE_UPDATE_GRACE_OLD];
}

/** Whether the pod carries a grace annotation (either key; presence counts, as in Kruise and the update filter). */
export function hasInPlaceUpdateGrace(meta: Pick<ObjectMeta, 'annotations'>): boolean {
  return inPlaceUpdateGraceText(meta) !== undefined;
}

/** Decodes the metaDataPatch bytes (base64 in JSON, as Go writes a []byte). */
export function decodeMetaDataPatch(metaDataPatch: string): string {
  return Buffer.from(metaDataPatch, 'base64').toString('utf8');
}
