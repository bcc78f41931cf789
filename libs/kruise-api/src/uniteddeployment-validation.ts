// UnitedDeployment validation with Kubernetes field errors: Kruise's validating webhook
// (docs/spec/uniteddeployment.md §1.3). Call it on the defaulted object; unset fields read as their defaults.
// Input arrives from YAML and may have any shape, so every field is checked for its type before use.
// Where Kruise names a wrong field in its error (the ASTS template labels, maxReplicas parse errors, the
// partitions map), the error here names the field that is actually wrong.
import {
  FieldPath, forbiddenField, invalidField, isDNS1123Label, isQualifiedName, notSupportedField, requiredField,
  type FieldError,
} from './field-errors.js';
import { Selector, SelectorParseError } from './labels.js';
import type { IntOrString, LabelSelector } from './meta.js';
import { UNITED_DEPLOYMENT_API_VERSION_V1BETA1, type UnitedDeploymentApiVersion } from './uniteddeployment-conversion.js';
import { parseSubsetReplicas, SUBSET_TEMPLATE_KINDS, type SubsetTemplateKind } from './uniteddeployment-topology.js';
import type { UnitedDeployment, UnitedDeploymentV1alpha1 } from './uniteddeployment.js';
import { validateTolerations } from './tolerations-validation.js';
import { isObject, isSet, list, nonNegativeInteger, semanticEqual, validateMetadata, validatePodTemplate, type Obj } from './workload-validation.js';

export interface ValidateUnitedDeploymentOptions {
  /** The API version the client wrote. */
  version: UnitedDeploymentApiVersion;
  /** The stored object when this is an update; absent on create. */
  old?: UnitedDeployment | UnitedDeploymentV1alpha1;
}

const TEMPLATE_LIST = 'statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate';
const SCHEDULE_TYPES = ['Fixed', 'Adaptive', ''];
const UPDATE_TYPES = ['Manual', ''];
const NODE_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];
/** An unset maxReplicas counts as this much in the Σmin ≤ Σmax check (Kruise's constant). */
const UNSET_MAX_FOR_SUMS = 1_000_000;

/** Templates whose workload replicas and partition the controller owns (Kruise validates these three). */
const TEMPLATE_WORDS: Partial<Record<SubsetTemplateKind, { kind: 'StatefulSet' | 'ReplicaSet'; partition: boolean }>> = {
  statefulSetTemplate: { kind: 'StatefulSet', partition: true },
  advancedStatefulSetTemplate: { kind: 'StatefulSet', partition: true },
  deploymentTemplate: { kind: 'ReplicaSet', partition: false },
};

export function validateUnitedDeployment(obj: UnitedDeployment | UnitedDeploymentV1alpha1, options: ValidateUnitedDeploymentOptions): FieldError[] {
  const expected = options.version === 'v1alpha1' ? 'apps.kruise.io/v1alpha1' : UNITED_DEPLOYMENT_API_VERSION_V1BETA1;
  if (obj.apiVersion !== expected) return [notSupportedField('apiVersion', obj.apiVersion, [expected])];
  const errors = validateMetadata(obj.metadata);
  const spec: unknown = obj.spec;
  const specPath = FieldPath.of('spec');
  if (!isObject(spec)) return [...errors, requiredField(specPath, 'a UnitedDeployment needs a spec')];

  const replicas = spec['replicas'];
  if (isSet(replicas)) errors.push(...nonNegativeInteger(replicas, specPath.child('replicas')));
  if (isSet(spec['revisionHistoryLimit'])) errors.push(...nonNegativeInteger(spec['revisionHistoryLimit'], specPath.child('revisionHistoryLimit')));
  const selector = validateSelector(spec['selector'], specPath.child('selector'), errors);
  const topology = isObject(spec['topology']) ? spec['topology'] : {};
  if (isSet(spec['topology']) && !isObject(spec['topology'])) errors.push(invalidField(specPath.child('topology'), spec['topology'], 'must be an object'));
  const strategy = validateScheduleStrategy(topology['scheduleStrategy'], specPath.child('topology', 'scheduleStrategy'), errors);
  const template = spec['template'];
  const kinds = isObject(template) ? SUBSET_TEMPLATE_KINDS.filter((k) => isSet(template[k])) : [];
  if (strategy.reserve && kinds.some((k) => k === 'statefulSetTemplate' || k === 'advancedStatefulSetTemplate')) {
    errors.push(invalidField(specPath.child('topology', 'scheduleStrategy'), topology['scheduleStrategy'],
      'only stateless workloads (Deployment and CloneSet) are supported by reserved rescheduling'));
  }
  errors.push(...validateTemplate(template, kinds, selector, specPath.child('template')));

  const subsetsPath = specPath.child('topology', 'subsets');
  const subsets = topology['subsets'];
  if (isSet(subsets) && !Array.isArray(subsets)) errors.push(invalidField(subsetsPath, subsets, 'must be a list of subsets'));
  const subsetList = list(subsets);
  const names = validateSubsets(subsetList, subsetsPath, strategy.adaptive, errors);
  // An invalid spec.replicas is reported above; the sums against it would only repeat that.
  const replicasValid = !isSet(replicas) || (typeof replicas === 'number' && Number.isInteger(replicas) && replicas >= 0);
  if (replicasValid) errors.push(...validateSubsetReplicas(typeof replicas === 'number' ? replicas : -1, subsetList.filter(isObject), subsetsPath));
  errors.push(...validateUpdateStrategy(spec['updateStrategy'], names, specPath.child('updateStrategy')));

  if (options.old !== undefined) errors.push(...validateUpdate(spec, options.old, specPath));
  return errors;
}

function validateSelector(raw: unknown, path: FieldPath, errors: FieldError[]): Selector | undefined {
  if (!isSet(raw)) {
    errors.push(requiredField(path, ''));
    return undefined;
  }
  if (!isObject(raw)) {
    errors.push(invalidField(path, raw, 'must be a label selector (matchLabels and/or matchExpressions)'));
    return undefined;
  }
  let selector: Selector;
  try {
    selector = Selector.fromLabelSelector(raw as LabelSelector);
  } catch (error) {
    if (!(error instanceof SelectorParseError)) throw error;
    errors.push(invalidField(path, raw, error.reason));
    return undefined;
  }
  if (selector.isEverything()) {
    errors.push(invalidField(path, raw, 'empty selector is invalid for uniteddeployment'));
    return undefined;
  }
  return selector;
}

function validateScheduleStrategy(raw: unknown, path: FieldPath, errors: FieldError[]): { adaptive: boolean; reserve: boolean } {
  if (!isSet(raw)) return { adaptive: false, reserve: false };
  if (!isObject(raw)) {
    errors.push(invalidField(path, raw, 'must be an object'));
    return { adaptive: false, reserve: false };
  }
  const type = raw['type'] ?? '';
  if (!SCHEDULE_TYPES.includes(type as string)) errors.push(notSupportedField(path.child('type'), type, ['Fixed', 'Adaptive']));
  const adaptive = raw['adaptive'];
  let reserve = false;
  if (isSet(adaptive) && !isObject(adaptive)) errors.push(invalidField(path.child('adaptive'), adaptive, 'must be an object'));
  if (isObject(adaptive)) {
    for (const field of ['rescheduleCriticalSeconds', 'unschedulableDuration']) {
      if (isSet(adaptive[field])) errors.push(...nonNegativeInteger(adaptive[field], path.child('adaptive', field)));
    }
    const flag = adaptive['reserveUnschedulablePods'];
    if (isSet(flag) && typeof flag !== 'boolean') errors.push(invalidField(path.child('adaptive', 'reserveUnschedulablePods'), flag, 'must be true or false'));
    reserve = type === 'Adaptive' && flag === true;
  }
  return { adaptive: type === 'Adaptive', reserve };
}

function validateTemplate(template: unknown, kinds: SubsetTemplateKind[], selector: Selector | undefined, path: FieldPath): FieldError[] {
  if (isSet(template) && !isObject(template)) return [invalidField(path, template, 'must be an object')];
  if (kinds.length === 0) return [requiredField(path, `should provide one of ${TEMPLATE_LIST}`)];
  const errors: FieldError[] = [];
  if (kinds.length > 1) errors.push(invalidField(path, kinds, `should provide only one of ${TEMPLATE_LIST}`));
  // Kruise validates the first of the workload templates set, and never a cloneSetTemplate.
  const kind = kinds.find((k) => TEMPLATE_WORDS[k] !== undefined);
  if (kind === undefined) return errors;
  const words = TEMPLATE_WORDS[kind]!;
  const at = path.child(kind);
  const value = (template as Obj)[kind];
  if (!isObject(value)) return [...errors, invalidField(at, value, 'must be an object with metadata and spec')];
  const metadata = isObject(value['metadata']) ? value['metadata'] : {};
  const labels = isObject(metadata['labels']) ? (metadata['labels'] as Record<string, string>) : undefined;
  if (selector !== undefined && !selector.matches(labels)) {
    errors.push(invalidField(at.child('metadata', 'labels'), labels ?? {}, '`selector` does not match template `labels`'));
  }
  const spec = value['spec'];
  if (!isObject(spec)) return [...errors, requiredField(at.child('spec'), `a ${kind} needs a spec`)];
  if (isSet(spec['replicas'])) errors.push(invalidField(at.child('spec', 'replicas'), spec['replicas'], `replicas in ${kind} will not be used`));
  if (words.partition) {
    const strategy = isObject(spec['updateStrategy']) ? spec['updateStrategy'] : {};
    const rolling = isObject(strategy['rollingUpdate']) ? strategy['rollingUpdate'] : undefined;
    if (strategy['type'] === 'RollingUpdate' && rolling !== undefined && isSet(rolling['partition'])) {
      errors.push(invalidField(at.child('spec', 'updateStrategy', 'rollingUpdate', 'partition'), rolling['partition'], `partition in ${kind} will not be used`));
    }
  }
  const podTemplate = spec['template'];
  const podPath = at.child('spec', 'template');
  if (!isObject(podTemplate)) return [...errors, requiredField(podPath, `a ${kind} needs a pod template`)];
  const podMetadata = isObject(podTemplate['metadata']) ? podTemplate['metadata'] : {};
  const podLabels = isObject(podMetadata['labels']) ? (podMetadata['labels'] as Record<string, string>) : undefined;
  if (selector !== undefined && !selector.matches(podLabels)) {
    errors.push(invalidField(podPath.child('metadata', 'labels'), podLabels ?? {}, '`selector` does not match template `labels`'));
  }
  errors.push(...validatePodTemplate(podTemplate, list(spec['volumeClaimTemplates']), podPath, at.child('spec', 'volumeClaimTemplates'), words.kind));
  return errors;
}

/** Names, node selector terms, tolerations, replicas under Adaptive and patches; returns the subset names. */
function validateSubsets(subsets: unknown[], path: FieldPath, adaptive: boolean, errors: FieldError[]): Set<string> {
  const names = new Set<string>();
  subsets.forEach((subset, i) => {
    const at = path.index(i);
    if (!isObject(subset)) return errors.push(invalidField(at, subset, 'must be a subset object'));
    const name = subset['name'];
    if (!isSet(name) || name === '') errors.push(requiredField(at.child('name'), ''));
    else if (typeof name !== 'string') errors.push(invalidField(at.child('name'), name, 'must be a string'));
    else {
      if (names.has(name)) errors.push(invalidField(at.child('name'), name, `duplicated subset name ${name}`));
      names.add(name);
      const problems = isDNS1123Label(name);
      if (problems.length > 0) errors.push(invalidField(at.child('name'), name, `invalid subset name ${problems.join(', ')}`));
    }
    if (isSet(subset['nodeSelectorTerm'])) errors.push(...validateNodeSelectorTerm(subset['nodeSelectorTerm'], at.child('nodeSelectorTerm')));
    if (isSet(subset['tolerations'])) errors.push(...validateTolerations(subset['tolerations'], at.child('tolerations')));
    if (isSet(subset['replicas']) && adaptive) {
      errors.push(forbiddenField(at.child('replicas'), 'specific allocator is not allowed in adaptive strategy, use minReplicas/maxReplicas to enable elastic allocator instead'));
    }
    if (isSet(subset['patch']) && !isObject(subset['patch'])) errors.push(invalidField(at.child('patch'), subset['patch'], 'must be an object (a strategic merge patch of the pod template)'));
    return undefined;
  });
  return names;
}

/** Kubernetes' ValidateNodeSelectorTerm. */
function validateNodeSelectorTerm(term: unknown, path: FieldPath): FieldError[] {
  if (!isObject(term)) return [invalidField(path, term, 'must be a node selector term (matchExpressions and/or matchFields)')];
  const errors: FieldError[] = [];
  list(term['matchExpressions']).forEach((requirement, j) => {
    const at = path.child('matchExpressions').index(j);
    if (!isObject(requirement)) return errors.push(invalidField(at, requirement, 'must be a node selector requirement'));
    const key = requirement['key'];
    if (typeof key !== 'string' || key === '') errors.push(requiredField(at.child('key'), ''));
    else for (const problem of isQualifiedName(key)) errors.push(invalidField(at.child('key'), key, problem));
    errors.push(...validateRequirementValues(requirement, at));
    return undefined;
  });
  list(term['matchFields']).forEach((requirement, j) => {
    const at = path.child('matchFields').index(j);
    if (!isObject(requirement)) return errors.push(invalidField(at, requirement, 'must be a node selector requirement'));
    if (requirement['key'] !== 'metadata.name') errors.push(invalidField(at.child('key'), requirement['key'] ?? null, 'not a valid field selector key'));
    const operator = requirement['operator'];
    if (operator !== 'In' && operator !== 'NotIn') errors.push(invalidField(at.child('operator'), operator ?? null, 'not a valid selector operator'));
    if (list(requirement['values']).length !== 1) errors.push(requiredField(at.child('values'), 'must be only one value when `operator` is \'In\' or \'NotIn\' for node field selector'));
    return undefined;
  });
  return errors;
}

function validateRequirementValues(requirement: Obj, at: FieldPath): FieldError[] {
  const operator = requirement['operator'];
  const values = requirement['values'];
  const count = list(values).length;
  switch (operator) {
    case 'In':
    case 'NotIn':
      return count === 0 ? [requiredField(at.child('values'), "must be specified when `operator` is 'In' or 'NotIn'")] : [];
    case 'Exists':
    case 'DoesNotExist':
      return count > 0 ? [forbiddenField(at.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")] : [];
    case 'Gt':
    case 'Lt': {
      if (count !== 1) return [requiredField(at.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'")];
      const value = list(values)[0];
      return typeof value === 'string' && /^-?[0-9]+$/.test(value) ? [] : [invalidField(at.child('values').index(0), value, 'must be an integer')];
    }
    default:
      return [notSupportedField(at.child('operator'), operator ?? null, NODE_OPERATORS)];
  }
}

/** Kruise's validateSubsetReplicas; `udReplicas` is -1 when spec.replicas is unset. */
function validateSubsetReplicas(udReplicas: number, subsets: Obj[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  let sumReplicas = 0;
  let sumMin = 0;
  let sumMax = 0;
  let countReplicas = 0;
  let countMax = 0;
  let hasReplicas = false;
  let hasCapacity = false;
  const parse = (value: unknown, at: FieldPath): number => {
    const parsed = parseSubsetReplicas(udReplicas, value as IntOrString);
    if (parsed.error !== undefined) errors.push(invalidField(at, value, parsed.error));
    return parsed.value;
  };
  subsets.forEach((subset, i) => {
    const at = path.index(i);
    let replicas = 0;
    if (isSet(subset['replicas'])) {
      countReplicas++;
      hasReplicas = true;
      replicas = parse(subset['replicas'], at.child('replicas'));
    }
    sumReplicas += replicas;
    let min = 0;
    if (isSet(subset['minReplicas'])) {
      hasCapacity = true;
      min = parse(subset['minReplicas'], at.child('minReplicas'));
    }
    sumMin += min;
    let max = UNSET_MAX_FOR_SUMS;
    if (isSet(subset['maxReplicas'])) {
      countMax++;
      hasCapacity = true;
      max = parse(subset['maxReplicas'], at.child('maxReplicas'));
    }
    sumMax += max;
    if (min > max) errors.push(invalidField(at.child('minReplicas'), subset['minReplicas'], `subset[${i}].minReplicas must be less than or equal to maxReplicas`));
  });
  if (hasReplicas && hasCapacity) {
    errors.push(invalidField(path, '(subsets)', 'subset.Replicas and subset.MinReplicas/subset.MaxReplicas are mutually exclusive in a UnitedDeployment'));
    return errors;
  }
  if (hasCapacity) {
    if (udReplicas === -1) errors.push(invalidField(path, udReplicas, 'spec.replicas must be not empty if you set subset.minReplicas/maxReplicas'));
    if (countMax >= subsets.length) errors.push(invalidField(path, countMax, 'at least one subset.maxReplicas must be empty'));
    if (sumMin > sumMax) errors.push(invalidField(path, sumMin, 'sum of indicated subset.minReplicas should not be greater than sum of indicated subset.maxReplicas'));
  } else if (udReplicas !== -1) {
    if (sumReplicas > udReplicas) {
      errors.push(invalidField(path, sumReplicas, `sum of indicated subset replicas ${sumReplicas} should not be greater than UnitedDeployment replicas ${udReplicas}`));
    }
    if (countReplicas > 0 && countReplicas === subsets.length && sumReplicas !== udReplicas) {
      errors.push(invalidField(path, sumReplicas, `if replicas of all subsets are provided, the sum of indicated subset replicas ${sumReplicas} should equal UnitedDeployment replicas ${udReplicas}`));
    }
  } else if (countReplicas !== subsets.length) {
    errors.push(invalidField(path, sumReplicas, 'if UnitedDeployment replicas is not provided, replicas of all subsets should be provided'));
  }
  return errors;
}

function validateUpdateStrategy(raw: unknown, names: Set<string>, path: FieldPath): FieldError[] {
  if (!isSet(raw)) return [];
  if (!isObject(raw)) return [invalidField(path, raw, 'must be an object')];
  const errors: FieldError[] = [];
  const type = raw['type'] ?? '';
  if (!UPDATE_TYPES.includes(type as string)) errors.push(notSupportedField(path.child('type'), type, ['Manual']));
  const manual = raw['manualUpdate'];
  if (isSet(manual) && !isObject(manual)) return [...errors, invalidField(path.child('manualUpdate'), manual, 'must be an object')];
  const partitions = isObject(manual) ? manual['partitions'] : undefined;
  const partitionsPath = path.child('manualUpdate', 'partitions');
  if (isSet(partitions) && !isObject(partitions)) return [...errors, invalidField(partitionsPath, partitions, 'must be a map of subset name to partition')];
  for (const [subset, partition] of Object.entries(isObject(partitions) ? partitions : {})) {
    if (!names.has(subset)) errors.push(invalidField(partitionsPath.key(subset), partition, `subset ${subset} does not exist`));
    else errors.push(...nonNegativeInteger(partition, partitionsPath.key(subset)));
  }
  return errors;
}

/** A subset's nodeSelectorTerm and tolerations are immutable; a (advanced) StatefulSet template may change only its template, updateStrategy and replicas. */
function validateUpdate(spec: Obj, old: { spec?: unknown }, specPath: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const oldSpec: Obj = isObject(old.spec) ? old.spec : {};
  const oldTopology = isObject(oldSpec['topology']) ? oldSpec['topology'] : {};
  const oldSubsets = new Map(list(oldTopology['subsets']).filter(isObject).map((s) => [s['name'], s]));
  const topology = isObject(spec['topology']) ? spec['topology'] : {};
  list(topology['subsets']).forEach((subset, i) => {
    if (!isObject(subset)) return;
    const before = oldSubsets.get(subset['name']);
    if (before === undefined) return;
    const at = specPath.child('topology', 'subsets').index(i);
    if (!semanticEqual(subset['nodeSelectorTerm'], before['nodeSelectorTerm'])) errors.push(forbiddenField(at.child('nodeSelectorTerm'), 'may not be changed in an update'));
    if (!semanticEqual(subset['tolerations'], before['tolerations'])) errors.push(forbiddenField(at.child('tolerations'), 'may not be changed in an update'));
  });
  const template = isObject(spec['template']) ? spec['template'] : {};
  const oldTemplate = isObject(oldSpec['template']) ? oldSpec['template'] : {};
  for (const kind of ['statefulSetTemplate', 'advancedStatefulSetTemplate'] as const) {
    const now = isObject(template[kind]) ? template[kind]['spec'] : undefined;
    const before = isObject(oldTemplate[kind]) ? oldTemplate[kind]['spec'] : undefined;
    if (!isObject(now) || !isObject(before)) continue;
    const fixed = (s: Obj) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'replicas' && k !== 'template' && k !== 'updateStrategy'));
    if (!semanticEqual(fixed(now), fixed(before))) {
      errors.push(forbiddenField(specPath.child('template', kind, 'spec'), `updates to ${kind} spec for fields other than 'template', and 'updateStrategy' are forbidden`));
    }
    break;
  }
  return errors;
}
