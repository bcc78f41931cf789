// One StatefulSet pass as a pure function (spec/advanced-statefulset.md §4.2–§4.7, Kruise's
// updateStatefulSet): replicas first (create, recreate failed pods, refresh, enforce identity), then the
// claims and the deletion of condemned pods, then the rolling update. Where Kruise writes and continues,
// the planner records the write and continues as if it succeeded; the executor sends the operations in
// order and stops at the first failure, as Kruise returns on the first error. The same plan drives the
// reconciler, the `plan` query and observe mode.
import { getValueFromIntOrPercent, type Pod, type StatefulSetStatus } from '@coxswain/kruise-api';
import { isInPlaceUpdateCompleted } from '../../inplace/completion.js';
import { chooseUpdateMethod } from '../../inplace/update-policy.js';
import { inPlaceGates } from '../../inplace/calculate-spec.js';
import { newPodLifecycleState } from '../../lifecycle/transitions.js';
import type { PlannedAction } from '../../plan/plan-types.js';
import { applyRevision } from '../../revision/cloneset-revision.js';
import { claimIsStale, claimWithRetentionOwners, claimsForOrdinal, retentionPolicy } from '../utils/claims.js';
import { identityMatches, isValidOrdinal, ordinalRange, podOrdinal, storageMatches, type OrdinalRange } from '../utils/identity.js';
import { availability, isCreated, isFinished, isHealthy, isRunningAndReadyByCondition, isTerminating } from '../utils/pod-health.js';
import { newStatefulPod, withInitialLifecycle } from './new-pod.js';
import type { PlanError, StatefulSetDiff, StatefulSetOperation, StatefulSetPlan, StatefulSetPlanContext } from './plan-types.js';
import { Pass } from './pass.js';
import { PassRefresh } from './refresh.js';
import { describeOrdinals, podName, type Slot } from './slots.js';
import { completeRollingUpdate, countReplicas, labelSelectorText, volumeClaimsStatus } from './status.js';
import { isPodUpdated, newPodTakesCurrentRevision, partitionOf, podRevision, sortPodsToUpdate } from './update-order.js';
import { lifecycleAwareDelete } from './delete.js';

/** What a step of the pass tells the loop: go on, stop the whole pass (exit), or leave the replica loop (break). */
type Step = 'continue' | 'exit' | 'break';

export function planStatefulSet(ctx: StatefulSetPlanContext): StatefulSetPlan {
  const { set, flavor, minReadySeconds } = ctx.view;
  const { gates, now } = ctx;
  const name = set.metadata.name!;
  const currentName = ctx.currentRevision.metadata.name!;
  const updateName = ctx.updateRevision.metadata.name!;
  const currentSet = applyRevision(set, ctx.currentRevision);
  const updateSet = applyRevision(set, ctx.updateRevision);
  const lifecycle = flavor.kruiseExtensions ? set.spec.lifecycle : undefined;
  const honoursRetention = flavor.name === 'native' || gates.enabled('StatefulSetAutoDeletePVC');
  const pass = new Pass();
  const refresh = new PassRefresh(ctx, pass);

  // §4.2: slots and condemned pods.
  const range = ordinalRange(set, flavor, gates);
  const existing = new Map<number, Pod>();
  const condemned: Pod[] = [];
  for (const pod of ctx.pods) {
    const ordinal = podOrdinal(pod);
    if (isValidOrdinal(range, ordinal)) existing.set(ordinal, pod);
    else if (ordinal >= 0) condemned.push(pod);
  }
  condemned.sort((a, b) => podOrdinal(b) - podOrdinal(a));
  const slots = fillSlots(ctx, range, existing, currentSet, updateSet, currentName, updateName);
  const replicaPods = slots.map((s) => s.pod);

  const status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation ?? 0,
    replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0,
    currentRevision: currentName,
    updateRevision: updateName,
    collisionCount: ctx.collisionCount,
    labelSelector: labelSelectorText(set),
  };
  if (flavor.kruiseExtensions && (set.spec.volumeClaimTemplates ?? []).length > 0) status.volumeClaims = volumeClaimsStatus(set, ctx.pods, ctx.pvcs);

  const policy = set.spec.podManagementPolicy === 'Parallel' ? 'Parallel' : 'OrderedReady';
  const monotonic = policy !== 'Parallel';
  const scaleMaxUnavailable = flavor.kruiseExtensions && set.spec.scaleStrategy?.maxUnavailable !== undefined && set.spec.scaleStrategy.maxUnavailable !== null
    ? Math.max(getValueFromIntOrPercent(set.spec.scaleStrategy.maxUnavailable, set.spec.replicas ?? 1, false), 1)
    : null;
  let scaleBudget = scaleMaxUnavailable;
  const decrement = (): boolean => {
    if (scaleBudget === null) return false;
    scaleBudget--;
    return scaleBudget <= 0;
  };
  const diff: StatefulSetDiff = {
    replicas: set.spec.replicas ?? 1,
    startOrdinal: range.start,
    endOrdinal: range.end,
    reservedOrdinals: range.reserved.rangesWithin(range.start, range.end).reduce((n, [a, b]) => n + b - a + 1, 0),
    podManagementPolicy: policy,
    toCreate: 0,
    missing: slots.filter((s) => !s.created).length,
    condemned: condemned.length,
    scaleMaxUnavailable,
    partition: partitionOf(set),
    maxUpdate: Math.max(0, (set.spec.replicas ?? 1) - partitionOf(set)),
    maxUnavailable: 1,
    unavailable: 0,
    outdated: slots.filter((s) => podRevision(s.pod) !== updateName).length,
    minReadySeconds,
  };
  if (diff.reservedOrdinals > 0) {
    const one = diff.reservedOrdinals === 1;
    const text = range.reserved.rangesWithin(range.start, range.end).map(([a, b]) => (a === b ? `${a}` : `${a}..${b}`)).join(', ');
    pass.notes.blocker('RESERVED_ORDINAL', `${one ? 'ordinal' : 'ordinals'} ${text} ${one ? 'is' : 'are'} reserved`, []);
  }

  const firstUnhealthy = findFirstUnhealthy(slots, condemned);
  // The status decrements of §4.5 and §4.7 (a pod deleted or updated in place no longer counts).
  let currentDecrement = 0;
  let updatedDecrement = 0;
  const finish = (): StatefulSetPlan => {
    const counters = countReplicas([replicaPods, condemned], minReadySeconds, currentName, updateName, now);
    const decremented = { ...status, ...counters, currentReplicas: counters.currentReplicas + currentDecrement, updatedReplicas: counters.updatedReplicas + updatedDecrement };
    if (decremented.volumeClaims) decremented.volumeClaims = volumeClaimsStatus(set, replicaPods, ctx.pvcs);
    return result(ctx, pass, slots, condemned, completeRollingUpdate(set, decremented), diff);
  };

  // A set being deleted only reports: its counters over every pod it claims.
  if (set.metadata.deletionTimestamp) return result(ctx, pass, slots, condemned, { ...status, ...countReplicas([ctx.pods], minReadySeconds, currentName, updateName, now) }, diff);

  // (a) replicas, in ascending ordinal order, in both modes.
  const processReplica = (slot: Slot, next: Slot | undefined): Step => {
    const pod = slot.pod;
    const waiter = next ? podName(next.pod) : undefined;
    if (slot.created && isFinished(pod)) {
      if (decrement()) return scaleLimited(pass, name, slots, slot);
      if (!isTerminating(pod)) lifecycleAwareDelete(ctx, lifecycle, pod, `phase ${pod.status?.phase}: deleted to be recreated`, { parallel: false, recreate: true }, pass.ops, pass.notes);
      if (monotonic) orderedBlocker(pass, waiter, podName(pod), 'to be recreated (it has finished)');
      return monotonic ? 'exit' : 'continue';
    }
    if (!slot.created) {
      const claims = claimsForOrdinal(set, slot.ordinal);
      if (honoursRetention && retentionPolicy(set).whenScaled === 'Delete') {
        const stale = claims.map((c) => ctx.pvcs.get(c.metadata.name!)).find((c) => c !== undefined && claimIsStale(c, pod));
        if (stale) {
          pass.notes.blocker('STALE_PVC', `${podName(pod)} waits for PVC ${stale.metadata.name} of a previous ${podName(pod)} to go (whenScaled Delete)`, [podName(pod)]);
          return 'exit';
        }
      }
      const terminatingClaim = claims.find((c) => ctx.pvcs.get(c.metadata.name!)?.metadata.deletionTimestamp);
      if (terminatingClaim) {
        const message = `pvc ${terminatingClaim.metadata.name} is to be deleted`;
        pass.fail({ message, condition: 'FailedCreatePod' });
        pass.notes.event('Warning', 'FailedCreate', `create Pod ${podName(pod)} in StatefulSet ${name} failed error: ${message}`);
        return 'exit';
      }
      const missing = claims
        .filter((c) => !ctx.pvcs.has(c.metadata.name!))
        .map((c) => (honoursRetention ? claimWithRetentionOwners(c, set, flavor, pod, false) ?? c : c));
      const born = flavor.kruiseExtensions ? withInitialLifecycle(pod, newPodLifecycleState('StatefulSet', lifecycle, pod), now) : pod;
      slot.pod = born;
      pass.ops.push({ op: 'create', pod: born, claims: missing, reason: createReason(slot, podRevision(born), updateName) });
      diff.toCreate++;
      if (monotonic) {
        orderedBlocker(pass, waiter, podName(pod), 'to be Running and Ready');
        return 'exit';
      }
      return decrement() ? scaleLimited(pass, name, slots, slot, true) : 'continue';
    }
    if (pod.status?.phase === 'Pending') {
      const missing = claimsForOrdinal(set, slot.ordinal).filter((c) => !ctx.pvcs.has(c.metadata.name!));
      const terminatingClaim = claimsForOrdinal(set, slot.ordinal).find((c) => ctx.pvcs.get(c.metadata.name!)?.metadata.deletionTimestamp);
      if (terminatingClaim) {
        pass.fail({ message: `pvc ${terminatingClaim.metadata.name} is to be deleted` });
        return 'exit';
      }
      if (missing.length > 0) {
        const owned = missing.map((c) => (honoursRetention ? claimWithRetentionOwners(c, set, flavor, pod, false) ?? c : c));
        pass.ops.push({ op: 'createClaims', pod, claims: owned, reason: `Pending pod misses ${missing.map((c) => c.metadata.name).join(', ')}` });
      }
    }
    if (isTerminating(pod)) {
      if (monotonic) {
        orderedBlocker(pass, waiter, podName(pod), 'to finish terminating');
        return 'exit';
      }
      if (decrement()) return scaleLimited(pass, name, slots, slot);
    }
    if (flavor.kruiseExtensions && !refresh.pod(pod)) return 'exit';
    if (monotonic || scaleBudget !== null) {
      const avail = availability(pod, minReadySeconds, now);
      if (!avail.available) {
        pass.push(avail.waitMs);
        if (monotonic) {
          if (avail.waitMs !== undefined) {
            pass.notes.blocker('MIN_READY_SECONDS', `OrderedReady: ${waiter ?? 'the rest of the pass'} waits for ${podName(pod)} to be available (minReadySeconds ${minReadySeconds}: ${Math.ceil(avail.waitMs / 1000)} s left)`, [podName(pod)]);
          } else {
            orderedBlocker(pass, waiter, podName(pod), 'to be Running and Ready');
          }
          return 'exit';
        }
        if (decrement()) return scaleLimited(pass, name, slots, slot);
      }
    }
    enforceIdentity(ctx, slot, honoursRetention, updateSet, pass);
    return 'continue';
  };

  let exited = false;
  for (let i = 0; i < slots.length; i++) {
    const step = processReplica(slots[i]!, slots[i + 1]);
    if (pass.error || (monotonic && step === 'exit')) {
      exited = true;
      break;
    }
    if (step === 'break') break;
  }
  if (exited) return finish();

  // (b) claims of condemned pods to the retention policy, before they go.
  if (honoursRetention) {
    for (const pod of condemned) {
      for (const claim of claimsForOrdinal(updateSet, podOrdinal(pod))) {
        const stored = ctx.pvcs.get(claim.metadata.name!);
        const owned = stored && !stored.metadata.deletionTimestamp ? claimWithRetentionOwners(stored, set, flavor, pod, true) : undefined;
        if (owned) pass.ops.push({ op: 'updateClaim', claim: owned, pod: podName(pod), condemned: true, reason: `retention policy for the claims of condemned ${podName(pod)}` });
      }
    }
  }

  // (c) condemned pods, highest ordinal first.
  for (const pod of condemned) {
    const why = scaleDownReason(pod, range);
    if (isTerminating(pod)) {
      if (monotonic) {
        pass.notes.blocker('ORDERED_READY', `OrderedReady: scale-down waits for ${podName(pod)} to finish terminating`, [podName(pod)]);
        return finish();
      }
      continue;
    }
    if (monotonic && pod !== firstUnhealthy) {
      if (!isRunningAndReadyByCondition(pod)) {
        pass.notes.blocker('ORDERED_READY', `OrderedReady: scale-down of ${podName(pod)} waits for it to be Running and Ready`, [podName(pod)]);
        return finish();
      }
      const avail = availability(pod, minReadySeconds, now);
      if (!avail.available) {
        pass.push(avail.waitMs);
        pass.notes.blocker('MIN_READY_SECONDS', `OrderedReady: scale-down of ${podName(pod)} waits for it to be available (minReadySeconds ${minReadySeconds})`, [podName(pod)]);
        return finish();
      }
    }
    const outcome = lifecycleAwareDelete(ctx, lifecycle, pod, why, { parallel: !monotonic, recreate: false }, pass.ops, pass.notes);
    if (monotonic && outcome.modified) return finish();
  }

  if ((set.spec.updateStrategy?.type ?? 'RollingUpdate') === 'OnDelete') {
    const waiting = slots.filter((s) => s.created && podRevision(s.pod) !== updateName).map((s) => podName(s.pod));
    if (waiting.length > 0) pass.notes.blocker('ON_DELETE', `updateStrategy OnDelete: ${waiting.length} pod(s) change revision only when deleted`, waiting);
    return finish();
  }

  // (d) the rolling update (§4.5).
  const pending = ctx.pendingInPlaceUpdates.filter((n) => slots.some((s) => podName(s.pod) === n && podRevision(s.pod) !== updateName));
  if (pending.length > 0) {
    pass.notes.blocker('UPDATE_EXPECTATIONS', `waiting to see ${pending.join(', ')} at revision ${updateName} after the in-place update`, pending);
    return finish();
  }
  if (flavor.kruiseExtensions && refresh.all(ctx.pods)) return finish();
  const rolling = set.spec.updateStrategy?.rollingUpdate;
  let maxUnavailable = 1;
  if (rolling) {
    if (rolling.paused) {
      const outdated = slots.filter((s) => podRevision(s.pod) !== updateName).map((s) => podName(s.pod));
      pass.notes.blocker('PAUSED', `paused: the rolling update waits${outdated.length ? ` (${outdated.length} pod(s) not at ${updateName})` : ''}; scaling goes on`, outdated);
      return finish();
    }
    maxUnavailable = Math.max(getValueFromIntOrPercent(rolling.maxUnavailable ?? 1, set.spec.replicas ?? 1, false), 1);
  }
  diff.maxUnavailable = maxUnavailable;
  const unavailable = new Set<string>();
  const completion = { verticalScaling: gates.enabled('InPlaceWorkloadVerticalScaling') };
  for (const slot of slots) {
    const pod = slot.pod;
    const avail = availability(pod, minReadySeconds, now);
    if (!avail.available) pass.push(avail.waitMs);
    // not healthy, or not available: with lifecycle, phase and readiness shared, that is "not available or terminating".
    if (!avail.available || isTerminating(pod) || !isInPlaceUpdateCompleted(pod, completion)) unavailable.add(podName(pod));
  }
  diff.unavailable = unavailable.size;

  // §4.7 specified delete (Advanced StatefulSet only).
  const specified = new Set<string>();
  if (flavor.kruiseExtensions) {
    for (let i = slots.length - 1; i >= 0; i--) {
      const pod = slots[i]!.pod;
      if (!slots[i]!.created || pod.metadata.labels?.['apps.kruise.io/specified-delete'] === undefined) continue;
      if (unavailable.size >= maxUnavailable && !unavailable.has(podName(pod))) {
        pass.notes.blocker('MAX_UNAVAILABLE', `specified delete of ${podName(pod)} waits: ${unavailable.size} of ${maxUnavailable} allowed unavailable pods are unavailable`, [podName(pod)]);
        continue;
      }
      specified.add(podName(pod));
      if (!isTerminating(pod)) {
        const outcome = lifecycleAwareDelete(ctx, lifecycle, pod, 'apps.kruise.io/specified-delete: deleted to be recreated', { parallel: false, recreate: true }, pass.ops, pass.notes);
        if (outcome.actual) {
          if (podRevision(pod) === currentName) currentDecrement--;
          else if (podRevision(pod) === updateName) updatedDecrement--;
        }
      }
      unavailable.add(podName(pod));
    }
  }

  const order = sortPodsToUpdate(set, slots, updateName, gates);
  partitionBlocker(pass, set, slots, order, updateName, currentName);
  const policyName = rolling?.podUpdatePolicy ?? 'ReCreate';
  const inPlaceOptions = { gracePeriodSeconds: rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds, gates: inPlaceGates(gates) };
  for (const index of order) {
    const slot = slots[index]!;
    const pod = slot.pod;
    if (podRevision(pod) === updateName) continue;
    if (unavailable.size >= maxUnavailable && !unavailable.has(podName(pod))) {
      const names = [...unavailable].map((n) => ({ n, o: podOrdinal({ metadata: { name: n } }) })).sort((a, b) => a.o - b.o).map((x) => x.n);
      pass.notes.blocker('MAX_UNAVAILABLE', `${unavailable.size} of ${maxUnavailable} allowed unavailable pods are unavailable: ${names.join(', ')}`, names);
      break;
    }
    // A pod the planner is creating this pass already has its revision; it is updated once it exists.
    if (!slot.created) continue;
    if (!specified.has(podName(pod)) && !isTerminating(pod)) {
      let inplacing = false;
      let actual = false;
      const method = rolling ? chooseUpdateMethod({
        policy: policyName,
        podName: podName(pod),
        oldRevision: ctx.revisions.find((r) => r.metadata.name === podRevision(pod)),
        newRevision: ctx.updateRevision,
        options: inPlaceOptions,
      }) : { method: 'recreate' as const };
      if (method.method === 'error') {
        pass.fail({ message: method.message });
        pass.notes.event('Warning', 'FailedUpdatePodInPlace', `failed to update pod ${podName(pod)} in-place(revision ${updateName}): ${method.message}`);
        return finish();
      }
      if (method.method === 'inPlace') {
        inplacing = true;
        const gate = refresh.inPlaceGate(pod);
        if (gate.action === 'error') {
          pass.fail({ message: gate.message });
          return finish();
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
      if ((inplacing || actual) && podRevision(pod) === currentName) currentDecrement--;
    }
  }
  return finish();
}

/** §4.2 and §4.6: existing pods in their slots, new pods (in memory) in the empty ones at the revision §4.6 picks. */
function fillSlots(
  ctx: StatefulSetPlanContext, range: OrdinalRange, existing: ReadonlyMap<number, Pod>,
  currentSet: StatefulSetPlanContext['view']['set'], updateSet: StatefulSetPlanContext['view']['set'], currentName: string, updateName: string,
): Slot[] {
  const { set, flavor } = ctx.view;
  const slots: Slot[] = [];
  // Only the unordered rule counts pods not updated.
  const unordered = set.spec.updateStrategy?.rollingUpdate?.unorderedUpdate !== undefined;
  let notUpdated = unordered ? [...existing.values()].filter((p) => !isPodUpdated(p, updateName, ctx.gates)).length : 0;
  for (let ordinal = range.reserved.firstFreeFrom(range.start); ordinal < range.end; ordinal = range.reserved.firstFreeFrom(ordinal + 1)) {
    const index = ordinal - range.start;
    const pod = existing.get(ordinal);
    if (pod) {
      slots.push({ ordinal, index, pod, created: isCreated(pod) });
      continue;
    }
    const atCurrent = newPodTakesCurrentRevision(set, ordinal, range.start, slots.length, notUpdated);
    const created = newStatefulPod({ set: atCurrent ? currentSet : updateSet, flavor, ordinal, revision: atCurrent ? currentName : updateName, gates: ctx.gates });
    if (unordered && !isPodUpdated(created, updateName, ctx.gates)) notUpdated++;
    slots.push({ ordinal, index, pod: created, created: false });
  }
  return slots;
}

/** The lowest-ordinal pod among slots (ascending) and condemned pods that is not healthy. */
function findFirstUnhealthy(slots: readonly Slot[], condemned: readonly Pod[]): Pod | undefined {
  let first: Pod | undefined;
  let firstOrdinal = Infinity;
  for (const slot of slots) {
    if (!isHealthy(slot.pod)) {
      first = slot.pod;
      firstOrdinal = slot.ordinal;
      break;
    }
  }
  for (const pod of condemned) {
    if (!isHealthy(pod) && podOrdinal(pod) < firstOrdinal) {
      first = pod;
      firstOrdinal = podOrdinal(pod);
    }
  }
  return first;
}

/** §4.3 step 8: identity, storage and (retention policy) claim owners of an existing replica. */
function enforceIdentity(ctx: StatefulSetPlanContext, slot: Slot, honoursRetention: boolean, updateSet: StatefulSetPlanContext['view']['set'], pass: Pass): void {
  const { set, flavor } = ctx.view;
  const pod = slot.pod;
  if (!identityMatches(set, pod) || !storageMatches(set, pod)) {
    pass.ops.push({ op: 'repairPod', pod, reason: 'restore its identity (name, pod-name label) and claim volumes' });
    const missing = claimsForOrdinal(set, slot.ordinal).filter((c) => !ctx.pvcs.has(c.metadata.name!));
    if (missing.length > 0) pass.ops.push({ op: 'createClaims', pod, claims: missing, reason: 'claims of the restored volumes' });
  }
  if (!honoursRetention || (set.spec.volumeClaimTemplates ?? []).length === 0) return;
  for (const claim of claimsForOrdinal(updateSet, slot.ordinal)) {
    const stored = ctx.pvcs.get(claim.metadata.name!);
    const owned = stored && !stored.metadata.deletionTimestamp ? claimWithRetentionOwners(stored, set, flavor, pod, false) : undefined;
    if (owned) pass.ops.push({ op: 'updateClaim', claim: owned, pod: podName(pod), condemned: false, reason: 'retention policy', failure: 'FailedUpdatePod' });
  }
}

function orderedBlocker(pass: Pass, waiter: string | undefined, pod: string, what: string): void {
  pass.notes.blocker('ORDERED_READY', `OrderedReady: ${waiter ?? 'the rest of the pass'} waits for ${pod} ${what}`, [pod]);
}

function scaleLimited(pass: Pass, setName: string, slots: readonly Slot[], at: Slot, afterCreate = false): Step {
  const waiting = slots.filter((s) => s.ordinal > at.ordinal && !s.created).map((s) => s.ordinal);
  const tail = waiting.length > 0 ? `; ${describeOrdinals(setName, waiting)} wait` : '';
  pass.notes.blocker('SCALE_UP_LIMITED', `scaleStrategy.maxUnavailable is used up at ${podName(at.pod)}${afterCreate ? ' (just created)' : ''}${tail}`, [podName(at.pod)]);
  return 'break';
}

function createReason(slot: Slot, revision: string, updateName: string): string {
  return `ordinal ${slot.ordinal} has no pod${revision === updateName ? '' : ` (partition keeps it at revision ${revision})`}`;
}

function scaleDownReason(pod: Pod, range: OrdinalRange): string {
  const ordinal = podOrdinal(pod);
  if (range.reserved.has(ordinal)) return `ordinal ${ordinal} is reserved`;
  return ordinal < range.start ? `ordinal ${ordinal} is below ordinals.start ${range.start}` : `scale down: ordinal ${ordinal} is beyond the ${range.end - range.start} valid ordinals`;
}

function updateReason(set: StatefulSetPlanContext['view']['set'], revision: string, how: string): string {
  const partition = partitionOf(set);
  return `${partition > 0 ? `partition ${partition}: ` : ''}update to ${revision} (${how})`;
}

function partitionBlocker(pass: Pass, set: StatefulSetPlanContext['view']['set'], slots: readonly Slot[], order: readonly number[], updateName: string, currentName: string): void {
  if (partitionOf(set) <= 0) return;
  const inOrder = new Set(order);
  const kept = slots.filter((s, i) => !inOrder.has(i) && podRevision(s.pod) !== updateName);
  if (kept.length === 0) return;
  pass.notes.blocker('PARTITION', `partition keeps ${describeOrdinals(set.metadata.name!, kept.map((s) => s.ordinal))} on revision ${currentName}`, kept.map((s) => podName(s.pod)));
}

function result(
  ctx: StatefulSetPlanContext, pass: Pass, slots: readonly Slot[], condemned: readonly Pod[], status: StatefulSetStatus, diff: StatefulSetDiff,
): StatefulSetPlan {
  const updateName = ctx.updateRevision.metadata.name!;
  const { minReadySeconds } = ctx.view;
  const complete = condemned.length === 0
    && slots.every((s) => s.created && podRevision(s.pod) === updateName && availability(s.pod, minReadySeconds, ctx.now).available);
  const plan: StatefulSetPlan = {
    updateRevision: updateName,
    currentRevision: ctx.currentRevision.metadata.name!,
    complete,
    diff,
    actions: pass.ops.map(toAction),
    blockers: pass.notes.blockers,
    operations: pass.ops,
    events: pass.notes.events,
    status,
  };
  if (pass.error) plan.error = pass.error;
  if (pass.requeueAfterMs !== undefined) plan.requeueAfterMs = pass.requeueAfterMs;
  return plan;
}

function toAction(op: StatefulSetOperation): PlannedAction {
  switch (op.op) {
    case 'create':
      return { type: 'CREATE', pod: podName(op.pod), reason: op.reason, revision: podRevision(op.pod) };
    case 'createClaims':
      return { type: 'REPAIR_POD', pod: podName(op.pod), reason: op.reason };
    case 'delete':
      return { type: op.recreate ? 'RECREATE' : 'DELETE', pod: podName(op.pod), reason: op.reason };
    case 'lifecycle':
      return { type: 'LIFECYCLE_TRANSITION', pod: podName(op.pod), reason: `${op.change.from || 'Normal'} -> ${op.change.to}: ${op.reason}` };
    case 'writePod':
      return { type: 'LIFECYCLE_TRANSITION', pod: podName(op.pod), reason: op.reason };
    case 'repairPod':
      return { type: 'REPAIR_POD', pod: podName(op.pod), reason: op.reason };
    case 'updateClaim':
      return { type: 'UPDATE_PVC', pod: op.pod, reason: `${op.claim.metadata.name}: ${op.reason}` };
    case 'updateInPlace':
      return { type: 'UPDATE_IN_PLACE', pod: podName(op.pod), reason: op.reason, revision: op.revision };
  }
}
