// What admission does to ImagePullJob, NodeImage and ContainerRecreateRequest writes in the embedded
// cluster: Kruise's webhooks for them (docs/spec/image-pull.md §2) and the storage version (v1beta1 for
// the first two). The gates come first, refused with 403 in Kruise's words; then the defaults, the
// validation (field errors whose details are Kruise's messages), the conversion. A ContainerRecreateRequest
// is created against its pod and node: the webhook's checks read the request as the client wrote it,
// and its injection (node and pod-uid labels, grace period, preStop, ports, status context) happens only
// when they pass.
import {
  imagePullAdmissionGateProblem, injectPodIntoContainerRecreateRequest, setDefaultsContainerRecreateRequest,
  setDefaultsImagePullJob, setDefaultsNodeImage, toStorageImagePullObject, validateContainerRecreateRequest,
  validateContainerRecreateRequestAgainstPod, validateContainerRecreateRequestUpdate, validateImagePullJob, validateNodeImage,
  type ContainerRecreateRequest, type ImagePullJob, type KubeObject, type NodeImage, type Pod,
} from '@coxswain/kruise-api';
import type { KindAdmission } from './kind-admission.js';

function podOf(crr: ContainerRecreateRequest, pod: ((namespace: string, name: string) => Pod | undefined) | undefined): Pod | undefined {
  const podName = crr.spec?.podName;
  return pod && typeof podName === 'string' && podName !== '' ? pod(crr.metadata.namespace ?? '', podName) : undefined;
}

export const IMAGE_PULL_JOB_ADMISSION: KindAdmission = {
  errorKind: 'ImagePullJob',
  gateRefusal: (gates) => imagePullAdmissionGateProblem('ImagePullJob', gates),
  webhookName: 'vimagepulljob-v1beta1.kb.io',
  // Kruise's v1alpha1 defaulting adds the protection finalizer on create (v1beta1's ignores the
  // argument); the ImagePullJob controller removes it once the job finished (docs/spec/image-pull.md §2.1, §3.2).
  defaults: ({ object, old }) =>
    setDefaultsImagePullJob(object as ImagePullJob, { operation: old === undefined ? 'CREATE' : 'UPDATE', protectionFinalizer: true }),
  validate: ({ object, old }) => validateImagePullJob(object as ImagePullJob, old === undefined ? {} : { old: old as ImagePullJob }),
  toStorage: (object) => toStorageImagePullObject(object as ImagePullJob),
};

export const NODE_IMAGE_ADMISSION: KindAdmission = {
  errorKind: 'NodeImage',
  gateRefusal: (gates) => imagePullAdmissionGateProblem('NodeImage', gates),
  webhookName: 'vnodeimage.kb.io',
  defaults: ({ object, now }) => setDefaultsNodeImage(object as NodeImage, { now: now ?? new Date().toISOString() }),
  validate: ({ object }) => validateNodeImage(object as NodeImage),
  toStorage: (object) => toStorageImagePullObject(object as NodeImage),
};

export const CONTAINER_RECREATE_REQUEST_ADMISSION: KindAdmission = {
  errorKind: 'ContainerRecreateRequest',
  gateRefusal: (gates) => imagePullAdmissionGateProblem('ContainerRecreateRequest', gates),
  webhookName: 'mcontainerrecreaterequest.kb.io',
  defaults: ({ object, old, pod, node }) => {
    const crr = object as ContainerRecreateRequest;
    if (old !== undefined) return crr;
    const defaulted = setDefaultsContainerRecreateRequest(crr, { operation: 'CREATE' });
    const target = podOf(crr, pod);
    const host = target?.spec?.nodeName && node ? node(target.spec.nodeName) : undefined;
    if (validateContainerRecreateRequest(defaulted).length > 0 || validateContainerRecreateRequestAgainstPod(crr, target, host).length > 0) return defaulted;
    return injectPodIntoContainerRecreateRequest(defaulted, target!, host);
  },
  validate: ({ object, old, written, pod, node }) => {
    const crr = object as ContainerRecreateRequest;
    if (old !== undefined) return validateContainerRecreateRequestUpdate(crr, old as ContainerRecreateRequest);
    const asWritten = (written ?? object) as ContainerRecreateRequest;
    const target = podOf(asWritten, pod);
    const host = target?.spec?.nodeName && node ? node(target.spec.nodeName) : undefined;
    return [...validateContainerRecreateRequest(crr), ...validateContainerRecreateRequestAgainstPod(asWritten, target, host)];
  },
  // One version: stored as written.
  toStorage: (object: KubeObject) => object,
};
