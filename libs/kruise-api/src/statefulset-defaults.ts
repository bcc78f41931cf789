// StatefulSet defaulting: Kruise's mutating webhook for Advanced StatefulSet (apis/apps/defaults
// SetDefaultsStatefulSet, docs/spec/advanced-statefulset.md §1.1) in both API versions, and Kubernetes'
// SetDefaults_StatefulSet for apps/v1. Every Kruise default equals the native one (OrderedReady,
// RollingUpdate, partition 0, replicas 1, revisionHistoryLimit 10, PVC retention Retain/Retain), so a
// manifest whose apiVersion alone changes behaves the same; Kruise adds maxUnavailable 1, podUpdatePolicy
// ReCreate and minReadySeconds 0 under rollingUpdate. Inputs are never modified; defaulting twice
// changes nothing.
import type { NativeStatefulSet } from './apps-v1.js';
import { shouldInjectTemplateDefaults, type TemplateDefaultingOptions } from './cloneset-defaults.js';
import { DEFAULT_FEATURE_GATES } from './feature-gates.js';
import { setDefaultsPersistentVolumeClaimTemplate, setDefaultsPodTemplateSpec } from './pod-template-defaults.js';
import type { StatefulSet, StatefulSetV1alpha1 } from './statefulset.js';
import { isStatefulSetV1alpha1 } from './statefulset-conversion.js';

export const DEFAULT_STATEFULSET_REPLICAS = 1;
export const DEFAULT_STATEFULSET_REVISION_HISTORY_LIMIT = 10;

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The defaults apps/v1 and Kruise agree on, and the template defaults (pod spec, claim templates). */
function defaultShared(spec: Obj, injectTemplate: boolean): void {
  if (isUnset(spec['podManagementPolicy'])) spec['podManagementPolicy'] = 'OrderedReady';
  if (isUnset(spec['replicas'])) spec['replicas'] = DEFAULT_STATEFULSET_REPLICAS;
  if (isUnset(spec['revisionHistoryLimit'])) spec['revisionHistoryLimit'] = DEFAULT_STATEFULSET_REVISION_HISTORY_LIMIT;
  if (!injectTemplate) return;
  if (isObject(spec['template'])) spec['template'] = setDefaultsPodTemplateSpec(spec['template'] as never);
  if (Array.isArray(spec['volumeClaimTemplates'])) {
    spec['volumeClaimTemplates'] = spec['volumeClaimTemplates'].map((pvc: unknown) => (isObject(pvc) ? setDefaultsPersistentVolumeClaimTemplate(pvc as never) : pvc));
  }
}

function defaultRetentionPolicy(spec: Obj): void {
  const policy = isObject(spec['persistentVolumeClaimRetentionPolicy']) ? spec['persistentVolumeClaimRetentionPolicy'] : {};
  spec['persistentVolumeClaimRetentionPolicy'] = policy;
  if (isUnset(policy['whenDeleted'])) policy['whenDeleted'] = 'Retain';
  if (isUnset(policy['whenScaled'])) policy['whenScaled'] = 'Retain';
}

/** Kruise's rollingUpdate defaults: only when the strategy is RollingUpdate (an OnDelete strategy keeps none). */
function defaultKruiseUpdateStrategy(spec: Obj): void {
  const strategy = isObject(spec['updateStrategy']) ? spec['updateStrategy'] : {};
  spec['updateStrategy'] = strategy;
  if (isUnset(strategy['type'])) strategy['type'] = 'RollingUpdate';
  if (strategy['type'] !== 'RollingUpdate') return;
  const rolling = isObject(strategy['rollingUpdate']) ? strategy['rollingUpdate'] : {};
  strategy['rollingUpdate'] = rolling;
  if (isUnset(rolling['partition'])) rolling['partition'] = 0;
  if (isUnset(rolling['maxUnavailable'])) rolling['maxUnavailable'] = 1;
  if (isUnset(rolling['podUpdatePolicy'])) rolling['podUpdatePolicy'] = 'ReCreate';
  if (isUnset(rolling['minReadySeconds'])) rolling['minReadySeconds'] = 0;
}

/** SetDefaultsStatefulSet for the storage version (v1beta1). */
export function setDefaultsStatefulSet(obj: StatefulSet, options: TemplateDefaultingOptions = {}): StatefulSet {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out; // nothing to default; validation reports the missing spec
  const spec = out.spec as unknown as Obj;
  defaultShared(spec, shouldInjectTemplateDefaults(out.spec.template, options));
  defaultKruiseUpdateStrategy(spec);
  // Only with gate StatefulSetAutoDeletePVC does Kruise default (and honour) the retention policy.
  if ((options.gates ?? DEFAULT_FEATURE_GATES).enabled('StatefulSetAutoDeletePVC')) defaultRetentionPolicy(spec);
  if ((options.gates ?? DEFAULT_FEATURE_GATES).enabled('StatefulSetAutoResizePVCGate')) {
    const vcus = isObject(spec['volumeClaimUpdateStrategy']) ? spec['volumeClaimUpdateStrategy'] : {};
    spec['volumeClaimUpdateStrategy'] = vcus;
    if (isUnset(vcus['type'])) vcus['type'] = 'OnDelete';
  }
  return out;
}

/** The same webhook for an object written in v1alpha1 (which has no retention policy to default). */
export function setDefaultsStatefulSetV1alpha1(obj: StatefulSetV1alpha1, options: TemplateDefaultingOptions = {}): StatefulSetV1alpha1 {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out;
  const spec = out.spec as unknown as Obj;
  defaultShared(spec, shouldInjectTemplateDefaults(out.spec.template, options));
  defaultKruiseUpdateStrategy(spec);
  return out;
}

export function setDefaultsStatefulSetAnyVersion(obj: StatefulSet | StatefulSetV1alpha1, options: TemplateDefaultingOptions = {}): StatefulSet | StatefulSetV1alpha1 {
  return isStatefulSetV1alpha1(obj) ? setDefaultsStatefulSetV1alpha1(obj, options) : setDefaultsStatefulSet(obj, options);
}

/**
 * Kubernetes' SetDefaults_StatefulSet (apps/v1). A rollingUpdate (with partition 0) is created only
 * when the strategy type was empty; an explicit `type: RollingUpdate` without rollingUpdate keeps none.
 * maxUnavailable is not defaulted (gate MaxUnavailableStatefulSet off). Template defaults always apply,
 * as the API server defaults the whole object.
 */
export function setDefaultsNativeStatefulSet(obj: NativeStatefulSet): NativeStatefulSet {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out;
  const spec = out.spec as unknown as Obj;
  defaultShared(spec, true);
  const strategy = isObject(spec['updateStrategy']) ? spec['updateStrategy'] : {};
  spec['updateStrategy'] = strategy;
  if (isUnset(strategy['type'])) {
    strategy['type'] = 'RollingUpdate';
    if (!isObject(strategy['rollingUpdate'])) strategy['rollingUpdate'] = {};
  }
  const rolling = strategy['rollingUpdate'];
  if (strategy['type'] === 'RollingUpdate' && isObject(rolling) && isUnset(rolling['partition'])) rolling['partition'] = 0;
  defaultRetentionPolicy(spec);
  return out;
}
