// StatefulSet validation with Kubernetes field errors: Kruise's validating webhook for Advanced
// StatefulSet (docs/spec/advanced-statefulset.md §1.3, and the InPlaceOnly template rule of
// docs/spec/inplace-and-lifecycle.md §1.6), and Kubernetes' own rules for apps/v1 StatefulSet. Call it on the
// defaulted object (admission order: mutate, then validate); unset fields read as their defaults, so an
// un-defaulted object gets the same answer.
import type { FieldError } from './field-errors.js';
import { FieldPath, forbiddenField, invalidField, notSupportedField, requiredField } from './field-errors.js';
import { getValueFromIntOrPercentWithError } from './intstr.js';
import type { IntOrString } from './meta.js';
import type { StatefulSet, StatefulSetV1alpha1 } from './statefulset.js';
import { STATEFULSET_V1BETA1_ONLY_SPEC_FIELDS, type StatefulSetApiVersion } from './statefulset-conversion.js';
import { RESERVE_ORDINAL_RANGE_PATTERN, parseOrdinalRange } from './statefulset-ordinals.js';
import type { NativeStatefulSet } from './apps-v1.js';
import { validateLifecycleHooks } from './lifecycle-validation.js';
import {
  intOrStringText, isObject, isSet, jsonPatchOperations, list, nonNegativeInteger, semanticEqual, validateMetadata, validatePriorityStrategy,
  validateReplicas, validateSelectorAndTemplate, type Obj,
} from './workload-validation.js';

export interface ValidateStatefulSetOptions {
  /** The API version the client wrote. */
  version: StatefulSetApiVersion;
  /** The stored object (v1beta1) when this is an update; absent on create. */
  old?: StatefulSet | StatefulSetV1alpha1;
}

const POLICIES = ['OrderedReady', 'Parallel'];
const POD_UPDATE_POLICIES = ['ReCreate', 'InPlaceIfPossible', 'InPlaceOnly'];
const RETENTION = ['Retain', 'Delete'];
const VOLUME_CLAIM_UPDATE_TYPES = ['OnDelete', 'OnPodRollingUpdate'];
const MAX_MIN_READY_SECONDS = 300;
const PERCENT = /^[0-9]+%$/;
/** The ASTS webhook's InPlaceOnly rule is unanchored (docs/spec/inplace-and-lifecycle.md §1.6). */
const IN_PLACE_ONLY_PATH = /\/containers\/([0-9]+)\/image/;

/** Spec fields an Advanced StatefulSet update may change; every other is immutable. */
export const STATEFULSET_MUTABLE_SPEC_FIELDS = [
  'replicas', 'ordinals', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy',
  'volumeClaimTemplates', 'volumeClaimUpdateStrategy', 'updateStrategy', 'scaleStrategy',
] as const;
/** Spec fields an apps/v1 StatefulSet update may change. */
export const NATIVE_STATEFULSET_MUTABLE_SPEC_FIELDS = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'] as const;

/** Validates an Advanced StatefulSet written in `options.version`; an empty list means valid. */
export function validateStatefulSet(obj: StatefulSet | StatefulSetV1alpha1, options: ValidateStatefulSetOptions): FieldError[] {
  const expected = `apps.kruise.io/${options.version}`;
  if (obj.apiVersion !== expected) return [notSupportedField('apiVersion', obj.apiVersion, [expected])];
  const errors = validateMetadata(obj.metadata);
  const spec: unknown = obj.spec;
  const specPath = FieldPath.of('spec');
  if (!isObject(spec)) return [...errors, requiredField(specPath, 'a StatefulSet needs a spec')];
  if (options.version === 'v1alpha1') errors.push(...v1beta1OnlyFields(spec, specPath));

  validateReplicas(spec['replicas'], specPath.child('replicas'), errors);
  const policy = spec['podManagementPolicy'] ?? 'OrderedReady';
  if (!POLICIES.includes(policy as string)) {
    errors.push(invalidField(specPath.child('podManagementPolicy'), policy, `must be 'OrderedReady' or 'Parallel'`));
  }
  errors.push(...validateReserveOrdinals(spec['reserveOrdinals'], specPath.child('reserveOrdinals')));
  const scale = spec['scaleStrategy'];
  if (isSet(scale) && !isObject(scale)) errors.push(invalidField(specPath.child('scaleStrategy'), scale, 'must be an object'));
  if (isObject(scale) && isSet(scale['maxUnavailable'])) {
    errors.push(...validateMaxUnavailable(scale['maxUnavailable'], policy, specPath.child('scaleStrategy', 'maxUnavailable')));
  }
  errors.push(...validateUpdateStrategy(spec, policy, specPath));
  errors.push(...validateRetentionPolicy(spec['persistentVolumeClaimRetentionPolicy'], specPath.child('persistentVolumeClaimRetentionPolicy')));
  errors.push(...validateOrdinals(spec['ordinals'], specPath.child('ordinals')));
  const vcus = spec['volumeClaimUpdateStrategy'];
  if (isObject(vcus) && isSet(vcus['type']) && !VOLUME_CLAIM_UPDATE_TYPES.includes(vcus['type'] as string)) {
    errors.push(notSupportedField(specPath.child('volumeClaimUpdateStrategy', 'type'), vcus['type'], VOLUME_CLAIM_UPDATE_TYPES));
  }
  errors.push(...validateSelectorAndTemplate(spec, specPath, 'StatefulSet'));
  // Not checked by Kruise; a negative count means nothing to the controller (Coxswain's reads it as 0),
  // and Kubernetes refuses it in its own Deployments.
  if (isSet(spec['revisionHistoryLimit'])) errors.push(...nonNegativeInteger(spec['revisionHistoryLimit'], specPath.child('revisionHistoryLimit')));
  errors.push(...validateLifecycleHooks(spec['lifecycle'], specPath.child('lifecycle')));
  if (options.old !== undefined) {
    errors.push(...validateUpdate(spec, options.old, specPath, STATEFULSET_MUTABLE_SPEC_FIELDS, 'StatefulSet'));
    if (isObject(vcus) && vcus['type'] === 'OnPodRollingUpdate') errors.push(...validateClaimResizeOnly(spec, options.old, specPath.child('volumeClaimTemplates')));
  }
  return errors;
}

/**
 * volumeClaimUpdateStrategy OnPodRollingUpdate: the claim templates may only be expanded, none added,
 * removed or otherwise changed. (Kruise also asks the storage class whether it allows expansion; the
 * embedded cluster has no StorageClass objects, so that check is not made here.)
 */
function validateClaimResizeOnly(spec: Obj, old: { spec?: unknown }, path: FieldPath): FieldError[] {
  const before = list(isObject(old.spec) ? old.spec['volumeClaimTemplates'] : undefined).filter(isObject);
  const after = list(spec['volumeClaimTemplates']);
  const nameOf = (t: unknown) => (isObject(t) && isObject(t['metadata']) ? t['metadata']['name'] : undefined);
  const withoutSize = (t: Obj) => {
    const copy = structuredClone(t['spec'] ?? {}) as Obj;
    const resources = copy['resources'];
    if (isObject(resources) && isObject(resources['requests'])) delete resources['requests']['storage'];
    return copy;
  };
  const storage = (t: Obj) => {
    const resources = isObject(t['spec']) ? t['spec']['resources'] : undefined;
    const requests = isObject(resources) ? resources['requests'] : undefined;
    return parseQuantity((isObject(requests) ? requests['storage'] : undefined) as string | number | undefined);
  };
  const errors: FieldError[] = [];
  after.forEach((template, i) => {
    const previous = before.find((b) => nameOf(b) === nameOf(template));
    if (!previous || !isObject(template)) {
      errors.push(forbiddenField(path.index(i), 'volumeClaimUpdateStrategy OnPodRollingUpdate only allows resizing existing claim templates, not adding one'));
    } else if (!semanticEqual(withoutSize(template), withoutSize(previous))) {
      errors.push(forbiddenField(path.index(i).child('spec'), 'volumeClaimUpdateStrategy OnPodRollingUpdate only allows changing resources.requests.storage'));
    } else if ((storage(template) ?? 0) < (storage(previous) ?? 0)) {
      errors.push(forbiddenField(path.index(i).child('spec', 'resources', 'requests', 'storage'), 'a claim template can only be expanded'));
    }
  });
  for (const previous of before) {
    if (!after.some((t) => nameOf(t) === nameOf(previous))) {
      errors.push(forbiddenField(path, `volumeClaimUpdateStrategy OnPodRollingUpdate does not allow removing claim template ${JSON.stringify(nameOf(previous))}`));
    }
  }
  return errors;
}

const QUANTITY_SUFFIXES: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60, m: 1e-3 };

/** A storage quantity in bytes ("1Gi", "500M", 1024); undefined when it is not one. */
function parseQuantity(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return value;
  const m = typeof value === 'string' ? /^([0-9]+(?:\.[0-9]+)?)([a-zA-Z]*)$/.exec(value) : null;
  const factor = m ? QUANTITY_SUFFIXES[m[2]!] : undefined;
  return m && factor !== undefined ? Number(m[1]) * factor : undefined;
}

/** Validates an apps/v1 StatefulSet as the Kubernetes API server does (the rules Coxswain's controller relies on). */
export function validateNativeStatefulSet(obj: NativeStatefulSet, old?: NativeStatefulSet): FieldError[] {
  if (obj.apiVersion !== 'apps/v1') return [notSupportedField('apiVersion', obj.apiVersion, ['apps/v1'])];
  const errors = validateMetadata(obj.metadata);
  const spec: unknown = obj.spec;
  const specPath = FieldPath.of('spec');
  if (!isObject(spec)) return [...errors, requiredField(specPath, 'a StatefulSet needs a spec')];
  for (const field of ['reserveOrdinals', 'lifecycle', 'scaleStrategy', 'volumeClaimUpdateStrategy']) {
    if (isSet(spec[field])) {
      errors.push(forbiddenField(specPath.child(field), `not a field of apps/v1 StatefulSet; it is an Advanced StatefulSet field: write apiVersion apps.kruise.io/v1beta1 to use it`));
    }
  }
  validateReplicas(spec['replicas'], specPath.child('replicas'), errors);
  const policy = spec['podManagementPolicy'] ?? 'OrderedReady';
  if (!POLICIES.includes(policy as string)) {
    errors.push(invalidField(specPath.child('podManagementPolicy'), policy, `must be 'OrderedReady' or 'Parallel'`));
  }
  errors.push(...validateNativeUpdateStrategy(spec['updateStrategy'], specPath.child('updateStrategy')));
  if (isSet(spec['minReadySeconds'])) errors.push(...nonNegativeInteger(spec['minReadySeconds'], specPath.child('minReadySeconds')));
  errors.push(...validateRetentionPolicy(spec['persistentVolumeClaimRetentionPolicy'], specPath.child('persistentVolumeClaimRetentionPolicy')));
  errors.push(...validateOrdinals(spec['ordinals'], specPath.child('ordinals')));
  errors.push(...validateSelectorAndTemplate(spec, specPath, 'StatefulSet'));
  if (old !== undefined) errors.push(...validateUpdate(spec, old, specPath, NATIVE_STATEFULSET_MUTABLE_SPEC_FIELDS, 'apps/v1 StatefulSet'));
  return errors;
}

function v1beta1OnlyFields(spec: Obj, specPath: FieldPath): FieldError[] {
  return STATEFULSET_V1BETA1_ONLY_SPEC_FIELDS.filter((f) => isSet(spec[f])).map((f) =>
    forbiddenField(specPath.child(f), `apps.kruise.io/v1alpha1 StatefulSet has no ${f}; write the StatefulSet as apps.kruise.io/v1beta1 to use it`),
  );
}

function validateReserveOrdinals(value: unknown, path: FieldPath): FieldError[] {
  if (!isSet(value)) return [];
  if (!Array.isArray(value)) return [invalidField(path, value, 'must be a list of ordinals (integers) and ranges ("a-b")')];
  const errors: FieldError[] = [];
  value.forEach((item, i) => {
    const at = path.index(i);
    if (typeof item === 'number') errors.push(...nonNegativeInteger(item, at));
    else if (typeof item !== 'string' || !RESERVE_ORDINAL_RANGE_PATTERN.test(item)) {
      errors.push(invalidField(at, item, 'must be a non-negative integer or a range "start-end" of them (e.g. "3-5")'));
    } else if (parseOrdinalRange(item) === undefined) {
      errors.push(invalidField(at, item, 'the start of the range must not be greater than its end'));
    }
  });
  return errors;
}

/**
 * Kruise's validateMaxUnavailableField: an int >= 0 or "<digits>%", at least 1 when resolved against a
 * total of 1 rounding up (so 0 and "0%" are refused), and exactly the integer 1 unless the policy is
 * Parallel.
 */
function validateMaxUnavailable(value: unknown, policy: unknown, path: FieldPath): FieldError[] {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return [invalidField(path, value, 'must be an integer or a percentage such as "20%"')];
    if (value < 0) return [invalidField(path, value, 'must be greater than or equal to 0')];
  } else if (typeof value !== 'string') {
    return [invalidField(path, value, 'must be an integer or a percentage such as "20%"')];
  } else if (!PERCENT.test(value)) {
    return [invalidField(path, value, "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')")];
  }
  const errors: FieldError[] = [];
  // Kruise lets "150%" through (it resolves to 2 of 1 pod); Kubernetes refuses it in its own workloads.
  if (typeof value === 'string' && Number(value.slice(0, -1)) > 100) errors.push(invalidField(path, value, 'must not be greater than 100%'));
  const resolved = getValueFromIntOrPercentWithError(value as IntOrString, 1, true);
  if (resolved.value < 1) errors.push(invalidField(path, intOrStringText(value), 'should not be less than 1'));
  if (policy !== 'Parallel' && value !== 1) {
    errors.push(invalidField(path, intOrStringText(value), 'maxUnavailable can just work with Parallel PodManagementPolicyType'));
  }
  return errors;
}

function validateUpdateStrategy(spec: Obj, policy: unknown, specPath: FieldPath): FieldError[] {
  const path = specPath.child('updateStrategy');
  const strategy = spec['updateStrategy'] ?? {};
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const type = strategy['type'] ?? 'RollingUpdate';
  const rolling = strategy['rollingUpdate'];
  const rollingPath = path.child('rollingUpdate');
  if (type === 'OnDelete') {
    return isSet(rolling) ? [invalidField(rollingPath, rolling, `only allowed for updateStrategy 'RollingUpdate'`)] : [];
  }
  if (type !== 'RollingUpdate') return [invalidField(path.child('type'), type, `must be 'RollingUpdate' or 'OnDelete'`)];
  if (!isSet(rolling)) return [];
  if (!isObject(rolling)) return [invalidField(rollingPath, rolling, 'must be an object')];
  const errors: FieldError[] = [];
  if (isSet(rolling['partition'])) errors.push(...nonNegativeInteger(rolling['partition'], rollingPath.child('partition')));
  errors.push(...validateMaxUnavailable(rolling['maxUnavailable'] ?? 1, policy, rollingPath.child('maxUnavailable')));
  const minReady = rolling['minReadySeconds'];
  if (isSet(minReady) && (typeof minReady !== 'number' || !Number.isInteger(minReady) || minReady < 0 || minReady > MAX_MIN_READY_SECONDS)) {
    errors.push(invalidField(rollingPath.child('minReadySeconds'), minReady, `must be within [0, ${MAX_MIN_READY_SECONDS}]`));
  }
  if (isSet(rolling['paused']) && typeof rolling['paused'] !== 'boolean') errors.push(invalidField(rollingPath.child('paused'), rolling['paused'], 'must be true or false'));
  const podUpdatePolicy = rolling['podUpdatePolicy'] ?? 'ReCreate';
  if (!POD_UPDATE_POLICIES.includes(podUpdatePolicy as string)) {
    errors.push(notSupportedField(rollingPath.child('podUpdatePolicy'), podUpdatePolicy, POD_UPDATE_POLICIES));
  } else if (podUpdatePolicy !== 'ReCreate' && !hasInPlaceUpdateReadinessGate(spec['template'])) {
    const gates = isObject(spec['template']) && isObject(spec['template']['spec']) ? spec['template']['spec']['readinessGates'] ?? [] : [];
    errors.push(invalidField(specPath.child('template', 'spec', 'readinessGates'), gates, `must contains InPlaceUpdateReady when podUpdatePolicy is ${podUpdatePolicy}`));
  }
  const inPlace = rolling['inPlaceUpdateStrategy'];
  if (isObject(inPlace) && isSet(inPlace['gracePeriodSeconds'])) {
    errors.push(...nonNegativeInteger(inPlace['gracePeriodSeconds'], rollingPath.child('inPlaceUpdateStrategy', 'gracePeriodSeconds')));
  }
  const unordered = rolling['unorderedUpdate'];
  if (isSet(unordered)) {
    const unorderedPath = rollingPath.child('unorderedUpdate');
    if (policy !== 'Parallel') errors.push(invalidField(unorderedPath, unordered, 'unorderedUpdate can only work with Parallel PodManagementPolicyType'));
    if (!isObject(unordered)) errors.push(invalidField(unorderedPath, unordered, 'must be an object'));
    else errors.push(...validatePriorityStrategy(unordered['priorityStrategy'], unorderedPath.child('priorityStrategy')));
  }
  return errors;
}

function hasInPlaceUpdateReadinessGate(template: unknown): boolean {
  const spec = isObject(template) ? template['spec'] : undefined;
  return list(isObject(spec) ? spec['readinessGates'] : undefined).some((g) => isObject(g) && g['conditionType'] === 'InPlaceUpdateReady');
}

function validateNativeUpdateStrategy(strategy: unknown, path: FieldPath): FieldError[] {
  if (!isSet(strategy)) return [];
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const type = strategy['type'] ?? 'RollingUpdate';
  const rolling = strategy['rollingUpdate'];
  const rollingPath = path.child('rollingUpdate');
  if (type === 'OnDelete') return isSet(rolling) ? [invalidField(rollingPath, rolling, `only allowed for updateStrategy 'RollingUpdate'`)] : [];
  if (type !== 'RollingUpdate') return [invalidField(path.child('type'), type, `must be 'RollingUpdate' or 'OnDelete'`)];
  if (!isObject(rolling)) return isSet(rolling) ? [invalidField(rollingPath, rolling, 'must be an object')] : [];
  const errors: FieldError[] = [];
  if (isSet(rolling['partition'])) errors.push(...nonNegativeInteger(rolling['partition'], rollingPath.child('partition')));
  const maxUnavailable = rolling['maxUnavailable'];
  if (isSet(maxUnavailable)) {
    const at = rollingPath.child('maxUnavailable');
    if (typeof maxUnavailable === 'number') {
      if (!Number.isInteger(maxUnavailable) || maxUnavailable < 1) errors.push(invalidField(at, maxUnavailable, 'must be greater than 0'));
    } else if (typeof maxUnavailable !== 'string' || !PERCENT.test(maxUnavailable)) {
      errors.push(invalidField(at, maxUnavailable, "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"));
    } else {
      const percent = Number(maxUnavailable.slice(0, -1));
      if (percent === 0) errors.push(invalidField(at, maxUnavailable, 'cannot be 0'));
      if (percent > 100) errors.push(invalidField(at, maxUnavailable, 'must not be greater than 100%'));
    }
  }
  for (const key of Object.keys(rolling)) {
    if (key !== 'partition' && key !== 'maxUnavailable') {
      errors.push(forbiddenField(rollingPath.child(key), 'not a field of apps/v1 StatefulSet; it is an Advanced StatefulSet field: write apiVersion apps.kruise.io/v1beta1 to use it'));
    }
  }
  return errors;
}

function validateRetentionPolicy(policy: unknown, path: FieldPath): FieldError[] {
  if (!isSet(policy)) return [];
  if (!isObject(policy)) return [invalidField(path, policy, 'must be an object')];
  const errors: FieldError[] = [];
  for (const key of ['whenDeleted', 'whenScaled']) {
    const value = policy[key];
    if (isSet(value) && !RETENTION.includes(value as string)) errors.push(notSupportedField(path.child(key), value, RETENTION));
  }
  return errors;
}

function validateOrdinals(ordinals: unknown, path: FieldPath): FieldError[] {
  if (!isSet(ordinals)) return [];
  if (!isObject(ordinals)) return [invalidField(path, ordinals, 'must be an object')];
  return isSet(ordinals['start']) ? nonNegativeInteger(ordinals['start'], path.child('start')) : [];
}

/**
 * Only `mutable` spec fields may change; each changed immutable field is named. With InPlaceOnly
 * (Advanced StatefulSet), every change of the pod spec must be a `replace` of a container image path.
 */
function validateUpdate(spec: Obj, old: { spec?: unknown }, specPath: FieldPath, mutable: readonly string[], kind: string): FieldError[] {
  const errors: FieldError[] = [];
  const oldSpec: Obj = isObject(old.spec) ? old.spec : {};
  const mutableText = mutable.map((f) => `'${f}'`).join(', ');
  for (const field of new Set([...Object.keys(spec), ...Object.keys(oldSpec)])) {
    if (mutable.includes(field) || semanticEqual(spec[field], oldSpec[field])) continue;
    errors.push(forbiddenField(specPath.child(field), `field is immutable: updates to ${kind} spec for fields other than ${mutableText} are forbidden`));
  }
  const strategy = spec['updateStrategy'];
  const rolling = isObject(strategy) ? strategy['rollingUpdate'] : undefined;
  if (isObject(rolling) && rolling['podUpdatePolicy'] === 'InPlaceOnly') {
    const oldTemplate = isObject(oldSpec['template']) ? oldSpec['template']['spec'] : undefined;
    const newTemplate = isObject(spec['template']) ? spec['template']['spec'] : undefined;
    const bad = jsonPatchOperations(oldTemplate, newTemplate).find((op) => op.op !== 'replace' || !IN_PLACE_ONLY_PATH.test(op.path));
    if (bad !== undefined) {
      errors.push(forbiddenField(specPath.child('template', 'spec'), `only allowed to update images, but found ${bad.op} ${bad.path} (podUpdatePolicy InPlaceOnly)`));
    }
  }
  return errors;
}
