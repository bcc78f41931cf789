// A workload's health as an SRE reads it (issue 14 item 4), computed once from the controller's plan
// and the workload's conditions, so the API, the dashboard and scripts all read the same answer:
//   DEGRADED         pods fail, cannot be scheduled or pulled, are never created, or the rollout missed its progress deadline
//   WAITING_ON_HOOK  pods wait for a lifecycle hook: someone outside Kruise must acknowledge
//   HELD             partition or pause keeps the rest back: a person must step it
//   PROGRESSING      advancing as the strategy allows (maxUnavailable waves, minReadySeconds, creations)
//   COMPLETE         every pod at the update revision and available, exactly replicas of them
import type { Blocker, BlockerCode, RolloutPlan } from './plan-types.js';

export type HealthState = 'COMPLETE' | 'PROGRESSING' | 'HELD' | 'WAITING_ON_HOOK' | 'DEGRADED';

export interface WorkloadHealth {
  state: HealthState;
  /** What the state means for this workload now, in words (shown as is). */
  reason: string;
  /** The pods the reason is about, the ones to look at first. */
  pods: string[];
  /**
   * When the state may change by itself: the earliest moment the blockers named in the reason lift
   * (ms of the cluster's clock). Absent when none of them has one. Surfaces count down to it rather
   * than say a number of seconds computed at some moment of their own.
   */
  until?: number;
}

export interface HealthCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

const FAILING: ReadonlySet<BlockerCode> = new Set(['UNSCHEDULABLE', 'IMAGE_PULL_FAILED', 'POD_FAILING', 'PODS_NOT_CREATED']);
const HOLDING: ReadonlySet<BlockerCode> = new Set(['PAUSED', 'PARTITION', 'ON_DELETE']);
/** Conditions the controllers set True when a write of theirs failed. */
const FAILED_CONDITIONS = new Set(['FailedScale', 'FailedUpdate', 'FailedCreatePod', 'FailedUpdatePod']);

export function workloadHealth(plan: Pick<RolloutPlan<object>, 'complete' | 'blockers' | 'actions'>, conditions: readonly HealthCondition[]): WorkloadHealth {
  const failing = plan.blockers.filter((b) => FAILING.has(b.code));
  const deadline = conditions.find((c) => c.type === 'Progressing' && c.status === 'False' && c.reason === 'ProgressDeadlineExceeded');
  const failedWrite = conditions.find((c) => FAILED_CONDITIONS.has(c.type) && c.status === 'True');
  if (failing.length > 0 || deadline || failedWrite) {
    const reason = failing.length > 0 ? described(failing) : (deadline?.message ?? `${failedWrite!.type}: ${failedWrite!.message ?? failedWrite!.reason ?? ''}`);
    return { state: 'DEGRADED', reason, pods: podsOf(failing), ...earliest(failing) };
  }
  const hooks = plan.blockers.filter((b) => b.code === 'HOOK_PENDING');
  if (hooks.length > 0) return { state: 'WAITING_ON_HOOK', reason: described(hooks), pods: podsOf(hooks), ...earliest(hooks) };
  if (plan.complete) return { state: 'COMPLETE', reason: 'every pod is at the update revision and available', pods: [] };
  const held = plan.blockers.filter((b) => HOLDING.has(b.code));
  const paused = held.find((b) => b.code === 'PAUSED');
  // A partition holds the rollout once the pods it lets through are done: nothing left to do but step it.
  const pacing = plan.blockers.filter((b) => !HOLDING.has(b.code));
  const acting = plan.actions;
  if (paused || (held.length > 0 && acting.length === 0 && pacing.length === 0)) {
    return { state: 'HELD', reason: described(paused ? [paused] : held), pods: podsOf(held), ...earliest(paused ? [paused] : held) };
  }
  if (pacing.length > 0) return { state: 'PROGRESSING', reason: described(pacing), pods: podsOf(pacing), ...earliest(pacing) };
  const first = acting.slice(0, 5);
  return {
    state: 'PROGRESSING',
    reason: first.length > 0 ? first.map((a) => `${a.type.toLowerCase().replace(/_/g, ' ')} ${a.pod || a.workload?.name || ''}`.trimEnd()).join('; ') : 'waiting for the cluster to catch up',
    pods: first.map((a) => a.pod).filter((pod) => pod !== ''),
  };
}

function described(blockers: readonly Blocker[]): string {
  return blockers.map((b) => b.message).join('; ');
}

/** The earliest `until` of the blockers, as a field to spread (none when no blocker has one). */
function earliest(blockers: readonly Blocker[]): { until?: number } {
  const moments = blockers.map((b) => b.until).filter((u): u is number => u !== undefined);
  return moments.length > 0 ? { until: Math.min(...moments) } : {};
}

function podsOf(blockers: readonly Blocker[]): string[] {
  return [...new Set(blockers.flatMap((b) => b.pods))];
}
