// A UnitedDeployment subset's row in words: what it was allocated against its bounds, how many pods
// are ready and updated, what its partition holds back (in its workload kind's meaning: a CloneSet
// keeps that many pods, a StatefulSet its lowest ordinals), whether it can be scheduled and when it
// recovers, and which workload runs it.
import type { Subset } from '../api/types';
import { countdownWords } from '../clock/countdown';
import { clockTime } from '../format';
import { cappedWords } from '../rollout/strategy';
import { hasPartition } from './partition-step';

export interface SubsetWords {
  /** What the allocation was bounded by: "replicas 50%", "min 1, max 4", "no replicas, min or max: shares the rest" */
  bounds: string;
  /** "2 of 3 ready" */
  ready: string;
  /** "1 updated, 1 ready" */
  updated: string;
  /** "partition 2: keeps 2 of 3 pods on the previous revision"; "partition 1 (spec 3, capped at 1 replica): ..." */
  partition: string;
  /** "schedulable" or "unschedulable (reschedule: timeout pending pods found) until 10:32:05, in 5 min" (`now`: the server's) */
  schedulable: string;
  /** "CloneSet ud-subset-a-x7k2p" or "CloneSet, not created yet" */
  workload: string;
  /** "2 pods reserved (pending; substitutes run in later subsets)", or null when none are */
  reserved: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function isStatefulSetKind(kind: string): boolean {
  return /StatefulSet$/.test(kind);
}

function bounds(s: Subset): string {
  if (s.specifiedReplicas !== null && s.specifiedReplicas !== undefined) return `replicas ${s.specifiedReplicas}`;
  if (s.minReplicas === null && s.maxReplicas === null) return 'no replicas, min or max: shares the rest';
  return `min ${s.minReplicas ?? 0}, ${s.maxReplicas === null ? 'no max' : `max ${s.maxReplicas}`}`;
}

/** The partition the subset's workload applies, and the spec's beside it where the controller capped it. */
function partitionWords(s: Subset): string {
  if (!hasPartition(s)) return `no partition: a ${s.kind} updates every pod`;
  const p = s.partition;
  const head = `partition ${p}${cappedWords(s)}`;
  if (s.replicas === 0) return `${head}: the subset has no pods`;
  if (p <= 0) return `${head}: every pod may update`;
  if (isStatefulSetKind(s.kind)) {
    if (p >= s.replicas) return `${head}: ordinals 0 to ${s.replicas - 1} (every pod) keep the previous revision`;
    return `${head}: ordinals below ${p} keep the previous revision, ${p} to ${s.replicas - 1} update (highest first)`;
  }
  if (p >= s.replicas) return `${head}: keeps ${s.replicas === 1 ? 'its only pod' : `all ${s.replicas} pods`} on the previous revision`;
  return `${head}: keeps ${p} of ${plural(s.replicas, 'pod')} on the previous revision`;
}

function schedulableWords(s: Subset, now: number): string {
  if (s.schedulable) return 'schedulable';
  const c = s.schedulableCondition;
  const why = c && (c.reason || c.message) ? ` (${[c.reason, c.message].filter(Boolean).join(': ')})` : '';
  if (!s.recoversAt) return `unschedulable${why}`;
  const at = Date.parse(s.recoversAt);
  if (!Number.isFinite(at)) return `unschedulable${why}`;
  if (at <= now) return `unschedulable${why}, recovering since ${clockTime(s.recoversAt)}`;
  return `unschedulable${why} until ${clockTime(s.recoversAt)}, ${countdownWords(at, now)}`;
}

export function subsetWords(s: Subset, now: number): SubsetWords {
  return {
    bounds: bounds(s),
    ready: `${s.readyReplicas} of ${s.replicas} ready`,
    updated: `${s.updatedReplicas} updated, ${s.updatedReadyReplicas} ready`,
    partition: partitionWords(s),
    schedulable: schedulableWords(s, now),
    workload: s.workload ? `${s.kind} ${s.workload}` : `${s.kind}, not created yet`,
    reserved: s.reservedPods > 0 ? `${plural(s.reservedPods, 'pod')} reserved (pending; substitutes run in later subsets)` : null,
  };
}
