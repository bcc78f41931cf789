// Reads a workload's update strategy whatever its API version put it (v1beta1 under rollingUpdate,
// v1alpha1 at the top level), with Kruise's defaults.
import type { UpdateStrategy } from '../api/types';
import { scaled } from './int-or-percent';

export interface Strategy {
  partition: number | string;
  maxUnavailable: number | string;
  maxSurge: number | string;
  paused: boolean;
  podUpdatePolicy: string;
}

export function strategyOf(s: UpdateStrategy | null | undefined): Strategy {
  const r = s?.rollingUpdate ?? {};
  return {
    partition: r.partition ?? s?.partition ?? 0,
    maxUnavailable: r.maxUnavailable ?? s?.maxUnavailable ?? '20%',
    maxSurge: r.maxSurge ?? s?.maxSurge ?? 0,
    paused: Boolean(r.paused ?? s?.paused ?? false),
    podUpdatePolicy: r.podUpdatePolicy ?? 'ReCreate',
  };
}

/** Pods the partition keeps on the current revision (percentages round up, capped at replicas). */
export function partitionPods(partition: number | string, replicas: number): number {
  return Math.min(replicas, Math.max(0, scaled(partition, replicas, true)));
}

/** Pods that may be unavailable at once (percentages round down, at least 1 when surge is 0). */
export function maxUnavailablePods(strategy: Strategy, replicas: number): number {
  const n = scaled(strategy.maxUnavailable, replicas, false);
  const surge = scaled(strategy.maxSurge, replicas, true);
  return n === 0 && surge === 0 ? 1 : n;
}
