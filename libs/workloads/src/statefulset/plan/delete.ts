// The lifecycle-aware delete (docs/spec/advanced-statefulset.md §5.2), used for failed pods, condemned pods,
// specified deletes and ReCreate updates: a pod held by its preDelete hook moves to PreparingDelete
// (rules 15–16) and is deleted on a later pass once released. Advanced StatefulSet never cancels
// PreparingDelete.
import { addNotReadyKey } from '../../lifecycle/pod-ready.js';
import { preDeleteLifecycleGate } from '../../lifecycle/transitions.js';
import type { PlanNotes } from '../../plan/plan-notes.js';
import type { Lifecycle, Pod } from '@coxswain/kruise-api';
import type { StatefulSetOperation, StatefulSetPlanContext } from './plan-types.js';

export interface DeleteOutcome {
  /** Something was written: the pod deleted or moved to PreparingDelete. */
  modified: boolean;
  /** The pod itself was deleted. */
  actual: boolean;
}

export function lifecycleAwareDelete(
  ctx: StatefulSetPlanContext, lifecycle: Lifecycle | undefined, pod: Pod, reason: string,
  mode: { parallel: boolean; recreate: boolean }, ops: StatefulSetOperation[], notes: PlanNotes,
): DeleteOutcome {
  const gate = preDeleteLifecycleGate(lifecycle, pod, ctx.now);
  if (gate.action === 'prepareDelete') {
    ops.push({ op: 'lifecycle', pod, change: gate.change, reason: `${reason}; its preDelete hook must be acknowledged first` });
    notes.blocker('HOOK_PENDING', `pod ${pod.metadata.name} waits for its preDelete hook to be acknowledged`, [pod.metadata.name!]);
    return { modified: true, actual: false };
  }
  if (gate.action === 'wait') {
    notes.blocker('HOOK_PENDING', `pod ${pod.metadata.name} waits for its preDelete hook to be acknowledged`, [pod.metadata.name!]);
    // Rule 16 re-asserts the KruisePodReady key; written only when it is missing.
    if (gate.change.podReady && addNotReadyKey(pod, gate.change.podReady.key, ctx.now)) {
      ops.push({ op: 'lifecycle', pod, change: gate.change, reason: 'keep it out of traffic while its preDelete hook is pending' });
    }
    return { modified: false, actual: false };
  }
  ops.push({ op: 'delete', pod, reason, parallel: mode.parallel, recreate: mode.recreate });
  return { modified: true, actual: true };
}
