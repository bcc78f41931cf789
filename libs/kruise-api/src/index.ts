// @coxswain/kruise-api: what the other packages use of the Kruise and Kubernetes API types, defaults,
// validation, conversion and schemas, by kind (a new kind adds its own section). Everything else stays
// inside the library; scripts/check-exports.mjs (run by test/public-surface.test.ts) fails on a name here
// that no other package imports, and on an `export *`. kubectl's AGE words are their own entry point,
// '@coxswain/kruise-api/human-age', so the CLI loads them alone.

// Kubernetes' objects and vocabulary, shared by every kind: metadata, labels, the kinds served, core/v1,
// coordination, CRDs and admission registration, well-known keys, YAML, int-or-string, quantities.
export {
  type Condition, type IntOrString, type KubeObject, type LabelSelector, type LabelSelectorOperator,
  type LabelSelectorRequirement, type ObjectMeta, type OwnerReference,
} from './meta.js';
export { type Labels, matchesSelector, Selector, SelectorParseError } from './labels.js';
export { findKindByName, groupOf, type KindInfo, KINDS, lookupKind, lookupResource, resourceKey } from './kinds.js';
export type {
  Affinity, Capabilities, ConditionStatus, ConfigMapKeySelector, Container, ContainerImage, ContainerLifecycle, ContainerPort,
  ContainerResizePolicy, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus,
  ControllerRevision, CSIPersistentVolumeSource, EnvFromSource, EnvVar, EnvVarSource, Event, EventSeries, EventSource,
  ExecAction, GRPCAction, HTTPGetAction, HTTPHeader, JsonObject, JsonValue, KeyToPath, LifecycleHandler, LocalObjectReference,
  Node, NodeAddress, NodeAffinity, NodeCondition, NodeSelector, NodeSelectorOperator, NodeSelectorRequirement, NodeSelectorTerm,
  NodeSpec, NodeStatus, NodeSystemInfo, ObjectFieldSelector, ObjectReference, PersistentVolume, PersistentVolumeAccessMode,
  PersistentVolumeClaim, PersistentVolumeClaimCondition, PersistentVolumeClaimSpec, PersistentVolumeClaimStatus,
  PersistentVolumeClaimTemplate, PersistentVolumeSpec, PersistentVolumeStatus, Pod, PodAffinity, PodAffinityTerm, PodCondition,
  PodIP, PodPhase, PodReadinessGate, PodSecurityContext, PodSpec, PodStatus, PodTemplateSpec, PreferredSchedulingTerm, Probe,
  Protocol, PullPolicy, Quantity, ResourceFieldSelector, ResourceList, ResourceRequirements, RestartPolicy, Secret,
  SecretKeySelector, SecurityContext, Taint, TaintEffect, TCPSocketAction, Toleration, TopologySpreadConstraint,
  TypedLocalObjectReference, Volume, VolumeMount, WeightedPodAffinityTerm,
} from './core.js';
export type {
  InPlaceUpdateStrategy, Lifecycle, LifecycleHook, LifecycleStateType, PodUpdatePolicyType, UpdatePriorityOrderTerm,
  UpdatePriorityStrategy, UpdatePriorityWeightTerm, UpdateScatterStrategy, UpdateScatterTerm,
} from './pub.js';
export type {
  InPlaceUpdateContainerBatch, InPlaceUpdateContainerMetadata, InPlaceUpdateContainerStatus, InPlaceUpdatePreCheckBeforeNext,
  InPlaceUpdateSpec, InPlaceUpdateState,
} from './inplace-state.js';
export { type Lease, LEASE_API_VERSION, type LeaseSpec } from './coordination.js';
export {
  CRD_API_VERSION, type CustomResourceDefinition, type CustomResourceDefinitionSpec, type CustomResourceDefinitionVersion,
  type JsonSchemaProps, type PrinterColumn,
} from './apiextensions.js';
export {
  ADMISSION_REGISTRATION_API_VERSION, type MatchCondition, type MutatingWebhook, type MutatingWebhookConfiguration,
  type RuleWithOperations, type ServiceReference, type ValidatingWebhook, type ValidatingWebhookConfiguration,
  type WebhookClientConfig,
} from './admissionregistration.js';
export { kruiseCrds, kruisePrinterColumns, kruiseServedVersions, kruiseShortNames } from './kruise-crds.js';
export {
  ANNOTATION_CONTAINER_LAUNCH_PRIORITY, ANNOTATION_INPLACE_UPDATE_GRACE, ANNOTATION_INPLACE_UPDATE_GRACE_OLD,
  ANNOTATION_INPLACE_UPDATE_STATE, ANNOTATION_INPLACE_UPDATE_STATE_OLD, ANNOTATION_LIFECYCLE_TIMESTAMP,
  ANNOTATION_POD_DELETION_COST, ANNOTATION_RUNTIME_CONTAINER_META, ANNOTATION_SUBSET_PATCH,
  ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH, CONDITION_CONTAINERS_READY, CONDITION_INPLACE_UPDATE_READY, CONDITION_KRUISE_POD_READY,
  CONDITION_POD_SCHEDULED, CONDITION_READY, CONTAINER_LAUNCH_ORDERED, ENV_CONTAINER_LAUNCH_BARRIER,
  ENV_CONTAINER_LAUNCH_PRIORITY, ENV_SIDECARSET_VERSION, ENV_SIDECARSET_VERSION_ALT, KRUISE_POD_READY_MESSAGE,
  LABEL_CLONESET_INSTANCE_ID, LABEL_CONTROLLER_HASH, LABEL_CONTROLLER_REVISION_HASH, LABEL_HOSTNAME,
  LABEL_KRUISE_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE, LABEL_POD_INDEX, LABEL_POD_TEMPLATE_HASH, LABEL_RESERVED_POD,
  LABEL_SPECIFIED_DELETE, LABEL_STATEFULSET_POD_NAME, LABEL_SUBSET_NAME, LABEL_TOPOLOGY_ZONE, LIFECYCLE_STATES,
  REASON_READINESS_GATES_NOT_READY, REASON_START_INPLACE_UPDATE, REASON_UNSCHEDULABLE, SIM_ANNOTATIONS, SPECIFIED_DELETE_VALUE,
} from './keys.js';
export { type ManifestDuplicate, ManifestError, parseManifests, printYaml, readManifests } from './yaml.js';
export {
  calculatePartitionReplicas, effectiveStrategyNumbers, type EffectiveStrategyNumbers, getValueFromIntOrPercent,
  type IntOrPercentResult, parseIntOrPercentForValidation,
} from './intstr.js';
export { quantitiesEqual, quantityToNumber } from './quantity.js';
export { podQosClass, type QosClass } from './pod-qos.js';
export {
  DEFAULT_FEATURE_GATES, FeatureGateError, type FeatureGateName, FeatureGates, featureGatesMarkdownTable, type FeatureGateSpec,
  KRUISE_FEATURE_GATES, parseFeatureGates,
} from './feature-gates.js';

// Validation shared by every kind: field errors, schemas, unknown and duplicate fields, pods and PVCs.
export {
  type FieldError, type FieldErrorType, type FieldMessage, FieldPath, formatFieldError, formatFieldErrors, invalidField,
  isDNS1123Label, isDNS1123Subdomain, validateAnnotations,
} from './field-errors.js';
export { MAX_OBJECT_DEPTH, type Schema, storableText, unstorableTextProblem, validateSchema } from './object-schema.js';
export { pruneObjectUnknownFields, schemaOf, validateObjectSchema } from './kind-schemas.js';
export { declaredFields, fieldPathText, type FieldSegment } from './unknown-fields.js';
export { type DuplicateKey, type KeyScan, MAX_REPORTED_DUPLICATES, scanJsonKeys } from './duplicate-keys.js';
export { nestsDeeperThanLimit, TOO_DEEP } from './nesting.js';
export { type JsonPatchOperation, jsonPatchOperations } from './workload-validation.js';
export { validatePod } from './pod-validation.js';
export { validatePodUpdate } from './pod-update-validation.js';
export { validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate } from './pvc-validation.js';

// CloneSet.
export type {
  CloneSet, CloneSetCondition, CloneSetConditionType, CloneSetInPlaceUpdateStrategy, CloneSetProgressingReason,
  CloneSetRollingUpdateStrategy, CloneSetScaleStrategy, CloneSetSpec, CloneSetStatus, CloneSetUpdateStrategy,
  CloneSetUpdateStrategyType, CloneSetV1alpha1, CloneSetV1alpha1ScaleStrategy, CloneSetV1alpha1Spec,
  CloneSetV1alpha1UpdateStrategy, CloneSetV1alpha1UpdateStrategyType,
} from './cloneset.js';
export { type CloneSetApiVersion, convertCloneSet, toStorageCloneSet } from './cloneset-conversion.js';
export {
  type CloneSetDefaultingOptions, jsonEqual, setDefaultsCloneSetAnyVersion, type TemplateDefaultingOptions,
} from './cloneset-defaults.js';
export { validateCloneSet, type ValidateCloneSetOptions } from './cloneset-validation.js';

// Advanced StatefulSet (apps.kruise.io) and the native StatefulSet.
export type {
  PersistentVolumeClaimRetentionPolicyType, PodManagementPolicyType, RollingUpdateStatefulSetStrategy, StatefulSet,
  StatefulSetCondition, StatefulSetConditionType, StatefulSetOrdinals, StatefulSetPersistentVolumeClaimRetentionPolicy,
  StatefulSetScaleStrategy, StatefulSetSpec, StatefulSetStatus, StatefulSetUpdateStrategy, StatefulSetUpdateStrategyType,
  StatefulSetV1alpha1, StatefulSetV1alpha1Spec, StatefulSetV1alpha1Status, UnorderedUpdateStrategy, VolumeClaimStatus,
  VolumeClaimUpdateStrategy, VolumeClaimUpdateStrategyType,
} from './statefulset.js';
export { ReservedOrdinals } from './statefulset-ordinals.js';
export {
  convertStatefulSetToV1alpha1, nativeStatefulSetView, type NativeStatefulSetView, type StatefulSetApiVersion,
  toStorageStatefulSet, type V1alpha1Conversion,
} from './statefulset-conversion.js';
export {
  setDefaultsNativeStatefulSet, setDefaultsStatefulSet, setDefaultsStatefulSetAnyVersion,
} from './statefulset-defaults.js';
export { validateNativeStatefulSet, validateStatefulSet, type ValidateStatefulSetOptions } from './statefulset-validation.js';

// Deployment and ReplicaSet (apps/v1).
export type {
  Deployment, DeploymentCondition, DeploymentConditionType, DeploymentSpec, DeploymentStatus, DeploymentStrategy,
  NativeRollingUpdateStatefulSetStrategy, NativeStatefulSet, NativeStatefulSetSpec, NativeStatefulSetStatus,
  NativeStatefulSetUpdateStrategy, ReplicaSet, ReplicaSetCondition, ReplicaSetSpec, ReplicaSetStatus, RollingUpdateDeployment,
} from './apps-v1.js';
export {
  DEFAULT_DEPLOYMENT_MAX_SURGE, DEFAULT_DEPLOYMENT_MAX_UNAVAILABLE, DEFAULT_DEPLOYMENT_PROGRESS_DEADLINE_SECONDS,
  setDefaultsDeployment, setDefaultsReplicaSet,
} from './deployment-defaults.js';
export { validateDeployment, validateReplicaSet } from './deployment-validation.js';

// UnitedDeployment.
export type {
  AdaptiveUnitedDeploymentStrategy, AdvancedStatefulSetTemplateSpec, CloneSetTemplateSpec, DeploymentTemplateSpec, ManualUpdate,
  StatefulSetTemplateSpec, Subset, SubsetCondition, SubsetTemplate, Topology, UnitedDeployment, UnitedDeploymentCondition,
  UnitedDeploymentConditionType, UnitedDeploymentScheduleStrategy, UnitedDeploymentScheduleStrategyType, UnitedDeploymentSpec,
  UnitedDeploymentStatus, UnitedDeploymentSubsetStatus, UnitedDeploymentUpdateStrategy, UnitedDeploymentV1alpha1,
  UnitedDeploymentV1alpha1Status, UpdateStatus,
} from './uniteddeployment.js';
export {
  isAdaptive, parseSubsetReplicas, rescheduleCriticalMs, shouldReserveUnschedulablePods, SUBSET_TEMPLATE_KINDS,
  type SubsetReplicasResult, subsetTemplateKind, type SubsetTemplateKind, unschedulableDurationMs,
} from './uniteddeployment-topology.js';
export {
  convertUnitedDeploymentToV1alpha1, toStorageUnitedDeployment, type UnitedDeploymentApiVersion,
} from './uniteddeployment-conversion.js';
export { setDefaultsUnitedDeployment, type UnitedDeploymentDefaultingOptions } from './uniteddeployment-defaults.js';
export { validateUnitedDeployment, type ValidateUnitedDeploymentOptions } from './uniteddeployment-validation.js';

// ImagePullJob and NodeImage.
export {
  type CompletionPolicy, type CompletionPolicyType, type ContainerRecreateRequest, type ContainerRecreateRequestApiVersion,
  type ContainerRecreateRequestContainer, type ContainerRecreateRequestContainerContext,
  type ContainerRecreateRequestContainerRecreateState, type ContainerRecreateRequestFailurePolicy,
  type ContainerRecreateRequestPhase, type ContainerRecreateRequestSpec, type ContainerRecreateRequestStatus,
  type ContainerRecreateRequestStrategy, type ImagePullApiVersion, type ImagePullJob, type ImagePullJobNodeSelector,
  type ImagePullJobPullPolicy, type ImagePullJobSpec, type ImagePullJobStatus, type ImagePullPhase, type ImagePullPolicy,
  type ImageSpec, type ImageStatus, type ImageTagPullPolicy, type ImageTagSpec, type ImageTagStatus, KRUISE_APPS_V1ALPHA1,
  KRUISE_APPS_V1BETA1, type NodeImage, type NodeImageSpec, type NodeImageStatus, type ProbeHandler, type ReferenceObject,
  type SandboxConfig, type SyncStatus,
} from './image-pull.js';
export {
  type ContainerRecreateRequestDefaultingOptions, type ImagePullJobDefaultingOptions, injectPodIntoContainerRecreateRequest,
  type NodeImageDefaultingOptions, setDefaultsContainerRecreateRequest, setDefaultsImagePullJob, setDefaultsNodeImage,
} from './image-pull-defaults.js';
export {
  imagePullAdmissionGateProblem, type ImagePullJobValidationOptions, type ImagePullKind, validateContainerRecreateRequest,
  validateContainerRecreateRequestAgainstPod, validateContainerRecreateRequestUpdate, validateImagePullJob, validateNodeImage,
} from './image-pull-validation.js';
export { convertImagePullObject, toStorageImagePullObject } from './image-pull-conversion.js';

// Pod metrics of the embedded cluster and the checks a Rollout step runs (docs/analysis.md).
export { ANNOTATION_SIMULATED_ERROR_RATE, parseSimulatedErrorRate } from './simulated-metrics.js';
export {
  ANALYSIS_ERROR_LIMIT, ANALYSIS_HISTORY_LENGTH, bindAnalysisCheck, DEFAULT_ANALYSIS_INTERVAL_SECONDS, DEFAULT_CHECK_TIMEOUT_SECONDS, DEFAULT_READY_FOR_SECONDS,
} from './rollouts/analysis.js';
export type { AnalysisCheck, AnalysisVariables, ComparisonOperator, HttpCheck, PodsCheck, PrometheusCheck, SuccessCondition } from './rollouts/analysis.js';
export type { AnalysisFailurePolicy, CheckPhase, CheckSample, CheckStatus, StepAnalysis, StepAnalysisPhase, StepAnalysisStatus } from './rollout.js';

// OpenKruise Rollouts' kinds (docs/spec/kruise-rollout.md §1): what other packages use of them.
export type {
  BatchRelease, BatchReleaseStatus, BatchReleaseV1alpha1, CanaryStatus, FinalisingStep, ObjectRef, ReleasePlan, Rollout, RolloutCondition, RolloutStatus, RolloutV1alpha1,
} from './rollout.js';
export {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING, ANNOTATION_ROLLBACK_IN_BATCH, ANNOTATION_ROLLOUT_HASH, FINALIZER_BATCH_RELEASE,
  FINALIZER_CANARY_DEPLOYMENT, FINALIZER_ROLLOUT, LABEL_CANARY_DEPLOYMENT, LABEL_NO_NEED_UPDATE, LABEL_ROLLOUT_BATCH_ID, LABEL_STABLE_REVISION,
  LABEL_WORKLOAD_TYPE, ROLLOUT_ID_KEY, ROLLOUTS_V1BETA1,
} from './rollout.js';
export { batchReleaseToV1alpha1, rolloutToV1alpha1, toStorageBatchRelease, toStorageRollout } from './rollout-conversion.js';
export { coxswainBatchReleaseRefusals, scaledIntOrPercent, setDefaultsRollout, validateRollout } from './rollout-validation.js';
export {
  ANNOTATION_DEPLOYMENT_EXTRA_STATUS, ANNOTATION_DEPLOYMENT_STRATEGY, LABEL_ADVANCED_DEPLOYMENT_CONTROL, deploymentExtraStatusJson, deploymentExtraStatusOf,
  deploymentStrategyJson, deploymentStrategyOf, isUnderRolloutControl, newRSReplicasLimit, readDeploymentStrategy,
  validateAdvancedDeploymentAnnotations, withDefaultDeploymentStrategy,
} from './advanced-deployment.js';
export type { AdvancedDeploymentStrategy, DeploymentExtraStatus, DeploymentRollingStyle } from './advanced-deployment.js';

// The image-pull kinds' keys, labels and finalizer (docs/spec/image-pull.md §1.6), and image references.
export {
  ANNOTATION_CRR_SYNC_CONTAINER_STATUSES, ANNOTATION_SECRET_MODE, ANNOTATION_SECRET_REFERENCES, ANNOTATION_SECRET_SOURCE_KEY,
  type ContainerRecreateRequestSyncContainerStatus, CRR_UNREADY_ACQUIRED, FINALIZER_DELETION_PROTECTION,
  KRUISE_DAEMON_CONFIG_NAMESPACE, LABEL_CRR_ACTIVE, LABEL_CRR_NODE_NAME, LABEL_CRR_POD_UID, LABEL_FAKE_NODEIMAGE,
  LABEL_VIRTUAL_KUBELET, REFERENCE_MODE_BATCH, VIRTUAL_KUBELET_VALUE,
} from './image-pull.js';
export { normalizeImageReference } from './image-reference.js';
// Image pre-download's annotations and labels on CloneSets, Advanced StatefulSets and their revisions (docs/spec/image-pull.md §6).
export {
  ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS, ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM,
  ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS, LABEL_IMAGE_PREDOWNLOAD_CREATED, LABEL_IMAGE_PREDOWNLOAD_IGNORED,
} from './keys.js';
export { DEFAULT_MAX_UNAVAILABLE } from './intstr.js';
export type { Namespace } from './core.js';
