// Kruise's webhooks for the embedded cluster, and the API server's own rules for apps/v1 workloads and
// Pods: CloneSet, Advanced StatefulSet and UnitedDeployment writes in either served version are defaulted
// (mutating webhook), validated (validating webhook, Kubernetes-style field errors) and stored in the
// storage version v1beta1 (CRD conversion); apps/v1 StatefulSets, Deployments and ReplicaSets get
// Kubernetes' defaults and validation, Pods and PersistentVolumeClaims Kubernetes' validation
// (pod-admission.ts, pvc-admission.ts). Other kinds pass through unchanged.
import {
  DEFAULT_FEATURE_GATES, groupOf, setDefaultsCloneSetAnyVersion, setDefaultsDeployment, setDefaultsNativeStatefulSet,
  setDefaultsReplicaSet, setDefaultsStatefulSetAnyVersion, setDefaultsUnitedDeployment, toStorageCloneSet, toStorageStatefulSet,
  toStorageUnitedDeployment, validateCloneSet, validateDeployment, validateNativeStatefulSet, validateReplicaSet, validateStatefulSet,
  validateUnitedDeployment,
  type CloneSet, type CloneSetV1alpha1, type Deployment, type FeatureGates, type KubeObject, type NativeStatefulSet, type Pod,
  type ReplicaSet, type StatefulSet, type StatefulSetV1alpha1, type UnitedDeployment, type UnitedDeploymentV1alpha1,
} from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import { admitPod } from './pod-admission.js';
import { admitPersistentVolumeClaim } from './pvc-admission.js';
import type { AdmissionHook, AdmissionRequest } from '../embedded/store/admission.js';

const POD = { apiVersion: 'v1', kind: 'Pod' };

export function kruiseAdmission(gates: FeatureGates = DEFAULT_FEATURE_GATES): AdmissionHook {
  return (request) => {
    const { object } = request;
    const group = groupOf(object.apiVersion);
    if (group === 'apps.kruise.io' && object.kind === 'CloneSet') return admitCloneSet(request, gates);
    if (group === 'apps.kruise.io' && object.kind === 'StatefulSet') return admitStatefulSet(request, gates);
    if (group === 'apps.kruise.io' && object.kind === 'UnitedDeployment') return admitUnitedDeployment(request, gates);
    if (group === 'apps' && object.kind === 'StatefulSet') return admitNativeStatefulSet(request);
    if (group === 'apps' && object.kind === 'Deployment') return admitDeployment(request);
    if (group === 'apps' && object.kind === 'ReplicaSet') return admitReplicaSet(request);
    if (group === '' && object.kind === 'Pod') return admitPod(request);
    if (group === '' && object.kind === 'PersistentVolumeClaim') return admitPersistentVolumeClaim(request);
    return object;
  };
}

function versionOf(object: KubeObject): 'v1alpha1' | 'v1beta1' {
  return object.apiVersion.endsWith('/v1alpha1') ? 'v1alpha1' : 'v1beta1';
}

function admitCloneSet(request: AdmissionRequest, gates: FeatureGates): KubeObject {
  const { object } = request;
  const old = request.old as CloneSet | CloneSetV1alpha1 | undefined;
  const defaulted = setDefaultsCloneSetAnyVersion(object as CloneSet | CloneSetV1alpha1, { old, gates });
  const errors = validateCloneSet(defaulted, {
    version: versionOf(object),
    old,
    podsLookup: (namespace, name) => request.get(POD, namespace, name) as Pod | undefined,
  });
  if (errors.length > 0) throw ApiError.fromFieldErrors('CloneSet', object.metadata.name ?? '', errors);
  return toStorageCloneSet(defaulted);
}

function admitStatefulSet(request: AdmissionRequest, gates: FeatureGates): KubeObject {
  const { object } = request;
  const old = request.old as StatefulSet | undefined;
  const defaulted = setDefaultsStatefulSetAnyVersion(object as StatefulSet | StatefulSetV1alpha1, { old, gates });
  const errors = validateStatefulSet(defaulted, { version: versionOf(object), old });
  if (errors.length > 0) throw ApiError.fromFieldErrors('StatefulSet', object.metadata.name ?? '', errors);
  return toStorageStatefulSet(defaulted);
}

function admitNativeStatefulSet(request: AdmissionRequest): KubeObject {
  const { object } = request;
  const defaulted = setDefaultsNativeStatefulSet(object as NativeStatefulSet);
  const errors = validateNativeStatefulSet(defaulted, request.old as NativeStatefulSet | undefined);
  if (errors.length > 0) throw ApiError.fromFieldErrors('StatefulSet.apps', object.metadata.name ?? '', errors);
  return defaulted;
}

function admitUnitedDeployment(request: AdmissionRequest, gates: FeatureGates): KubeObject {
  const { object } = request;
  const old = request.old as UnitedDeployment | undefined;
  const defaulted = setDefaultsUnitedDeployment(object as UnitedDeployment | UnitedDeploymentV1alpha1, { old, gates });
  const errors = validateUnitedDeployment(defaulted, { version: versionOf(object), old });
  if (errors.length > 0) throw ApiError.fromFieldErrors('UnitedDeployment', object.metadata.name ?? '', errors);
  return toStorageUnitedDeployment(defaulted);
}

function admitDeployment(request: AdmissionRequest): KubeObject {
  const { object } = request;
  const defaulted = setDefaultsDeployment(object as Deployment);
  const errors = validateDeployment(defaulted, request.old as Deployment | undefined);
  if (errors.length > 0) throw ApiError.fromFieldErrors('Deployment.apps', object.metadata.name ?? '', errors);
  return defaulted;
}

function admitReplicaSet(request: AdmissionRequest): KubeObject {
  const { object } = request;
  const defaulted = setDefaultsReplicaSet(object as ReplicaSet);
  const errors = validateReplicaSet(defaulted, request.old as ReplicaSet | undefined);
  if (errors.length > 0) throw ApiError.fromFieldErrors('ReplicaSet.apps', object.metadata.name ?? '', errors);
  return defaulted;
}

