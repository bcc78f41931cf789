// What admission does to each kind it knows, one entry per kind: Kruise's mutating webhook (`defaults`) and
// validating webhook (`validate`) for CloneSet, Advanced StatefulSet and UnitedDeployment, and the API
// server's own defaulting and validation for apps/v1 StatefulSets, Deployments and ReplicaSets and for
// Secrets; Pods get Kruise's pod webhook as their defaults and the API server's validation. Two callers use the same entries: the embedded store's admission hook (kruise-admission.ts:
// default, validate, then convert to the storage version) and, in Kubernetes mode, the admission webhook
// server (apps/api/src/webhook: default → a JSONPatch in the request's version; validate → allowed or a
// refusal with field causes), so a Kruise object is admitted alike whichever cluster it is written to.
import {
  groupOf, setDefaultsCloneSetAnyVersion, setDefaultsDeployment, setDefaultsNativeStatefulSet, setDefaultsReplicaSet,
  setDefaultsStatefulSetAnyVersion, setDefaultsUnitedDeployment, toStorageCloneSet, toStorageStatefulSet, toStorageUnitedDeployment,
  validateAdvancedDeploymentAnnotations, validateCloneSet, validateDeployment, validateNativeStatefulSet, validateReplicaSet, validateStatefulSet, validateUnitedDeployment,
  type CloneSet, type CloneSetV1alpha1, type Deployment, type FeatureGates, type FieldError, type KubeObject, type NativeStatefulSet,
  type Node, type Pod, type ReplicaSet, type StatefulSet, type StatefulSetV1alpha1, type UnitedDeployment, type UnitedDeploymentV1alpha1,
} from '@coxswain/kruise-api';
import { defaultSecret, validateSecret } from './secret-admission.js';
import { CONTAINER_RECREATE_REQUEST_ADMISSION, IMAGE_PULL_JOB_ADMISSION, NODE_IMAGE_ADMISSION } from './image-pull-admission.js';
import { BATCH_RELEASE_ADMISSION, ROLLOUT_ADMISSION } from './rollout-admission.js';
import { POD_ADMISSION } from './pod-admission.js';
import { replicaSetsVia, rolloutsVia, rolloutWorkloadFreeze } from './rollout-workload-webhook.js';

export interface DefaultingInput {
  /** The object as written, in the version the client wrote it in. */
  object: KubeObject;
  /** The stored object on UPDATE, in any version of the kind; absent on CREATE. */
  old: KubeObject | undefined;
  gates: FeatureGates;
  /** A pod by namespace and name (a ContainerRecreateRequest's defaults come from its pod); absent where nothing reads them. */
  pod?(namespace: string, name: string): Pod | undefined;
  /** A node by name (the pod's, for a ContainerRecreateRequest). */
  node?(name: string): Node | undefined;
  /** The time of the write, RFC 3339 (the store's clock), for defaults that are times. */
  now?: string;
  /** The objects of a kind in a namespace (the workload webhook's Rollouts); absent where nothing lists them. */
  list?(ref: { apiVersion: string; kind: string }, namespace: string): KubeObject[];
}

export interface ValidationInput {
  /** The object to admit (already defaulted), in the version the client wrote it in. */
  object: KubeObject;
  old: KubeObject | undefined;
  /** A pod by namespace and name, undefined when there is none (CloneSet's podsToDelete check). */
  pod(namespace: string, name: string): Pod | undefined;
  /** A node by name (a ContainerRecreateRequest's pod's); absent where nothing reads them. */
  node?(name: string): Node | undefined;
  /** The object as the client wrote it, before defaulting (rules about fields clients may not write). */
  written?: KubeObject;
  /** The objects of a kind in a namespace (a Rollout's conflict check); absent where nothing lists them. */
  list?(ref: { apiVersion: string; kind: string }, namespace: string): KubeObject[];
}

export interface KindAdmission {
  /** How refusals name the kind before the API server words them: "CloneSet", "StatefulSet.apps". */
  errorKind: string;
  /**
   * Why the feature gates refuse every write of the kind (Kruise's webhooks answer 403), or undefined.
   * Checked before anything else; `webhookName` names the webhook in the refusal.
   */
  gateRefusal?(gates: FeatureGates): string | undefined;
  webhookName?: string;
  /** The object with the defaults set, in its own version; the input is never modified. */
  defaults(input: DefaultingInput): KubeObject;
  /** Every field error of the object; empty when it may be stored. */
  validate(input: ValidationInput): FieldError[];
  /** The object in the version the embedded store keeps (Kruise's kinds: v1beta1). */
  toStorage(object: KubeObject): KubeObject;
}

function versionOf(object: KubeObject): 'v1alpha1' | 'v1beta1' {
  return object.apiVersion.endsWith('/v1alpha1') ? 'v1alpha1' : 'v1beta1';
}

const same = (object: KubeObject) => object;

const CLONESET: KindAdmission = {
  errorKind: 'CloneSet',
  // Kruise's defaults, then Kruise Rollouts' workload webhook (docs/spec/kruise-rollout.md §4), which the
  // same path serves upstream.
  // same path serves upstream. The old object is compared with its defaults, as the API server stores it.
  defaults: ({ object, old, gates, list }) => rolloutWorkloadFreeze(
    setDefaultsCloneSetAnyVersion(object as CloneSet | CloneSetV1alpha1, { old: old as CloneSet | CloneSetV1alpha1 | undefined, gates }),
    old && setDefaultsCloneSetAnyVersion(old as CloneSet | CloneSetV1alpha1, { gates }), rolloutsVia(list)),
  validate: ({ object, old, pod }) =>
    validateCloneSet(object as CloneSet | CloneSetV1alpha1, { version: versionOf(object), old: old as CloneSet | CloneSetV1alpha1 | undefined, podsLookup: pod }),
  toStorage: (object) => toStorageCloneSet(object as CloneSet | CloneSetV1alpha1),
};

const ADVANCED_STATEFULSET: KindAdmission = {
  errorKind: 'StatefulSet',
  defaults: ({ object, old, gates, list }) => rolloutWorkloadFreeze(
    setDefaultsStatefulSetAnyVersion(object as StatefulSet | StatefulSetV1alpha1, { old: old as StatefulSet | undefined, gates }),
    old && setDefaultsStatefulSetAnyVersion(old as StatefulSet | StatefulSetV1alpha1, { gates }), rolloutsVia(list)),
  validate: ({ object, old }) => validateStatefulSet(object as StatefulSet | StatefulSetV1alpha1, { version: versionOf(object), old: old as StatefulSet | undefined }),
  toStorage: (object) => toStorageStatefulSet(object as StatefulSet | StatefulSetV1alpha1),
};

const UNITED_DEPLOYMENT: KindAdmission = {
  errorKind: 'UnitedDeployment',
  defaults: ({ object, old, gates }) =>
    setDefaultsUnitedDeployment(object as UnitedDeployment | UnitedDeploymentV1alpha1, { old: old as UnitedDeployment | undefined, gates }),
  validate: ({ object, old }) => validateUnitedDeployment(object as UnitedDeployment | UnitedDeploymentV1alpha1, { version: versionOf(object), old: old as UnitedDeployment | undefined }),
  toStorage: (object) => toStorageUnitedDeployment(object as UnitedDeployment | UnitedDeploymentV1alpha1),
};

const NATIVE_STATEFULSET: KindAdmission = {
  errorKind: 'StatefulSet.apps',
  defaults: ({ object, old, list }) =>
    rolloutWorkloadFreeze(setDefaultsNativeStatefulSet(object as NativeStatefulSet), old && setDefaultsNativeStatefulSet(old as NativeStatefulSet), rolloutsVia(list)),
  validate: ({ object, old }) => validateNativeStatefulSet(object as NativeStatefulSet, old as NativeStatefulSet | undefined),
  toStorage: same,
};

const DEPLOYMENT: KindAdmission = {
  errorKind: 'Deployment.apps',
  // The API server's defaults, then Kruise Rollouts' workload webhook for Deployments (docs/spec/kruise-rollout.md §4.3).
  defaults: ({ object, old, list }) =>
    rolloutWorkloadFreeze(setDefaultsDeployment(object as Deployment), old && setDefaultsDeployment(old as Deployment), rolloutsVia(list), replicaSetsVia(list)),
  // Then Kruise Rollouts' two Deployment annotations, which nothing could act on unsound (advanced-deployment.ts).
  validate: ({ object, old }) => [
    ...validateDeployment(object as Deployment, old as Deployment | undefined),
    ...validateAdvancedDeploymentAnnotations(object as Deployment, old as Deployment | undefined),
  ],
  toStorage: same,
};

const REPLICASET: KindAdmission = {
  errorKind: 'ReplicaSet.apps',
  defaults: ({ object }) => setDefaultsReplicaSet(object as ReplicaSet),
  validate: ({ object, old }) => validateReplicaSet(object as ReplicaSet, old as ReplicaSet | undefined),
  toStorage: same,
};

const SECRET: KindAdmission = {
  errorKind: 'Secret',
  defaults: ({ object }) => defaultSecret(object),
  validate: ({ object }) => validateSecret(object),
  toStorage: same,
};

const BY_GROUP_KIND: Readonly<Record<string, KindAdmission>> = {
  'apps.kruise.io/CloneSet': CLONESET,
  'apps.kruise.io/StatefulSet': ADVANCED_STATEFULSET,
  'apps.kruise.io/UnitedDeployment': UNITED_DEPLOYMENT,
  'apps/StatefulSet': NATIVE_STATEFULSET,
  'apps/Deployment': DEPLOYMENT,
  'apps/ReplicaSet': REPLICASET,
  '/Secret': SECRET,
  '/Pod': POD_ADMISSION,
  'apps.kruise.io/ImagePullJob': IMAGE_PULL_JOB_ADMISSION,
  'apps.kruise.io/NodeImage': NODE_IMAGE_ADMISSION,
  'apps.kruise.io/ContainerRecreateRequest': CONTAINER_RECREATE_REQUEST_ADMISSION,
  'rollouts.kruise.io/Rollout': ROLLOUT_ADMISSION,
  'rollouts.kruise.io/BatchRelease': BATCH_RELEASE_ADMISSION,
};

/** The admission of a kind (any version of it), or undefined when admission leaves the kind alone. */
export function kindAdmission(apiVersion: string, kind: string): KindAdmission | undefined {
  return BY_GROUP_KIND[`${groupOf(apiVersion)}/${kind}`];
}
