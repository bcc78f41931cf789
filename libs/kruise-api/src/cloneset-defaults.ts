// CloneSet defaulting as Kruise's mutating webhook does it (docs/spec/cloneset.md §1.2), for both API
// versions: v1alpha1 for objects as clients write them, v1beta1 for the storage object. Inputs are
// never modified; defaulting an already defaulted object changes nothing.
import type { CloneSet, CloneSetRollingUpdateStrategy, CloneSetV1alpha1 } from './cloneset.js';
import { isCloneSetV1alpha1 } from './cloneset-conversion.js';
import type { PodTemplateSpec } from './core.js';
import { DEFAULT_FEATURE_GATES, type FeatureGates } from './feature-gates.js';
import { DEFAULT_MAX_UNAVAILABLE } from './intstr.js';
import { setDefaultsPersistentVolumeClaimTemplate, setDefaultsPodTemplateSpec } from './pod-template-defaults.js';

export const DEFAULT_CLONESET_REPLICAS = 1;
export const DEFAULT_REVISION_HISTORY_LIMIT = 10;

export interface CloneSetDefaultingOptions {
  /** The stored object when this is an update (either version); absent on create. */
  old?: CloneSet | CloneSetV1alpha1;
  /** TemplateNoDefaults switches template defaulting off. Defaults to Kruise's gate defaults. */
  gates?: FeatureGates;
}

/** JSON equality: key order and keys holding `undefined` do not matter, `{}` and an absent field do. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const definedKeys = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
  const keysA = definedKeys(a);
  if (keysA.length !== definedKeys(b).length) return false;
  return keysA.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** What template defaulting needs to know, for any Kruise workload. */
export interface TemplateDefaultingOptions {
  /** The stored object when this is an update; absent on create. */
  old?: { spec?: { template?: PodTemplateSpec } };
  gates?: FeatureGates;
}

/**
 * Template (and volumeClaimTemplates) defaults are injected on create, and on update only when the
 * template changed — so an update that leaves the template alone can never create a new revision —
 * and never with gate TemplateNoDefaults.
 */
export function shouldInjectTemplateDefaults(template: PodTemplateSpec | undefined, options: TemplateDefaultingOptions = {}): boolean {
  if ((options.gates ?? DEFAULT_FEATURE_GATES).enabled('TemplateNoDefaults')) return false;
  return options.old === undefined || !jsonEqual(template, options.old.spec?.template);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** replicas, revisionHistoryLimit and the template/PVC defaults, identical in both versions. */
function defaultCommonSpec(spec: CloneSet['spec'] | CloneSetV1alpha1['spec'], options: CloneSetDefaultingOptions): void {
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = DEFAULT_CLONESET_REPLICAS;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = DEFAULT_REVISION_HISTORY_LIMIT;
  if (!shouldInjectTemplateDefaults(spec.template, options)) return;
  if (isObject(spec.template)) spec.template = setDefaultsPodTemplateSpec(spec.template);
  if (Array.isArray(spec.volumeClaimTemplates)) {
    spec.volumeClaimTemplates = spec.volumeClaimTemplates.map((pvc) => (isObject(pvc) ? setDefaultsPersistentVolumeClaimTemplate(pvc) : pvc));
  }
}

/** SetDefaultsCloneSet for a v1alpha1 object. */
export function setDefaultsCloneSetV1alpha1(obj: CloneSetV1alpha1, options: CloneSetDefaultingOptions = {}): CloneSetV1alpha1 {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out; // nothing to default; validation reports the missing spec
  const spec = out.spec;
  defaultCommonSpec(spec, options);
  if (!isObject(spec.updateStrategy)) spec.updateStrategy = {};
  const strategy = spec.updateStrategy;
  if (isUnset(strategy.type)) strategy.type = 'ReCreate';
  else if ((strategy.type === 'InPlaceIfPossible' || strategy.type === 'InPlaceOnly') && !isObject(strategy.inPlaceUpdateStrategy)) {
    // gracePeriodSeconds 0: in-place updates start without a grace period.
    strategy.inPlaceUpdateStrategy = {};
  }
  if (strategy.partition === undefined || strategy.partition === null) strategy.partition = 0;
  if (strategy.maxUnavailable === undefined || strategy.maxUnavailable === null) strategy.maxUnavailable = DEFAULT_MAX_UNAVAILABLE;
  if (strategy.maxSurge === undefined || strategy.maxSurge === null) strategy.maxSurge = 0;
  return out;
}

/** The v1beta1 branch of the webhook, for the storage object. */
export function setDefaultsCloneSet(obj: CloneSet, options: CloneSetDefaultingOptions = {}): CloneSet {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out;
  const spec = out.spec;
  defaultCommonSpec(spec, options);
  if (!isObject(spec.updateStrategy)) spec.updateStrategy = {};
  const strategy = spec.updateStrategy;
  if (isUnset(strategy.type)) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rolling: CloneSetRollingUpdateStrategy = isObject(strategy.rollingUpdate) ? strategy.rollingUpdate : {};
    strategy.rollingUpdate = rolling;
    if (isUnset(rolling.podUpdatePolicy)) rolling.podUpdatePolicy = 'ReCreate';
    if ((rolling.podUpdatePolicy === 'InPlaceIfPossible' || rolling.podUpdatePolicy === 'InPlaceOnly') && !isObject(rolling.inPlaceUpdateStrategy)) {
      rolling.inPlaceUpdateStrategy = {};
    }
    if (rolling.partition === undefined || rolling.partition === null) rolling.partition = 0;
    if (rolling.maxUnavailable === undefined || rolling.maxUnavailable === null) rolling.maxUnavailable = DEFAULT_MAX_UNAVAILABLE;
    if (rolling.maxSurge === undefined || rolling.maxSurge === null) rolling.maxSurge = 0;
  }
  // The CRD schema default; written out so the stored object says "no PVC reuse" explicitly.
  if (!isObject(spec.scaleStrategy)) spec.scaleStrategy = {};
  if (spec.scaleStrategy.enablePVCReuse === undefined || spec.scaleStrategy.enablePVCReuse === null) spec.scaleStrategy.enablePVCReuse = false;
  return out;
}

/** Defaults an object of either version with that version's rules. */
export function setDefaultsCloneSetAnyVersion(obj: CloneSetV1alpha1, options?: CloneSetDefaultingOptions): CloneSetV1alpha1;
export function setDefaultsCloneSetAnyVersion(obj: CloneSet, options?: CloneSetDefaultingOptions): CloneSet;
export function setDefaultsCloneSetAnyVersion(obj: CloneSet | CloneSetV1alpha1, options?: CloneSetDefaultingOptions): CloneSet | CloneSetV1alpha1;
export function setDefaultsCloneSetAnyVersion(obj: CloneSet | CloneSetV1alpha1, options: CloneSetDefaultingOptions = {}): CloneSet | CloneSetV1alpha1 {
  return isCloneSetV1alpha1(obj) ? setDefaultsCloneSetV1alpha1(obj, options) : setDefaultsCloneSet(obj, options);
}
