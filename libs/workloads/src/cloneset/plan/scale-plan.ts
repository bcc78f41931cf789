// The scale half of a CloneSet reconcile (docs/spec/cloneset.md §7.1), as a pure function: it decides which pods
// to create, delete or move between lifecycle states, and says why, but writes nothing.
import { LIFECYCLE_STATES, LABEL_CLONESET_INSTANCE_ID, type PersistentVolumeClaim, type Pod } from '@coxswain/kruise-api';
import { addNotReadyKey } from '../../lifecycle/pod-ready.js';
import { cancelPreparingDelete, canCancelPreparingDelete, preDeleteLifecycleGate } from '../../lifecycle/transitions.js';
import { podAtRevision } from '../../revision/revision-match.js';
import type { CloneSetDiffs } from './diff.js';
import { newInstance } from './new-pod.js';
import { isPodAvailable, isPodReady, isSpecifiedDelete, lifecycleState } from '../../pod/pod-state.js';
import { choosePodsToDelete } from './sort/choose-pods-to-delete.js';
import { availableIds, type RandomSource } from './sort/instance-ids.js';
import { nodeLabelsByName } from './sort/rankers.js';
import type { PlanNotes } from '../../plan/plan-notes.js';
import type { CloneSetOperation, PlanContext } from './planner-types.js';
import { plural, podNameList } from './plan-words.js';

/**
 * Pods one reconcile may create, as Kubernetes' ReplicaSet controller bounds a sync (burstReplicas).
 * Kruise itself plans every missing pod at once. 10,000 at once scaled 10,000 pods up in 13.6 s
 * instead of 17-19 s (one reconcile's slow-start batches instead of 20 reconciles' worth), but its
 * burst of creations took 150,000 pods' peak RSS from about 1.9 to 2.3 GB, over the 2 GiB budget.
 * 2,000 (measured in a slower hour): 26-27 s instead of 33 s, and a peak of 2,006 MB against 1,977 MB,
 * too close to the budget. The reconciles a larger scale-up takes continue one slow start (SlowStarts):
 * only the first starts at one pod.
 */
export const MAX_CREATES_PER_RECONCILE = 500;

export interface ScaleStep {
  /** True when the step writes anything: then the update half waits for the next reconcile (docs/spec/cloneset.md §5.2). */
  scaling: boolean;
  operations: CloneSetOperation[];
  /** More pods are missing than this step creates: the next reconcile creates more (SlowStarts). */
  creationsFollow?: boolean;
}

export function planScale(ctx: PlanContext, diffs: CloneSetDiffs, notes: PlanNotes, random: RandomSource): ScaleStep {
  const { cs, pods } = ctx;
  const replicas = cs.spec.replicas ?? 1;
  const podsToDelete = new Set(cs.spec.scaleStrategy?.podsToDelete ?? []);
  const specified = pods.filter((p) => isSpecifiedDelete(p, podsToDelete));
  const preDelete = pods.filter((p) => lifecycleState(p) === LIFECYCLE_STATES.PreparingDelete);
  const numToDelete = new Set([...specified, ...preDelete].map((p) => p.metadata.name)).size;
  const ops: CloneSetOperation[] = [];

  // (a) Pods waiting in PreparingDelete that replicas need again go back to PreparingNormal (rule 17).
  const lifecycle = cs.spec.lifecycle;
  let missing = replicas - pods.length + numToDelete;
  for (const p of preDelete) {
    if (missing <= 0) break;
    if (!canCancelPreparingDelete(lifecycle, p, podsToDelete)) continue;
    ops.push({ op: 'lifecycle', pod: p, change: cancelPreparingDelete(p, ctx.now), reason: `replicas ${replicas} need it again: cancel its deletion` });
    missing--;
  }
  if (ops.length > 0) return { scaling: true, operations: ops };

  // (b) Scale up; the step ends here whenever pods are missing, even if none may be created yet.
  if (diffs.scaleUpNum > diffs.scaleUpLimit) {
    notes.blocker('SCALE_UP_LIMITED', `scaleStrategy.maxUnavailable allows ${diffs.scaleUpLimit} of ${diffs.scaleUpNum} missing pods to be created now`, []);
    notes.event('Warning', 'ScaleUpLimited', `scaleUp is limited because of scaleStrategy.maxUnavailable, limit: ${diffs.scaleUpLimit}`);
  }
  if (diffs.scaleUpNum > 0) {
    // One reconcile creates at most MAX_CREATES_PER_RECONCILE pods; the next takes the following batch
    // once these are observed. Without a bound, replicas: 2147483647 plans two billion pods in one pass.
    const creating = Math.min(diffs.scaleUpLimit, MAX_CREATES_PER_RECONCILE);
    const ids = availableIds(creating, pods, ctx.pvcs, random);
    ids.forEach((id, i) => {
      const atCurrent = diffs.scaleUpLimit <= diffs.scaleUpNumOldRevision || i < diffs.scaleUpNumOldRevision;
      const revision = atCurrent ? ctx.currentRevision : ctx.updateRevision;
      const instance = newInstance({ cs: atCurrent ? ctx.currentCS : ctx.updateCS, instanceId: id, revisionName: revision, shortHash: ctx.gates.CloneSetShortHash, now: ctx.now });
      const reused = ctx.pvcs.some((c) => c.metadata.labels?.[LABEL_CLONESET_INSTANCE_ID] === id);
      ops.push({
        op: 'create',
        instance: { ...instance, pvcs: instance.pvcs.filter((c) => !ctx.pvcs.some((have) => have.metadata.name === c.metadata.name)) },
        revision,
        reason: `${pods.length} of ${replicas + diffs.useSurge} pods exist${diffs.useSurge ? ` (${diffs.useSurge} surge)` : ''}${reused ? `; reuses the PVCs of instance ${id}` : ''}`,
      });
    });
    return { scaling: ops.length > 0, operations: ops, ...(diffs.scaleUpLimit > creating ? { creationsFollow: true } : {}) };
  }

  // (c) Pods already in PreparingDelete: delete those whose preDelete hook let go.
  if (preDelete.length > 0) {
    deletePods(ctx, preDelete, 'its preDelete hook released it', ops, notes);
    if (ops.length > 0) return { scaling: true, operations: ops };
  }

  // (d) Specified deletes, ready pods within deleteReadyLimit.
  const budget = { left: diffs.deleteReadyLimit };
  const toDelete = specified.filter((p) => lifecycleState(p) !== LIFECYCLE_STATES.PreparingDelete);
  const chosen = withinReadyBudget(toDelete, budget, notes);
  deletePods(ctx, chosen, 'specified for deletion', ops, notes);
  if (ops.length > 0) return { scaling: true, operations: ops };

  // (e) Scale down.
  if (diffs.scaleDownNum > 0) {
    if (numToDelete > 0) {
      const waiting = [...specified, ...preDelete].map((p) => p.metadata.name!);
      notes.blocker('WAITING_FOR_DELETIONS', `scale-down waits for ${plural(numToDelete, 'pod')} being deleted: ${podNameList([...new Set(waiting)])}`, [...new Set(waiting)]);
      return { scaling: false, operations: ops };
    }
    const minReadySeconds = cs.spec.minReadySeconds ?? 0;
    const isUpdated = (p: Pod) => podAtRevision(p, ctx.updateRevision);
    const victims = choosePodsToDelete(diffs.scaleDownNum, diffs.scaleDownNumOldRevision, pods.filter((p) => !isUpdated(p)), pods.filter(isUpdated), {
      isAvailable: (p) => isPodAvailable(p, minReadySeconds, ctx.now),
      topologySpreadConstraints: cs.spec.template.spec.topologySpreadConstraints,
      nodeLabels: nodeLabelsByName(ctx.nodes),
    });
    deletePods(ctx, withinReadyBudget(victims, budget, notes), `scale down to ${replicas + diffs.useSurge}`, ops, notes);
  }
  return { scaling: ops.length > 0, operations: ops };
}

/** Non-ready pods may always go; ready ones consume deleteReadyLimit, in list order. */
function withinReadyBudget(list: readonly Pod[], budget: { left: number }, notes: PlanNotes): Pod[] {
  const chosen: Pod[] = [];
  const held: string[] = [];
  for (const p of list) {
    if (!isPodReady(p)) chosen.push(p);
    else if (budget.left > 0) {
      budget.left--;
      chosen.push(p);
    } else held.push(p.metadata.name!);
  }
  if (held.length > 0) {
    notes.blocker('MAX_UNAVAILABLE', `deleting ${plural(held.length, 'more ready pod')} now would exceed maxUnavailable: ${podNameList(held)}`, held);
  }
  return chosen;
}

/** docs/spec/cloneset.md §7.3 with rules 15–16: a pod held by its preDelete hook moves to PreparingDelete; any other is deleted with its PVCs. */
function deletePods(ctx: PlanContext, list: readonly Pod[], why: string, ops: CloneSetOperation[], notes: PlanNotes): void {
  for (const p of list) {
    const gate = preDeleteLifecycleGate(ctx.cs.spec.lifecycle, p, ctx.now);
    if (gate.action === 'prepareDelete') {
      ops.push({ op: 'lifecycle', pod: p, change: gate.change, reason: `${why}; its preDelete hook must be acknowledged first` });
      continue;
    }
    if (gate.action === 'wait') {
      notes.blocker('HOOK_PENDING', `pod ${p.metadata.name} waits for its preDelete hook to be acknowledged`, [p.metadata.name!]);
      // Rule 16 re-asserts the KruisePodReady key; written only when it is missing.
      if (gate.change.podReady && addNotReadyKey(p, gate.change.podReady.key, ctx.now)) {
        ops.push({ op: 'lifecycle', pod: p, change: gate.change, reason: 'keep it out of traffic while its preDelete hook is pending' });
      }
      continue;
    }
    const id = p.metadata.labels?.[LABEL_CLONESET_INSTANCE_ID];
    const pvcs: PersistentVolumeClaim[] = id === undefined ? [] : ctx.pvcs.filter((c) => c.metadata.labels?.[LABEL_CLONESET_INSTANCE_ID] === id);
    ops.push({ op: 'delete', pod: p, pvcs, reason: why });
  }
}

