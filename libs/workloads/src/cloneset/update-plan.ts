// The update half of a CloneSet reconcile (spec cloneset §8.1): refresh pod states, then choose which
// pods move to the target revision this pass. Pure; the reconciler applies the operations.
import {
  ANNOTATION_INPLACE_UPDATE_GRACE, ANNOTATION_INPLACE_UPDATE_GRACE_OLD, ANNOTATION_INPLACE_UPDATE_STATE, ANNOTATION_INPLACE_UPDATE_STATE_OLD,
  CONDITION_INPLACE_UPDATE_READY, LABEL_CONTROLLER_REVISION_HASH,
  LABEL_POD_TEMPLATE_HASH, LABEL_SPECIFIED_DELETE, LIFECYCLE_STATES, calculatePartitionReplicas, type Pod,
} from '@coxswain/kruise-api';
import { isAllHooked } from '../lifecycle/hooks.js';
import { podAtRevision, shortHash } from '../revision/revision-match.js';
import type { CloneSetDiffs } from './diff.js';
import { explainUnavailable, isPodAvailable, lifecycleState, podCondition } from './pod-state.js';
import type { CloneSetOperation, PlanContext, PlanNotes } from './planner-types.js';
import { limitUpdateIndexes, sortUpdateIndexes } from './sort/index.js';

/** Refresh-driven lifecycle transitions (inplace-and-lifecycle §3.4 rules 3, 4, 13) and the pod-template-hash back-fill. */
export function planRefresh(ctx: PlanContext): CloneSetOperation[] {
  const lifecycle = ctx.cs.spec.lifecycle;
  const ops: CloneSetOperation[] = [];
  for (const pod of ctx.pods) {
    if (needsInPlaceUpdateReady(pod)) ops.push({ op: 'markInPlaceUpdateReady', pod, reason: 'InPlaceUpdateReady readiness gate without its condition' });
    const state = lifecycleState(pod);
    if (state === LIFECYCLE_STATES.PreparingNormal) {
      const preNormal = lifecycle?.preNormal;
      if (!preNormal && pod.spec.nodeName) {
        ops.push({ op: 'setLifecycleState', pod, state: LIFECYCLE_STATES.Normal, reason: 'scheduled' });
      } else if (preNormal && isAllHooked(preNormal, pod)) {
        ops.push({ op: 'setLifecycleState', pod, state: LIFECYCLE_STATES.Normal, reason: 'preNormal hook satisfied' });
      }
    } else if (state === LIFECYCLE_STATES.Updated && (!lifecycle || !lifecycle.inPlaceUpdate || isAllHooked(lifecycle.inPlaceUpdate, pod))) {
      ops.push({ op: 'setLifecycleState', pod, state: LIFECYCLE_STATES.Normal, reason: 'in-place update done' });
    }
    const revisionLabel = pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH];
    if (revisionLabel && pod.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] === undefined) {
      ops.push({ op: 'setPodTemplateHash', pod, value: shortHash(revisionLabel), reason: 'back-fill pod-template-hash' });
    }
  }
  return ops;
}

/** inplace-and-lifecycle §2.6, last step: a pod with the readiness gate gets the condition {True, "", ""}. */
function needsInPlaceUpdateReady(pod: Pod): boolean {
  if (!pod.spec.readinessGates?.some((g) => g.conditionType === CONDITION_INPLACE_UPDATE_READY)) return false;
  if (pod.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_GRACE] !== undefined || pod.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_GRACE_OLD] !== undefined) return false;
  if (pod.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_STATE] !== undefined || pod.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_STATE_OLD] !== undefined) return false;
  const condition = podCondition(pod, CONDITION_INPLACE_UPDATE_READY);
  return !(condition?.status === 'True' && !condition.reason && !condition.message);
}

export interface UpdateStep {
  operations: CloneSetOperation[];
  /** A FailedUpdate condition message, when the chosen policy cannot update a pod. */
  error?: string;
}

export function planUpdate(ctx: PlanContext, diffs: CloneSetDiffs, notes: PlanNotes): UpdateStep {
  const { cs, pods } = ctx;
  const strategy = cs.spec.updateStrategy;
  if (strategy?.type === 'OnDelete') {
    const waiting = pods.filter((p) => !podAtRevision(p, ctx.updateRevision)).map((p) => p.metadata.name!);
    if (waiting.length > 0) notes.blocker('ON_DELETE', `updateStrategy OnDelete: ${waiting.length} pod(s) change revision only when deleted`, waiting);
    return { operations: [] };
  }
  const rolling = strategy?.rollingUpdate;
  if (rolling?.paused) {
    notes.blocker('PAUSED', 'paused', []);
    return { operations: [] };
  }
  if (diffs.updateNum === 0) {
    const replicas = cs.spec.replicas ?? 1;
    const partition = calculatePartitionReplicas(rolling?.partition, replicas).value;
    const kept = pods.filter((p) => !podAtRevision(p, ctx.updateRevision)).map((p) => p.metadata.name!);
    if (partition > 0 && kept.length > 0 && ctx.currentRevision !== ctx.updateRevision) {
      notes.blocker('PARTITION', `partition keeps ${Math.min(partition, kept.length)} pods on revision ${ctx.currentRevision}`, kept);
    }
    return { operations: [] };
  }

  const forward = diffs.updateNum > 0;
  const target = forward ? ctx.updateRevision : ctx.currentRevision;
  const candidates: number[] = [];
  pods.forEach((p, i) => {
    const waiting = forward ? !podAtRevision(p, ctx.updateRevision) : podAtRevision(p, ctx.updateRevision);
    if (!waiting) return;
    const state = lifecycleState(p);
    if (state === LIFECYCLE_STATES.PreparingDelete) return;
    const inGrace = p.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_GRACE] !== undefined || p.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_GRACE_OLD] !== undefined;
    if (state === LIFECYCLE_STATES.Updated || !inGrace) candidates.push(i);
  });

  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  const isAvailable = (p: Pod) => isPodAvailable(p, minReadySeconds, ctx.now);
  const sorted = sortUpdateIndexes(pods, candidates, rolling);
  const batch = limitUpdateIndexes({
    pods, sortedIndexes: sorted, updateNum: Math.abs(diffs.updateNum), updateMaxUnavailable: diffs.updateMaxUnavailable,
    isAvailable, isAtTargetRevision: (p) => podAtRevision(p, target),
  });
  if (batch.stop) {
    const unavailable = pods.filter((p) => !isAvailable(p));
    const names = unavailable.map((p) => p.metadata.name!);
    const allowed = Math.max(diffs.updateMaxUnavailable, 0);
    notes.blocker('MAX_UNAVAILABLE', `${unavailable.length} of ${allowed} allowed unavailable pods are unavailable${names.length ? `: ${names.join(', ')}` : ''}`, names);
    for (const p of unavailable) {
      const why = explainUnavailable(p, minReadySeconds, ctx.now);
      if (why?.includes('minReadySeconds')) notes.blocker('MIN_READY_SECONDS', why, [p.metadata.name!]);
    }
  }

  const ops: CloneSetOperation[] = [];
  const policy = rolling?.podUpdatePolicy ?? 'ReCreate';
  for (const pod of batch.pods) {
    // The in-place engine is not built yet: InPlaceIfPossible falls back to recreate, as Kruise does
    // for changes it cannot apply in place; InPlaceOnly refuses, exactly as Kruise's message says.
    if (policy === 'InPlaceOnly') {
      const error = `find Pod ${pod.metadata.name} update strategy is InPlaceOnly but can not update in-place`;
      notes.event('Warning', 'FailedUpdatePodInPlace', error);
      return { operations: ops, error };
    }
    if (pod.metadata.labels?.[LABEL_SPECIFIED_DELETE] !== undefined) continue;
    ops.push({ op: 'markSpecifiedDelete', pod, revision: target, reason: `recreate at revision ${target}` });
  }
  return { operations: ops };
}
