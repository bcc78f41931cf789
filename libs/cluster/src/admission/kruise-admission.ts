// The embedded cluster's admission: what Kruise's webhooks, CRD conversion and the API server's own rules
// do to a write before it is stored. CloneSet, Advanced StatefulSet and UnitedDeployment writes in either
// served version are defaulted (mutating webhook), validated (validating webhook, Kubernetes-style field
// errors) and stored in the storage version v1beta1 (CRD conversion); apps/v1 StatefulSets, Deployments
// and ReplicaSets get Kubernetes' defaults and validation, Secrets their stringData merged, Pods Kruise's
// pod webhook and Kubernetes' validation (pod-admission.ts), PersistentVolumeClaims Kubernetes'
// validation (pvc-admission.ts). Each workload
// kind's rules are those the admission webhook serves a real cluster (kind-admission.ts); ImagePullJob,
// NodeImage and ContainerRecreateRequest get Kruise's webhooks' gates, defaults and rules
// (image-pull-admission.ts). Other kinds pass through unchanged.
import { DEFAULT_FEATURE_GATES, type FeatureGates, type Node, type Pod } from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import type { AdmissionHook } from '../embedded/store/admission.js';
import { kindAdmission } from './kind-admission.js';
import { admitPersistentVolumeClaim } from './pvc-admission.js';

const POD = { apiVersion: 'v1', kind: 'Pod' };
const NODE = { apiVersion: 'v1', kind: 'Node' };

export function kruiseAdmission(gates: FeatureGates = DEFAULT_FEATURE_GATES): AdmissionHook {
  return (request) => {
    const { object, old } = request;
    if (object.apiVersion === 'v1' && object.kind === 'PersistentVolumeClaim') return admitPersistentVolumeClaim(request);
    const admission = kindAdmission(object.apiVersion, object.kind);
    if (!admission) return object;
    const refusal = admission.gateRefusal?.(gates);
    if (refusal !== undefined) throw new ApiError('Forbidden', `admission webhook ${JSON.stringify(admission.webhookName ?? admission.errorKind)} denied the request: ${refusal}`);
    const pod = (namespace: string, name: string) => request.get(POD, namespace, name) as Pod | undefined;
    const node = (name: string) => request.get(NODE, undefined, name) as Node | undefined;
    const defaulted = admission.defaults({ object, old, gates, pod, node, ...(request.now !== undefined ? { now: request.now } : {}) });
    const errors = admission.validate({ object: defaulted, old, pod, node, written: object });
    if (errors.length > 0) throw ApiError.fromFieldErrors(admission.errorKind, object.metadata.name ?? '', errors);
    return admission.toStorage(defaulted);
  };
}
