// The Rollout's conditions as Go sets them (docs/spec/kruise-rollout.md §1.6): setting a condition of a
// type replaces it, appended last; lastTransitionTime survives when the status did not change; a
// condition identical in status, reason and message is left alone.
import type { RolloutCondition } from '@coxswain/kruise-api';

export function condition(conditions: readonly RolloutCondition[] | undefined, type: string): RolloutCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** Go: util.NewRolloutCondition + SetRolloutCondition. */
export function setCondition(
  conditions: readonly RolloutCondition[] | undefined, type: string, status: RolloutCondition['status'], reason: string, message: string, now: string,
): RolloutCondition[] {
  const list = [...(conditions ?? [])];
  const current = condition(list, type);
  if (current && current.status === status && current.reason === reason && current.message === message) return list;
  const next: RolloutCondition = { type, status, lastUpdateTime: now, lastTransitionTime: current && current.status === status ? (current.lastTransitionTime ?? now) : now, reason, message };
  return [...list.filter((c) => c.type !== type), next];
}

export function removeCondition(conditions: readonly RolloutCondition[] | undefined, type: string): RolloutCondition[] {
  return (conditions ?? []).filter((c) => c.type !== type);
}

/**
 * Go: progressingStateTransition: the Progressing condition takes the status, reason and (when given)
 * message, keeping the object's lastUpdateTime (docs/spec/kruise-rollout.md §1.6: it is only set when
 * the condition is created), its lastTransitionTime when the status stays.
 */
export function progressingTransition(
  conditions: readonly RolloutCondition[] | undefined, status: RolloutCondition['status'], reason: string, message: string, now: string,
): RolloutCondition[] {
  const list = [...(conditions ?? [])];
  const current = condition(list, 'Progressing');
  if (!current) return [...list, { type: 'Progressing', status, lastUpdateTime: now, lastTransitionTime: now, reason, message }];
  const next: RolloutCondition = { ...current, status, reason, message: message !== '' ? message : current.message };
  if (current.status === next.status && current.reason === next.reason && current.message === next.message) return list;
  if (current.status !== status) next.lastTransitionTime = now;
  return [...list.filter((c) => c.type !== 'Progressing'), next];
}
