// What Kubernetes' own controllers (ReplicaSet, Deployment) read off a pod: podutil.IsPodReady and
// IsPodAvailable, which look at the Ready condition only (no phase, no Kruise lifecycle state, no
// in-place readiness gate — those are Kruise's rules, in pod-state.ts). Pure.
import { CONDITION_READY, type Pod } from '@coxswain/kruise-api';
import { podCondition } from './pod-state.js';
import { timestampMillis } from './time.js';

/** podutil.IsPodReady: the Ready condition is True. */
export function isNativePodReady(pod: Pod): boolean {
  return podCondition(pod, CONDITION_READY)?.status === 'True';
}

/**
 * podutil.IsPodAvailable: Ready, and with minReadySeconds > 0 Ready since strictly more than
 * minReadySeconds before `now` (an unknown transition time never qualifies).
 */
export function isNativePodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isNativePodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = timestampMillis(podCondition(pod, CONDITION_READY)?.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

/**
 * When a Ready pod that is not yet available becomes available (for a requeue); undefined when it is
 * not Ready, already available, or its Ready time is unknown.
 */
export function nativeAvailableAt(pod: Pod, minReadySeconds: number, now: number): number | undefined {
  if (!isNativePodReady(pod) || minReadySeconds <= 0) return undefined;
  const since = timestampMillis(podCondition(pod, CONDITION_READY)?.lastTransitionTime);
  if (since === undefined) return undefined;
  const at = since + minReadySeconds * 1000;
  return at >= now ? at + 1 : undefined;
}
