// docs/spec/advanced-statefulset.md §4.5–§4.7: the rolling update of a pass. It waits for pods updated in place to be seen at the update
// revision, refreshes every pod (a lifecycle move ends the pass), then — unless paused — deletes the
// specified-delete pods and moves pods to the update revision in the docs/spec/advanced-statefulset.md §4.6 order, in place or by
// recreation, while fewer than maxUnavailable replica pods are unavailable; a pod that does not fit
// stops the loop (no skipping ahead).
import { LABEL_SPECIFIED_DELETE, getValueFromIntOrPercent, type StatefulSet } from '@coxswain/kruise-api';
import { inPlaceGates } from '../../inplace/calculate-spec.js';
import { isInPlaceUpdateCompleted } from '../../inplace/completion.js';
import { chooseUpdateMethod } from '../../inplace/update-policy.js';
import { podOrdinal } from './identity.js';
import { availability, isTerminating } from './pod-health.js';
import { lifecycleAwareDelete } from './delete.js';
import type { Pass } from './pass.js';
import type { PassState } from './pass-state.js';
import type { Slot } from './slot.js';
import { describeOrdinals, podName } from './slots.js';
import { partitionOf, podRevision, sortPodsToUpdate } from './update-order.js';

export function planRollingUpdate(state: PassState): void {
  const { ctx, pass, slots, lifecycle, updateName, currentName } = state;
  const { set, flavor, minReadySeconds } = ctx.view;
  const gates = ctx.gates;

  const pending = ctx.pendingInPlaceUpdates.filter((n) => slots.some((s) => podName(s.pod) === n && podRevision(s.pod) !== updateName));
  if (pending.length > 0) {
    pass.notes.blocker('UPDATE_EXPECTATIONS', `waiting to see ${pending.join(', ')} at revision ${updateName} after the in-place update`, pending);
    return;
  }
  if (flavor.kruiseExtensions && state.refresh.all(ctx.pods)) return;
  const rolling = set.spec.updateStrategy?.rollingUpdate;
  let maxUnavailable = 1;
  if (rolling) {
    if (rolling.paused) {
      const outdated = slots.filter((s) => podRevision(s.pod) !== updateName).map((s) => podName(s.pod));
      pass.notes.blocker('PAUSED', `paused: the rolling update waits${outdated.length ? ` (${outdated.length} pod(s) not at ${updateName})` : ''}; scaling goes on`, outdated);
      return;
    }
    maxUnavailable = Math.max(getValueFromIntOrPercent(rolling.maxUnavailable ?? 1, set.spec.replicas ?? 1, false), 1);
  }
  state.diff.maxUnavailable = maxUnavailable;

  const unavailable = new Set<string>();
  const completion = { verticalScaling: gates.enabled('InPlaceWorkloadVerticalScaling') };
  for (const slot of slots) {
    const pod = slot.pod;
    const avail = availability(pod, minReadySeconds, ctx.now);
    if (!avail.available) pass.push(avail.waitMs);
    // Not healthy or not available: with lifecycle, phase and readiness shared, "not available or terminating".
    if (!avail.available || isTerminating(pod) || !isInPlaceUpdateCompleted(pod, completion)) unavailable.add(podName(pod));
  }
  state.diff.unavailable = unavailable.size;

  const specified = flavor.kruiseExtensions ? specifiedDeletes(state, unavailable, maxUnavailable) : new Set<string>();

  const order = sortPodsToUpdate(set, slots, updateName, gates);
  partitionBlocker(pass, set, slots, order, updateName, currentName);
  const policy = rolling?.podUpdatePolicy ?? 'ReCreate';
  const inPlaceOptions = { gracePeriodSeconds: rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds, gates: inPlaceGates(gates) };
  for (const index of order) {
    const slot = slots[index]!;
    const pod = slot.pod;
    if (podRevision(pod) === updateName) continue;
    if (unavailable.size >= maxUnavailable && !unavailable.has(podName(pod))) {
      const names = [...unavailable].map((n) => ({ n, o: podOrdinal({ metadata: { name: n } }) })).sort((a, b) => a.o - b.o).map((x) => x.n);
      pass.notes.blocker('MAX_UNAVAILABLE', `${unavailable.size} of ${maxUnavailable} allowed unavailable pods are unavailable: ${names.join(', ')}`, names);
      return;
    }
    // A pod the planner is creating this pass already has its revision; it is updated once it exists.
    if (!slot.created || specified.has(podName(pod)) || isTerminating(pod)) continue;
    let inplacing = false;
    let actual = false;
    const method = rolling
      ? chooseUpdateMethod({
        policy, podName: podName(pod), oldRevision: ctx.revisions.find((r) => r.metadata.name === podRevision(pod)), newRevision: ctx.updateRevision, options: inPlaceOptions,
      })
      : { method: 'recreate' as const };
    if (method.method === 'error') {
      pass.fail({ message: method.message });
      pass.notes.event('Warning', 'FailedUpdatePodInPlace', `failed to update pod ${podName(pod)} in-place(revision ${updateName}): ${method.message}`);
      return;
    }
    if (method.method === 'inPlace') {
      // Moving into PreparingUpdate, or waiting there for the hook, counts as in place too.
      inplacing = true;
      const gate = state.refresh.inPlaceGate(pod);
      if (gate.action === 'error') {
        pass.fail({ message: gate.message });
        return;
      }
      if (gate.action === 'update') {
        pass.ops.push({ op: 'updateInPlace', pod, spec: method.spec, revision: updateName, reason: updateReason(set, updateName, 'in place') });
      } else if (gate.action === 'transition') {
        pass.ops.push({ op: 'lifecycle', pod, change: gate.change, reason: `rule ${gate.rule}: waits for its inPlaceUpdate hook before the update` });
      } else {
        pass.notes.blocker('HOOK_PENDING', `pod ${podName(pod)}: ${gate.reason}`, [podName(pod)]);
      }
    } else {
      actual = lifecycleAwareDelete(ctx, lifecycle, pod, updateReason(set, updateName, 'recreated'), { parallel: false, recreate: true }, pass.ops, pass.notes).actual;
    }
    unavailable.add(podName(pod));
    if ((inplacing || actual) && podRevision(pod) === currentName) state.currentDecrement--;
  }
}

/**
 * docs/spec/advanced-statefulset.md §4.7: pods labelled apps.kruise.io/specified-delete, highest ordinal first, whatever the partition. A
 * healthy one that does not fit maxUnavailable is skipped (not a stop). Returns the pods taken.
 */
function specifiedDeletes(state: PassState, unavailable: Set<string>, maxUnavailable: number): Set<string> {
  const { ctx, pass, slots } = state;
  const specified = new Set<string>();
  for (let i = slots.length - 1; i >= 0; i--) {
    const { pod, created } = slots[i]!;
    if (!created || pod.metadata.labels?.[LABEL_SPECIFIED_DELETE] === undefined) continue;
    if (unavailable.size >= maxUnavailable && !unavailable.has(podName(pod))) {
      pass.notes.blocker('MAX_UNAVAILABLE', `specified delete of ${podName(pod)} waits: ${unavailable.size} of ${maxUnavailable} allowed unavailable pods are unavailable`, [podName(pod)]);
      continue;
    }
    specified.add(podName(pod));
    // A pod already terminating is not deleted (nor counted) again.
    if (!isTerminating(pod)) {
      const outcome = lifecycleAwareDelete(ctx, state.lifecycle, pod, 'apps.kruise.io/specified-delete: deleted to be recreated', { parallel: false, recreate: true }, pass.ops, pass.notes);
      if (outcome.actual) {
        if (podRevision(pod) === state.currentName) state.currentDecrement--;
        else if (podRevision(pod) === state.updateName) state.updatedDecrement--;
      }
    }
    unavailable.add(podName(pod));
  }
  return specified;
}

function updateReason(set: StatefulSet, revision: string, how: string): string {
  const partition = partitionOf(set);
  return `${partition > 0 ? `partition ${partition}: ` : ''}update to ${revision} (${how})`;
}

function partitionBlocker(pass: Pass, set: StatefulSet, slots: readonly Slot[], order: readonly number[], updateName: string, currentName: string): void {
  if (partitionOf(set) <= 0) return;
  const inOrder = new Set(order);
  const kept = slots.filter((s, i) => !inOrder.has(i) && podRevision(s.pod) !== updateName);
  if (kept.length === 0) return;
  pass.notes.blocker('PARTITION', `partition keeps ${describeOrdinals(set.metadata.name!, kept.map((s) => s.ordinal))} on revision ${currentName}`, kept.map((s) => podName(s.pod)));
}
