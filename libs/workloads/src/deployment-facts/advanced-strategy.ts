// Which Deployments Kruise Rollouts' advanced Deployment controller drives, and how it sees them
// (docs/spec/kruise-rollout.md §3.6; upstream pkg/controller/deployment/controller.go NewController,
// deployment/util IsUnderRolloutControl, MaxSurge/MaxUnavailable with the annotation's strategy). Pure.
import {
  ANNOTATION_DEPLOYMENT_STRATEGY, isUnderRolloutControl, type AdvancedDeploymentStrategy, type Deployment,
} from '@coxswain/kruise-api';

/**
 * The strategy annotation of a Deployment the advanced controller drives: under rollout control
 * (control-info, Recreate, paused), the annotation readable and not canary style; else undefined.
 */
export function advancedStrategyOf(d: Deployment): AdvancedDeploymentStrategy | undefined {
  if (!isUnderRolloutControl(d)) return undefined;
  const text = d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY];
  if (text === undefined) return undefined;
  let strategy: unknown;
  try {
    strategy = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof strategy !== 'object' || strategy === null || Array.isArray(strategy)) return undefined;
  const parsed = strategy as AdvancedDeploymentStrategy;
  return parsed.rollingStyle === 'Canary' ? undefined : parsed;
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
