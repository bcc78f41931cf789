// The name and tag a NodeImage keys the job's image by (docs/spec/image-pull.md §1.7), and how a job is
// named among a tag's owners (docs/spec/image-pull.md §3.5). Pure.
import { KRUISE_APPS_V1BETA1, normalizeImageReference, type ImagePullJob, type ObjectReference, type ReferenceObject } from '@coxswain/kruise-api';

export interface ImageKey {
  name: string;
  tag: string;
}

/** Undefined for an image admission would have refused (then the job selects nothing to do). */
export function imageKeyOf(image: string): ImageKey | undefined {
  const result = normalizeImageReference(image);
  return result.ok ? { name: result.reference.familiarName, tag: result.reference.nodeImageTag } : undefined;
}

/** The job as a tag's owner: `apps.kruise.io/v1beta1`, ImagePullJob, namespace, name, uid. */
export function jobOwnerRef(job: ImagePullJob): ObjectReference {
  return { apiVersion: KRUISE_APPS_V1BETA1, kind: 'ImagePullJob', name: job.metadata.name, namespace: job.metadata.namespace, uid: job.metadata.uid };
}

/** Kruise's ContainsObjectRef: the same namespace, name and uid. */
export function sameOwner(a: ObjectReference, b: ObjectReference): boolean {
  return a.namespace === b.namespace && a.name === b.name && a.uid === b.uid;
}

/** A pull Secret reference is listed when the namespace and name match (Kruise's containsObject). */
export function containsSecret(list: readonly ReferenceObject[] | undefined, secret: ReferenceObject): boolean {
  return (list ?? []).some((s) => s.namespace === secret.namespace && s.name === secret.name);
}
