// A Deployment's strategy numbers (Kubernetes' ResolveFenceposts, MaxSurge, MaxUnavailable). Pure.
import { DEFAULT_DEPLOYMENT_MAX_SURGE, DEFAULT_DEPLOYMENT_MAX_UNAVAILABLE, type Deployment, type IntOrString } from '@coxswain/kruise-api';

/**
 * intstr.GetScaledValueFromIntOrPercent: an int is itself; "<n>%" is n% of `total`, rounded up or
 * down. Validation refuses anything else; 0 stands in for it here.
 */
export function scaledValue(value: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value !== 'string' || !/^[0-9]+%$/.test(value)) return 0;
  const exact = (Number(value.slice(0, -1)) * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

export interface Fenceposts {
  maxSurge: number;
  maxUnavailable: number;
}

/** maxSurge rounds up, maxUnavailable down; both 0 would never progress, so maxUnavailable becomes 1. */
export function resolveFenceposts(d: Deployment): Fenceposts {
  if (d.spec.strategy?.type === 'Recreate') return { maxSurge: 0, maxUnavailable: 0 };
  const replicas = d.spec.replicas ?? 1;
  const rolling = d.spec.strategy?.rollingUpdate;
  const maxSurge = scaledValue(rolling?.maxSurge ?? DEFAULT_DEPLOYMENT_MAX_SURGE, replicas, true);
  const maxUnavailable = scaledValue(rolling?.maxUnavailable ?? DEFAULT_DEPLOYMENT_MAX_UNAVAILABLE, replicas, false);
  return maxSurge === 0 && maxUnavailable === 0 ? { maxSurge, maxUnavailable: 1 } : { maxSurge, maxUnavailable };
}

/** MaxUnavailable as the status's Available condition reads it: never above replicas. */
export function availableThreshold(d: Deployment): number {
  const replicas = d.spec.replicas ?? 1;
  if (d.spec.strategy?.type === 'Recreate' || replicas === 0) return replicas;
  return replicas - Math.min(resolveFenceposts(d).maxUnavailable, replicas);
}
