// docs/spec/advanced-statefulset.md §4.2 (b), docs/spec/advanced-statefulset.md §4.4: pods outside the valid ordinals. Their claims first get the owners the retention
// policy wants; then OrderedReady deletes the highest one, one per pass, only while every other pod is
// healthy (the lowest unhealthy pod itself may go), and Parallel deletes them all together.
import { claimWithRetentionOwners, claimsForOrdinal } from './volume-claims.js';
import { podOrdinal, type OrdinalRange } from './identity.js';
import { availability, isRunningAndReadyByCondition, isTerminating } from './pod-health.js';
import { lifecycleAwareDelete } from './delete.js';
import type { PassState } from './pass-state.js';
import { podName } from './slots.js';
import type { Pod } from '@coxswain/kruise-api';

/** True when the pass goes on to the rolling update; false when it stops here (OrderedReady). */
export function planCondemned(state: PassState): boolean {
  const { ctx, pass, condemned, monotonic, lifecycle } = state;
  const { set, flavor, minReadySeconds } = ctx.view;
  if (state.honoursRetention) {
    for (const pod of condemned) {
      for (const claim of claimsForOrdinal(state.updateSet, podOrdinal(pod))) {
        const stored = ctx.pvcs.get(claim.metadata.name!);
        const owned = stored && !stored.metadata.deletionTimestamp ? claimWithRetentionOwners(stored, set, flavor, pod, true) : undefined;
        if (owned) pass.ops.push({ op: 'updateClaim', claim: owned, pod: podName(pod), condemned: true, reason: `retention policy for the claims of condemned ${podName(pod)}` });
      }
    }
  }
  for (const pod of condemned) {
    if (isTerminating(pod)) {
      if (!monotonic) continue;
      pass.notes.blocker('ORDERED_READY', `OrderedReady: scale-down waits for ${podName(pod)} to finish terminating`, [podName(pod)]);
      return false;
    }
    if (monotonic && pod !== state.firstUnhealthy) {
      if (!isRunningAndReadyByCondition(pod)) {
        pass.notes.blocker('ORDERED_READY', `OrderedReady: scale-down of ${podName(pod)} waits for it to be Running and Ready`, [podName(pod)]);
        return false;
      }
      const avail = availability(pod, minReadySeconds, ctx.now);
      if (!avail.available) {
        pass.push(avail.waitMs);
        pass.notes.blocker('MIN_READY_SECONDS', `OrderedReady: scale-down of ${podName(pod)} waits for it to be available (minReadySeconds ${minReadySeconds})`, [podName(pod)]);
        return false;
      }
    }
    const outcome = lifecycleAwareDelete(ctx, lifecycle, pod, scaleDownReason(pod, state.range), { parallel: !monotonic, recreate: false }, pass.ops, pass.notes);
    if (monotonic && outcome.modified) return false;
  }
  return true;
}

function scaleDownReason(pod: Pod, range: OrdinalRange): string {
  const ordinal = podOrdinal(pod);
  if (range.reserved.has(ordinal)) return `ordinal ${ordinal} is reserved`;
  return ordinal < range.start ? `ordinal ${ordinal} is below ordinals.start ${range.start}` : `scale down: ordinal ${ordinal} is beyond the ${range.end - range.start} valid ordinals`;
}
