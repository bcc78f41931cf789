// Objects between the version a request uses and the one the cluster keeps. The cluster keeps each kind
// in its storage version (CloneSets, Advanced StatefulSets and UnitedDeployments as apps.kruise.io/v1beta1);
// a client reading v1alpha1 gets the object converted, as the apiserver converts through a CRD's
// conversion webhook. Writes of the object are converted to storage by the cluster's admission; a status
// write is not admitted, so its body is converted here (a v1alpha1 UnitedDeployment status has another shape).
import {
  batchReleaseToV1alpha1, rolloutToV1alpha1, toStorageBatchRelease, toStorageRollout,
  type BatchRelease, type BatchReleaseV1alpha1, type Rollout, type RolloutV1alpha1,
  convertCloneSet, convertImagePullObject, convertStatefulSetToV1alpha1, toStorageImagePullObject, convertUnitedDeploymentToV1alpha1, toStorageCloneSet, toStorageStatefulSet, toStorageUnitedDeployment,
  type CloneSet, type CloneSetV1alpha1, type ImagePullApiVersion, type ImagePullJob, type KubeObject, type NodeImage, type StatefulSet, type StatefulSetV1alpha1, type UnitedDeployment, type UnitedDeploymentV1alpha1,
} from '@coxswain/kruise-api';
import type { ServedResource } from './served-resources.js';

export function toRequestedVersion(object: KubeObject, resource: ServedResource): KubeObject {
  if (object.apiVersion === resource.groupVersion) return object;
  if (resource.group === 'apps.kruise.io' && resource.version === 'v1alpha1') {
    if (object.kind === 'CloneSet') return convertCloneSet(object as CloneSet | CloneSetV1alpha1, 'v1alpha1');
    if (object.kind === 'StatefulSet' && object.apiVersion === 'apps.kruise.io/v1beta1') return convertStatefulSetToV1alpha1(object as StatefulSet).object;
    if (object.kind === 'UnitedDeployment') return convertUnitedDeploymentToV1alpha1(object as UnitedDeployment);
  }
  if (resource.group === 'apps.kruise.io' && (object.kind === 'ImagePullJob' || object.kind === 'NodeImage')) {
    return convertImagePullObject(object as ImagePullJob | NodeImage, resource.groupVersion as ImagePullApiVersion);
  }
  // Kruise Rollouts' kinds (docs/spec/kruise-rollout.md §1.9); the cluster keeps v1beta1.
  if (resource.group === 'rollouts.kruise.io' && resource.version === 'v1alpha1') {
    if (object.kind === 'Rollout') return rolloutToV1alpha1(object as Rollout);
    if (object.kind === 'BatchRelease') return batchReleaseToV1alpha1(object as BatchRelease);
  }
  // Versions with the same shape differ only by their apiVersion.
  return { ...object, apiVersion: resource.groupVersion };
}

/** A status write's body in the storage version of its kind (Kruise kinds written as v1alpha1). */
export function toStorageVersion(object: KubeObject): KubeObject {
  if (object.apiVersion === 'rollouts.kruise.io/v1alpha1') {
    if (object.kind === 'Rollout') return toStorageRollout(object as RolloutV1alpha1);
    if (object.kind === 'BatchRelease') return toStorageBatchRelease(object as BatchReleaseV1alpha1);
  }
  if (object.apiVersion !== 'apps.kruise.io/v1alpha1') return object;
  if (object.kind === 'CloneSet') return toStorageCloneSet(object as CloneSetV1alpha1);
  if (object.kind === 'StatefulSet') return toStorageStatefulSet(object as StatefulSetV1alpha1);
  if (object.kind === 'UnitedDeployment') return toStorageUnitedDeployment(object as UnitedDeploymentV1alpha1);
  if (object.kind === 'ImagePullJob' || object.kind === 'NodeImage') return toStorageImagePullObject(object as ImagePullJob | NodeImage);
  return object;
}
