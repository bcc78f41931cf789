// Validation rules Kruise's workload webhooks share (CloneSet, Advanced StatefulSet): metadata, replicas,
// selector and pod template, priority strategy, and the comparisons update validation needs. Messages
// follow Kruise's for each kind. Input arrives from YAML and may have any shape, so every field is
// checked for its type before use.
import { validateSimulatedErrorRate } from './simulated-metrics.js';
import { jsonEqual } from './cloneset-defaults.js';
import {
  FieldPath,
  forbiddenField,
  invalidField,
  isDNS1123Subdomain,
  notSupportedField,
  requiredField,
  validateAnnotations,
  validateLabels,
  type FieldError,
} from './field-errors.js';
import { validatePodSpec } from './pod-spec-validation.js';
import { Selector, SelectorParseError } from './labels.js';
import type { LabelSelector } from './meta.js';
import { isNonEmptyString, isObject, isSet, list, type Obj } from './value-shape.js';

export { isNonEmptyString, isObject, isSet, list, type Obj };
export { nonNegativeInteger } from './field-errors.js';

/** The workload kinds whose webhooks use these rules; Kruise (and Kubernetes) word a few messages per kind. */
export type WorkloadKindName = 'CloneSet' | 'StatefulSet' | 'Deployment' | 'ReplicaSet';

const WORDS: Record<WorkloadKindName, { emptySelector: string; activeDeadline: string }> = {
  CloneSet: { emptySelector: 'empty selector is invalid for cloneset', activeDeadline: 'activeDeadlineSeconds in cloneset is not Supported' },
  StatefulSet: { emptySelector: 'empty selector is invalid for statefulset', activeDeadline: 'activeDeadlineSeconds in StatefulSet is not Supported' },
  Deployment: { emptySelector: 'empty selector is invalid for deployment', activeDeadline: 'activeDeadlineSeconds in ReplicaSet is not Supported' },
  ReplicaSet: { emptySelector: 'empty selector is invalid for deployment', activeDeadline: 'activeDeadlineSeconds in ReplicaSet is not Supported' },
};


export function validateMetadata(metadata: unknown): FieldError[] {
  const path = FieldPath.of('metadata');
  if (!isObject(metadata)) return [requiredField(path, 'metadata.name is required')];
  const errors: FieldError[] = [];
  const name = metadata['name'];
  if (!isNonEmptyString(name)) {
    if (!isNonEmptyString(metadata['generateName'])) errors.push(requiredField(path.child('name'), 'name or generateName is required'));
  } else {
    for (const problem of isDNS1123Subdomain(name)) errors.push(invalidField(path.child('name'), name, problem));
  }
  errors.push(...validateLabels(metadata['labels'], path.child('labels')));
  return errors;
}

/** Returns the replica count to use in later checks (1 when unset, as defaulted). */
export function validateReplicas(value: unknown, path: FieldPath, errors: FieldError[]): number {
  if (!isSet(value)) return 1;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors.push(invalidField(path, value, 'must be an integer'));
    return 1;
  }
  if (value < 0) errors.push(invalidField(path, value, 'must be greater than or equal to 0'));
  return value;
}

export function validateSelectorAndTemplate(spec: Obj, specPath: FieldPath, kind: WorkloadKindName): FieldError[] {
  const errors: FieldError[] = [];
  const selectorPath = specPath.child('selector');
  const raw = spec['selector'];
  let selector: Selector | undefined;
  if (!isSet(raw)) errors.push(requiredField(selectorPath, ''));
  else if (!isObject(raw)) errors.push(invalidField(selectorPath, raw, 'must be a label selector (matchLabels and/or matchExpressions)'));
  else {
    try {
      selector = Selector.fromLabelSelector(raw as LabelSelector);
    } catch (error) {
      if (!(error instanceof SelectorParseError)) throw error;
      errors.push(invalidField(selectorPath, raw, error.reason));
    }
    if (selector?.isEverything()) {
      errors.push(invalidField(selectorPath, raw, WORDS[kind].emptySelector));
      selector = undefined;
    }
  }
  const template = spec['template'];
  const templatePath = specPath.child('template');
  if (!isObject(template)) return [...errors, requiredField(templatePath, `a ${kind} needs a pod template`)];
  const templateLabels = isObject(template['metadata']) ? template['metadata']['labels'] : undefined;
  if (selector !== undefined && !selector.matches(isObject(templateLabels) ? (templateLabels as Record<string, string>) : undefined)) {
    errors.push(invalidField(templatePath.child('metadata', 'labels'), templateLabels ?? {}, '`selector` does not match template `labels`'));
  }
  errors.push(...validatePodTemplate(template, list(spec['volumeClaimTemplates']), templatePath, specPath.child('volumeClaimTemplates'), kind));
  return errors;
}

/**
 * Kubernetes' ValidatePodTemplateSpec (labels, annotations, the pod spec with the claim templates as
 * volumes, as Kruise validates them), plus the workload rules: restartPolicy Always, no
 * activeDeadlineSeconds.
 */
export function validatePodTemplate(template: Obj, claimTemplates: unknown[], path: FieldPath, claimsPath: FieldPath, kind: WorkloadKindName): FieldError[] {
  const errors: FieldError[] = [];
  const metadata = template['metadata'];
  if (isSet(metadata) && !isObject(metadata)) errors.push(invalidField(path.child('metadata'), metadata, 'must be an object'));
  if (isObject(metadata)) {
    errors.push(...validateLabels(metadata['labels'], path.child('metadata', 'labels')));
    errors.push(...validateAnnotations(metadata['annotations'], path.child('metadata', 'annotations')));
    errors.push(...validateSimulatedErrorRate(metadata['annotations'], path.child('metadata', 'annotations')));
  }
  const specPath = path.child('spec');
  const spec = isObject(template['spec']) ? template['spec'] : {};
  errors.push(...validatePodSpec(spec, specPath, { claimTemplates, claimsPath, missingContainers: missingContainersHint(template) }));
  const restartPolicy = spec['restartPolicy'];
  if (isSet(restartPolicy) && restartPolicy !== '' && restartPolicy !== 'Always') {
    errors.push(notSupportedField(specPath.child('restartPolicy'), restartPolicy, ['Always']));
  }
  if (isSet(spec['activeDeadlineSeconds'])) {
    errors.push(forbiddenField(specPath.child('activeDeadlineSeconds'), WORDS[kind].activeDeadline));
  }
  return errors;
}

/** Containers written in the wrong place are a common copy-paste mistake; say where they belong. */
function missingContainersHint(template: Obj): string {
  const metadata = template['metadata'];
  if (isObject(metadata) && isSet(metadata['containers'])) {
    return 'containers must be listed under spec.template.spec.containers, but they were found under spec.template.metadata.containers';
  }
  if (isSet(template['containers'])) {
    return 'containers must be listed under spec.template.spec.containers, but they were found under spec.template.containers';
  }
  return 'a pod template needs at least one container';
}

/** IntOrString as Kruise prints it in messages: `3` and `"3"` both read "3". */
export function intOrStringText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export function validatePriorityStrategy(strategy: unknown, path: FieldPath): FieldError[] {
  if (!isSet(strategy)) return [];
  if (!isObject(strategy)) return [invalidField(path, strategy, 'must be an object')];
  const errors: FieldError[] = [];
  const weights = list(strategy['weightPriority']);
  const orders = list(strategy['orderPriority']);
  if (weights.length > 0 && orders.length > 0) {
    errors.push(forbiddenField(path.child('orderPriority'), 'only one of weightPriority and orderPriority can be used'));
  }
  weights.forEach((term, i) => {
    const at = path.child('weightPriority').index(i);
    const weight = isObject(term) ? term['weight'] : undefined;
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 0 || weight > 100) {
      errors.push(invalidField(at.child('weight'), weight ?? null, 'weight must be an integer between 0 and 100'));
    }
    const selector = isObject(term) ? term['matchSelector'] : undefined;
    const selectorPath = at.child('matchSelector');
    if (!isObject(selector) || (Object.keys(selector['matchLabels'] ?? {}).length === 0 && list(selector['matchExpressions']).length === 0)) {
      errors.push(requiredField(selectorPath, 'selector can not be empty'));
      return;
    }
    try {
      Selector.fromLabelSelector(selector as LabelSelector);
    } catch (error) {
      if (!(error instanceof SelectorParseError)) throw error;
      errors.push(invalidField(selectorPath, selector, `invalid selector: ${error.reason}`));
    }
  });
  orders.forEach((term, i) => {
    if (!isNonEmptyString(isObject(term) ? term['orderedKey'] : undefined)) {
      errors.push(requiredField(path.child('orderPriority').index(i).child('orderedKey'), 'order key can not be empty'));
    }
  });
  return errors;
}

/** apimachinery's Semantic.DeepEqual as far as it matters here: nil and empty maps/lists are equal. */
export function semanticEqual(a: unknown, b: unknown): boolean {
  return jsonEqual(dropEmpty(a), dropEmpty(b));
}

function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(dropEmpty);
  if (isObject(value)) {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, dropEmpty(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value === null ? undefined : value;
}

export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace';
  /** RFC 6901 pointer, e.g. `/containers/0/image`. */
  path: string;
  /** What `add` and `replace` write, so the operations are an RFC 6902 patch (the mutating webhook's answer). */
  value?: unknown;
}

/**
 * The JSON patch turning `from` into `to`, shaped like the one Kruise computes (gomodules jsonpatch):
 * objects key by key (sorted, for a deterministic first operation), arrays index by index with
 * trailing removals/additions, anything else a `replace`. Applied in order, the operations turn `from`
 * into `to`.
 */
export function jsonPatchOperations(from: unknown, to: unknown, path = ''): JsonPatchOperation[] {
  if (jsonEqual(from, to)) return [];
  if (isObject(from) && isObject(to)) {
    const ops: JsonPatchOperation[] = [];
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
    for (const key of keys) {
      const child = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (from[key] === undefined && to[key] !== undefined) ops.push({ op: 'add', path: child, value: to[key] });
      else if (from[key] !== undefined && to[key] === undefined) ops.push({ op: 'remove', path: child });
      else ops.push(...jsonPatchOperations(from[key], to[key], child));
    }
    return ops;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const ops: JsonPatchOperation[] = [];
    const common = Math.min(from.length, to.length);
    for (let i = from.length - 1; i >= common; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = common; i < to.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: to[i] });
    for (let i = 0; i < common; i++) ops.push(...jsonPatchOperations(from[i], to[i], `${path}/${i}`));
    return ops;
  }
  return [{ op: 'replace', path, value: to }];
}
