// What the `plan` query shows of a CloneSet plan: the plan without the writes it is made of.
import type { CloneSetPlan } from '@coxswain/workloads';
import type { PlanSummary } from './protocol.js';

export function planSummary(plan: CloneSetPlan, pendingScale: string | undefined): PlanSummary {
  return {
    updateRevision: plan.updateRevision,
    currentRevision: plan.currentRevision,
    complete: plan.complete,
    diff: plan.diff,
    actions: plan.actions.map(({ type, pod, reason, revision }) => ({ type, pod, reason, ...(revision ? { revision } : {}) })),
    blockers: plan.blockers.map(({ code, message, pods }) => ({ code, message, pods: [...pods] })),
    pendingScale,
  };
}
