// Objects in the version a request asked for. The cluster keeps each kind in its storage version
// (CloneSets and Advanced StatefulSets as apps.kruise.io/v1beta1); a client reading v1alpha1 gets the
// object converted, as the apiserver converts through a CRD's conversion webhook. Writes need no
// conversion here: the cluster's admission converts what it is given to the storage version.
import {
  convertCloneSet, convertStatefulSetToV1alpha1,
  type CloneSet, type CloneSetV1alpha1, type KubeObject, type StatefulSet,
} from '@coxswain/kruise-api';
import type { ServedResource } from './served-resources.js';

export function toRequestedVersion(object: KubeObject, resource: ServedResource): KubeObject {
  if (object.apiVersion === resource.groupVersion) return object;
  if (resource.group === 'apps.kruise.io' && resource.version === 'v1alpha1') {
    if (object.kind === 'CloneSet') return convertCloneSet(object as CloneSet | CloneSetV1alpha1, 'v1alpha1');
    if (object.kind === 'StatefulSet' && object.apiVersion === 'apps.kruise.io/v1beta1') return convertStatefulSetToV1alpha1(object as StatefulSet).object;
  }
  // Versions with the same shape differ only by their apiVersion.
  return { ...object, apiVersion: resource.groupVersion };
}
