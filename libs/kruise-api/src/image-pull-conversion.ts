// ImagePullJob and NodeImage between v1alpha1 and v1beta1 (docs/spec/image-pull.md §1.5): the same fields
// but for NodeImage's pullSecrets[].mode, which v1alpha1 lacks and loses. ContainerRecreateRequest has
// one version. Inputs are never modified.
import { KRUISE_APPS_V1ALPHA1, KRUISE_APPS_V1BETA1, type ImagePullApiVersion, type ImagePullJob, type NodeImage } from './image-pull.js';
import { isObject } from './value-shape.js';

/** `object` in `apiVersion`; a NodeImage read as v1alpha1 drops the pull secrets' `mode`. */
export function convertImagePullObject<T extends ImagePullJob | NodeImage>(object: T, apiVersion: ImagePullApiVersion): T {
  const out = { ...structuredClone(object), apiVersion };
  if (out.kind !== 'NodeImage' || apiVersion !== KRUISE_APPS_V1ALPHA1) return out;
  const spec: unknown = out.spec;
  const images = isObject(spec) && isObject(spec['images']) ? spec['images'] : {};
  for (const image of Object.values(images)) {
    if (!isObject(image) || !Array.isArray(image['pullSecrets'])) continue;
    for (const reference of image['pullSecrets']) if (isObject(reference)) delete reference['mode'];
  }
  return out;
}

/** The storage (v1beta1) form of an ImagePullJob or NodeImage written in either version. */
export function toStorageImagePullObject<T extends ImagePullJob | NodeImage>(object: T): T {
  return convertImagePullObject(object, KRUISE_APPS_V1BETA1);
}
