// What Advanced StatefulSet reads off a pod (docs/spec/advanced-statefulset.md §5.1). Unlike CloneSet's
// availability (pod/pod-state.ts), readiness is the Ready condition alone, equality with minReadySeconds
// counts as available, and the remaining wait is reported so the controller looks again in time. Pure.
import { CONDITION_READY, type Pod } from '@coxswain/kruise-api';
import { isNormalLifecycle, podCondition } from '../../pod/pod-state.js';
import { timestampMillis } from '../../pod/time.js';

/**
 * The pod exists in the cluster (Kruise: its phase is set). A pod the planner is about to create has
 * neither phase nor uid; the embedded API server does not set phase Pending on creation (the scheduler
 * does, a moment later), so a uid counts too.
 */
export function isCreated(pod: Pod): boolean {
  return (pod.status?.phase ?? '') !== '' || (pod.metadata.uid ?? '') !== '';
}

export function isTerminating(pod: Pod): boolean {
  return pod.metadata.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
}

export function isFinished(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Failed' || phase === 'Succeeded';
}

/** Phase Running and the Ready condition True (lifecycle state ignored: readyReplicas counts these). */
export function isRunningAndReadyByCondition(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && podCondition(pod, CONDITION_READY)?.status === 'True';
}

/** Lifecycle ''/Normal, Running and Ready, not terminating. */
export function isHealthy(pod: Pod): boolean {
  return isNormalLifecycle(pod) && isRunningAndReadyByCondition(pod) && !isTerminating(pod);
}

export interface Availability {
  available: boolean;
  /** When not available only because of minReadySeconds: ms until it will be (> 0). */
  waitMs?: number;
}

/** docs/spec/advanced-statefulset.md §5.1 available(pod, minReadySeconds): equality counts; an unknown Ready time waits the full minReadySeconds. */
export function availability(pod: Pod, minReadySeconds: number, now: number): Availability {
  if (!isNormalLifecycle(pod) || !isRunningAndReadyByCondition(pod)) return { available: false };
  if (minReadySeconds <= 0) return { available: true };
  const since = timestampMillis(podCondition(pod, CONDITION_READY)?.lastTransitionTime);
  if (since === undefined) return { available: false, waitMs: minReadySeconds * 1000 };
  const waitMs = since + minReadySeconds * 1000 - now;
  return waitMs <= 0 ? { available: true } : { available: false, waitMs };
}
