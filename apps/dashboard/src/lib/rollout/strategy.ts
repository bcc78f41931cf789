// Reads a workload's update strategy whatever its kind and API version put it (v1beta1 under
// rollingUpdate, CloneSet v1alpha1 at the top level), with each kind's defaults: CloneSet
// maxUnavailable 20% and maxSurge 0; Advanced StatefulSet maxUnavailable 1 and no surge. A
// UnitedDeployment has no pause and a partition per subset (Manual), which the controller caps at the
// subset's replicas: what the partitions hold back is the API's (Workload.partitionedReplicas and each
// subset's partition), never summed from the spec here.
import type { Subset, UpdateStrategy, WorkloadKind } from '../api/types';
import { scaled } from './int-or-percent';

export interface Strategy {
  type: string;
  partition: number | string;
  maxUnavailable: number | string;
  maxSurge: number | string;
  paused: boolean;
  podUpdatePolicy: string;
  /** StatefulSet unorderedUpdate: the partition is then a quota, not a position. */
  unordered: boolean;
}

function asStrategy(raw: unknown): UpdateStrategy {
  return raw && typeof raw === 'object' ? (raw as UpdateStrategy) : {};
}

/** A UnitedDeployment's partitions by subset (updateStrategy.manualUpdate.partitions). */
export function subsetPartitions(raw: unknown): Record<string, number> {
  const partitions = asStrategy(raw).manualUpdate?.partitions;
  return partitions && typeof partitions === 'object' ? partitions : {};
}

export function strategyOf(raw: unknown, kind: WorkloadKind = 'CLONE_SET'): Strategy {
  const s = asStrategy(raw);
  if (kind === 'UNITED_DEPLOYMENT') {
    // No partition of its own: its subsets' partitions, as applied, come from the API.
    return { type: s.type ?? 'Manual', partition: 0, maxUnavailable: '-', maxSurge: 0, paused: false, podUpdatePolicy: '-', unordered: false };
  }
  const r = s.rollingUpdate ?? {};
  const sts = kind === 'STATEFUL_SET';
  return {
    type: s.type ?? 'RollingUpdate',
    partition: r.partition ?? s.partition ?? 0,
    maxUnavailable: r.maxUnavailable ?? s.maxUnavailable ?? (sts ? 1 : '20%'),
    maxSurge: sts ? 0 : (r.maxSurge ?? s.maxSurge ?? 0),
    paused: Boolean(r.paused ?? s.paused ?? false),
    podUpdatePolicy: r.podUpdatePolicy ?? 'ReCreate',
    unordered: sts && r.unorderedUpdate != null,
  };
}

/**
 * Pods the partition keeps on the current revision: percentages round up, capped at replicas. For an
 * Advanced StatefulSet the partition is an Int and keeps the `partition` lowest-ordinal pods (docs/spec/advanced-statefulset.md §4.6).
 */
export function partitionPods(partition: number | string, replicas: number): number {
  return Math.min(replicas, Math.max(0, scaled(partition, replicas, true)));
}

/** Pods that may be unavailable at once (percentages round down, at least 1 when surge is 0). */
export function maxUnavailablePods(strategy: Strategy, replicas: number): number {
  const n = scaled(strategy.maxUnavailable, replicas, false);
  const surge = scaled(strategy.maxSurge, replicas, true);
  return n === 0 && surge === 0 ? 1 : n;
}

/**
 * One line for the page header: type, policy and the pacing numbers the kind has. A UnitedDeployment's
 * partitions are the ones its subsets apply (the API's), each with the spec's beside it where the
 * controller capped it; before its subsets are read, the spec's, said to be the spec's.
 */
export function strategyLine(
  raw: unknown,
  kind: WorkloadKind,
  subsets: readonly Pick<Subset, 'name' | 'partition' | 'specifiedPartition' | 'replicas'>[] | null = null,
): string {
  if (kind === 'UNITED_DEPLOYMENT') {
    const paces = "each subset's workload paces its own pods";
    if (subsets && subsets.length > 0) {
      if (subsets.every((s) => s.partition === 0 && !s.specifiedPartition)) return `Manual: no partition, every subset updates; ${paces}`;
      return `Manual: partitions ${subsets.map((s) => `${s.name} ${s.partition}${cappedWords(s)}`).join(', ')}; ${paces}`;
    }
    const partitions = Object.entries(subsetPartitions(raw)).map(([subset, p]) => `${subset} ${p}`);
    return `Manual: ${partitions.length ? `spec partitions ${partitions.join(', ')}` : 'no partition, every subset updates'}; ${paces}`;
  }
  const s = strategyOf(raw, kind);
  if (s.type === 'OnDelete') return 'OnDelete: pods change revision only when deleted';
  const surge = kind === 'STATEFUL_SET' ? '' : `, maxSurge ${s.maxSurge}`;
  return `${s.type} ${s.podUpdatePolicy}, maxUnavailable ${s.maxUnavailable}${surge}${s.unordered ? ', unorderedUpdate' : ''}`;
}

/** " (spec 3, capped at 1 replica)" when the controller applies less than the spec asks; "" otherwise. */
export function cappedWords(s: Pick<Subset, 'partition' | 'specifiedPartition' | 'replicas'>): string {
  const spec = s.specifiedPartition;
  if (spec === null || spec === undefined || spec === s.partition) return '';
  return ` (spec ${spec}, capped at ${s.replicas} ${s.replicas === 1 ? 'replica' : 'replicas'})`;
}
