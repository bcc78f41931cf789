// One StatefulSet pass as a pure function (docs/spec/advanced-statefulset.md §4.2, Kruise's
// updateStatefulSet): replicas first (replicas.ts), then the condemned pods (condemned.ts), then the
// rolling update (rolling-update.ts). Where Kruise writes and continues, the planner records the write
// and continues as if it succeeded; the executor sends the operations in order and stops at the first
// failure, as Kruise returns on the first error. The same plan drives the reconciler, the `plan` query
// and observe mode.
import type { Pod, StatefulSetStatus } from '@coxswain/kruise-api';
import type { PlannedAction } from '../../plan/plan-types.js';
import { applyRevision } from '../../revision/cloneset-revision.js';
import { isValidOrdinal, ordinalRange, podOrdinal } from './identity.js';
import { availability } from './pod-health.js';
import { planCondemned } from './condemned.js';
import { Pass } from './pass.js';
import type { PassState } from './pass-state.js';
import type { StatefulSetDiff, StatefulSetOperation, StatefulSetPlan, StatefulSetPlanContext } from './plan-types.js';
import { PassRefresh } from './refresh.js';
import { planReplicas, scaleMaxUnavailableOf } from './replicas.js';
import { planRollingUpdate } from './rolling-update.js';
import { fillSlots, findFirstUnhealthy, podName } from './slots.js';
import { completeRollingUpdate, countReplicas, labelSelectorText, volumeClaimsStatus } from './status.js';
import { partitionOf, podRevision } from './update-order.js';

export function planStatefulSet(ctx: StatefulSetPlanContext): StatefulSetPlan {
  const { set, flavor, minReadySeconds } = ctx.view;
  const currentName = ctx.currentRevision.metadata.name!;
  const updateName = ctx.updateRevision.metadata.name!;
  const updateSet = applyRevision(set, ctx.updateRevision);
  const pass = new Pass();

  // Slots for the valid ordinals; pods at any other ordinal are condemned, highest first.
  const range = ordinalRange(set, flavor, ctx.gates);
  const existing = new Map<number, Pod>();
  const condemned: Pod[] = [];
  for (const pod of ctx.pods) {
    const ordinal = podOrdinal(pod);
    if (isValidOrdinal(range, ordinal)) existing.set(ordinal, pod);
    else if (ordinal >= 0) condemned.push(pod);
  }
  condemned.sort((a, b) => podOrdinal(b) - podOrdinal(a));
  const slots = fillSlots(ctx, range, existing, applyRevision(set, ctx.currentRevision), updateSet);
  const replicaPods = slots.map((s) => s.pod);

  // Reserved ordinals are the set's shape, not something holding the rollout back: counted in the diff,
  // never a blocker (the API's Workload.ordinals lists the gaps).
  const reservedRanges = range.reserved.rangesWithin(range.start, range.end);
  const diff: StatefulSetDiff = {
    replicas: set.spec.replicas ?? 1,
    startOrdinal: range.start,
    endOrdinal: range.end,
    reservedOrdinals: reservedRanges.reduce((n, [a, b]) => n + b - a + 1, 0),
    podManagementPolicy: set.spec.podManagementPolicy === 'Parallel' ? 'Parallel' : 'OrderedReady',
    toCreate: 0,
    missing: slots.filter((s) => !s.created).length,
    condemned: condemned.length,
    scaleMaxUnavailable: null,
    partition: partitionOf(set),
    maxUpdate: Math.max(0, (set.spec.replicas ?? 1) - partitionOf(set)),
    maxUnavailable: 1,
    unavailable: 0,
    outdated: slots.filter((s) => podRevision(s.pod) !== updateName).length,
    minReadySeconds,
  };

  const state: PassState = {
    ctx, pass, refresh: new PassRefresh(ctx, pass), range, slots, condemned,
    firstUnhealthy: findFirstUnhealthy(slots, condemned),
    lifecycle: flavor.kruiseExtensions ? set.spec.lifecycle : undefined,
    monotonic: diff.podManagementPolicy !== 'Parallel',
    honoursRetention: flavor.name === 'native' || ctx.gates.enabled('StatefulSetAutoDeletePVC'),
    updateSet, currentName, updateName, diff, currentDecrement: 0, updatedDecrement: 0,
  };
  diff.scaleMaxUnavailable = scaleMaxUnavailableOf(state);

  const status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation ?? 0,
    replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0,
    currentRevision: currentName,
    updateRevision: updateName,
    collisionCount: ctx.collisionCount,
    labelSelector: labelSelectorText(set),
  };
  const hasClaims = flavor.kruiseExtensions && (set.spec.volumeClaimTemplates ?? []).length > 0;

  // A set being deleted only reports: its counters (and claims) over every pod it claims.
  if (set.metadata.deletionTimestamp) {
    const counters = countReplicas([ctx.pods], minReadySeconds, currentName, updateName, ctx.now);
    return result(state, { ...status, ...counters, ...(hasClaims ? { volumeClaims: volumeClaimsStatus(set, ctx.pods, ctx.pvcs) } : {}) });
  }

  if (planReplicas(state) && planCondemned(state)) {
    if ((set.spec.updateStrategy?.type ?? 'RollingUpdate') === 'OnDelete') {
      const waiting = slots.filter((s) => s.created && podRevision(s.pod) !== updateName).map((s) => podName(s.pod));
      if (waiting.length > 0) pass.notes.blocker('ON_DELETE', `updateStrategy OnDelete: ${waiting.length} pod(s) change revision only when deleted`, waiting);
    } else {
      planRollingUpdate(state);
    }
  }

  // docs/spec/advanced-statefulset.md §6: the counters over the pass's pods (as they were read: a pod created now counts from the next
  // pass), the decrements of docs/spec/advanced-statefulset.md §4.5 and §4.7, the claims of the replica slots, completeRollingUpdate.
  const counters = countReplicas([replicaPods, condemned], minReadySeconds, currentName, updateName, ctx.now);
  return result(state, completeRollingUpdate(set, {
    ...status,
    ...counters,
    currentReplicas: counters.currentReplicas + state.currentDecrement,
    updatedReplicas: counters.updatedReplicas + state.updatedDecrement,
    ...(hasClaims ? { volumeClaims: volumeClaimsStatus(set, replicaPods, ctx.pvcs) } : {}),
  }));
}

function result(state: PassState, status: StatefulSetStatus): StatefulSetPlan {
  const { ctx, pass, slots, condemned, updateName, diff } = state;
  const complete = condemned.length === 0
    && slots.every((s) => s.created && podRevision(s.pod) === updateName && availability(s.pod, ctx.view.minReadySeconds, ctx.now).available);
  const plan: StatefulSetPlan = {
    updateRevision: updateName,
    currentRevision: state.currentName,
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
