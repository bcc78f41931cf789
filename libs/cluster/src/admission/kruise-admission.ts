// The embedded cluster's admission: what Kruise's webhooks, CRD conversion and the API server's own rules
// do to a write before it is stored. CloneSet, Advanced StatefulSet and UnitedDeployment writes in either
// served version are defaulted (mutating webhook), validated (validating webhook, Kubernetes-style field
// errors) and stored in the storage version v1beta1 (CRD conversion); apps/v1 StatefulSets, Deployments
// and ReplicaSets get Kubernetes' defaults and validation, Secrets their stringData merged, Pods Kruise's
// pod webhook and Kubernetes' validation (pod-admission.ts), PersistentVolumeClaims Kubernetes'
// validation (pvc-admission.ts). Each workload
// kind's rules are those the admission webhook serves a real cluster (kind-admission.ts); ImagePullJob,
// NodeImage and ContainerRecreateRequest get Kruise's webhooks' gates, defaults and rules
// (image-pull-admission.ts), Rollout and BatchRelease Kruise Rollouts' (rollout-admission.ts), and
// CloneSet and StatefulSet updates Kruise Rollouts' workload webhook (rollout-workload-webhook.ts). Other
// kinds pass through unchanged.
import { DEFAULT_FEATURE_GATES, type FeatureGates, type KubeObject, type Node, type Pod } from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import type { AdmissionHook, AdmissionRequest } from '../embedded/store/admission.js';
import { kindAdmission, type KindAdmission } from './kind-admission.js';
import { admitPersistentVolumeClaim } from './pvc-admission.js';

const POD = { apiVersion: 'v1', kind: 'Pod' };
const NODE = { apiVersion: 'v1', kind: 'Node' };

export function kruiseAdmission(gates: FeatureGates = DEFAULT_FEATURE_GATES): AdmissionHook {
  return (request) => {
    const { object } = request;
    if (object.apiVersion === 'v1' && object.kind === 'PersistentVolumeClaim') return admitPersistentVolumeClaim(request);
    const admission = kindAdmission(object.apiVersion, object.kind);
    if (!admission) return object;
    return admitWith(admission, request, gates);
  };
}

/**
 * One kind's admission of a write: its gates, defaults, validation (reading the store as of the write),
 * then the storage version.
 */
export function admitWith(admission: KindAdmission, request: AdmissionRequest, gates: FeatureGates = DEFAULT_FEATURE_GATES): KubeObject {
  const { object, old } = request;
  const refusal = admission.gateRefusal?.(gates);
  if (refusal !== undefined) throw new ApiError('Forbidden', `admission webhook ${JSON.stringify(admission.webhookName ?? admission.errorKind)} denied the request: ${refusal}`);
  const pod = (namespace: string, name: string) => request.get(POD, namespace, name) as Pod | undefined;
  const node = (name: string) => request.get(NODE, undefined, name) as Node | undefined;
  const list = request.list ? (ref: { apiVersion: string; kind: string }, namespace: string) => request.list!(ref, namespace) : undefined;
  const defaulted = admission.defaults({ object, old, gates, pod, node, ...(request.now !== undefined ? { now: request.now } : {}), ...(list ? { list } : {}) });
  const errors = admission.validate({ object: defaulted, old, pod, node, written: object, ...(list ? { list } : {}) });
  if (errors.length > 0) throw ApiError.fromFieldErrors(admission.errorKind, object.metadata.name ?? '', errors);
  return admission.toStorage(defaulted);
}
