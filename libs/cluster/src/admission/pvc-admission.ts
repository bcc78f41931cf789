// The apiserver's own validation of PersistentVolumeClaims, run by the embedded cluster on every create
// and spec write of a claim: ValidatePersistentVolumeClaim, and on update what a claim's spec may still
// change. The controllers only ever change a claim's metadata (its ownerReferences).
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate, type KubeObject } from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import type { AdmissionRequest } from '../embedded/store/admission.js';

export function admitPersistentVolumeClaim(request: AdmissionRequest): KubeObject {
  const { object, old } = request;
  const errors = validatePersistentVolumeClaim(object);
  if (old !== undefined) errors.push(...validatePersistentVolumeClaimUpdate(object, old));
  if (errors.length > 0) throw ApiError.fromFieldErrors('PersistentVolumeClaim', object.metadata.name ?? '', errors);
  return object;
}
