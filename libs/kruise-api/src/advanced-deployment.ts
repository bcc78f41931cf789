// Kruise Rollouts' "advanced Deployment" (docs/spec/kruise-rollout.md §1.7, §3.6): an apps/v1 Deployment
// released in partition style carries its real rolling strategy in an annotation while its spec says
// paused + Recreate (which keeps the native controller away), and the advanced Deployment controller
// reports its progress in a second annotation. Upstream: api/v1alpha1/deployment_types.go,
// pkg/util/workloads_utils.go (GetDeploymentStrategy, GetDeploymentExtraStatus).
import type { Deployment, RollingUpdateDeployment } from './apps-v1.js';
import type { IntOrString } from './meta.js';
import { ANNOTATION_BATCH_RELEASE_CONTROL_INFO } from './rollout.js';
import { scaledIntOrPercent } from './rollout-validation.js';

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

function parseObject<T>(text: string | undefined): T {
  if (text === undefined || text === '') return {} as T;
  try {
    const value: unknown = JSON.parse(text);
    return (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as T;
  } catch {
    // Go's GetDeploymentStrategy ignores an unreadable annotation: the zero strategy.
    return {} as T;
  }
}

/** Go: GetDeploymentStrategy — the zero strategy when the annotation is absent or unreadable. */
export function deploymentStrategyOf(d: Deployment): AdvancedDeploymentStrategy {
  return parseObject<AdvancedDeploymentStrategy>(d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY]);
}

/** Go: GetDeploymentExtraStatus. */
export function deploymentExtraStatusOf(d: Deployment): DeploymentExtraStatus {
  return parseObject<DeploymentExtraStatus>(d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_EXTRA_STATUS]);
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
    ...(strategy.paused ? { paused: true } : {}),
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
