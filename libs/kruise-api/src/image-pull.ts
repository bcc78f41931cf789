// The kinds kruise-daemon acts on (docs/spec/image-pull.md §1): ImagePullJob and NodeImage
// (apps.kruise.io v1beta1, the storage version, and v1alpha1, the same shape but for NodeImage's
// pullSecrets[].mode) and ContainerRecreateRequest (v1alpha1 only in OpenKruise v1.9), with the
// labels, annotations and finalizers they use. Field names and optionality follow the Go types: a
// field without `omitempty` in Go (`status.desired`, a CRR's `status.phase`) is always written by
// Kruise and is required here.
import type { ContainerPort, ExecAction, HTTPGetAction, ObjectReference, TCPSocketAction } from './core.js';
import type { IntOrString, KubeObject, LabelSelector } from './meta.js';

export const KRUISE_APPS_V1BETA1 = 'apps.kruise.io/v1beta1';
export const KRUISE_APPS_V1ALPHA1 = 'apps.kruise.io/v1alpha1';

/** The versions OpenKruise v1.9 serves ImagePullJob and NodeImage in; v1beta1 is the storage version. */
export type ImagePullApiVersion = typeof KRUISE_APPS_V1BETA1 | typeof KRUISE_APPS_V1ALPHA1;

// ---------------------------------------------------------------------------------------------
// Keys (docs/spec/image-pull.md §1.6)

/** On ImagePullJobs: the job's Secret copies are released before it goes. Go: defaults.ProtectionFinalizer. */
export const FINALIZER_DELETION_PROTECTION = 'apps.kruise.io/deletion-protection';
/** On a CRR: the pod's uid, injected at creation, immutable. Go: ContainerRecreateRequestPodUIDKey. */
export const LABEL_CRR_POD_UID = 'crr.apps.kruise.io/pod-uid';
/** On a CRR: the pod's node, injected at creation, immutable; the NODE column. Go: ContainerRecreateRequestNodeNameKey. */
export const LABEL_CRR_NODE_NAME = 'crr.apps.kruise.io/node-name';
/** On a CRR: "true" until it completed; kruise-daemon watches only these. Go: ContainerRecreateRequestActiveKey. */
export const LABEL_CRR_ACTIVE = 'crr.apps.kruise.io/active';
/** On a CRR: JSON ContainerRecreateRequestSyncContainerStatus[] the controller writes while Recreating. */
export const ANNOTATION_CRR_SYNC_CONTAINER_STATUSES = 'crr.apps.kruise.io/sync-container-statuses';
/** On a CRR: annotation (RFC 3339 time the pod was marked not ready, immutable once set) and finalizer. */
export const CRR_UNREADY_ACQUIRED = 'crr.apps.kruise.io/unready-acquired';
/** On nodes (copied onto their CRRs): a virtual-kubelet node, which gets no NodeImage. Go: util.VirtualKubeletLabelKey. */
export const LABEL_VIRTUAL_KUBELET = 'type';
export const VIRTUAL_KUBELET_VALUE = 'virtual-kubelet';
/** On a NodeImage: kept although no node has its name. Go: fakeLabelKey. */
export const LABEL_FAKE_NODEIMAGE = 'apps.kruise.io/fake-nodeimage';
/** Pod condition that lets a CRR act on a pod a sidecar terminator stopped. Go: sidecarterminator.SidecarTerminated. */
export const CONDITION_SIDECAR_TERMINATED = 'SidecarTerminated';
/** The namespace kruise-daemon reads pull secrets from (env KRUISE_DAEMON_CONFIG_NS). */
export const KRUISE_DAEMON_CONFIG_NAMESPACE = 'kruise-daemon-config';
/** On Secret copies in KRUISE_DAEMON_CONFIG_NAMESPACE: the source Secret, `<namespace>/<name>`. */
export const ANNOTATION_SECRET_SOURCE_KEY = 'imagepulljobs.kruise.io/source-key';
/** On Secret copies: the jobs using the copy, `<ns>/<name>` joined by commas, sorted. */
export const ANNOTATION_SECRET_REFERENCES = 'imagepulljobs.kruise.io/references';
/** On Secret copies: `batch` for copies made since Kruise v1.9. */
export const ANNOTATION_SECRET_MODE = 'imagepulljobs.kruise.io/mode';
export const REFERENCE_MODE_BATCH = 'batch';

// ---------------------------------------------------------------------------------------------
// Shared

export type ImagePullPolicy = 'Always' | 'IfNotPresent';

/** Metadata handed to the CRI PullImage call. */
export interface SandboxConfig {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// ImagePullJob (docs/spec/image-pull.md §1.2)

export interface ImagePullJobPullPolicy {
  /** One attempt's timeout; defaulted to 600. */
  timeoutSeconds?: number;
  /** Retries after the first attempt; defaulted to 3. */
  backoffLimit?: number;
}

export type CompletionPolicyType = 'Always' | 'Never';

export interface CompletionPolicy {
  /** Defaulted to Always. */
  type?: CompletionPolicyType;
  activeDeadlineSeconds?: number;
  ttlSecondsAfterFinished?: number;
}

/** Nodes by name, or by a label selector over the NodeImages (which carry their nodes' labels); not both. */
export interface ImagePullJobNodeSelector extends LabelSelector {
  names?: string[];
}

export interface ImagePullJobSpec {
  image: string;
  /** Secret names in the job's namespace; immutable. */
  pullSecrets?: string[];
  selector?: ImagePullJobNodeSelector;
  /** The nodes of the active, scheduled pods it matches; exclusive with `selector`. */
  podSelector?: LabelSelector;
  /** An integer (a string holding one is read as it); absent means 1, 0 pauses. */
  parallelism?: IntOrString;
  pullPolicy?: ImagePullJobPullPolicy;
  /** Required by the CRD schema; the mutating webhook writes `{type: Always}` when it is missing. */
  completionPolicy?: CompletionPolicy;
  sandboxConfig?: SandboxConfig;
  /** Defaulted to IfNotPresent. */
  imagePullPolicy?: ImagePullPolicy;
}

export interface ImagePullJobStatus {
  startTime?: string;
  completionTime?: string;
  desired: number;
  active?: number;
  succeeded?: number;
  failed?: number;
  message?: string;
  failedNodes?: string[];
}

export interface ImagePullJob extends KubeObject {
  apiVersion: ImagePullApiVersion;
  kind: 'ImagePullJob';
  spec: ImagePullJobSpec;
  status?: ImagePullJobStatus;
}

// ---------------------------------------------------------------------------------------------
// NodeImage (docs/spec/image-pull.md §1.3)

/** A Secret kruise-daemon pulls with, `<namespace>/<name>`. `mode` exists in v1beta1 only. */
export interface ReferenceObject {
  namespace?: string;
  name?: string;
  mode?: string;
}

export interface ImageTagPullPolicy {
  timeoutSeconds?: number;
  backoffLimit?: number;
  ttlSecondsAfterFinished?: number;
  activeDeadlineSeconds?: number;
}

export interface ImageTagSpec {
  /** The tag, or the digest of a digest reference. */
  tag: string;
  createdAt?: string;
  pullPolicy?: ImageTagPullPolicy;
  /** The ImagePullJobs that want this tag. */
  ownerReferences?: ObjectReference[];
  /** Raised to start a new round of pulling; the daemon reports the version it worked on. */
  version?: number;
  imagePullPolicy?: ImagePullPolicy;
}

export interface ImageSpec {
  pullSecrets?: ReferenceObject[];
  tags: ImageTagSpec[];
  sandboxConfig?: SandboxConfig;
}

export interface NodeImageSpec {
  /** By image name (the familiar name, `nginx`, `gcr.io/a/b`); at most 256. */
  images?: Record<string, ImageSpec>;
}

export type ImagePullPhase = 'Waiting' | 'Pulling' | 'Succeeded' | 'Failed';

export interface ImageTagStatus {
  tag: string;
  phase: ImagePullPhase;
  /** 0–100, not monotonic. */
  progress?: number;
  startTime?: string;
  completionTime?: string;
  version?: number;
  /** `<name>@<runtime image id>`. */
  imageID?: string;
  message?: string;
}

export interface ImageStatus {
  tags: ImageTagStatus[];
}

export interface SyncStatus {
  syncAt?: string;
  status?: 'Succeeded' | 'Failed';
  message?: string;
}

export interface NodeImageStatus {
  /** The number of tags in the spec. */
  desired: number;
  succeeded?: number;
  failed?: number;
  pulling?: number;
  waiting?: number;
  imageStatuses?: Record<string, ImageStatus>;
  /** Declared by Kruise, never written by it. */
  firstSyncStatus?: SyncStatus;
}

/** Cluster-scoped, named after its node. */
export interface NodeImage extends KubeObject {
  apiVersion: ImagePullApiVersion;
  kind: 'NodeImage';
  spec?: NodeImageSpec;
  status?: NodeImageStatus;
}

// ---------------------------------------------------------------------------------------------
// ContainerRecreateRequest (docs/spec/image-pull.md §1.4)

export type ContainerRecreateRequestApiVersion = typeof KRUISE_APPS_V1ALPHA1;

/** Kruise's own copy of a lifecycle handler: one of the three. */
export interface ProbeHandler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
}

export interface ContainerRecreateRequestContainerContext {
  containerID: string;
  restartCount: number;
}

export interface ContainerRecreateRequestContainer {
  name: string;
  /** Injected from the pod's container; clients may not write it. */
  preStop?: ProbeHandler;
  /** Injected (when preStop is an httpGet); clients may not write it. */
  ports?: ContainerPort[];
  /** Injected from the pod's status; clients may not write it. */
  statusContext?: ContainerRecreateRequestContainerContext;
}

export type ContainerRecreateRequestFailurePolicy = 'Fail' | 'Ignore';

export interface ContainerRecreateRequestStrategy {
  /** Defaulted to Fail. */
  failurePolicy?: ContainerRecreateRequestFailurePolicy;
  orderedRecreate?: boolean;
  forceRecreate?: boolean;
  /** Defaulted to the pod's terminationGracePeriodSeconds. */
  terminationGracePeriodSeconds?: number;
  unreadyGracePeriodSeconds?: number;
  minStartedSeconds?: number;
}

export interface ContainerRecreateRequestSpec {
  podName: string;
  containers: ContainerRecreateRequestContainer[];
  /** Defaulted to `{}` on create. */
  strategy?: ContainerRecreateRequestStrategy;
  activeDeadlineSeconds?: number;
  ttlSecondsAfterFinished?: number;
}

/** A request's phase is Pending, Recreating or Completed; a container's Pending, Recreating, Succeeded or Failed. */
export type ContainerRecreateRequestPhase = 'Pending' | 'Recreating' | 'Succeeded' | 'Failed' | 'Completed';

export interface ContainerRecreateRequestContainerRecreateState {
  name: string;
  phase: ContainerRecreateRequestPhase;
  message?: string;
  isKilled?: boolean;
}

export interface ContainerRecreateRequestStatus {
  /** Empty until kruise-daemon picks the request up. */
  phase: ContainerRecreateRequestPhase | '';
  completionTime?: string;
  message?: string;
  containerRecreateStates?: ContainerRecreateRequestContainerRecreateState[];
}

/** One entry of the annotation ANNOTATION_CRR_SYNC_CONTAINER_STATUSES. */
export interface ContainerRecreateRequestSyncContainerStatus {
  name: string;
  ready: boolean;
  restartCount: number;
  containerID?: string;
}

export interface ContainerRecreateRequest extends KubeObject {
  apiVersion: ContainerRecreateRequestApiVersion;
  kind: 'ContainerRecreateRequest';
  spec: ContainerRecreateRequestSpec;
  status?: ContainerRecreateRequestStatus;
}
