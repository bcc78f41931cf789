// The Rollout validating webhook (docs/spec/kruise-rollout.md §1.8), in Kruise Rollouts' own field
// paths and words, then what Coxswain refuses because nothing in it would act on it (docs/spec/kruise-rollout.md §8.1): traffic
// routing, blue-green, DaemonSets; and Coxswain's extension, a step's analysis (docs/analysis.md §5). A v1alpha1 Rollout is validated in its v1beta1 form
// (toStorageRollout): the rules are the same on the converted fields. Never throws on any input.
import { FieldPath, forbiddenField, invalidField, type FieldError } from './field-errors.js';
import { defaultStepAnalysis, validateStepAnalysis } from './rollouts/analysis.js';
import { isObject } from './value-shape.js';
import type { IntOrString } from './meta.js';
import { groupOf } from './kinds.js';
import type { BatchRelease, BlueGreenStrategy, CanaryStep, ObjectRef, Rollout, RolloutStrategy, TrafficRoutingRef } from './rollout.js';

/** `--partition-percent-limit`: a partition-style step with traffic may not exceed this percentage. */
export const PARTITION_PERCENT_LIMIT_WITH_TRAFFIC = 50;

/** Group + kind Kruise Rollouts supports (pkg/util/workloads_utils.go knownWorkloadGVKs). */
const SUPPORTED = new Set(['apps/Deployment', 'apps/StatefulSet', 'apps/DaemonSet', 'apps.kruise.io/CloneSet', 'apps.kruise.io/StatefulSet', 'apps.kruise.io/DaemonSet']);
const BLUE_GREEN_SUPPORTED = new Set(['apps/Deployment', 'apps.kruise.io/CloneSet']);
/** What Coxswain's BatchRelease drives (docs/spec/kruise-rollout.md §8.1); an apps/v1 Deployment in canary or partition style. */
const COXSWAIN_DRIVES = new Set(['apps.kruise.io/CloneSet', 'apps.kruise.io/StatefulSet', 'apps/StatefulSet', 'apps/Deployment']);

/**
 * apimachinery's GetScaledValueFromIntOrPercent: an int as is; a string must be `<int>%`; else an error
 * (undefined here).
 */
export function scaledIntOrPercent(value: IntOrString | undefined, total: number, roundUp: boolean): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^[+-]?[0-9]+%$/.test(value)) return undefined;
  const exact = (Number(value.slice(0, -1)) * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

const isPercent = (replicas: IntOrString | undefined) => replicas === undefined || typeof replicas === 'string';

type Style = 'Partition' | 'Canary' | 'BlueGreen' | '';

/** The validation context's style: Partition for a real partition (docs/spec/kruise-rollout.md §1.5), else the strategy's. */
function contextStyle(rollout: Rollout): Style {
  const { canary, blueGreen } = rollout.spec?.strategy ?? {};
  if (!canary && !blueGreen) return '';
  if (blueGreen) return 'BlueGreen';
  const ref = rollout.spec.workloadRef;
  const canaryStyle = canary?.enableExtraWorkloadForCanary === true;
  const deploymentCanary = ref?.apiVersion === 'apps/v1' && ref?.kind === 'Deployment' && canaryStyle;
  return deploymentCanary ? 'Canary' : 'Partition';
}

function validateObjectRef(ref: ObjectRef | undefined, style: Style): FieldError[] {
  const path = 'Spec.ObjectRef.WorkloadRef';
  if (!isObject(ref)) return [invalidField(path, ref ?? null, 'WorkloadRef is required')];
  const key = `${groupOf(String(ref.apiVersion ?? ''))}/${String(ref.kind ?? '')}`;
  if (!SUPPORTED.has(key)) return [invalidField(path, ref, 'WorkloadRef kind is not supported')];
  if (style === 'BlueGreen' && !BLUE_GREEN_SUPPORTED.has(key)) return [invalidField(path, ref, 'WorkloadRef kind is not supported for bluegreen style')];
  return [];
}

function validateTraffic(value: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!isObject(value)) return [invalidField(`${path}.TrafficRoutings`, value, 'TrafficRoutings are not set')];
  const traffic = value as TrafficRoutingRef;
  if (typeof traffic.gracePeriodSeconds === 'number' && traffic.gracePeriodSeconds < 0) {
    errors.push(invalidField(`${path}.GracePeriodSeconds`, traffic.service ?? '', 'TrafficRouting.GracePeriodSeconds cannot be negative'));
  }
  if (!traffic.service) errors.push(invalidField(`${path}.Service`, traffic.service ?? '', 'TrafficRouting.Service cannot be empty'));
  if (traffic.gateway == null && traffic.ingress == null && traffic.customNetworkRefs == null) {
    errors.push(invalidField(`${path}.TrafficRoutings`, traffic.ingress ?? null, 'TrafficRoutings are not set'));
  }
  if (traffic.ingress != null && !traffic.ingress.name) errors.push(invalidField(`${path}.Ingress`, traffic.ingress, 'TrafficRouting.Ingress.Ingress cannot be empty'));
  if (traffic.gateway != null && !traffic.gateway.httpRouteName) {
    errors.push(invalidField(`${path}.Gateway`, traffic.gateway, 'TrafficRouting.Gateway must set the name of HTTPRoute or HTTPsRoute'));
  }
  return errors;
}

function validateSteps(steps: CanaryStep[] | undefined, style: Style, path: string): FieldError[] {
  if (!Array.isArray(steps) || steps.length === 0) return [invalidField(path, steps ?? null, 'The number of Canary.Steps cannot be empty')];
  for (const [i, raw] of steps.entries()) {
    const step: CanaryStep = isObject(raw) ? raw : {};
    if (step.replicas === undefined || step.replicas === null) return [invalidField(`${path}[${i}].steps`, steps, 'replicas cannot be empty')];
    const scaled = scaledIntOrPercent(step.replicas, 100, true);
    if (scaled === undefined || scaled <= 0 || (scaled > 100 && typeof step.replicas === 'string')) {
      return [invalidField(`${path}[${i}].Replicas`, step.replicas, 'replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"')];
    }
    const matches = Array.isArray(step.matches) ? step.matches : [];
    if (step.traffic == null && matches.length === 0) continue;
    if (style === 'Partition' && isPercent(step.replicas) && scaled > PARTITION_PERCENT_LIMIT_WITH_TRAFFIC) {
      return [invalidField(`${path}[${i}].steps`, steps, 'For partition style rollout: step[x].replicas must not greater than partition-percent-limit if traffic specified')];
    }
    if (step.traffic == null) continue;
    const weight = scaledIntOrPercent(typeof step.traffic === 'string' ? step.traffic : undefined, 100, true);
    if (style === 'BlueGreen') {
      if (weight === undefined || weight < 0 || weight > 100) {
        return [invalidField(`${path}[${i}].steps`, steps, 'traffic must be percentage with "0%" <= traffic <= "100%" in blueGreen strategy')];
      }
    } else if (weight === undefined || weight <= 0 || weight > 100) {
      return [invalidField(`${path}[${i}].steps`, steps, 'traffic must be percentage with "0%" < traffic <= "100%" in canary strategy')];
    }
  }
  for (let i = 1; i < steps.length; i++) {
    const prev = steps[i - 1]!.replicas;
    const curr = steps[i]!.replicas;
    if (isPercent(prev) !== isPercent(curr)) continue;
    if (scaledIntOrPercent(curr, 100, true)! < scaledIntOrPercent(prev, 100, true)!) {
      return [invalidField(`${path.replace(/\.Steps$/, '')}.CanaryReplicas`, steps, 'Steps.CanaryReplicas must be a non decreasing sequence')];
    }
  }
  return [];
}

function validateStrategy(rollout: Rollout, style: Style): FieldError[] {
  const strategy: RolloutStrategy = isObject(rollout.spec?.strategy) ? rollout.spec.strategy : {};
  const path = 'Spec.Strategy';
  if (strategy.canary == null && strategy.blueGreen == null) return [invalidField(path, null, 'Canary and BlueGreen cannot both be empty')];
  if (strategy.canary != null && strategy.blueGreen != null) return [invalidField(path, null, 'Canary and BlueGreen cannot both be set')];
  const [name, body]: [string, BlueGreenStrategy] = strategy.blueGreen != null ? ['BlueGreen', strategy.blueGreen] : ['Canary', strategy.canary!];
  const errors = validateSteps(body.steps, style, `${path}.${name}.Steps`);
  const routings = Array.isArray(body.trafficRoutings) ? body.trafficRoutings : [];
  if (routings.length > 1) errors.push(invalidField(`${path}.${name}`, routings, 'Rollout currently only support single TrafficRouting.'));
  for (const traffic of routings) errors.push(...validateTraffic(traffic, `${path}.${name}.TrafficRouting`));
  return errors;
}

function sameRef(a: ObjectRef | undefined, b: ObjectRef | undefined): boolean {
  return isObject(a) && isObject(b) && a.apiVersion === b.apiVersion && a.kind === b.kind && a.name === b.name;
}

/** Why Coxswain refuses a Rollout Kruise would admit (docs/spec/kruise-rollout.md §8.1), one error per reason. */
export function coxswainRolloutRefusals(rollout: Rollout): FieldError[] {
  const errors: FieldError[] = [];
  const strategy = rollout.spec?.strategy ?? {};
  const ref = rollout.spec?.workloadRef;
  const key = `${groupOf(String(ref?.apiVersion ?? ''))}/${String(ref?.kind ?? '')}`;
  if (!COXSWAIN_DRIVES.has(key)) {
    errors.push(invalidField('spec.workloadRef', ref, `Coxswain's Rollouts drive CloneSets, Advanced StatefulSets, apps/v1 StatefulSets and apps/v1 Deployments; a ${String(ref?.kind)} is not supported`));
  }
  if (strategy.blueGreen != null) errors.push(forbiddenField('spec.strategy.blueGreen', 'the blue-green style is not supported by Coxswain; use spec.strategy.canary'));
  const canary = strategy.canary ?? strategy.blueGreen;
  const noNetwork = 'traffic routing needs an ingress controller or a service mesh, and the embedded cluster has neither';
  if (canary) {
    const style = strategy.blueGreen != null ? 'blueGreen' : 'canary';
    if (Array.isArray(canary.trafficRoutings) && canary.trafficRoutings.length > 0) errors.push(forbiddenField(`spec.strategy.${style}.trafficRoutings`, noNetwork));
    if (canary.trafficRoutingRef) errors.push(forbiddenField(`spec.strategy.${style}.trafficRoutingRef`, noNetwork));
    if (canary.disableGenerateCanaryService === true) errors.push(forbiddenField(`spec.strategy.${style}.disableGenerateCanaryService`, noNetwork));
    for (const [i, step] of (Array.isArray(canary.steps) ? canary.steps : []).entries()) {
      if (!isObject(step)) continue;
      for (const field of ['traffic', 'matches', 'requestHeaderModifier'] as const) {
        if (step[field] != null) errors.push(forbiddenField(`spec.strategy.${style}.steps[${i}].${field}`, noNetwork));
      }
    }
  }
  return errors;
}

/**
 * Why Coxswain refuses a BatchRelease (v1beta1 form) that nothing in it would act on (docs/spec/kruise-rollout.md
 * §8.1): Kruise Rollouts has no BatchRelease webhook, but a BatchRelease written by hand must not be
 * stored to be ignored, nor released in a style it did not ask for (a blue-green CloneSet would otherwise
 * run as partition style). The words are the Rollout's refusals'.
 */
export function coxswainBatchReleaseRefusals(release: BatchRelease): FieldError[] {
  const errors: FieldError[] = [];
  const ref = release.spec?.workloadRef;
  const key = `${groupOf(String(ref?.apiVersion ?? ''))}/${String(ref?.kind ?? '')}`;
  if (!COXSWAIN_DRIVES.has(key)) {
    errors.push(invalidField('spec.workloadRef', ref, `Coxswain's BatchReleases drive CloneSets, Advanced StatefulSets, apps/v1 StatefulSets and apps/v1 Deployments; a ${String(ref?.kind)} is not supported`));
  }
  if (release.spec?.releasePlan?.rollingStyle === 'BlueGreen') {
    errors.push(forbiddenField('spec.releasePlan.rollingStyle', 'the blue-green style is not supported by Coxswain; use Partition or Canary'));
  }
  return errors;
}

export interface RolloutValidationOptions {
  /** The stored Rollout on update (its `status.phase` decides what is immutable), in v1beta1. */
  old?: Rollout;
  /** The other Rollouts of the namespace, in v1beta1 (the conflict check). */
  others?: readonly Rollout[];
}

/** Every error Kruise's webhook and then Coxswain's scope find in a (v1beta1-form) Rollout. */
export function validateRollout(rollout: Rollout, options: RolloutValidationOptions = {}): FieldError[] {
  const style = contextStyle(rollout);
  const kruise = [...validateObjectRef(rollout.spec?.workloadRef, style), ...validateStrategy(rollout, style)];
  const conflict = (options.others ?? []).find((r) => r.metadata.name !== rollout.metadata.name && sameRef(r.spec?.workloadRef, rollout.spec?.workloadRef));
  if (conflict) {
    kruise.push(invalidField('Conflict Checker', rollout.metadata.name ?? '',
      `This rollout conflict with Rollout(${conflict.metadata.namespace ?? ''}/${conflict.metadata.name ?? ''}), one workload only have less than one Rollout`));
  }
  if (kruise.length > 0) return kruise;
  const update = options.old ? validateRolloutUpdate(options.old, rollout) : [];
  if (update.length > 0) return update;
  return [...coxswainRolloutRefusals(rollout), ...validateStepAnalyses(rollout)];
}

/** Coxswain's extension: each step's analysis (docs/analysis.md §5). */
function validateStepAnalyses(rollout: Rollout): FieldError[] {
  const steps = rollout.spec?.strategy?.canary?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step, i) => (isObject(step) ? validateStepAnalysis(step.analysis, FieldPath.of('spec', 'strategy', 'canary', `steps[${i}]`, 'analysis')) : []));
}

const styleOf = (r: Rollout) => (r.spec?.strategy?.blueGreen ? 'BlueGreen' : r.spec?.strategy?.canary?.enableExtraWorkloadForCanary ? 'Canary' : 'Partition');
const routingsOf = (r: Rollout) => JSON.stringify((r.spec?.strategy?.canary ?? r.spec?.strategy?.blueGreen)?.trafficRoutings ?? null);
const stepCount = (r: Rollout) => ((r.spec?.strategy?.canary ?? r.spec?.strategy?.blueGreen)?.steps ?? []).length;

/** What may not change while the stored Rollout is Progressing or Terminating (first failing rule only). */
export function validateRolloutUpdate(old: Rollout, rollout: Rollout): FieldError[] {
  const phase = old.status?.phase;
  if (phase !== 'Progressing' && phase !== 'Terminating') return [];
  if (!sameRef(old.spec?.workloadRef, rollout.spec?.workloadRef)) return [forbiddenField('Spec.ObjectRef', "Rollout 'ObjectRef' field is immutable")];
  if (routingsOf(old) !== routingsOf(rollout)) {
    return [forbiddenField('Spec.Strategy.Canary|BlueGreen.TrafficRoutings', "Rollout 'Strategy.Canary|BlueGreen.TrafficRoutings' field is immutable")];
  }
  if (styleOf(old) !== styleOf(rollout)) return [forbiddenField('Spec.Strategy.Canary|BlueGreen', 'Rollout style and enableExtraWorkloadForCanary are immutable')];
  if (stepCount(old) !== stepCount(rollout)) return [forbiddenField('Spec.Strategy.Canary|BlueGreen', 'Amount of Rollout steps are immutable')];
  return [];
}

/** The CRD's only default that matters once traffic routing is refused: `disabled: false`. */
export function setDefaultsRollout<T extends { spec?: unknown }>(rollout: T): T {
  if (!isObject(rollout.spec)) return rollout;
  const spec: Record<string, unknown> = { ...rollout.spec };
  if (spec['disabled'] === undefined) spec['disabled'] = false;
  // Coxswain's extension: a step's analysis gets its defaults (docs/analysis.md §5), in either version's steps.
  const strategy = spec['strategy'];
  const canary = isObject(strategy) ? strategy['canary'] : undefined;
  if (isObject(strategy) && isObject(canary) && Array.isArray(canary['steps'])) {
    const steps = canary['steps'].map((step: unknown) => (isObject(step) && step['analysis'] !== undefined ? { ...step, analysis: defaultStepAnalysis(step['analysis']) } : step));
    spec['strategy'] = { ...strategy, canary: { ...canary, steps } };
  }
  return { ...rollout, spec };
}
