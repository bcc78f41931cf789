// The update half of a CloneSet reconcile (docs/spec/cloneset.md §8.1): refresh pod states, then choose which
// pods move to the target revision this pass. Pure; the reconciler applies the operations.
import {
  ANNOTATION_INPLACE_UPDATE_GRACE, ANNOTATION_INPLACE_UPDATE_GRACE_OLD, CONDITION_KRUISE_POD_READY, LABEL_CONTROLLER_REVISION_HASH,
  LABEL_POD_TEMPLATE_HASH, LABEL_SPECIFIED_DELETE, LIFECYCLE_STATES, calculatePartitionReplicas, type Pod,
} from '@coxswain/kruise-api';
import { setPodCondition } from '../../inplace/readiness-gate.js';
import { refreshInPlaceUpdate } from '../../inplace/refresh.js';
import { chooseUpdateMethod } from '../../inplace/update-policy.js';
import { hasKruisePodReadyGate } from '../../lifecycle/pod-ready.js';
import { inPlaceUpdateLifecycleGate, refreshLifecycleState } from '../../lifecycle/transitions.js';
import { lifecycleTimestamp } from '../../pod/time.js';
import { podAtRevision, shortHash } from '../../revision/revision-match.js';
import type { CloneSetDiffs } from './diff.js';
import { plural, podNameList } from './plan-words.js';
import { isPodAvailable, lifecycleState, podCondition } from '../../pod/pod-state.js';
import type { PlanNotes } from '../../plan/plan-notes.js';
import type { CloneSetOperation, PlanContext } from './planner-types.js';
import { limitUpdateIndexes } from './sort/limit-update.js';
import { sortUpdateIndexes } from './sort/update-order.js';

export interface RefreshStep {
  operations: CloneSetOperation[];
  /** The soonest a grace period ends (docs/spec/inplace-and-lifecycle.md §2.6 finishGracePeriod), in ms. */
  requeueAfterMs?: number;
  /** An unreadable in-place annotation: Kruise fails the reconcile with it. */
  error?: string;
}

/**
 * docs/spec/cloneset.md §8.1 step 1 for every pod: the in-place refresh (docs/spec/inplace-and-lifecycle.md §2.6: grace period, next
 * container batch, InPlaceUpdateReady back to True), the KruisePodReady condition a new pod needs,
 * the refresh-driven lifecycle moves (docs/spec/inplace-and-lifecycle.md §3.4 rules 3, 4, 10, 12, 13) and the pod-template-hash back-fill.
 */
export function planRefresh(ctx: PlanContext): RefreshStep {
  const lifecycle = ctx.cs.spec.lifecycle;
  const step: RefreshStep = { operations: [] };
  const ops = step.operations;
  for (const pod of ctx.pods) {
    const refresh = refreshInPlaceUpdate(pod, ctx.now, { verticalScaling: ctx.gates.inPlace.InPlaceWorkloadVerticalScaling });
    if (refresh.action === 'error') {
      step.error ??= refresh.message;
      continue;
    }
    if (refresh.action === 'requeue') {
      const ms = refresh.delaySeconds * 1000;
      if (step.requeueAfterMs === undefined || ms < step.requeueAfterMs) step.requeueAfterMs = ms;
    }
    // One status write carries both conditions a fresh pod needs.
    const statusBase = refresh.action === 'updateStatus' ? refresh.pod : pod;
    const withKruiseReady = initKruisePodReady(statusBase, ctx.now);
    if (refresh.action === 'update') {
      ops.push({ op: 'writePod', pod: refresh.pod, subresource: 'spec', reason: refresh.reason });
    } else if (refresh.action === 'updateStatus' || withKruiseReady) {
      const reason = refresh.action === 'updateStatus' ? refresh.reason : 'KruisePodReady readiness gate without its condition';
      ops.push({ op: 'writePod', pod: withKruiseReady ?? statusBase, subresource: 'status', reason });
    }
    const change = refreshLifecycleState({ workload: 'CloneSet', lifecycle, pod, updateRevision: ctx.updateRevision, now: ctx.now, completion: { verticalScaling: ctx.gates.inPlace.InPlaceWorkloadVerticalScaling } });
    if (change) ops.push({ op: 'lifecycle', pod, change, reason: REFRESH_REASONS[change.rule] ?? `rule ${change.rule}` });
    const revisionLabel = pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH];
    if (revisionLabel && pod.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] === undefined) {
      ops.push({ op: 'setPodTemplateHash', pod, value: shortHash(revisionLabel), reason: 'back-fill pod-template-hash' });
    }
  }
  return step;
}

/** Why a refresh rule of docs/spec/inplace-and-lifecycle.md §3.4 fired, in words. */
const REFRESH_REASONS: Record<number, string> = {
  3: 'scheduled',
  4: 'preNormal hook satisfied',
  10: 'already at the update revision',
  12: 'in-place update completed',
  13: 'inPlaceUpdate hook satisfied',
};

/** Kruise's pod-readiness controller: a pod with the KruisePodReady gate and no condition gets it True. */
function initKruisePodReady(pod: Pod, now: number): Pod | undefined {
  if (!hasKruisePodReadyGate(pod) || podCondition(pod, CONDITION_KRUISE_POD_READY)) return undefined;
  return setPodCondition(pod, { type: CONDITION_KRUISE_POD_READY, status: 'True', lastTransitionTime: lifecycleTimestamp(now) });
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
    if (waiting.length > 0) notes.blocker('ON_DELETE', `updateStrategy OnDelete: ${plural(waiting.length, 'pod')} change${waiting.length === 1 ? 's' : ''} revision only when deleted`, waiting);
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
      notes.blocker('PARTITION', partitionWords(partition, kept.length, pods.length - kept.length, ctx), kept);
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
    const unavailable = pods.filter((p) => !isAvailable(p)).map((p) => p.metadata.name!);
    const updating = batch.pods.map((p) => p.metadata.name!);
    const waiting = Math.min(Math.abs(diffs.updateNum), sorted.length) - updating.length;
    notes.blocker('MAX_UNAVAILABLE', maxUnavailableWords(diffs.updateMaxUnavailable, unavailable, updating, waiting), [...unavailable, ...updating]);
  }

  const ops: CloneSetOperation[] = [];
  const policy = rolling?.podUpdatePolicy ?? 'ReCreate';
  const targetRevision = forward ? ctx.updateRevisionObject : ctx.currentRevisionObject;
  for (const pod of batch.pods) {
    const name = pod.metadata.name!;
    const method = chooseUpdateMethod({
      policy,
      podName: name,
      oldRevision: ctx.revisions.find((r) => podAtRevision(pod, r.metadata.name!)),
      newRevision: targetRevision,
      options: { gracePeriodSeconds: rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds, gates: ctx.gates.inPlace },
    });
    if (method.method === 'error') {
      notes.event('Warning', 'FailedUpdatePodInPlace', method.message);
      return { operations: ops, error: method.message };
    }
    if (method.method === 'inPlace') {
      const gate = inPlaceUpdateLifecycleGate({ workload: 'CloneSet', lifecycle: cs.spec.lifecycle, pod, now: ctx.now });
      switch (gate.action) {
        case 'update':
          ops.push({ op: 'updateInPlace', pod, spec: method.spec, revision: target, lifecycleUpdating: gate.lifecycleUpdating, reason: `in-place update to revision ${target}` });
          break;
        case 'transition':
          ops.push({ op: 'lifecycle', pod, change: gate.change, reason: `rule ${gate.rule}: waits for its inPlaceUpdate hook before the update` });
          break;
        case 'wait':
          notes.blocker('HOOK_PENDING', `pod ${name}: ${gate.reason}`, [name]);
          break;
        case 'error':
          return { operations: ops, error: gate.message };
      }
      continue;
    }
    if (pod.metadata.labels?.[LABEL_SPECIFIED_DELETE] !== undefined) continue;
    ops.push({ op: 'markSpecifiedDelete', pod, revision: target, reason: `recreate at revision ${target}` });
  }
  return { operations: ops };
}

/**
 * The PARTITION blocker: `partition` pods are to stay on the current revision, `kept` still are. They
 * differ when the partition was raised after pods were updated (those stay updated unless gate
 * CloneSetPartitionRollback rolls them back) or exceeds the replicas.
 */
function partitionWords(partition: number, kept: number, updated: number, ctx: PlanContext): string {
  if (partition === kept) return `partition keeps ${plural(kept, 'pod')} on revision ${ctx.currentRevision}`;
  if (partition < kept) return `partition ${partition} keeps ${partition} of the ${plural(kept, 'pod')} on revision ${ctx.currentRevision}`;
  const stay = updated > 0
    ? `; ${updated === 1 ? 'the pod' : `the ${updated} pods`} already at revision ${ctx.updateRevision} ${updated === 1 ? 'stays' : 'stay'} there` +
      (ctx.gates.CloneSetPartitionRollback ? '' : ' (gate CloneSetPartitionRollback is off)')
    : '';
  return `partition ${partition} keeps ${kept === 1 ? 'the one pod' : `all ${kept} pods`} still on revision ${ctx.currentRevision}${stay}`;
}

/**
 * The MAX_UNAVAILABLE blocker when docs/spec/cloneset.md §8.3 cut the batch short: how many pods may be unavailable at once,
 * which are (before this step) and which this step updates, and how many wait for their turn.
 */
function maxUnavailableWords(updateMaxUnavailable: number, unavailable: readonly string[], updating: readonly string[], waiting: number): string {
  const parts: string[] = [];
  if (unavailable.length > 0) parts.push(`${podNameList(unavailable)} ${unavailable.length === 1 ? 'is' : 'are'} unavailable`);
  if (updating.length > 0) parts.push(`${podNameList(updating)} ${updating.length === 1 ? 'is' : 'are'} updated now`);
  const allowed = Math.max(updateMaxUnavailable, 0);
  const now = parts.length > 0 ? `: ${parts.join(' and ')}` : '';
  const turn = waiting > 0 ? `; ${plural(waiting, 'more pod')} ${waiting === 1 ? 'waits its' : 'wait their'} turn` : '';
  return `maxUnavailable allows ${allowed === 0 ? 'no' : allowed} unavailable ${allowed === 1 ? 'pod' : 'pods'} at a time${now}${turn}`;
}
