// Can a pod move from one revision to another in place, and what exactly changes (spec
// docs/spec/inplace-and-lifecycle.md §1.1–§1.5, Kruise's CalculateSpec)? The answer depends only on the two
// revisions, never on the live pod, so it can be computed once per revision pair.
import {
  ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH, podQosClass,
  type ControllerRevision, type FeatureGates, type InPlaceUpdateContainerMetadata, type InPlaceUpdateSpec,
  type PodTemplateSpec, type ResourceRequirements,
} from '@coxswain/kruise-api';
import { revisionTemplate } from '../revision/cloneset-revision.js';
import { isContainerReferenceToMeta, type MetadataField } from './env-from-metadata.js';
import { createJsonPatch, unescapePointerSegment, type JsonPatchOperation } from './json-patch.js';
import { createMetadataPatch } from './metadata-patch.js';
import { isResourcePath, recordResourceChange } from './vertical-scaling.js';

/** The feature gates the in-place engine reads. Absent means Kruise's default (noted on each). */
export interface InPlaceGates {
  /** Default true (false when KruiseDaemon is off; FeatureGates.enabled applies that rule). */
  InPlaceUpdateEnvFromMetadata?: boolean;
  /** Default false. */
  InPlaceWorkloadVerticalScaling?: boolean;
  /** Default false. */
  RecreatePodWhenChangeVCTInCloneSetGate?: boolean;
}

/** The engine's gates from the cluster-wide FeatureGates. */
export function inPlaceGates(gates: FeatureGates): Required<InPlaceGates> {
  return {
    InPlaceUpdateEnvFromMetadata: gates.enabled('InPlaceUpdateEnvFromMetadata'),
    InPlaceWorkloadVerticalScaling: gates.enabled('InPlaceWorkloadVerticalScaling'),
    RecreatePodWhenChangeVCTInCloneSetGate: gates.enabled('RecreatePodWhenChangeVCTInCloneSetGate'),
  };
}

export interface CalculateSpecOptions {
  /** The workload's inPlaceUpdateStrategy.gracePeriodSeconds; stored as the spec's graceSeconds. */
  gracePeriodSeconds?: number;
  /** Skip the volumeClaimTemplates-hash check (CloneSet with InPlaceOnly). */
  ignoreVolumeClaimTemplatesHashDiff?: boolean;
  gates?: InPlaceGates;
}

const CONTAINER_IMAGE_PATH = /^\/spec\/containers\/([0-9]+)\/image$/;
const TEMPLATE_PREFIX = '/spec/template';

/**
 * The in-place update from `oldRevision` to `newRevision`, or undefined when the pod has to be
 * recreated (a revision is missing, or anything besides container images, template labels/annotations
 * and — with its gate — container cpu/memory changed). Empty members are left out, as in the
 * grace-annotation JSON (docs/spec/inplace-and-lifecycle.md §1.4).
 */
export function calculateInPlaceUpdateSpec(
  oldRevision: ControllerRevision | undefined,
  newRevision: ControllerRevision | undefined,
  opts: CalculateSpecOptions = {},
): InPlaceUpdateSpec | undefined {
  if (!oldRevision || !newRevision) return undefined;
  const gates = opts.gates ?? {};
  const ops = createJsonPatch(oldRevision.data, newRevision.data);

  if (gates.RecreatePodWhenChangeVCTInCloneSetGate === true && !opts.ignoreVolumeClaimTemplatesHashDiff) {
    const oldHash = oldRevision.metadata.annotations?.[ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH];
    const newHash = newRevision.metadata.annotations?.[ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH];
    if (oldHash !== undefined && newHash !== undefined && oldHash !== newHash) return undefined;
  }

  const oldT = templateOf(oldRevision);
  const newT = templateOf(newRevision);
  if (!oldT || !newT) return undefined;

  const images: Record<string, string> = {};
  const resources: Record<string, ResourceRequirements> = {};
  const metadataOps: JsonPatchOperation[] = [];
  for (const op of ops) {
    const path = op.path.replace(TEMPLATE_PREFIX, '');
    if (!path.startsWith('/spec/')) {
      if (path.startsWith('/metadata/')) {
        metadataOps.push({ ...op, path });
        continue;
      }
      return undefined;
    }
    if (op.op !== 'replace') return undefined;
    const image = CONTAINER_IMAGE_PATH.exec(path);
    if (image) {
      const container = oldT.spec.containers[Number(image[1])];
      if (container === undefined || typeof op.value !== 'string') return undefined;
      images[container.name] = op.value;
      continue;
    }
    if (gates.InPlaceWorkloadVerticalScaling === true && isResourcePath(path)) {
      if (!recordResourceChange(op, path, oldT.spec, resources)) return undefined;
      continue;
    }
    return undefined;
  }
  if (Object.keys(resources).length > 0 && podQosClass(oldT.spec) !== podQosClass(newT.spec)) return undefined;

  let refMetadata: Record<string, InPlaceUpdateContainerMetadata> = {};
  let metaDataPatch: string | undefined;
  if (metadataOps.length > 0) {
    if (gates.InPlaceUpdateEnvFromMetadata !== false) refMetadata = extractEnvFromMetadata(metadataOps, oldT, newT);
    // Set even when only env-referenced keys changed and the patch is "{}", as Kruise does.
    metaDataPatch = Buffer.from(createMetadataPatch(oldT.metadata, newT.metadata), 'utf8').toString('base64');
  }

  // Members in the order of Kruise's UpdateSpec, so the grace annotation reads like Kruise's.
  const spec: InPlaceUpdateSpec = { revision: newRevision.metadata.name ?? '' };
  if (Object.keys(images).length > 0) spec.containerImages = images;
  if (Object.keys(refMetadata).length > 0) spec.containerRefMetadata = refMetadata;
  if (Object.keys(resources).length > 0) spec.containerResources = resources;
  if (metaDataPatch !== undefined) spec.metaDataPatch = metaDataPatch;
  if (Object.keys(refMetadata).length > 0) spec.updateEnvFromMetadata = true;
  if (opts.gracePeriodSeconds !== undefined && opts.gracePeriodSeconds !== 0) spec.graceSeconds = opts.gracePeriodSeconds;
  return spec;
}

/**
 * docs/spec/inplace-and-lifecycle.md §1.3: label/annotation adds and replaces read by a container's env fieldRef become that container's
 * refMetadata, and are taken out of both templates (mutated here) so the metadata patch leaves them to
 * the batch that restarts the container.
 */
function extractEnvFromMetadata(
  metadataOps: readonly JsonPatchOperation[],
  oldT: PodTemplateSpec,
  newT: PodTemplateSpec,
): Record<string, InPlaceUpdateContainerMetadata> {
  const refMetadata: Record<string, InPlaceUpdateContainerMetadata> = {};
  for (const op of metadataOps) {
    if (op.op !== 'add' && op.op !== 'replace') continue;
    const words = op.path.split('/');
    if (words.length !== 4 || (words[2] !== 'labels' && words[2] !== 'annotations')) continue;
    if (typeof op.value !== 'string') continue;
    const field = words[2] as MetadataField;
    const key = unescapePointerSegment(words[3]!);
    for (const c of newT.spec.containers) {
      if (!isContainerReferenceToMeta(c, field, key)) continue;
      const meta = (refMetadata[c.name] ??= {});
      (meta[field] ??= {})[key] = op.value;
      delete oldT.metadata?.[field]?.[key];
      delete newT.metadata?.[field]?.[key];
    }
  }
  return refMetadata;
}

function templateOf(revision: ControllerRevision): PodTemplateSpec | undefined {
  try {
    // revisionTemplate returns a copy, so extractEnvFromMetadata may edit it.
    return revisionTemplate(revision);
  } catch {
    return undefined;
  }
}
