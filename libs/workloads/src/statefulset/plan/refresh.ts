// The refresh of a pass (docs/spec/advanced-statefulset.md §4.3 step 6, docs/spec/advanced-statefulset.md §4.5; docs/spec/inplace-and-lifecycle.md §2.6 and
// the lifecycle rules 5, 10, 12, 13): carry in-place updates on (grace period, next container batch,
// InPlaceUpdateReady back to True) and move lifecycle states. Kruise refreshes a replica while processing
// it and every pod again before the rolling update; the second time a pod already refreshed writes
// nothing new, but a lifecycle move made earlier in the pass still stops the rolling update, as Kruise's
// repeated patch reports "updated". A new pod's KruisePodReady condition is not written here: Kruise's
// StatefulSet controller leaves it to the pod-readiness controller (podreadiness/).
import { LIFECYCLE_STATES, type Pod } from '@coxswain/kruise-api';
import { refreshInPlaceUpdate } from '../../inplace/refresh.js';
import { inPlaceUpdateLifecycleGate, refreshLifecycleState, type InPlaceLifecycleGate } from '../../lifecycle/transitions.js';
import { lifecycleState } from '../../pod/pod-state.js';
import type { Pass } from './pass.js';
import type { StatefulSetPlanContext } from './plan-types.js';

const LIFECYCLE_REASONS: Record<number, string> = {
  5: 'preNormal hook satisfied',
  10: 'already at the update revision',
  12: 'in-place update completed',
  13: 'inPlaceUpdate hook satisfied',
};

export class PassRefresh {
  /** Pods refreshed this pass, and whether their lifecycle state moved (keyed by the snapshot object). */
  private readonly done = new Map<Pod, boolean>();

  /** Gate InPlaceWorkloadVerticalScaling, read once per pass. */
  private readonly verticalScaling: boolean;

  constructor(private readonly ctx: StatefulSetPlanContext, private readonly pass: Pass) {
    this.verticalScaling = ctx.gates.enabled('InPlaceWorkloadVerticalScaling');
  }

  /** Refreshes one pod (once per pass). False when the pass must stop (an unreadable annotation). */
  pod(pod: Pod): boolean {
    if (this.done.has(pod)) return true;
    const { ctx, pass } = this;
    const verticalScaling = this.verticalScaling;
    const refresh = refreshInPlaceUpdate(pod, ctx.now, { verticalScaling });
    if (refresh.action === 'error') {
      pass.fail({ message: refresh.message });
      return false;
    }
    if (refresh.action === 'requeue') pass.push(refresh.delaySeconds * 1000);
    if (refresh.action === 'update') pass.ops.push({ op: 'writePod', pod: refresh.pod, subresource: 'spec', reason: refresh.reason });
    else if (refresh.action === 'updateStatus') pass.ops.push({ op: 'writePod', pod: refresh.pod, subresource: 'status', reason: refresh.reason });
    // Refresh moves only PreparingNormal, PreparingUpdate, Updating and Updated pods (rules 5, 10, 12, 13).
    const state = lifecycleState(pod);
    const change = state === '' || state === LIFECYCLE_STATES.Normal || state === LIFECYCLE_STATES.PreparingDelete ? undefined : refreshLifecycleState({
      workload: 'StatefulSet', lifecycle: ctx.view.set.spec.lifecycle, pod, updateRevision: ctx.updateRevision.metadata.name!, now: ctx.now,
      completion: { verticalScaling },
    });
    if (change) pass.ops.push({ op: 'lifecycle', pod, change, reason: LIFECYCLE_REASONS[change.rule] ?? `rule ${change.rule}` });
    this.done.set(pod, change !== undefined);
    return true;
  }

  /** docs/spec/advanced-statefulset.md §4.5: every pod refreshed; true when a lifecycle state moved this pass (the rolling update then waits). */
  all(pods: readonly Pod[]): boolean {
    for (const pod of pods) if (!this.pod(pod)) return true;
    return [...this.done.values()].some((moved) => moved);
  }

  /** Rules 6–9, 11, 14, 18 for a pod chosen for an in-place update. */
  inPlaceGate(pod: Pod): InPlaceLifecycleGate {
    return inPlaceUpdateLifecycleGate({ workload: 'StatefulSet', lifecycle: this.ctx.view.set.spec.lifecycle, pod, now: this.ctx.now });
  }
}
