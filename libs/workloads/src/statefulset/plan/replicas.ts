// docs/spec/advanced-statefulset.md §4.3: the replicas of a pass, in ascending ordinal order in both modes: recreate finished pods, create
// missing ones (claims first), wait on terminating or unavailable pods (OrderedReady), refresh, and keep
// identity, storage and claim owners as they should be. scaleStrategy.maxUnavailable ends the loop early
// (Parallel) once as many unavailable-ish pods were seen.
import { getValueFromIntOrPercent } from '@coxswain/kruise-api';
import { newPodLifecycleState } from '../../lifecycle/transitions.js';
import { availableAt } from '../../pod/pod-state.js';
import { claimIsStale, claimWithRetentionOwners, claimsForOrdinal, retentionPolicy } from './volume-claims.js';
import { identityMatches, storageMatches } from './identity.js';
import { availability, isFinished, isTerminating } from './pod-health.js';
import { lifecycleAwareDelete } from './delete.js';
import { withInitialLifecycle } from './new-pod.js';
import type { Pass } from './pass.js';
import type { PassState } from './pass-state.js';
import type { Slot } from './slot.js';
import { describeOrdinals, podName } from './slots.js';
import { podRevision } from './update-order.js';

/** What a replica tells the loop: go on, stop the whole pass (exit), or leave the replica loop (break). */
type Step = 'continue' | 'exit' | 'break';

/** True when the pass goes on to condemned pods; false when it stopped (OrderedReady exit, or an error). */
export function planReplicas(state: PassState): boolean {
  const { pass, slots, monotonic } = state;
  const scaleMaxUnavailable = state.diff.scaleMaxUnavailable;
  let budget = scaleMaxUnavailable;
  /** Kruise's decreaseAndCheckMaxUnavailable: true once the scale budget is used up. */
  const decrement = (): boolean => {
    if (budget === null) return false;
    budget--;
    return budget <= 0;
  };
  for (let i = 0; i < slots.length; i++) {
    // Availability is read only when it can stop something: OrderedReady, or a scale budget (step 7).
    const step = processReplica(state, slots[i]!, slots[i + 1], decrement, monotonic || scaleMaxUnavailable !== null);
    if (pass.error || (monotonic && step === 'exit')) return false;
    if (step === 'break') break;
  }
  return true;
}

/** scaleStrategy.maxUnavailable resolved against replicas (rounds down, at least 1); null when unset or for apps/v1. */
export function scaleMaxUnavailableOf(state: Pick<PassState, 'ctx'>): number | null {
  const { set, flavor } = state.ctx.view;
  const value = set.spec.scaleStrategy?.maxUnavailable;
  if (!flavor.kruiseExtensions || value === undefined || value === null) return null;
  return Math.max(getValueFromIntOrPercent(value, set.spec.replicas ?? 1, false), 1);
}

function processReplica(state: PassState, slot: Slot, next: Slot | undefined, decrement: () => boolean, checkAvailability: boolean): Step {
  const { ctx, pass, monotonic, lifecycle, honoursRetention } = state;
  const { set, flavor, minReadySeconds } = ctx.view;
  const name = set.metadata.name!;
  const pod = slot.pod;
  const waiter = next ? podName(next.pod) : undefined;

  // 2. A finished pod is deleted to be recreated (unless the scale budget is used up).
  if (slot.created && isFinished(pod)) {
    if (decrement()) return scaleLimited(pass, name, state.slots, slot);
    if (!isTerminating(pod)) lifecycleAwareDelete(ctx, lifecycle, pod, `phase ${pod.status?.phase}: deleted to be recreated`, { parallel: false, recreate: true }, pass.ops, pass.notes);
    if (monotonic) orderedBlocker(pass, waiter, podName(pod), 'to be recreated (it has finished)');
    return monotonic ? 'exit' : 'continue';
  }

  // 3. A missing pod is created, its missing claims first.
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
    const born = flavor.kruiseExtensions ? withInitialLifecycle(pod, newPodLifecycleState('StatefulSet', lifecycle, pod), ctx.now) : pod;
    slot.pod = born;
    pass.ops.push({ op: 'create', pod: born, claims: missing, reason: createReason(slot, podRevision(born), state.updateName) });
    state.diff.toCreate++;
    if (monotonic) {
      orderedBlocker(pass, waiter, podName(pod), 'to be Running and Ready');
      return 'exit';
    }
    return decrement() ? scaleLimited(pass, name, state.slots, slot, true) : 'continue';
  }

  // 4. A Pending pod gets the claims it misses.
  if (pod.status?.phase === 'Pending') {
    const claims = claimsForOrdinal(set, slot.ordinal);
    const terminatingClaim = claims.find((c) => ctx.pvcs.get(c.metadata.name!)?.metadata.deletionTimestamp);
    if (terminatingClaim) {
      pass.fail({ message: `pvc ${terminatingClaim.metadata.name} is to be deleted` });
      return 'exit';
    }
    const missing = claims.filter((c) => !ctx.pvcs.has(c.metadata.name!));
    if (missing.length > 0) {
      const owned = missing.map((c) => (honoursRetention ? claimWithRetentionOwners(c, set, flavor, pod, false) ?? c : c));
      pass.ops.push({ op: 'createClaims', pod, claims: owned, reason: `Pending pod misses ${missing.map((c) => c.metadata.name).join(', ')}` });
    }
  }

  // 5. A terminating pod: OrderedReady waits for it.
  if (isTerminating(pod)) {
    if (monotonic) {
      orderedBlocker(pass, waiter, podName(pod), 'to finish terminating');
      return 'exit';
    }
    if (decrement()) return scaleLimited(pass, name, state.slots, slot);
  }

  // 6. Refresh (in-place updates, lifecycle).
  if (flavor.kruiseExtensions && !state.refresh.pod(pod)) return 'exit';

  // 7. Availability: OrderedReady waits; Parallel counts it against the scale budget.
  if (checkAvailability) {
    const avail = availability(pod, minReadySeconds, ctx.now);
    if (!avail.available) {
      pass.push(avail.waitMs);
      if (monotonic) {
        if (avail.waitMs !== undefined) {
          // The moment, not a count of seconds left: the words stay true whenever the plan is read.
          const at = availableAt(pod, minReadySeconds);
          pass.notes.blocker('MIN_READY_SECONDS', `OrderedReady: ${waiter ?? 'the rest of the pass'} waits for ${podName(pod)} to be available (minReadySeconds ${minReadySeconds})`, [podName(pod)], at);
        } else {
          orderedBlocker(pass, waiter, podName(pod), 'to be Running and Ready');
        }
        return 'exit';
      }
      if (decrement()) return scaleLimited(pass, name, state.slots, slot);
    }
  }

  // 8. Identity, storage and claim owners.
  enforceIdentity(state, slot);
  return 'continue';
}

/** docs/spec/advanced-statefulset.md §4.3 step 8: identity, storage and (retention policy) claim owners of an existing replica. */
function enforceIdentity(state: PassState, slot: Slot): void {
  const { ctx, pass } = state;
  const { set, flavor } = ctx.view;
  const pod = slot.pod;
  if (!identityMatches(set, pod) || !storageMatches(set, pod)) {
    pass.ops.push({ op: 'repairPod', pod, reason: 'restore its identity (name, pod-name label) and claim volumes' });
    const missing = claimsForOrdinal(set, slot.ordinal).filter((c) => !ctx.pvcs.has(c.metadata.name!));
    if (missing.length > 0) pass.ops.push({ op: 'createClaims', pod, claims: missing, reason: 'claims of the restored volumes' });
  }
  if (!state.honoursRetention || (set.spec.volumeClaimTemplates ?? []).length === 0) return;
  for (const claim of claimsForOrdinal(state.updateSet, slot.ordinal)) {
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
