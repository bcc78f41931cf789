// Which Deployments Kruise Rollouts' advanced Deployment controller drives, and how it sees them
// (docs/spec/kruise-rollout.md §3.6; upstream pkg/controller/deployment/controller.go NewController,
// deployment/util IsUnderRolloutControl, MaxSurge/MaxUnavailable with the annotation's strategy). Pure.
import {
  ANNOTATION_DEPLOYMENT_STRATEGY, isUnderRolloutControl, readDeploymentStrategy, type AdvancedDeploymentStrategy, type Deployment, type FieldError,
} from '@coxswain/kruise-api';

/** A Deployment the advanced controller drives: its strategy annotation's sound fields and why any others are not. */
export interface AdvancedControl {
  strategy: AdvancedDeploymentStrategy;
  /** Non-empty: the annotation cannot be acted on as written (the controller waits and says why). */
  problems: FieldError[];
}

/**
 * The Deployments the advanced controller drives: under rollout control (control-info, Recreate, paused)
 * with a strategy annotation that is not canary style; else undefined. An unsound annotation is still
 * this controller's (the native one leaves such a Deployment alone), with its problems.
 */
export function advancedStrategyOf(d: Deployment): AdvancedControl | undefined {
  if (!isUnderRolloutControl(d)) return undefined;
  if (d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY] === undefined) return undefined;
  const { strategy, problems } = readDeploymentStrategy(d);
  return strategy.rollingStyle === 'Canary' ? undefined : { strategy, problems };
}

/**
 * The Deployment as the advanced controller rolls it: a RollingUpdate Deployment, not paused, whose
 * fenceposts are the annotation's (a missing one counts 0, as Go's ResolveFenceposts; both resolving to 0,
 * maxUnavailable becomes 1). The Kubernetes-side helpers then read it unchanged. (Upstream takes 0 and 0
 * for an annotation without rollingUpdate; Initialize and the webhook always default one.)
 */
export function rollingView(d: Deployment, strategy: AdvancedDeploymentStrategy): Deployment {
  const rolling = strategy.rollingUpdate ?? {};
  return {
    ...d,
    spec: { ...d.spec, paused: false, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: rolling.maxSurge ?? 0, maxUnavailable: rolling.maxUnavailable ?? 0 } } },
  };
}
