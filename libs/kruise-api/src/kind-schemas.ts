// The schema of every kind and version Coxswain serves (kinds.ts), and the check admission runs on every
// object before anything else reads it: wrong JSON types, out-of-range integers, unstorable text and
// runaway nesting come back as Kubernetes field errors (`spec.containers[0].image: Invalid value: 5:
// must be a string`).
import * as core from './core-schemas.js';
import * as kruise from './kruise-schemas.js';
import * as imagePull from './image-pull-schemas.js';
import * as rollouts from './rollout-schemas.js';
import type { FieldError } from './field-errors.js';
import { KINDS } from './kinds.js';
import { json, validateSchema, type Schema } from './object-schema.js';
import { pruneUnknownFields, type FieldSegment } from './unknown-fields.js';

const SCHEMAS: Readonly<Record<string, Schema>> = {
  'v1/Namespace': core.namespace,
  'v1/Node': core.node,
  'v1/Pod': core.pod,
  'v1/PersistentVolumeClaim': core.persistentVolumeClaim,
  'v1/PersistentVolume': core.persistentVolume,
  'v1/Event': core.event,
  'v1/Secret': core.secret,
  'apps/v1/ControllerRevision': core.controllerRevision,
  'apps/v1/StatefulSet': core.nativeStatefulSet,
  'apps/v1/Deployment': core.deployment,
  'apps/v1/ReplicaSet': core.replicaSet,
  'coordination.k8s.io/v1/Lease': core.lease,
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration': core.mutatingWebhookConfiguration,
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration': core.validatingWebhookConfiguration,
  'apiextensions.k8s.io/v1/CustomResourceDefinition': core.customResourceDefinition,
  'apps.kruise.io/v1beta1/CloneSet': kruise.cloneSet,
  'apps.kruise.io/v1alpha1/CloneSet': kruise.cloneSetV1alpha1,
  'apps.kruise.io/v1beta1/StatefulSet': kruise.statefulSet,
  'apps.kruise.io/v1alpha1/StatefulSet': kruise.statefulSet,
  'apps.kruise.io/v1beta1/UnitedDeployment': kruise.unitedDeployment,
  'apps.kruise.io/v1alpha1/UnitedDeployment': kruise.unitedDeploymentV1alpha1,
  'apps.kruise.io/v1beta1/ImagePullJob': imagePull.imagePullJob,
  'apps.kruise.io/v1alpha1/ImagePullJob': imagePull.imagePullJob,
  'apps.kruise.io/v1beta1/NodeImage': imagePull.nodeImage,
  'apps.kruise.io/v1alpha1/NodeImage': imagePull.nodeImageV1alpha1,
  'apps.kruise.io/v1alpha1/ContainerRecreateRequest': imagePull.containerRecreateRequest,
  'rollouts.kruise.io/v1beta1/Rollout': rollouts.rollout,
  'rollouts.kruise.io/v1alpha1/Rollout': rollouts.rolloutV1alpha1,
  'rollouts.kruise.io/v1beta1/BatchRelease': rollouts.batchRelease,
  'rollouts.kruise.io/v1alpha1/BatchRelease': rollouts.batchReleaseV1alpha1,
};

/** The schema of apiVersion + kind, or undefined when Coxswain does not serve it. */
export function schemaOf(apiVersion: string, kind: string): Schema | undefined {
  return SCHEMAS[`${apiVersion}/${kind}`];
}

/** Every served apiVersion/kind without a schema; empty when kinds.ts and this file agree. */
export function kindsWithoutSchema(): string[] {
  return KINDS.flatMap((info) => info.apiVersions.map((v) => `${v}/${info.kind}`)).filter((key) => !(key in SCHEMAS));
}

/**
 * Field errors of `object` against the schema of its kind (empty: well-formed). An object of a kind
 * without a schema is still checked for storable text and depth.
 */
export function validateObjectSchema(object: unknown): FieldError[] {
  const typed = object as { apiVersion?: unknown; kind?: unknown } | null;
  const schema = typeof typed?.apiVersion === 'string' && typeof typed.kind === 'string' ? schemaOf(typed.apiVersion, typed.kind) : undefined;
  return validateSchema(object, schema ?? json);
}

/**
 * `object` without the fields its kind's schema does not declare (unknown-fields.ts: the Kruise kinds'
 * own structs and every field of the Kubernetes types, at any depth), and where they were. What the
 * apiserver's strict decoding finds, what `fieldValidation=Warn` warns of and `Strict` refuses.
 */
export function pruneObjectUnknownFields<T>(object: T): { object: T; unknownFields: string[]; unknownPaths: FieldSegment[][] } {
  const typed = object as { apiVersion?: unknown; kind?: unknown } | null;
  const schema = typeof typed?.apiVersion === 'string' && typeof typed.kind === 'string' ? schemaOf(typed.apiVersion, typed.kind) : undefined;
  if (!schema) return { object, unknownFields: [], unknownPaths: [] };
  const pruned = pruneUnknownFields(object, schema);
  return { object: pruned.value as T, unknownFields: pruned.unknownFields, unknownPaths: pruned.unknownPaths };
}
