// Kubernetes' validation of apps/v1 Deployment and ReplicaSet (pkg/apis/apps/validation
// ValidateDeployment, ValidateReplicaSet), with its field paths and messages. Call it on the defaulted
// object; input arrives from YAML and may have any shape.
import type { Deployment, ReplicaSet } from './apps-v1.js';
import { FieldPath, forbiddenField, invalidField, notSupportedField, requiredField, type FieldError } from './field-errors.js';
import { isObject, isSet, nonNegativeInteger, semanticEqual, validateMetadata, validateReplicas, validateSelectorAndTemplate, type Obj } from './workload-validation.js';

const STRATEGY_TYPES = ['Recreate', 'RollingUpdate'];
const PERCENT = /^[0-9]+%$/;
const PERCENT_MESSAGE = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

export function validateDeployment(obj: Deployment, old?: Deployment): FieldError[] {
  if (obj.apiVersion !== 'apps/v1') return [notSupportedField('apiVersion', obj.apiVersion, ['apps/v1'])];
  const errors = validateMetadata(obj.metadata);
  const spec: unknown = obj.spec;
  const specPath = FieldPath.of('spec');
  if (!isObject(spec)) return [...errors, requiredField(specPath, 'a Deployment needs a spec')];
  validateReplicas(spec['replicas'], specPath.child('replicas'), errors);
  errors.push(...validateSelectorAndTemplate(spec, specPath, 'Deployment'));
  errors.push(...validateStrategy(spec['strategy'], specPath.child('strategy')));
  for (const field of ['revisionHistoryLimit', 'minReadySeconds', 'progressDeadlineSeconds']) {
    if (isSet(spec[field])) errors.push(...nonNegativeInteger(spec[field], specPath.child(field)));
  }
  const deadline = spec['progressDeadlineSeconds'];
  const minReady = spec['minReadySeconds'] ?? 0;
  if (typeof deadline === 'number' && typeof minReady === 'number' && deadline <= minReady) {
    errors.push(invalidField(specPath.child('progressDeadlineSeconds'), deadline, 'must be greater than minReadySeconds'));
  }
  if (isSet(spec['paused']) && typeof spec['paused'] !== 'boolean') errors.push(invalidField(specPath.child('paused'), spec['paused'], 'must be true or false'));
  if (old !== undefined) errors.push(...immutableSelector(spec, old, specPath));
  return errors;
}

export function validateReplicaSet(obj: ReplicaSet, old?: ReplicaSet): FieldError[] {
  if (obj.apiVersion !== 'apps/v1') return [notSupportedField('apiVersion', obj.apiVersion, ['apps/v1'])];
  const errors = validateMetadata(obj.metadata);
  const spec: unknown = obj.spec;
  const specPath = FieldPath.of('spec');
  if (!isObject(spec)) return [...errors, requiredField(specPath, 'a ReplicaSet needs a spec')];
  validateReplicas(spec['replicas'], specPath.child('replicas'), errors);
  if (isSet(spec['minReadySeconds'])) errors.push(...nonNegativeInteger(spec['minReadySeconds'], specPath.child('minReadySeconds')));
  errors.push(...validateSelectorAndTemplate(spec, specPath, 'ReplicaSet'));
  if (old !== undefined) errors.push(...immutableSelector(spec, old, specPath));
  return errors;
}

function validateStrategy(strategy: unknown, path: FieldPath): FieldError[] {
  if (!isSet(strategy)) return [];
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const type = strategy['type'] ?? 'RollingUpdate';
  const rolling = strategy['rollingUpdate'];
  const rollingPath = path.child('rollingUpdate');
  if (!STRATEGY_TYPES.includes(type as string)) return [notSupportedField(path.child('type'), type, STRATEGY_TYPES)];
  if (type === 'Recreate') {
    return isSet(rolling) ? [forbiddenField(rollingPath, "may not be specified when strategy `type` is 'Recreate'")] : [];
  }
  if (!isSet(rolling)) return [requiredField(rollingPath, 'this should be defaulted and never be nil')];
  return validateRollingUpdateDeployment(rolling, rollingPath);
}

/**
 * ValidateRollingUpdateDeployment: maxUnavailable and maxSurge each an integer >= 0 or "<digits>%",
 * maxUnavailable at most 100 %, not both 0. Also read for the rollingUpdate of Kruise Rollouts'
 * deployment-strategy annotation (advanced-deployment.ts).
 */
export function validateRollingUpdateDeployment(rolling: unknown, rollingPath: FieldPath): FieldError[] {
  if (!isObject(rolling)) return [invalidField(rollingPath, rolling, 'must be an object')];
  const errors: FieldError[] = [];
  const maxUnavailable = rolling['maxUnavailable'];
  const maxSurge = rolling['maxSurge'];
  errors.push(...positiveIntOrPercent(maxUnavailable, rollingPath.child('maxUnavailable')));
  errors.push(...positiveIntOrPercent(maxSurge, rollingPath.child('maxSurge')));
  if (typeof maxUnavailable === 'string' && PERCENT.test(maxUnavailable) && Number(maxUnavailable.slice(0, -1)) > 100) {
    errors.push(invalidField(rollingPath.child('maxUnavailable'), maxUnavailable, 'must not be greater than 100%'));
  }
  if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0) {
    errors.push(invalidField(rollingPath.child('maxUnavailable'), maxUnavailable, 'may not be 0 when `maxSurge` is 0'));
  }
  return errors;
}

/** ValidatePositiveIntOrPercent: an integer >= 0, or "<digits>%". Unset is fine (defaulting fills it). */
function positiveIntOrPercent(value: unknown, path: FieldPath): FieldError[] {
  if (!isSet(value)) return [];
  if (typeof value === 'string') return PERCENT.test(value) ? [] : [invalidField(path, value, PERCENT_MESSAGE)];
  return nonNegativeInteger(value, path);
}

/** The integer or the percentage number, for the "both zero" rule; undefined when unreadable. */
function intOrPercentValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && PERCENT.test(value)) return Number(value.slice(0, -1));
  return undefined;
}

function immutableSelector(spec: Obj, old: { spec?: unknown }, specPath: FieldPath): FieldError[] {
  const before = isObject(old.spec) ? old.spec['selector'] : undefined;
  return semanticEqual(spec['selector'], before) ? [] : [invalidField(specPath.child('selector'), spec['selector'], 'field is immutable')];
}
