// Well-known label and annotation keys, condition types and values used by Kruise workloads, each
// under one name. Property names follow the Go constant (named in each comment) without the
// Key/LabelKey suffix; where Kubernetes and Kruise use the same Go name for different keys, the
// Kruise one is prefixed (KruiseControllerRevisionHash).
import type { LifecycleStateType } from './pub.js';

/** Label keys. */
export const LABELS = {
  /** Pod's revision: the full ControllerRevision name, or only the hash with gate CloneSetShortHash. Go: apps.ControllerRevisionHashLabelKey. */
  ControllerRevisionHash: 'controller-revision-hash',
  /** Always the short hash (after the last '-') of the pod's revision. Go: apps.DefaultDeploymentUniqueLabelKey. */
  PodTemplateHash: 'pod-template-hash',
  /** Pairs a CloneSet pod with its PVCs; also the pod-name suffix. Go: CloneSetInstanceID. */
  CloneSetInstanceID: 'apps.kruise.io/cloneset-instance-id',
  /** Presence (any value, even empty) marks a pod for deletion. Go: SpecifiedDeleteKey. */
  SpecifiedDelete: 'apps.kruise.io/specified-delete',
  /** Pod lifecycle state, one of LIFECYCLE_STATES. Go: appspub.LifecycleStateKey. */
  LifecycleState: 'lifecycle.apps.kruise.io/state',
  /** On a v1alpha1 CloneSet, "true" converts to scaleStrategy.excludePreparingDelete. Go: CloneSetScalingExcludePreparingDeleteKey. */
  CloneSetScalingExcludePreparingDelete: 'apps.kruise.io/cloneset-scaling-exclude-preparing-delete',
  /** Hash on ControllerRevision objects. Go: history.ControllerRevisionHashLabel. */
  ControllerHash: 'controller.kubernetes.io/hash',
  /** On a ControllerRevision: image pre-download jobs were created. Go: ImagePreDownloadCreatedKey. */
  ImagePreDownloadCreated: 'apps.kruise.io/pre-predownload-created',
  /** On a ControllerRevision: image pre-download was skipped. Go: ImagePreDownloadIgnoredKey. */
  ImagePreDownloadIgnored: 'apps.kruise.io/image-predownload-ignored',
  /** Advanced StatefulSet pod's own name. Go: apps.StatefulSetPodNameLabel. */
  StatefulSetPodName: 'statefulset.kubernetes.io/pod-name',
  /** Advanced StatefulSet pod ordinal (gate PodIndexLabel). Go: apps.PodIndexLabel. */
  PodIndex: 'apps.kubernetes.io/pod-index',
  /** Subset a UnitedDeployment workload (and its pods) belongs to. Go: SubSetNameLabelKey. */
  SubSetName: 'apps.kruise.io/subset-name',
  /** UnitedDeployment revision on subset workloads and their pods. Go: appsv1alpha1.ControllerRevisionHashLabelKey. */
  KruiseControllerRevisionHash: 'apps.kruise.io/controller-revision-hash',
  /** "true"/"false": pod reserved by UnitedDeployment's reservation strategy. Go: ReservedPodLabelKey. */
  ReservedPod: 'apps.kruise.io/united-deployment-reserved-pod',
  /** Node's zone. Go: corev1.LabelTopologyZone. */
  TopologyZone: 'topology.kubernetes.io/zone',
  /** Node's hostname. Go: corev1.LabelHostname. */
  Hostname: 'kubernetes.io/hostname',
} as const;

/** Annotation keys. */
export const ANNOTATIONS = {
  /** RFC 3339 time of the last lifecycle state change. Go: appspub.LifecycleTimestampKey. */
  LifecycleTimestamp: 'lifecycle.apps.kruise.io/timestamp',
  /** JSON InPlaceUpdateState. Go: appspub.InPlaceUpdateStateKey. */
  InPlaceUpdateState: 'apps.kruise.io/inplace-update-state',
  /** Legacy key of InPlaceUpdateState, read and deleted. Go: appspub.InPlaceUpdateStateKeyOld. */
  InPlaceUpdateStateOld: 'inplace-update-state',
  /** JSON InPlaceUpdateSpec waiting for its grace period. Go: appspub.InPlaceUpdateGraceKey. */
  InPlaceUpdateGrace: 'apps.kruise.io/inplace-update-grace',
  /** Legacy key of InPlaceUpdateGrace. Go: appspub.InPlaceUpdateGraceKeyOld. */
  InPlaceUpdateGraceOld: 'inplace-update-grace',
  /** Written by kruise-daemon: container ids and hashes. Go: appspub.RuntimeContainerMetaKey. */
  RuntimeContainerMeta: 'apps.kruise.io/runtime-containers-meta',
  /** int32 scale-down ranking, lower deleted first. Go: core.PodDeletionCost. */
  PodDeletionCost: 'controller.kubernetes.io/pod-deletion-cost',
  /** On a ControllerRevision: hash of the CloneSet's volumeClaimTemplates. Go: volumeclaimtemplate.HashAnnotation. */
  VolumeClaimTemplatesHash: 'kruise.io/cloneset-volumeclaimtemplate-hash',
  /** v1alpha1 CloneSet form of rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism. Go: ImagePreDownloadParallelismKey. */
  ImagePreDownloadParallelism: 'apps.kruise.io/image-predownload-parallelism',
  /** v1alpha1 CloneSet form of imagePreDownloadTimeoutSeconds. Go: ImagePreDownloadTimeoutSecondsKey. */
  ImagePreDownloadTimeoutSeconds: 'apps.kruise.io/image-predownload-timeout-seconds',
  /** v1alpha1 CloneSet form of imagePreDownloadMinUpdatedReadyPods. Go: ImagePreDownloadMinUpdatedReadyPods. */
  ImagePreDownloadMinUpdatedReadyPods: 'apps.kruise.io/image-predownload-min-updated-ready-pods',
  /** On a UnitedDeployment subset workload: the subset patch JSON it was rendered with. Go: AnnotationSubsetPatchKey. */
  SubsetPatch: 'apps.kruise.io/subset-patch',
  /** "Ordered" gives containers descending launch (and in-place batch) priority. Go: appspub.ContainerLaunchPriorityKey. */
  ContainerLaunchPriority: 'apps.kruise.io/container-launch-priority',
} as const;

/** Value of ANNOTATIONS.ContainerLaunchPriority for ordered launch. Go: appspub.ContainerLaunchOrdered. */
export const CONTAINER_LAUNCH_ORDERED = 'Ordered';

/** Value CloneSet writes into LABELS.SpecifiedDelete on ReCreate updates (readers test presence only). */
export const SPECIFIED_DELETE_VALUE = 'true';

/** Pod condition (and readiness gate) types. */
export const POD_CONDITIONS = {
  /** False while an in-place update runs. Go: appspub.InPlaceUpdateReady. */
  InPlaceUpdateReady: 'InPlaceUpdateReady',
  /** False while a markPodNotReady lifecycle hook holds the pod. Go: appspub.KruisePodReadyConditionType. */
  KruisePodReady: 'KruisePodReady',
  Ready: 'Ready',
  ContainersReady: 'ContainersReady',
  PodScheduled: 'PodScheduled',
} as const;

/** Reasons Kruise and the scheduler put on pod conditions. */
export const POD_CONDITION_REASONS = {
  /** InPlaceUpdateReady=False at the start of an in-place update. */
  StartInPlaceUpdate: 'StartInPlaceUpdate',
  /** Ready=False because a readiness gate is missing or not True. */
  ReadinessGatesNotReady: 'ReadinessGatesNotReady',
  /** PodScheduled=False because no node fits. */
  Unschedulable: 'Unschedulable',
} as const;

/**
 * Entries of the KruisePodReady condition's message, a JSON array of `{userAgent, key}`
 * (spec/inplace-and-lifecycle.md §3.3).
 */
export const KRUISE_POD_READY_MESSAGE = {
  LifecycleUserAgent: 'Lifecycle',
  PreDeleteHookKey: 'preDeleteHook',
  PreUpdateHookKey: 'preUpdateHook',
} as const;

/** Values of LABELS.LifecycleState. Go: appspub.LifecycleState*. */
export const LIFECYCLE_STATES = {
  PreparingNormal: 'PreparingNormal',
  Normal: 'Normal',
  PreparingUpdate: 'PreparingUpdate',
  Updating: 'Updating',
  Updated: 'Updated',
  PreparingDelete: 'PreparingDelete',
} as const satisfies Record<LifecycleStateType, LifecycleStateType>;

/** Container env var names with meaning to Kruise. */
export const CONTAINER_ENV = {
  /** Injected by the pod webhook; `valueFrom.configMapKeyRef.key` "p_<N>" is the container's priority. */
  ContainerLaunchBarrier: 'KRUISE_CONTAINER_BARRIER',
  /** User-declared integer launch priority. */
  ContainerLaunchPriority: 'KRUISE_CONTAINER_PRIORITY',
  /** fieldRef envs with these names never count as env-from-metadata changes. */
  SidecarSetVersion: 'SIDECARSET_VERSION',
  SidecarSetVersionAlt: 'SIDECARSET_VERSION_ALT',
} as const;

/** Controls for the embedded cluster's kubelet simulator, set on pods (usually via the pod template). */
export const SIM_ANNOTATIONS = {
  /** "true": containers start and run but never become ready. */
  NeverReady: 'sim.coxswain.io/never-ready',
} as const;
