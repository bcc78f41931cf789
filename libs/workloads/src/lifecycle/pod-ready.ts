// markPodNotReady (docs/spec/inplace-and-lifecycle.md §3.3): a lifecycle hook with `markPodNotReady: true` holds
// the pod out of Service endpoints through the KruisePodReady readiness gate. The condition's message
// lists who holds it (`[{userAgent, key}]`); it is True only when nobody does. A pod is born without the
// condition; Kruise's pod-readiness controller (podreadiness/) gives it one, True.
import {
  CONDITION_KRUISE_POD_READY, KRUISE_POD_READY_MESSAGE,
  type Pod, type PodCondition,
} from '@coxswain/kruise-api';
import { podCondition } from '../pod/pod-state.js';
import { lifecycleTimestamp } from '../pod/time.js';
import { hasReadinessGate, recomputePodReady } from '../inplace/readiness-gate.js';

export interface PodReadyMessage {
  userAgent: string;
  key: string;
}

/** The keys lifecycle hooks hold a pod with. */
export type LifecycleNotReadyKey = typeof KRUISE_POD_READY_MESSAGE.PreDeleteHookKey | typeof KRUISE_POD_READY_MESSAGE.PreUpdateHookKey;

export function hasKruisePodReadyGate(pod: Pick<Pod, 'spec'>): boolean {
  return hasReadinessGate(pod, CONDITION_KRUISE_POD_READY);
}

/** The entries of a KruisePodReady message; an empty or unreadable message holds nobody. */
export function parsePodReadyMessages(message: string | undefined): PodReadyMessage[] {
  if (!message) return [];
  try {
    const parsed = JSON.parse(message) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((m): m is PodReadyMessage => typeof m === 'object' && m !== null && typeof m.userAgent === 'string' && typeof m.key === 'string')
      .map((m) => ({ userAgent: m.userAgent, key: m.key }));
  } catch {
    return [];
  }
}

/** The message text: entries sorted by userAgent then key, `[]` when empty. */
export function formatPodReadyMessages(messages: readonly PodReadyMessage[]): string {
  const sorted = [...messages].sort((a, b) => compare(a.userAgent, b.userAgent) || compare(a.key, b.key));
  return JSON.stringify(sorted.map((m) => ({ userAgent: m.userAgent, key: m.key })));
}

/**
 * The pod with `key` added to KruisePodReady (status False) and Ready recomputed, for a status update;
 * undefined when nothing changes: no KruisePodReady gate, or the key is already listed. A missing
 * condition is created False (Go leaves its status empty, which equally fails the gate).
 */
export function addNotReadyKey(pod: Pod, key: string, now: number, userAgent: string = KRUISE_POD_READY_MESSAGE.LifecycleUserAgent): Pod | undefined {
  if (!hasKruisePodReadyGate(pod)) return undefined;
  const existing = podCondition(pod, CONDITION_KRUISE_POD_READY);
  const messages = parsePodReadyMessages(existing?.message);
  if (messages.some((m) => m.userAgent === userAgent && m.key === key)) return undefined;
  const condition: PodCondition = {
    ...(existing ?? {}),
    type: CONDITION_KRUISE_POD_READY,
    status: 'False',
    message: formatPodReadyMessages([...messages, { userAgent, key }]),
    lastTransitionTime: lifecycleTimestamp(now),
  };
  return recomputePodReady(replaceCondition(pod, condition), now);
}

/**
 * The pod with `key` removed from KruisePodReady (True once nobody holds it), for a status update;
 * undefined when nothing changes. Ready is left to the kubelet.
 */
export function removeNotReadyKey(pod: Pod, key: string, now: number, userAgent: string = KRUISE_POD_READY_MESSAGE.LifecycleUserAgent): Pod | undefined {
  if (!hasKruisePodReadyGate(pod)) return undefined;
  const existing = podCondition(pod, CONDITION_KRUISE_POD_READY);
  if (existing === undefined) return undefined;
  const messages = parsePodReadyMessages(existing.message);
  const kept = messages.filter((m) => !(m.userAgent === userAgent && m.key === key));
  if (kept.length === messages.length) return undefined;
  return replaceCondition(pod, {
    ...existing,
    status: kept.length === 0 ? 'True' : existing.status,
    message: formatPodReadyMessages(kept),
    lastTransitionTime: lifecycleTimestamp(now),
  });
}

/**
 * Kruise's pod-readiness controller (docs/spec/inplace-and-lifecycle.md §3.3): the pod has the KruisePodReady gate,
 * no condition for it and is not being deleted. That controller reads every pod of the cluster, not only
 * a workload's own, so a spec or status the API let through in an odd shape (null, not a list, null
 * entries) counts as no gate, or as a condition list it does not touch.
 */
export function needsKruisePodReady(pod: Pod): boolean {
  if (pod.metadata.deletionTimestamp) return false;
  const gates: unknown = (pod.spec as { readinessGates?: unknown } | null | undefined)?.readinessGates;
  if (!Array.isArray(gates) || !gates.some((g) => (g as { conditionType?: unknown } | null)?.conditionType === CONDITION_KRUISE_POD_READY)) return false;
  const conditions: unknown = (pod.status as { conditions?: unknown } | null | undefined)?.conditions;
  if (conditions === undefined || conditions === null) return true;
  return Array.isArray(conditions) && !conditions.some((c) => (c as { type?: unknown } | null)?.type === CONDITION_KRUISE_POD_READY);
}

/** The pod with its KruisePodReady condition, True, when it needs one (above); Ready is left to the kubelet. */
export function initialKruisePodReady(pod: Pod, now: number): Pod | undefined {
  if (!needsKruisePodReady(pod)) return undefined;
  return replaceCondition(pod, { type: CONDITION_KRUISE_POD_READY, status: 'True', lastTransitionTime: lifecycleTimestamp(now) });
}

/** Replaces the condition of that type, or appends it. */
function replaceCondition(pod: Pod, condition: PodCondition): Pod {
  const conditions = pod.status?.conditions ?? [];
  const i = conditions.findIndex((c) => c.type === condition.type);
  const next = i >= 0 ? conditions.map((c, j) => (j === i ? condition : c)) : [...conditions, condition];
  return { ...pod, status: { ...(pod.status ?? {}), conditions: next } };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
