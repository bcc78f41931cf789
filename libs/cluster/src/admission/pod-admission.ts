// The apiserver's own validation of Pods, run by the embedded cluster on every create and spec write of a
// Pod (status writes and the scheduler's binding do not come here): ValidatePodCreate, and on update
// ValidatePodUpdate's rules of what a running pod's spec may change.
import { formatFieldError, validatePod, validatePodUpdate, type FieldError, type KubeObject } from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import type { AdmissionRequest } from '../embedded/store/admission.js';

export function admitPod(request: AdmissionRequest): KubeObject {
  const { object, old } = request;
  const errors = old === undefined ? validatePod(object) : [...newProblems(object, old), ...validatePodUpdate(object, old)];
  if (errors.length > 0) throw ApiError.fromFieldErrors('Pod', object.metadata.name ?? '', errors);
  return object;
}

/**
 * validatePod's errors for an update, without those the stored pod already had: a pod stored before
 * these checks existed (or by an older version) stays writable, so the controllers can still label,
 * annotate, update in place and finish it. What is invalid is only refused when it is new.
 */
function newProblems(pod: KubeObject, old: KubeObject): FieldError[] {
  const before = new Set(validatePod(old).map(formatFieldError));
  return validatePod(pod).filter((e) => !before.has(formatFieldError(e)));
}
