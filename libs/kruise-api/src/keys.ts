// Well-known label and annotation keys, condition types and values used by Kruise workloads, one
// exported name per concept. Names are the Go constant (named in each comment) in SCREAMING_SNAKE_CASE,
// prefixed LABEL_/ANNOTATION_/CONDITION_ and without the Go Key/LabelKey suffix. Where Kubernetes and
// Kruise use the same Go name for different keys, the Kruise one says so (LABEL_KRUISE_CONTROLLER_REVISION_HASH).
import type { LifecycleStateType } from './pub.js';

// ---------------------------------------------------------------------------------------------
// Labels

/** Pod's revision: the full ControllerRevision name, or only the hash with gate CloneSetShortHash. Go: apps.ControllerRevisionHashLabelKey. */
export const LABEL_CONTROLLER_REVISION_HASH = 'controller-revision-hash';
/** Always the short hash (after the last '-') of the pod's revision. Go: apps.DefaultDeploymentUniqueLabelKey. */
export const LABEL_POD_TEMPLATE_HASH = 'pod-template-hash';
/** Pairs a CloneSet pod with its PVCs; also the pod-name suffix. Go: CloneSetInstanceID. */
export const LABEL_CLONESET_INSTANCE_ID = 'apps.kruise.io/cloneset-instance-id';
/** Presence (any value, even empty) marks a pod for deletion. Go: SpecifiedDeleteKey. */
export const LABEL_SPECIFIED_DELETE = 'apps.kruise.io/specified-delete';
/** Pod lifecycle state, one of LIFECYCLE_STATES. Go: appspub.LifecycleStateKey. */
export const LABEL_LIFECYCLE_STATE = 'lifecycle.apps.kruise.io/state';
/** On a v1alpha1 CloneSet, "true" converts to spec.scaleStrategy.excludePreparingDelete. Go: CloneSetScalingExcludePreparingDeleteKey. */
export const LABEL_CLONESET_SCALING_EXCLUDE_PREPARING_DELETE = 'apps.kruise.io/cloneset-scaling-exclude-preparing-delete';
/** Revision hash on ControllerRevision objects. Go: history.ControllerRevisionHashLabel. */
export const LABEL_CONTROLLER_HASH = 'controller.kubernetes.io/hash';
/** On a ControllerRevision: image pre-download jobs were created. Go: ImagePreDownloadCreatedKey. */
export const LABEL_IMAGE_PREDOWNLOAD_CREATED = 'apps.kruise.io/pre-predownload-created';
/** On a ControllerRevision: image pre-download was skipped. Go: ImagePreDownloadIgnoredKey. */
export const LABEL_IMAGE_PREDOWNLOAD_IGNORED = 'apps.kruise.io/image-predownload-ignored';
/** Advanced StatefulSet pod's own name. Go: apps.StatefulSetPodNameLabel. */
export const LABEL_STATEFULSET_POD_NAME = 'statefulset.kubernetes.io/pod-name';
/** Advanced StatefulSet pod ordinal, decimal (gate PodIndexLabel). Go: apps.PodIndexLabel. */
export const LABEL_POD_INDEX = 'apps.kubernetes.io/pod-index';
/** Subset a UnitedDeployment workload (and its pods) belongs to. Go: SubSetNameLabelKey. */
export const LABEL_SUBSET_NAME = 'apps.kruise.io/subset-name';
/** UnitedDeployment revision on subset workloads and their pods. Go: appsv1alpha1.ControllerRevisionHashLabelKey. */
export const LABEL_KRUISE_CONTROLLER_REVISION_HASH = 'apps.kruise.io/controller-revision-hash';
/** "true"/"false": pod held by UnitedDeployment's reservation strategy. Go: ReservedPodLabelKey. */
export const LABEL_RESERVED_POD = 'apps.kruise.io/united-deployment-reserved-pod';
/** Node's zone. Go: corev1.LabelTopologyZone. */
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';
/** Node's hostname. Go: corev1.LabelHostname. */
export const LABEL_HOSTNAME = 'kubernetes.io/hostname';

/** Value CloneSet writes into LABEL_SPECIFIED_DELETE on ReCreate updates (readers test presence only). */
export const SPECIFIED_DELETE_VALUE = 'true';

// ---------------------------------------------------------------------------------------------
// Annotations

/** RFC 3339 time of the last lifecycle state change. Go: appspub.LifecycleTimestampKey. */
export const ANNOTATION_LIFECYCLE_TIMESTAMP = 'lifecycle.apps.kruise.io/timestamp';
/** JSON InPlaceUpdateState (inplace-state.ts). Go: appspub.InPlaceUpdateStateKey. */
export const ANNOTATION_INPLACE_UPDATE_STATE = 'apps.kruise.io/inplace-update-state';
/** Legacy key of the in-place update state; read, and deleted on the next update. Go: appspub.InPlaceUpdateStateKeyOld. */
export const ANNOTATION_INPLACE_UPDATE_STATE_OLD = 'inplace-update-state';
/** JSON InPlaceUpdateSpec waiting for its grace period. Go: appspub.InPlaceUpdateGraceKey. */
export const ANNOTATION_INPLACE_UPDATE_GRACE = 'apps.kruise.io/inplace-update-grace';
/** Legacy key of the grace annotation. Go: appspub.InPlaceUpdateGraceKeyOld. */
export const ANNOTATION_INPLACE_UPDATE_GRACE_OLD = 'inplace-update-grace';
/** Written by kruise-daemon: container ids and spec hashes. Go: appspub.RuntimeContainerMetaKey. */
export const ANNOTATION_RUNTIME_CONTAINER_META = 'apps.kruise.io/runtime-containers-meta';
/** int32 scale-down ranking, lower is deleted first. Go: core.PodDeletionCost. */
export const ANNOTATION_POD_DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';
/** On a ControllerRevision: hash of the CloneSet's volumeClaimTemplates. Go: volumeclaimtemplate.HashAnnotation. */
export const ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH = 'kruise.io/cloneset-volumeclaimtemplate-hash';
/** v1alpha1 CloneSet form of rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism. Go: ImagePreDownloadParallelismKey. */
export const ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM = 'apps.kruise.io/image-predownload-parallelism';
/** v1alpha1 CloneSet form of imagePreDownloadTimeoutSeconds. Go: ImagePreDownloadTimeoutSecondsKey. */
export const ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS = 'apps.kruise.io/image-predownload-timeout-seconds';
/** v1alpha1 CloneSet form of imagePreDownloadMinUpdatedReadyPods. Go: ImagePreDownloadMinUpdatedReadyPods. */
export const ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS = 'apps.kruise.io/image-predownload-min-updated-ready-pods';
/** On a subset workload: the UnitedDeployment subset patch (raw JSON or "") it was rendered with. Go: AnnotationSubsetPatchKey. */
export const ANNOTATION_SUBSET_PATCH = 'apps.kruise.io/subset-patch';
/** CONTAINER_LAUNCH_ORDERED gives containers descending launch (and in-place batch) priority. Go: appspub.ContainerLaunchPriorityKey. */
export const ANNOTATION_CONTAINER_LAUNCH_PRIORITY = 'apps.kruise.io/container-launch-priority';

/** Value of ANNOTATION_CONTAINER_LAUNCH_PRIORITY for ordered launch. Go: appspub.ContainerLaunchOrdered. */
export const CONTAINER_LAUNCH_ORDERED = 'Ordered';

// ---------------------------------------------------------------------------------------------
// Pod conditions (and readiness gate condition types)

/** False while an in-place update runs; CloneSet adds its readiness gate to every pod. Go: appspub.InPlaceUpdateReady. */
export const CONDITION_INPLACE_UPDATE_READY = 'InPlaceUpdateReady';
/** Not True while a markPodNotReady lifecycle hook holds the pod. Go: appspub.KruisePodReadyConditionType. */
export const CONDITION_KRUISE_POD_READY = 'KruisePodReady';
export const CONDITION_READY = 'Ready';
export const CONDITION_CONTAINERS_READY = 'ContainersReady';
export const CONDITION_POD_SCHEDULED = 'PodScheduled';

/** InPlaceUpdateReady=False reason at the start of an in-place update. */
export const REASON_START_INPLACE_UPDATE = 'StartInPlaceUpdate';
/** Ready=False reason when a readiness gate is missing or not True. */
export const REASON_READINESS_GATES_NOT_READY = 'ReadinessGatesNotReady';
/** PodScheduled=False reason when no node fits. Go: corev1.PodReasonUnschedulable. */
export const REASON_UNSCHEDULABLE = 'Unschedulable';

/**
 * Entries of the KruisePodReady condition's message, a JSON array of `{userAgent, key}` sorted by
 * userAgent then key (docs/spec/inplace-and-lifecycle.md §3.3).
 */
export const KRUISE_POD_READY_MESSAGE = {
  LifecycleUserAgent: 'Lifecycle',
  PreDeleteHookKey: 'preDeleteHook',
  PreUpdateHookKey: 'preUpdateHook',
} as const;

// ---------------------------------------------------------------------------------------------
// Lifecycle states

/** Values of LABEL_LIFECYCLE_STATE. Go: appspub.LifecycleState*. */
export const LIFECYCLE_STATES = {
  PreparingNormal: 'PreparingNormal',
  Normal: 'Normal',
  PreparingUpdate: 'PreparingUpdate',
  Updating: 'Updating',
  Updated: 'Updated',
  PreparingDelete: 'PreparingDelete',
} as const satisfies { [S in LifecycleStateType]: S };

// ---------------------------------------------------------------------------------------------
// Container env var names

/** Injected by Kruise's pod webhook; `valueFrom.configMapKeyRef.key` "p_<N>" is the container's priority. Go: appspub.ContainerLaunchBarrierEnvName. */
export const ENV_CONTAINER_LAUNCH_BARRIER = 'KRUISE_CONTAINER_BARRIER';
/** User-declared integer launch priority. Go: appspub.ContainerLaunchPriorityEnvName. */
export const ENV_CONTAINER_LAUNCH_PRIORITY = 'KRUISE_CONTAINER_PRIORITY';
/** fieldRef envs with these names never count as env-from-metadata changes. */
export const ENV_SIDECARSET_VERSION = 'SIDECARSET_VERSION';
export const ENV_SIDECARSET_VERSION_ALT = 'SIDECARSET_VERSION_ALT';

// ---------------------------------------------------------------------------------------------
// Embedded simulator controls (Coxswain's own, not Kruise's)

/** Pod annotations (usually set through the pod template) that steer the embedded kubelet simulator. */
export const SIM_ANNOTATIONS = {
  /** "true": containers start and run but never become ready. */
  NeverReady: 'sim.coxswain.io/never-ready',
} as const;
