// Kruise Rollouts' "advanced Deployment" (docs/spec/kruise-rollout.md §1.7, §3.6): an apps/v1 Deployment
// released in partition style carries its real rolling strategy in an annotation while its spec says
// paused + Recreate (which keeps the native controller away), and the advanced Deployment controller
// reports its progress in a second annotation. Upstream: api/v1alpha1/deployment_types.go,
// pkg/util/workloads_utils.go (GetDeploymentStrategy, GetDeploymentExtraStatus).
import type { Deployment, RollingUpdateDeployment } from './apps-v1.js';
import { validateRollingUpdateDeployment } from './deployment-validation.js';
import { FieldPath, invalidField, notSupportedField, type FieldError } from './field-errors.js';
import type { IntOrString } from './meta.js';
import { ANNOTATION_BATCH_RELEASE_CONTROL_INFO } from './rollout.js';
import { scaledIntOrPercent } from './rollout-validation.js';
import { isObject, isSet } from './value-shape.js';

export const ANNOTATION_DEPLOYMENT_STRATEGY = 'rollouts.kruise.io/deployment-strategy';
export const ANNOTATION_DEPLOYMENT_EXTRA_STATUS = 'rollouts.kruise.io/deployment-extra-status';
export const LABEL_ADVANCED_DEPLOYMENT_CONTROL = 'rollouts.kruise.io/controlled-by-advanced-deployment-controller';

export type DeploymentRollingStyle = 'Partition' | 'Canary' | 'BlueGreen';

/** The annotation rollouts.kruise.io/deployment-strategy (Go: v1alpha1.DeploymentStrategy). */
export interface AdvancedDeploymentStrategy {
  rollingStyle?: DeploymentRollingStyle;
  rollingUpdate?: RollingUpdateDeployment;
  paused?: boolean;
  /** How many pods (or what share) run the NEW revision: the opposite sense of a CloneSet's partition. */
  partition?: IntOrString;
}

/** The annotation rollouts.kruise.io/deployment-extra-status (Go: v1alpha1.DeploymentExtraStatus). */
export interface DeploymentExtraStatus {
  updatedReadyReplicas?: number;
  expectedUpdatedReplicas?: number;
}

const ROLLING_STYLES: readonly DeploymentRollingStyle[] = ['Partition', 'Canary', 'BlueGreen'];
/** Go's intstr and int32 fields hold no more. */
const MAX_INT32 = 2147483647;
const PERCENT = /^[0-9]+%$/;

const annotationPath = (key: string) => FieldPath.of('metadata', 'annotations').key(key);

/** The annotation's JSON object; undefined with the problem when it is not one. */
function parseObject(text: string, path: FieldPath): { value?: Record<string, unknown>; problem?: FieldError } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: invalidField(path, text, 'must be a JSON object') };
  }
  return isObject(value) ? { value } : { problem: invalidField(path, text, 'must be a JSON object') };
}

/** A count in an annotation: an integer from 0 to 2147483647. */
function countProblems(value: unknown, path: FieldPath): FieldError[] {
  if (typeof value !== 'number' || !Number.isInteger(value)) return [invalidField(path, value, 'must be an integer')];
  if (value < 0) return [invalidField(path, value, 'must be greater than or equal to 0')];
  return value > MAX_INT32 ? [invalidField(path, value, `must be at most ${MAX_INT32}`)] : [];
}

/** An int-or-percent in an annotation: a count, or "<digits>%" of at most 100 %. */
function shareProblems(value: unknown, path: FieldPath): FieldError[] {
  if (typeof value !== 'string') return countProblems(value, path);
  if (!PERCENT.test(value)) return [invalidField(path, value, "must be an integer or a percent string of digits followed by '%' (e.g. '20%')")];
  return Number(value.slice(0, -1)) > 100 ? [invalidField(path, value, 'must not be greater than 100%')] : [];
}

/** What the deployment-strategy annotation says that can be acted on, and why the rest cannot. */
export interface DeploymentStrategyReading {
  /** Only the fields that are sound; the zero strategy when the annotation is absent or not an object. */
  strategy: AdvancedDeploymentStrategy;
  /** One per unsound field, naming it (metadata.annotations[rollouts.kruise.io/deployment-strategy].partition); empty when all are sound. */
  problems: FieldError[];
}

/**
 * Go: GetDeploymentStrategy, which ignores an unreadable annotation (the zero strategy). Coxswain also
 * leaves out each field Go could not have decoded or that no controller can act on (a rollingStyle not
 * Partition, Canary or BlueGreen; a rollingUpdate Kubernetes would refuse in a spec; paused not a
 * boolean; a partition not a count nor a percentage of at most 100 %), and says why.
 */
export function readDeploymentStrategy(d: Deployment): DeploymentStrategyReading {
  const text = d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY];
  if (text === undefined || text === '') return { strategy: {}, problems: [] };
  const path = annotationPath(ANNOTATION_DEPLOYMENT_STRATEGY);
  const { value, problem } = parseObject(text, path);
  if (!value) return { strategy: {}, problems: [problem!] };
  const strategy: AdvancedDeploymentStrategy = {};
  const problems: FieldError[] = [];
  const { rollingStyle, rollingUpdate, paused, partition } = value;
  if (isSet(rollingStyle)) {
    if (ROLLING_STYLES.includes(rollingStyle as DeploymentRollingStyle)) strategy.rollingStyle = rollingStyle as DeploymentRollingStyle;
    else problems.push(notSupportedField(path.child('rollingStyle'), rollingStyle, ROLLING_STYLES));
  }
  if (isSet(rollingUpdate)) {
    const rollingPath = path.child('rollingUpdate');
    const found = validateRollingUpdateDeployment(rollingUpdate, rollingPath);
    if (isObject(rollingUpdate)) {
      for (const field of ['maxSurge', 'maxUnavailable']) {
        if (typeof rollingUpdate[field] === 'number') found.push(...countProblems(rollingUpdate[field], rollingPath.child(field)).filter((e) => !found.some((f) => f.field === e.field)));
      }
    }
    if (found.length === 0) strategy.rollingUpdate = rollingUpdate as RollingUpdateDeployment;
    problems.push(...found);
  }
  if (isSet(paused)) {
    if (typeof paused === 'boolean') strategy.paused = paused;
    else problems.push(invalidField(path.child('paused'), paused, 'must be true or false'));
  }
  if (isSet(partition)) {
    const found = shareProblems(partition, path.child('partition'));
    if (found.length === 0) strategy.partition = partition as IntOrString;
    problems.push(...found);
  }
  return { strategy, problems };
}

/** Go: GetDeploymentStrategy — the sound fields of the annotation (readDeploymentStrategy). */
export function deploymentStrategyOf(d: Deployment): AdvancedDeploymentStrategy {
  return readDeploymentStrategy(d).strategy;
}

/** The deployment-extra-status annotation's counts that are sound, and why the others are not. */
function readDeploymentExtraStatus(d: Deployment): { status: DeploymentExtraStatus; problems: FieldError[] } {
  const text = d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_EXTRA_STATUS];
  if (text === undefined || text === '') return { status: {}, problems: [] };
  const path = annotationPath(ANNOTATION_DEPLOYMENT_EXTRA_STATUS);
  const { value, problem } = parseObject(text, path);
  if (!value) return { status: {}, problems: [problem!] };
  const status: DeploymentExtraStatus = {};
  const problems: FieldError[] = [];
  for (const field of ['updatedReadyReplicas', 'expectedUpdatedReplicas'] as const) {
    if (!isSet(value[field])) continue;
    const found = countProblems(value[field], path.child(field));
    if (found.length === 0) status[field] = value[field] as number;
    problems.push(...found);
  }
  return { status, problems };
}

/** Go: GetDeploymentExtraStatus — its sound counts (a count Go could not decode is 0 there too). */
export function deploymentExtraStatusOf(d: Deployment): DeploymentExtraStatus {
  return readDeploymentExtraStatus(d).status;
}

/**
 * Admission of the two annotations on a Deployment: a value a person or a tool writes that no
 * controller could act on is refused, naming the field. A value the write leaves as it was stored is not
 * judged again, so an object stored before stays writable (and the BatchRelease can repair it).
 */
export function validateAdvancedDeploymentAnnotations(d: Deployment, old?: Deployment): FieldError[] {
  const changed = (key: string) => d.metadata?.annotations?.[key] !== undefined && d.metadata.annotations[key] !== old?.metadata?.annotations?.[key];
  return [
    ...(changed(ANNOTATION_DEPLOYMENT_STRATEGY) ? readDeploymentStrategy(d).problems : []),
    ...(changed(ANNOTATION_DEPLOYMENT_EXTRA_STATUS) ? readDeploymentExtraStatus(d).problems : []),
  ];
}

/**
 * Go: SetDefaultDeploymentStrategy, partition style only, with its quirk (docs/spec/kruise-rollout.md §7):
 * a missing maxSurge writes the 25 % default into maxUnavailable and leaves maxSurge unset (0); both
 * resolving to 0 (of 100) become maxSurge 0, maxUnavailable 1. Returns a new object.
 */
export function withDefaultDeploymentStrategy(strategy: AdvancedDeploymentStrategy): AdvancedDeploymentStrategy {
  if (strategy.rollingStyle !== 'Partition') return strategy;
  const rollingUpdate: RollingUpdateDeployment = { ...(strategy.rollingUpdate ?? {}) };
  if (rollingUpdate.maxUnavailable === undefined) rollingUpdate.maxUnavailable = '25%';
  if (rollingUpdate.maxSurge === undefined) rollingUpdate.maxUnavailable = '25%';
  const surge = scaledIntOrPercent(rollingUpdate.maxSurge ?? 0, 100, true) ?? 0;
  const unavailable = scaledIntOrPercent(rollingUpdate.maxUnavailable, 100, true) ?? 0;
  return { ...strategy, rollingUpdate: surge === 0 && unavailable === 0 ? { maxSurge: 0, maxUnavailable: 1 } : rollingUpdate };
}

/** The annotation's JSON, fields in Go's order (rollingStyle, rollingUpdate, paused, partition; omitempty). */
export function deploymentStrategyJson(strategy: AdvancedDeploymentStrategy): string {
  return JSON.stringify({
    ...(strategy.rollingStyle ? { rollingStyle: strategy.rollingStyle } : {}),
    ...(strategy.rollingUpdate ? { rollingUpdate: strategy.rollingUpdate } : {}),
    ...(strategy.paused === true ? { paused: true } : {}),
    partition: strategy.partition ?? 0,
  });
}

/** The annotation's JSON (omitempty: a 0 is left out, as Go's). */
export function deploymentExtraStatusJson(status: DeploymentExtraStatus): string {
  return JSON.stringify({
    ...(status.updatedReadyReplicas ? { updatedReadyReplicas: status.updatedReadyReplicas } : {}),
    ...(status.expectedUpdatedReplicas ? { expectedUpdatedReplicas: status.expectedUpdatedReplicas } : {}),
  });
}

/**
 * Go: IsUnderRolloutControl — the BatchRelease's control-info is on it, its strategy is Recreate and it is
 * paused: what keeps the native controller away and lets the advanced one act.
 */
export function isUnderRolloutControl(d: Deployment): boolean {
  if ((d.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO] ?? '') === '') return false;
  return d.spec.strategy?.type === 'Recreate' && d.spec.paused === true;
}

/**
 * Go: NewRSReplicasLimit — how many pods the new ReplicaSet may have under `partition`: scaled (rounded
 * up) and clamped to [0, replicas]; a percentage other than "100%" leaves one old pod when replicas > 1.
 */
export function newRSReplicasLimit(partition: IntOrString | undefined, replicas: number): number {
  const scaled = scaledIntOrPercent(partition ?? 0, replicas, true) ?? 0;
  let limit = Math.max(Math.min(scaled, replicas), 0);
  if (replicas > 1 && typeof partition === 'string' && partition !== '100%') limit = Math.min(limit, replicas - 1);
  return limit;
}
