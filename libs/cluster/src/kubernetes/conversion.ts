// Objects between the version a caller uses and the version the cluster serves a kind in. Kruise kinds
// have two versions; a cluster may serve only one (OpenKruise before CloneSet v1beta1, or the CRDs
// Coxswain ships for clusters without OpenKruise: CloneSet and UnitedDeployment as v1alpha1 only), and
// the controllers read v1beta1.
import {
  convertCloneSet, convertStatefulSetToV1alpha1, convertUnitedDeploymentToV1alpha1, toStorageStatefulSet, toStorageUnitedDeployment,
  type CloneSet, type CloneSetV1alpha1, type KubeObject, type StatefulSet, type StatefulSetV1alpha1, type UnitedDeployment,
  type UnitedDeploymentV1alpha1,
} from '@coxswain/kruise-api';

const CONVERTIBLE_KRUISE_KINDS = new Set(['CloneSet', 'StatefulSet', 'UnitedDeployment']);

function versionOf(apiVersion: string): string {
  return apiVersion.slice(apiVersion.indexOf('/') + 1);
}

/** Whether objects of `kind` can be converted between these two apiVersions. */
export function canConvert(kind: string, from: string, to: string): boolean {
  if (from === to) return true;
  const group = from.split('/')[0];
  return group === 'apps.kruise.io' && to.startsWith('apps.kruise.io/') && CONVERTIBLE_KRUISE_KINDS.has(kind);
}

export function convertObject<T extends KubeObject>(object: T, apiVersion: string): T {
  if (object.apiVersion === apiVersion) return object;
  if (!object.apiVersion.startsWith('apps.kruise.io/')) return { ...object, apiVersion };
  if (object.kind === 'CloneSet') return convertCloneSet(object as unknown as CloneSet | CloneSetV1alpha1, versionOf(apiVersion) as 'v1alpha1' | 'v1beta1') as unknown as T;
  if (object.kind === 'StatefulSet') {
    const storage = toStorageStatefulSet(object as unknown as StatefulSet | StatefulSetV1alpha1);
    return (versionOf(apiVersion) === 'v1alpha1' ? convertStatefulSetToV1alpha1(storage).object : storage) as unknown as T;
  }
  if (object.kind === 'UnitedDeployment') {
    const storage = toStorageUnitedDeployment(object as unknown as UnitedDeployment | UnitedDeploymentV1alpha1);
    return (versionOf(apiVersion) === 'v1alpha1' ? convertUnitedDeploymentToV1alpha1(storage) : storage) as unknown as T;
  }
  return { ...object, apiVersion };
}
