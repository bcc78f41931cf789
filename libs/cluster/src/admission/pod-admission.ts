// The apiserver's own validation of Pods, run by the embedded cluster on every create and spec write of a
// Pod (status writes and the scheduler's binding do not come here): ValidatePodCreate, and on update
// ValidatePodUpdate's rules of what a running pod's spec may change.
import { validatePod, validatePodUpdate, type KubeObject } from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import type { AdmissionRequest } from '../embedded/store/admission.js';

export function admitPod(request: AdmissionRequest): KubeObject {
  const { object, old } = request;
  const errors = validatePod(object);
  if (old !== undefined) errors.push(...validatePodUpdate(object, old));
  if (errors.length > 0) throw ApiError.fromFieldErrors('Pod', object.metadata.name ?? '', errors);
  return object;
}
