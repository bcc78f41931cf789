// Adaptive scheduling's look at each existing subset before allocation (docs/spec/uniteddeployment.md §4):
// pods Pending-unschedulable past rescheduleCriticalSeconds mark the subset Schedulable=False for
// unschedulableDuration (docs/spec/uniteddeployment.md §4.1); with reserveUnschedulablePods, pods are labelled reserved or not and the
// subset is unschedulable while any is reserved (docs/spec/uniteddeployment.md §4.2). Pure: it edits the working subset statuses it
// is given and returns what to write on pods and when to look again.
import {
  CONDITION_POD_SCHEDULED, CONDITION_READY, LABEL_KRUISE_CONTROLLER_REVISION_HASH, LABEL_RESERVED_POD, REASON_UNSCHEDULABLE,
  type Pod, type SubsetCondition, type UnitedDeploymentCondition, type UnitedDeploymentSubsetStatus,
} from '@coxswain/kruise-api';
import { podCondition } from '../../pod/pod-state.js';
import { lifecycleTimestamp, timestampMillis } from '../../pod/time.js';

export interface ExistingSubset {
  name: string;
  specReplicas: number;
  /** The workload's status. */
  replicas: number;
  readyReplicas: number;
  pods: readonly Pod[];
}

export interface SubsetSchedulability {
  unschedulable: boolean;
  /** Reservation: the Schedulable condition was False at the start of the pass. */
  marked: boolean;
  /** docs/spec/uniteddeployment.md §4.1: pods pending past rescheduleCriticalSeconds; docs/spec/uniteddeployment.md §4.2: reserved pods. */
  unavailablePods: number;
  reservedPods: number;
  /** docs/spec/uniteddeployment.md §4.2: pods of an old revision kept reserved because the update timed out. */
  updateTimeoutPods: number;
  /** When the subset's Schedulable=False ends (the condition's transition + unschedulableDuration). */
  recoversAt?: number;
}

export interface PodLabelWrite {
  pod: Pod;
  reserved: boolean;
}

export interface SchedulabilityResult {
  subsets: Map<string, SubsetSchedulability>;
  podLabels: PodLabelWrite[];
  /** Delays after which the answer may change (a pod times out, a subset recovers). */
  requeueAfterMs: number[];
}

export interface SchedulabilityInput {
  subsets: readonly ExistingSubset[];
  /** Working copies, edited in place (conditions). */
  statuses: Map<string, UnitedDeploymentSubsetStatus>;
  updateRevision: string;
  /** The UnitedDeploymentUpdated condition as this pass set it (docs/spec/uniteddeployment.md §4.2's update timeout). */
  updatedCondition: UnitedDeploymentCondition | undefined;
  rescheduleCriticalMs: number;
  unschedulableDurationMs: number;
  reserve: boolean;
  now: number;
}

/** A pod waiting to be scheduled: Pending, unbound, PodScheduled=False/Unschedulable. */
function unschedulableSince(pod: Pod): boolean {
  if (pod.metadata.deletionTimestamp || pod.status?.phase !== 'Pending' || pod.spec?.nodeName) return false;
  const scheduled = (pod.status?.conditions ?? []).find((c) => c.type === CONDITION_POD_SCHEDULED && c.status === 'False' && c.reason === REASON_UNSCHEDULABLE);
  return scheduled !== undefined;
}

/** GetTimeBeforePendingTimeout: timed out, or how long until it would (undefined: not pending at all). */
export function pendingTimeout(pod: Pod, criticalMs: number, now: number): { timedOut: boolean; checkAfterMs?: number } {
  if (!unschedulableSince(pod)) return { timedOut: false };
  const expected = (timestampMillis(pod.metadata.creationTimestamp) ?? now) + criticalMs;
  // Timed out strictly after `expected`: look again 1 ms past it.
  return expected < now ? { timedOut: true } : { timedOut: false, checkAfterMs: expected - now + 1 };
}

/** Sets a subset condition; one with the same status and reason is kept as it is (with its transition time). */
export function setSubsetCondition(status: UnitedDeploymentSubsetStatus, value: SubsetCondition['status'], reason: string, message: string, now: number): void {
  const conditions = status.conditions ?? [];
  const current = conditions.find((c) => c.type === 'Schedulable');
  if (current && current.status === value && current.reason === reason) return;
  const next: SubsetCondition = { type: 'Schedulable', status: value, lastTransitionTime: lifecycleTimestamp(now), reason, message };
  status.conditions = current ? conditions.map((c) => (c === current ? next : c)) : [...conditions, next];
}

export function schedulableCondition(status: UnitedDeploymentSubsetStatus | undefined): SubsetCondition | undefined {
  return status?.conditions?.find((c) => c.type === 'Schedulable');
}

export function assessSchedulability(input: SchedulabilityInput): SchedulabilityResult {
  const result: SchedulabilityResult = { subsets: new Map(), podLabels: [], requeueAfterMs: [] };
  for (const subset of input.subsets) {
    const status = input.statuses.get(subset.name);
    if (!status) continue;
    result.subsets.set(subset.name, input.reserve ? reservation(subset, status, input, result) : adaptive(subset, status, input, result));
  }
  return result;
}

/** docs/spec/uniteddeployment.md §4.1. */
function adaptive(subset: ExistingSubset, status: UnitedDeploymentSubsetStatus, input: SchedulabilityInput, result: SchedulabilityResult): SubsetSchedulability {
  const { now } = input;
  const out: SubsetSchedulability = { unschedulable: false, marked: false, unavailablePods: 0, reservedPods: 0, updateTimeoutPods: 0 };
  const condition = schedulableCondition(status);
  if (condition?.status === 'False') {
    const recoversAt = (timestampMillis(condition.lastTransitionTime) ?? now) + input.unschedulableDurationMs;
    if (now < recoversAt) {
      out.unschedulable = true;
      out.recoversAt = recoversAt;
      result.requeueAfterMs.push(recoversAt - now);
    } else {
      setSubsetCondition(status, 'True', 'recover', `unschedulable subset recovered after ${(input.unschedulableDurationMs / 1000).toFixed(6)} seconds`, now);
    }
  }
  if (subset.readyReplicas < subset.replicas) {
    let checkAfter = Infinity;
    for (const pod of subset.pods) {
      const timeout = pendingTimeout(pod, input.rescheduleCriticalMs, now);
      if (timeout.timedOut) out.unavailablePods++;
      if (timeout.checkAfterMs !== undefined && timeout.checkAfterMs > 0) checkAfter = Math.min(checkAfter, timeout.checkAfterMs);
    }
    if (checkAfter < Infinity) result.requeueAfterMs.push(checkAfter);
    if (out.unavailablePods > 0) {
      out.unschedulable = true;
      setSubsetCondition(status, 'False', 'reschedule', 'timeout pending pods found', now);
      const since = timestampMillis(schedulableCondition(status)?.lastTransitionTime) ?? now;
      out.recoversAt = since + input.unschedulableDurationMs;
      result.requeueAfterMs.push(input.unschedulableDurationMs);
    }
  }
  return out;
}

/** docs/spec/uniteddeployment.md §4.2. */
function reservation(subset: ExistingSubset, status: UnitedDeploymentSubsetStatus, input: SchedulabilityInput, result: SchedulabilityResult): SubsetSchedulability {
  const { now } = input;
  const out: SubsetSchedulability = { unschedulable: false, marked: schedulableCondition(status)?.status === 'False', unavailablePods: 0, reservedPods: 0, updateTimeoutPods: 0 };
  let checkAfter = Infinity;
  for (const pod of subset.pods) {
    const label = pod.metadata.labels?.[LABEL_RESERVED_POD];
    if (out.marked && label === undefined) {
      out.reservedPods++;
      result.podLabels.push({ pod, reserved: true });
      checkAfter = Math.min(checkAfter, input.unschedulableDurationMs);
      continue;
    }
    const check = reservedState(pod, label, input);
    if (check.updateTimeout) out.updateTimeoutPods++;
    if (check.checkAfterMs !== undefined && check.checkAfterMs > 0) checkAfter = Math.min(checkAfter, check.checkAfterMs);
    if (check.reserved) out.reservedPods++;
    if (label === undefined || (label === 'true') !== check.reserved) result.podLabels.push({ pod, reserved: check.reserved });
  }
  if (checkAfter < Infinity) result.requeueAfterMs.push(checkAfter);
  out.unavailablePods = out.reservedPods;
  out.unschedulable = out.reservedPods > 0;
  if (out.unschedulable) setSubsetCondition(status, 'False', 'reschedule', 'reserved pods found', now);
  else setSubsetCondition(status, 'True', 'reschedule', 'no reserved pods', now);
  return out;
}

/** CheckPodReserved: a reserved pod leaves the state after being Ready at the update revision for unschedulableDuration. */
function reservedState(pod: Pod, label: string | undefined, input: SchedulabilityInput): { reserved: boolean; checkAfterMs?: number; updateTimeout?: boolean } {
  const { now } = input;
  const revision = pod.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH];
  if (label === 'true') {
    const ready = podCondition(pod, CONDITION_READY);
    if (pod.status?.phase === 'Running' && revision === input.updateRevision && ready?.status === 'True') {
      const until = (timestampMillis(ready.lastTransitionTime) ?? now) + input.unschedulableDurationMs;
      return until < now ? { reserved: false } : { reserved: true, checkAfterMs: until - now + 1 };
    }
    return { reserved: true, checkAfterMs: input.unschedulableDurationMs };
  }
  if (revision === input.updateRevision) {
    const timeout = pendingTimeout(pod, input.rescheduleCriticalMs, now);
    return timeout.timedOut ? { reserved: true, checkAfterMs: input.unschedulableDurationMs } : { reserved: false, ...(timeout.checkAfterMs !== undefined ? { checkAfterMs: timeout.checkAfterMs } : {}) };
  }
  // A pod of an older revision: reserved once the update (UnitedDeploymentUpdated False) has run longer
  // than rescheduleCriticalSeconds. While the condition is True no update is under way: with a CloneSet
  // template it always is (docs/spec/uniteddeployment.md §6.1), and pods a partition holds back must not count as reserved.
  const updating = input.updatedCondition?.status === 'False';
  const since = updating ? timestampMillis(input.updatedCondition?.lastTransitionTime) : undefined;
  if (since === undefined) return { reserved: false };
  const deadline = since + input.rescheduleCriticalMs;
  return deadline < now ? { reserved: true, updateTimeout: true, checkAfterMs: input.unschedulableDurationMs } : { reserved: false, checkAfterMs: deadline - now + 1 };
}
