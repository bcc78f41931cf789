// Workload ControllerRevisions (docs/spec/cloneset.md §4.1, §4.2; docs/spec/advanced-statefulset.md §3): what is versioned
// (the pod template only), how a revision is hashed and named, the ControllerRevision object, and how a
// revision is applied back onto the live workload. CloneSet and StatefulSet differ only in the owner
// reference and in CloneSet's volumeClaimTemplates-hash annotation.
import { cloneSetControllerRef } from '../ownership/controller-ref.js';
import {
  ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH,
  LABEL_CONTROLLER_HASH,
  type CloneSet,
  type ControllerRevision,
  type JsonObject,
  type LabelSelector,
  type ObjectMeta,
  type OwnerReference,
  type PodTemplateSpec,
} from '@coxswain/kruise-api';
import { canonicalJson } from './canonical-json.js';
import { fnv1_32, safeEncodeString } from './fnv.js';
import { volumeClaimTemplatesHash } from './volume-claim-templates-hash.js';

/** Kubernetes' ControllerRevisionName keeps room for "-<hash>" within the 253-character name limit. */
export const REVISION_NAME_PREFIX_MAX = 223;

/** The strategic-merge directive that makes the revision's template replace, not merge into, the live one. */
const PATCH_DIRECTIVE = '$patch';

/**
 * The revision payload ("patch"): `{"spec":{"template":{"$patch":"replace",...template}}}` as canonical
 * JSON (keys sorted at every level, so "$patch" comes first). These are the bytes that are hashed and
 * compared; a revision's `data` is the same value as an object.
 */
export function revisionPayload(cs: Pick<CloneSet, 'spec'> | RevisionOwner): string {
  return canonicalJson({ spec: { template: { ...cs.spec.template, [PATCH_DIRECTIVE]: 'replace' } } });
}

/** What every workload that keeps ControllerRevisions of its pod template has (CloneSet, StatefulSet). */
export interface RevisionOwner {
  metadata: ObjectMeta;
  spec: { template: PodTemplateSpec; selector: LabelSelector };
  status?: { collisionCount?: number; currentRevision?: string };
}

/** How a kind stores its revisions: a name for messages and the revision object for a payload. */
export interface RevisionKind<O extends RevisionOwner> {
  kind: string;
  /** The ControllerRevision `owner`'s current template would be stored as. */
  newRevision(owner: O, revisionNumber: number, collisionCount: number): ControllerRevision;
}

/**
 * The revision object for `owner`'s template: labels are `labels` (default the template's) plus the hash,
 * annotations are the owner's plus `extraAnnotations`, the controller reference is `ownerRef`.
 */
export function buildRevision(
  owner: RevisionOwner, revisionNumber: number, collisionCount: number, ownerRef: OwnerReference, extraAnnotations: Record<string, string> = {},
  labels: Readonly<Record<string, string>> = owner.spec.template.metadata?.labels ?? {},
): ControllerRevision {
  const payload = revisionPayload(owner);
  const hash = hashRevision(payload, collisionCount);
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: revisionName(owner.metadata.name!, hash),
      namespace: owner.metadata.namespace,
      labels: { ...labels, [LABEL_CONTROLLER_HASH]: hash },
      annotations: { ...(owner.metadata.annotations ?? {}), ...extraAnnotations },
      ownerReferences: [ownerRef],
    },
    revision: revisionNumber,
    data: JSON.parse(payload) as JsonObject,
  };
}

/**
 * The revision hash: FNV-1 32 over the payload bytes, then over the decimal collisionCount (CloneSet
 * always feeds it, "0" included), written in decimal and safe-encoded.
 */
export function hashRevision(payload: string, collisionCount: number): string {
  const h = fnv1_32(String(collisionCount), fnv1_32(payload));
  return safeEncodeString(String(h));
}

/** `<cloneset-name truncated to 223 characters>-<hash>`. */
export function revisionName(csName: string, hash: string): string {
  return `${csName.slice(0, REVISION_NAME_PREFIX_MAX)}-${hash}`;
}

/**
 * The ControllerRevision the CloneSet's current template would be stored as, numbered `revisionNumber`
 * and named with `collisionCount`. Labels are the template's plus the hash; annotations are the
 * CloneSet's plus the VolumeClaimTemplates hash.
 */
export function newRevision(cs: CloneSet, revisionNumber: number, collisionCount: number): ControllerRevision {
  return buildRevision(cs, revisionNumber, collisionCount, cloneSetControllerRef(cs), {
    [ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH]: volumeClaimTemplatesHash(cs),
  });
}

/** CloneSet's revisions. */
export const CLONESET_REVISIONS: RevisionKind<CloneSet> = { kind: 'CloneSet', newRevision };

/** The "data bytes" of a revision: its data as canonical JSON, the form payloads are compared in. */
export function revisionData(revision: Pick<ControllerRevision, 'data'>): string {
  return canonicalJson(revision.data ?? null);
}

/** Whether two revisions hold the same payload (byte equality of their canonical data; names and hashes play no part). */
export function equalRevisionData(a: Pick<ControllerRevision, 'data'>, b: Pick<ControllerRevision, 'data'>): boolean {
  return revisionData(a) === revisionData(b);
}

/** The pod template a revision stores, without the "$patch" directive. Throws when the data is not a CloneSet revision payload. */
export function revisionTemplate(revision: ControllerRevision): PodTemplateSpec {
  const data = revision.data;
  const spec = isObject(data) ? data['spec'] : undefined;
  const template = isObject(spec) ? spec['template'] : undefined;
  if (!isObject(template)) {
    throw new Error(`ControllerRevision "${revision.metadata.name}" has no spec.template in its data; it is not a CloneSet revision`);
  }
  const copy = structuredClone(template);
  delete copy[PATCH_DIRECTIVE];
  return copy as unknown as PodTemplateSpec;
}

/**
 * The CloneSet as the revision describes it: the revision's template replaces the live template
 * (what the strategic merge of a `"$patch":"replace"` payload does); everything else — replicas,
 * strategies, volumeClaimTemplates, lifecycle, metadata, status — comes from the live object.
 */
export function applyRevision<W extends { spec: { template: PodTemplateSpec } }>(cs: W, revision: ControllerRevision): W {
  const template = revisionTemplate(revision);
  const clone = structuredClone(cs);
  clone.spec.template = template;
  return clone;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
