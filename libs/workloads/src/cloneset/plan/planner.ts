// One CloneSet reconcile step as a pure function (docs/spec/cloneset.md §5.2): scale first; only when scale
// changed nothing, update. The same plan drives the reconciler, the `plan` query and observe mode.
import type { CloneSet, Pod } from '@coxswain/kruise-api';
import { podAtRevision } from '../../revision/revision-match.js';
import { cloneSetDiffs, type CloneSetDiffs } from './diff.js';
import { explainHoldbacks, type HoldbackOptions } from './holdbacks.js';
import type { PlannedAction, RolloutPlan } from '../../plan/plan-types.js';
import { PlanNotes, type PlannedEvent } from '../../plan/plan-notes.js';
import type { CloneSetOperation, PlanContext } from './planner-types.js';
import { isPodAvailable } from '../../pod/pod-state.js';
import { planScale } from './scale-plan.js';
import type { RandomSource } from './sort/instance-ids.js';
import { planRefresh, planUpdate } from './update-plan.js';

/** Which half of docs/spec/cloneset.md §5.2 produced the operations: their failures set FailedScale or FailedUpdate. */
export type PlanPhase = 'scale' | 'update';

/**
 * `complete`: every pod at the update revision, available, and exactly `replicas` of them. `diff`: the
 * docs/spec/cloneset.md §6 numbers of the phase that decided this step (scale, or update once scale is quiet).
 */
export interface CloneSetPlan extends RolloutPlan<CloneSetDiffs> {
  phase: PlanPhase;
  operations: CloneSetOperation[];
  events: PlannedEvent[];
  /** A FailedUpdate condition message the plan itself produces (InPlaceOnly that cannot update in place). */
  updateError?: string;
  /** Look again after this long even without events (an in-place grace period ending). */
  requeueAfterMs?: number;
  /** The scale step creates some of the missing pods; the next reconcile creates more. */
  creationsFollow?: boolean;
}

export function planCloneSet(ctx: PlanContext, random: RandomSource): CloneSetPlan {
  const notes = new PlanNotes();
  const gates = { CloneSetPartitionRollback: ctx.gates.CloneSetPartitionRollback, PreparingUpdateAsUpdate: ctx.gates.PreparingUpdateAsUpdate };
  const diffOptions = { now: ctx.now, gates, excludePreparingDeleteFlag: ctx.excludePreparingDeleteFlag };
  const result = (phase: PlanPhase, diff: CloneSetDiffs, operations: CloneSetOperation[], updateError?: string): CloneSetPlan => ({
    phase,
    updateRevision: ctx.updateRevision,
    currentRevision: ctx.currentRevision,
    complete: isComplete(ctx),
    diff,
    actions: operations.map(toAction),
    blockers: notes.blockers,
    operations,
    events: notes.events,
    ...(updateError ? { updateError } : {}),
  });

  const scaleDiffs = cloneSetDiffs(ctx.cs, ctx.pods, ctx.currentRevision, ctx.updateRevision, { ...diffOptions, predicate: 'scale' });
  if (ctx.cs.metadata.deletionTimestamp) return result('scale', scaleDiffs, []);
  // Whatever the step does, the plan names every pod that keeps the rollout from completing.
  const explained = (plan: CloneSetPlan): CloneSetPlan =>
    plan.complete ? plan : explainWhenRead(plan, notes, ctx.cs, ctx.pods, { now: ctx.now, verticalScaling: ctx.gates.inPlace.InPlaceWorkloadVerticalScaling });

  const scale = planScale(ctx, scaleDiffs, notes, random);
  if (scale.scaling) return explained({ ...result('scale', scaleDiffs, scale.operations), ...(scale.creationsFollow ? { creationsFollow: true } : {}) });

  const refresh = planRefresh(ctx);
  if (refresh.operations.length > 0 || refresh.error) {
    return explained({ ...result('update', scaleDiffs, refresh.operations, refresh.error), ...requeue(refresh.requeueAfterMs) });
  }

  const updateDiffs = cloneSetDiffs(ctx.cs, ctx.pods, ctx.currentRevision, ctx.updateRevision, { ...diffOptions, predicate: 'update' });
  const update = planUpdate(ctx, updateDiffs, notes);
  return explained({ ...result('update', updateDiffs, update.operations, update.error), ...requeue(refresh.requeueAfterMs) });
}

/**
 * Gives the plan's `blockers` the names of the pods holding the rollout back when they are first read.
 * Only the `plan` query and observe mode read them, never the reconcile that computed them, and naming
 * them walks every pod (14% of a 5,000-pod reconcile). Outside planCloneSet so that the getter keeps
 * only what the names need, not the whole context, in a controller's last plan.
 */
function explainWhenRead(plan: CloneSetPlan, notes: PlanNotes, cs: CloneSet, pods: readonly Pod[], options: HoldbackOptions): CloneSetPlan {
  let explainedOnce = false;
  return Object.defineProperty(plan, 'blockers', {
    enumerable: true,
    get: () => {
      if (!explainedOnce) {
        explainedOnce = true;
        explainHoldbacks(cs, pods, notes, options);
      }
      return notes.blockers;
    },
  });
}

function requeue(ms: number | undefined): { requeueAfterMs?: number } {
  return ms === undefined ? {} : { requeueAfterMs: ms };
}

function isComplete(ctx: PlanContext): boolean {
  const replicas = ctx.cs.spec.replicas ?? 1;
  const minReadySeconds = ctx.cs.spec.minReadySeconds ?? 0;
  return (
    ctx.pods.length === replicas &&
    ctx.pods.every((p: Pod) => podAtRevision(p, ctx.updateRevision) && isPodAvailable(p, minReadySeconds, ctx.now))
  );
}

function toAction(op: CloneSetOperation): PlannedAction {
  switch (op.op) {
    case 'create':
      return { type: 'CREATE', pod: op.instance.pod.metadata.name!, reason: op.reason, revision: op.revision };
    case 'delete':
      return { type: 'DELETE', pod: op.pod.metadata.name!, reason: op.reason };
    case 'markSpecifiedDelete':
      return { type: 'RECREATE', pod: op.pod.metadata.name!, reason: op.reason, revision: op.revision };
    case 'lifecycle':
      return { type: 'LIFECYCLE_TRANSITION', pod: op.pod.metadata.name!, reason: `${op.change.from || 'Normal'} -> ${op.change.to}: ${op.reason}` };
    case 'setPodTemplateHash':
    case 'writePod':
      return { type: 'LIFECYCLE_TRANSITION', pod: op.pod.metadata.name!, reason: op.reason };
    case 'updateInPlace':
      return { type: 'UPDATE_IN_PLACE', pod: op.pod.metadata.name!, reason: op.reason, revision: op.revision };
  }
}
