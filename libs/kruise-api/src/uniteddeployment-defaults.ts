// UnitedDeployment defaulting as Kruise's mutating webhook does it (SetDefaultsUnitedDeployment, the
// same for v1alpha1 and v1beta1; docs/spec/uniteddeployment.md §1.1): replicas 1, revisionHistoryLimit 10,
// updateStrategy Manual with an empty manualUpdate, minReplicas 0 on every subset without one when the
// topology uses min/max and no subset sets replicas, and pod-spec defaults in a statefulSetTemplate
// (the only template Kruise defaults; the subset workloads' own admission defaults the others). Inputs
// are never modified; defaulting twice changes nothing.
import type { PodTemplateSpec } from './core.js';
import { shouldInjectTemplateDefaults, type TemplateDefaultingOptions } from './cloneset-defaults.js';
import { setDefaultsPersistentVolumeClaimTemplate, setDefaultsPodTemplateSpec } from './pod-template-defaults.js';
import type { UnitedDeployment, UnitedDeploymentV1alpha1 } from './uniteddeployment.js';

export const DEFAULT_UNITED_DEPLOYMENT_REPLICAS = 1;
export const DEFAULT_UNITED_DEPLOYMENT_REVISION_HISTORY_LIMIT = 10;

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export interface UnitedDeploymentDefaultingOptions extends Pick<TemplateDefaultingOptions, 'gates'> {
  /** The stored object when this is an update; absent on create. */
  old?: UnitedDeployment | UnitedDeploymentV1alpha1;
}

/** Either version, returned in the version it was written in. */
export function setDefaultsUnitedDeployment<T extends UnitedDeployment | UnitedDeploymentV1alpha1>(obj: T, options: UnitedDeploymentDefaultingOptions = {}): T {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out; // validation reports the missing spec
  const spec = out.spec as unknown as Obj;
  if (isUnset(spec['replicas'])) spec['replicas'] = DEFAULT_UNITED_DEPLOYMENT_REPLICAS;
  if (isUnset(spec['revisionHistoryLimit'])) spec['revisionHistoryLimit'] = DEFAULT_UNITED_DEPLOYMENT_REVISION_HISTORY_LIMIT;
  const strategy = isObject(spec['updateStrategy']) ? spec['updateStrategy'] : {};
  spec['updateStrategy'] = strategy;
  if (isUnset(strategy['type'])) strategy['type'] = 'Manual';
  if (strategy['type'] === 'Manual' && !isObject(strategy['manualUpdate'])) strategy['manualUpdate'] = {};
  defaultStatefulSetTemplate(spec, options);
  defaultMinReplicas(spec);
  return out;
}

function defaultStatefulSetTemplate(spec: Obj, options: UnitedDeploymentDefaultingOptions): void {
  const template = isObject(spec['template']) ? spec['template']['statefulSetTemplate'] : undefined;
  const stsSpec = isObject(template) ? template['spec'] : undefined;
  if (!isObject(stsSpec)) return;
  const oldTemplate = oldStatefulSetPodTemplate(options.old);
  const inject = shouldInjectTemplateDefaults(stsSpec['template'] as PodTemplateSpec | undefined, {
    gates: options.gates,
    ...(options.old !== undefined ? { old: { spec: { template: oldTemplate } } } : {}),
  });
  if (!inject) return;
  if (isObject(stsSpec['template'])) stsSpec['template'] = setDefaultsPodTemplateSpec(stsSpec['template'] as never);
  if (Array.isArray(stsSpec['volumeClaimTemplates'])) {
    stsSpec['volumeClaimTemplates'] = stsSpec['volumeClaimTemplates'].map((pvc: unknown) => (isObject(pvc) ? setDefaultsPersistentVolumeClaimTemplate(pvc as never) : pvc));
  }
}

function oldStatefulSetPodTemplate(old: UnitedDeploymentDefaultingOptions['old']): PodTemplateSpec | undefined {
  return old?.spec?.template?.statefulSetTemplate?.spec?.template;
}

function defaultMinReplicas(spec: Obj): void {
  const topology = spec['topology'];
  const subsets = isObject(topology) && Array.isArray(topology['subsets']) ? topology['subsets'].filter(isObject) : [];
  const has = (s: Obj, field: string) => s[field] !== undefined && s[field] !== null;
  const hasReplicas = subsets.some((s) => has(s, 'replicas'));
  const hasCapacity = subsets.some((s) => has(s, 'minReplicas') || has(s, 'maxReplicas'));
  if (!hasCapacity || hasReplicas) return;
  for (const subset of subsets) if (!has(subset, 'minReplicas')) subset['minReplicas'] = 0;
}
