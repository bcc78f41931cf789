// Who may choose in-place (docs/spec/inplace-and-lifecycle.md §1.6): the pod update policy decides between the
// in-place path, recreation and the InPlaceOnly error; the webhook rule limits what an InPlaceOnly
// workload's template may change at all.
import type { ControllerRevision, InPlaceUpdateSpec, JsonValue, PodSpec, PodUpdatePolicyType } from '@coxswain/kruise-api';
import { calculateInPlaceUpdateSpec, type CalculateSpecOptions } from './calculate-spec.js';
import { createJsonPatch } from './json-patch.js';

export type UpdateMethod =
  | { method: 'inPlace'; spec: InPlaceUpdateSpec }
  | { method: 'recreate' }
  /** InPlaceOnly and the change is not in-place-able: the pod is left alone and the workload reports `message`. */
  | { method: 'error'; message: string };

export interface ChooseUpdateMethodInput {
  /** rollingUpdate.podUpdatePolicy (CloneSet) / podUpdatePolicy (ASTS); absent = ReCreate. */
  policy: PodUpdatePolicyType | undefined;
  podName: string;
  /** The revision the pod carries (undefined when it is no longer listed). */
  oldRevision: ControllerRevision | undefined;
  newRevision: ControllerRevision | undefined;
  options?: CalculateSpecOptions;
}

export function chooseUpdateMethod({ policy, podName, oldRevision, newRevision, options = {} }: ChooseUpdateMethodInput): UpdateMethod {
  if (policy === undefined || policy === 'ReCreate') return { method: 'recreate' };
  // InPlaceOnly promises no recreation, so a volumeClaimTemplates change must not force one.
  const opts = policy === 'InPlaceOnly' ? { ...options, ignoreVolumeClaimTemplatesHashDiff: true } : options;
  const spec = calculateInPlaceUpdateSpec(oldRevision, newRevision, opts);
  if (spec) return { method: 'inPlace', spec };
  if (policy === 'InPlaceOnly') return { method: 'error', message: `find Pod ${podName} update strategy is InPlaceOnly but can not update in-place` };
  return { method: 'recreate' };
}

const ANCHORED_IMAGE = /^\/containers\/[0-9]+\/image$/;
const UNANCHORED_IMAGE = /\/containers\/([0-9]+)\/image/;

/**
 * The template-spec changes an InPlaceOnly workload's webhook rejects: every op other than a `replace`
 * of a container image, as JSON-patch paths relative to the pod spec. CloneSet (v1alpha1) anchors the
 * image pattern; Advanced StatefulSet does not, so e.g. `/containers/0/imagePullPolicy` passes there.
 * Empty = allowed.
 */
export function inPlaceOnlyTemplateViolations(oldSpec: PodSpec, newSpec: PodSpec, imagePattern: 'anchored' | 'unanchored'): string[] {
  const allowed = imagePattern === 'anchored' ? ANCHORED_IMAGE : UNANCHORED_IMAGE;
  return createJsonPatch(oldSpec as unknown as JsonValue, newSpec as unknown as JsonValue)
    .filter((op) => op.op !== 'replace' || !allowed.test(op.path))
    .map((op) => op.path);
}
