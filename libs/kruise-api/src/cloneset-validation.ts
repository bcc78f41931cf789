// CloneSet validation as Kruise's validating webhook does it (docs/spec/cloneset.md §1.4, and the InPlaceOnly
// template rule of docs/spec/inplace-and-lifecycle.md §1.6), returning Kubernetes field errors. Call it on
// the defaulted object (admission order: mutate, then validate); unset strategy numbers are read as
// their defaults so an un-defaulted object gets the same answer. Input arrives from YAML and may have
// any shape, so every field is checked for its type before use.
import type { CloneSet, CloneSetV1alpha1 } from './cloneset.js';
import { convertCloneSetToV1alpha1, isCloneSetV1alpha1, type CloneSetApiVersion } from './cloneset-conversion.js';
import type { Pod } from './core.js';
import { FieldPath, duplicateField, forbiddenField, invalidField, notSupportedField, requiredField, type FieldError } from './field-errors.js';
import { DEFAULT_MAX_UNAVAILABLE, parseIntOrPercentForValidation } from './intstr.js';
import { validateLifecycleHooks } from './lifecycle-validation.js';
import { validateIntOrWholePercent } from './whole-percent.js';
import {
  intOrStringText, isNonEmptyString, isObject, isSet, jsonPatchOperations, list, nonNegativeInteger, semanticEqual, validateMetadata,
  validatePriorityStrategy, validateReplicas, validateSelectorAndTemplate, type Obj,
} from './workload-validation.js';

export interface ValidateCloneSetOptions {
  /** The API version the client wrote; field paths and version-only rules follow it. */
  version: CloneSetApiVersion;
  /** The stored object (either version) when this is an update; absent on create. */
  old?: CloneSet | CloneSetV1alpha1;
  /**
   * Finds a pod by namespace and name, for v1alpha1's check of newly added podsToDelete. Without it
   * that check is skipped.
   */
  podsLookup?: (namespace: string, name: string) => Pod | undefined;
}

const MAX_INT32 = 2147483647;
const V1ALPHA1_TYPES = ['ReCreate', 'InPlaceIfPossible', 'InPlaceOnly'];
const V1BETA1_TYPES = ['RollingUpdate', 'OnDelete'];
const POD_UPDATE_POLICIES = ['ReCreate', 'InPlaceIfPossible', 'InPlaceOnly'];
/** Spec fields an update may change (both versions); every other known field is immutable. */
const MUTABLE_SPEC_FIELDS = [
  'replicas',
  'template',
  'scaleStrategy',
  'updateStrategy',
  'minReadySeconds',
  'lifecycle',
  'revisionHistoryLimit',
  'volumeClaimTemplates',
  'progressDeadlineSeconds',
];
const IMMUTABLE_SPEC_FIELDS = ['selector'];
const IN_PLACE_ONLY_PATCH_PATH = /^\/containers\/[0-9]+\/image$/;

/** Validates a CloneSet written in `options.version`; an empty list means valid. */
export function validateCloneSet(obj: CloneSet | CloneSetV1alpha1, options: ValidateCloneSetOptions): FieldError[] {
  const errors: FieldError[] = [];
  const expectedApiVersion = `apps.kruise.io/${options.version}`;
  if (obj.apiVersion !== expectedApiVersion) {
    errors.push(notSupportedField('apiVersion', obj.apiVersion, [expectedApiVersion]));
    return errors;
  }
  errors.push(...validateMetadata(obj.metadata));
  const spec: unknown = obj.spec;
  const specPath = FieldPath.of('spec');
  if (!isObject(spec)) return [...errors, requiredField(specPath, 'a CloneSet needs a spec')];

  const replicas = validateReplicas(spec['replicas'], specPath.child('replicas'), errors);
  errors.push(...validateSelectorAndTemplate(spec, specPath, 'CloneSet'));
  errors.push(...validateScaleStrategy(obj, spec, options, specPath.child('scaleStrategy')));
  errors.push(
    ...(options.version === 'v1alpha1'
      ? validateUpdateStrategyV1alpha1(spec['updateStrategy'], replicas, specPath.child('updateStrategy'))
      : validateUpdateStrategyV1beta1(spec['updateStrategy'], replicas, specPath.child('updateStrategy'))),
  );
  errors.push(...validateProgressDeadline(spec, specPath));
  // Kruise checks neither, and a negative count means nothing to a controller (Coxswain's reads it as 0);
  // Kubernetes refuses both in its own Deployments.
  for (const field of ['minReadySeconds', 'revisionHistoryLimit']) {
    if (isSet(spec[field])) errors.push(...nonNegativeInteger(spec[field], specPath.child(field)));
  }
  errors.push(...validateLifecycleHooks(spec['lifecycle'], specPath.child('lifecycle')));
  if (options.old !== undefined) errors.push(...validateUpdate(spec, options.old, options.version, specPath));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Selector and template

// ---------------------------------------------------------------------------------------------
// scaleStrategy

function validateScaleStrategy(obj: CloneSet | CloneSetV1alpha1, spec: Obj, options: ValidateCloneSetOptions, path: FieldPath): FieldError[] {
  const strategy = spec['scaleStrategy'];
  if (!isSet(strategy)) return [];
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const errors: FieldError[] = [];
  // Not checked by Kruise, whose controller reads "x" as 0 and a negative number as a limit below zero.
  errors.push(...validateIntOrWholePercent(strategy['maxUnavailable'], path.child('maxUnavailable')));
  const podsToDelete = strategy['podsToDelete'];
  const podsPath = path.child('podsToDelete');
  if (isSet(podsToDelete) && !Array.isArray(podsToDelete)) return [invalidField(podsPath, podsToDelete, 'must be a list of pod names')];
  const names = list(podsToDelete);
  const checked = errors.length;
  const seen = new Set<unknown>();
  names.forEach((name, i) => {
    if (!isNonEmptyString(name)) errors.push(invalidField(podsPath.index(i), name, 'must be a pod name'));
    else if (seen.has(name)) errors.push(duplicateField(podsPath.index(i), name));
    seen.add(name);
  });
  // As Kruise: with duplicates the list is not looked at further.
  if (errors.length > checked || options.version !== 'v1alpha1' || options.podsLookup === undefined) return errors;
  const oldNames = new Set(list(options.old?.spec?.scaleStrategy?.podsToDelete));
  const added = (names as string[]).filter((name) => !oldNames.has(name)).sort();
  const namespace = obj.metadata?.namespace ?? options.old?.metadata.namespace ?? 'default';
  const uid = obj.metadata?.uid ?? options.old?.metadata.uid;
  for (const name of added) {
    const at = podsPath.index(names.indexOf(name));
    const pod = options.podsLookup(namespace, name);
    const owner = pod?.metadata.ownerReferences?.find((ref) => ref.controller === true);
    if (pod === undefined) errors.push(invalidField(at, name, `find pod ${name} failed: pods ${JSON.stringify(name)} not found`));
    else if (isSet(pod.metadata.deletionTimestamp)) errors.push(invalidField(at, name, `find pod ${name} already terminating`));
    else if (owner === undefined || uid === undefined || owner.uid !== uid) errors.push(invalidField(at, name, `find pod ${name} owner is not this CloneSet`));
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// updateStrategy

function validateUpdateStrategyV1alpha1(strategy: unknown, replicas: number, path: FieldPath): FieldError[] {
  if (!isSet(strategy)) strategy = {};
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const errors: FieldError[] = [];
  const type = strategy['type'];
  if (type === 'OnDelete') {
    errors.push(
      invalidField(path.child('type'), type, 'OnDelete cannot be used in apps.kruise.io/v1alpha1; write the CloneSet as apps.kruise.io/v1beta1 with updateStrategy.type OnDelete'),
    );
  } else if (isSet(type) && type !== '' && !V1ALPHA1_TYPES.includes(type as string)) {
    errors.push(notSupportedField(path.child('type'), type, V1ALPHA1_TYPES));
  }
  errors.push(...validateRollingFields(strategy, replicas, type === 'InPlaceOnly', path));
  return errors;
}

function validateUpdateStrategyV1beta1(strategy: unknown, replicas: number, path: FieldPath): FieldError[] {
  if (!isSet(strategy)) return [];
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const errors: FieldError[] = [];
  const type = strategy['type'];
  if (isSet(type) && type !== '' && !V1BETA1_TYPES.includes(type as string)) errors.push(notSupportedField(path.child('type'), type, V1BETA1_TYPES));
  const rolling = strategy['rollingUpdate'];
  const rollingPath = path.child('rollingUpdate');
  if (!isSet(rolling)) return errors;
  if (!isObject(rolling)) return [...errors, invalidField(rollingPath, rolling, 'must be an object')];
  const policy = rolling['podUpdatePolicy'];
  if (isSet(policy) && policy !== '' && !POD_UPDATE_POLICIES.includes(policy as string)) {
    errors.push(notSupportedField(rollingPath.child('podUpdatePolicy'), policy, POD_UPDATE_POLICIES));
  }
  errors.push(...validateRollingFields(rolling, replicas, policy === 'InPlaceOnly', rollingPath));
  errors.push(...validateImagePreDownload(rolling['inPlaceUpdateStrategy'], rollingPath.child('inPlaceUpdateStrategy')));
  return errors;
}

function validateImagePreDownload(strategy: unknown, path: FieldPath): FieldError[] {
  if (!isObject(strategy)) return [];
  const errors: FieldError[] = [];
  const parallelism = strategy['imagePreDownloadParallelism'];
  if (typeof parallelism === 'string') {
    errors.push(invalidField(path.child('imagePreDownloadParallelism'), parallelism, 'must be a non-negative integer; a percentage is not supported'));
  } else if (isSet(parallelism)) errors.push(...nonNegativeInteger(parallelism, path.child('imagePreDownloadParallelism')));
  for (const key of ['imagePreDownloadTimeoutSeconds', 'imagePreDownloadMinUpdatedReadyPods']) {
    if (isSet(strategy[key])) errors.push(...nonNegativeInteger(strategy[key], path.child(key)));
  }
  return errors;
}

/** partition, maxUnavailable, maxSurge, priorityStrategy, scatterStrategy: same rules in both versions. */
function validateRollingFields(fields: Obj, replicas: number, inPlaceOnly: boolean, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  errors.push(...validateIntOrWholePercent(fields['partition'], path.child('partition')));
  const inPlace = fields['inPlaceUpdateStrategy'];
  if (isObject(inPlace) && isSet(inPlace['gracePeriodSeconds'])) {
    errors.push(...nonNegativeInteger(inPlace['gracePeriodSeconds'], path.child('inPlaceUpdateStrategy', 'gracePeriodSeconds')));
  }
  errors.push(...validatePriorityStrategy(fields['priorityStrategy'], path.child('priorityStrategy')));
  errors.push(...validateScatterStrategy(fields['scatterStrategy'], path.child('scatterStrategy')));

  // Both must be whole percentages (whole-percent.ts); the valid ones are read round-up here, unlike the
  // controller (docs/spec/cloneset.md §3.2), with the Kruise parser. Once one is refused, the checks of their values would only
  // repeat that.
  const maxUnavailable = fields['maxUnavailable'] ?? DEFAULT_MAX_UNAVAILABLE;
  const maxSurge = fields['maxSurge'] ?? 0;
  const refused = [
    ...validateIntOrWholePercent(maxUnavailable, path.child('maxUnavailable')),
    ...validateIntOrWholePercent(maxSurge, path.child('maxSurge')),
  ];
  if (refused.length > 0) return [...errors, ...refused];
  const unavailable = parseIntOrPercentForValidation(maxUnavailable as number | string, replicas, true);
  const surge = parseIntOrPercentForValidation(maxSurge as number | string, replicas, true);
  if (inPlaceOnly && surge.value > 0) {
    errors.push(invalidField(path.child('maxSurge'), intOrStringText(maxSurge), 'can not use maxSurge with strategy type InPlaceOnly'));
  }
  if (replicas > 0 && unavailable.value < 1 && surge.value < 1) {
    errors.push(invalidField(path.child('maxUnavailable'), intOrStringText(maxUnavailable), 'maxUnavailable and maxSurge should not both be less than 1'));
  }
  return errors;
}

function validateScatterStrategy(strategy: unknown, path: FieldPath): FieldError[] {
  if (!isSet(strategy)) return [];
  if (!Array.isArray(strategy)) return [invalidField(path, strategy, 'must be a list of {key, value} terms')];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  strategy.forEach((term, i) => {
    const key = isObject(term) ? term['key'] : undefined;
    const value = isObject(term) ? term['value'] : undefined;
    if (!isNonEmptyString(key)) return errors.push(requiredField(path.index(i).child('key'), 'key should not be empty'));
    const id = `${key}:${String(value ?? '')}`;
    if (seen.has(id)) errors.push(duplicateField(path.index(i), { key, value: value ?? '' }));
    seen.add(id);
    return undefined;
  });
  return errors;
}

function validateProgressDeadline(spec: Obj, specPath: FieldPath): FieldError[] {
  const deadline = spec['progressDeadlineSeconds'];
  if (!isSet(deadline)) return [];
  const path = specPath.child('progressDeadlineSeconds');
  const problems = nonNegativeInteger(deadline, path);
  if (problems.length > 0) return problems;
  const minReadySeconds = typeof spec['minReadySeconds'] === 'number' ? spec['minReadySeconds'] : 0;
  if (deadline !== MAX_INT32 && (deadline as number) <= minReadySeconds) {
    return [invalidField(path, deadline, 'must be greater than minReadySeconds')];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Updates

function validateUpdate(spec: Obj, old: CloneSet | CloneSetV1alpha1, version: CloneSetApiVersion, specPath: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const oldSpec: Obj = isObject(old.spec) ? (old.spec as unknown as Obj) : {};
  for (const field of IMMUTABLE_SPEC_FIELDS) {
    if (semanticEqual(spec[field], oldSpec[field])) continue;
    errors.push(
      forbiddenField(
        specPath.child(field),
        `field is immutable: updates to cloneset spec for fields other than ${MUTABLE_SPEC_FIELDS.map((f) => `'${f}'`).join(', ')} are forbidden`,
      ),
    );
  }
  // v1alpha1 only (the v1beta1 update path does not run it): InPlaceOnly may change nothing but images.
  const strategy = spec['updateStrategy'];
  if (version === 'v1alpha1' && isObject(strategy) && strategy['type'] === 'InPlaceOnly') {
    const oldV1alpha1 = isCloneSetV1alpha1(old) ? old : convertCloneSetToV1alpha1(old);
    const template = spec['template'];
    const patch = jsonPatchOperations(oldV1alpha1.spec?.template?.spec, isObject(template) ? template['spec'] : undefined);
    const bad = patch.find((op) => op.op !== 'replace' || !IN_PLACE_ONLY_PATCH_PATH.test(op.path));
    if (bad !== undefined) {
      errors.push(forbiddenField(specPath.child('template', 'spec'), `only allowed to update images in spec for InPlaceOnly, but found ${bad.op} ${bad.path}`));
    }
  }
  return errors;
}
