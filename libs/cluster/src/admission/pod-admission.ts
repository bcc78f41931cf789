// What admission does to Pods: Kruise's pod webhook (mpod.kb.io) mutates a CREATE (pod-webhook.ts), then
// the apiserver's own validation runs on every create and spec write (status writes and the scheduler's
// binding do not come here): ValidatePodCreate, and on update ValidatePodUpdate's rules of what a running
// pod's spec may change. In Kubernetes mode the webhook server serves the mutation and the apiserver
// validates; the embedded cluster runs both.
import { formatFieldError, validatePod, validatePodUpdate, type FieldError, type KubeObject } from '@coxswain/kruise-api';
import type { KindAdmission } from './kind-admission.js';
import { kruisePodWebhookDefaults } from './pod-webhook.js';

export const POD_ADMISSION: KindAdmission = {
  errorKind: 'Pod',
  // The webhook's rule is CREATE only.
  defaults: ({ object, old }) => (old === undefined ? kruisePodWebhookDefaults(object) : object),
  validate: ({ object, old }) => (old === undefined ? validatePod(object) : [...newProblems(object, old), ...validatePodUpdate(object, old)]),
  toStorage: (object) => object,
};

/**
 * validatePod's errors for an update, without those the stored pod already had: a pod stored before
 * these checks existed (or by an older version) stays writable, so the controllers can still label,
 * annotate, update in place and finish it. What is invalid is only refused when it is new.
 */
function newProblems(pod: KubeObject, old: KubeObject): FieldError[] {
  const before = new Set(validatePod(old).map(formatFieldError));
  return validatePod(pod).filter((e) => !before.has(formatFieldError(e)));
}
