// Pod conditions are shared by several writers (scheduler, kubelet, controllers setting readiness gates), so
// each writer replaces only the condition types it owns and leaves every other entry, and its position, alone.
import type { Pod, PodCondition } from '@coxswain/kruise-api';

export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function isPodConditionTrue(pod: Pod, type: string): boolean {
  return podCondition(pod, type)?.status === 'True';
}

export type ConditionUpdate = Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>;

/**
 * `conditions` with `update` applied. An existing entry is rewritten only when its status or reason (and,
 * with `compareMessage`, its message) differ, so an unchanged condition causes no write; its
 * lastTransitionTime moves only when the status itself changes.
 */
export function withCondition(
  conditions: readonly PodCondition[],
  update: ConditionUpdate,
  now: string,
  compareMessage = false,
): PodCondition[] {
  const index = conditions.findIndex((c) => c.type === update.type);
  const existing = index >= 0 ? conditions[index] : undefined;
  if (
    existing &&
    existing.status === update.status &&
    (existing.reason ?? '') === (update.reason ?? '') &&
    (!compareMessage || (existing.message ?? '') === (update.message ?? ''))
  ) {
    return [...conditions];
  }
  const next: PodCondition = {
    type: update.type,
    status: update.status,
    lastProbeTime: null,
    lastTransitionTime: existing && existing.status === update.status ? (existing.lastTransitionTime ?? now) : now,
    ...(update.reason ? { reason: update.reason } : {}),
    ...(update.message ? { message: update.message } : {}),
  };
  if (!existing) return [...conditions, next];
  const result = [...conditions];
  result[index] = next;
  return result;
}
