// The lifecycle transition table (docs/spec/inplace-and-lifecycle.md §3.4) as decisions: each function reads a
// pod and the workload's `spec.lifecycle` and says which state the pod moves to, with the metadata
// patch to send and the KruisePodReady change (markPodNotReady) to write first. Pure; `now` stamps the
// lifecycle timestamp annotation.
import {
  LABEL_LIFECYCLE_STATE, LIFECYCLE_STATES, KRUISE_POD_READY_MESSAGE,
  type Lifecycle, type LifecycleHook, type LifecycleStateType, type Pod,
} from '@coxswain/kruise-api';
import { isSpecifiedDelete, lifecycleState } from '../pod/pod-state.js';
import { isInPlaceUpdateCompleted, type CompletionOptions } from '../inplace/completion.js';
import type { LifecycleUpdatingPolicy } from '../inplace/update.js';
import { podAtRevision } from '../revision/revision-match.js';
import { isAllHooked, isHooked } from './hooks.js';
import type { LifecycleNotReadyKey } from './pod-ready.js';
import { lifecycleStatePatch, type PodMetadataPatch } from './state-change.js';

/** The rules differ slightly between the two workloads that use lifecycle hooks. */
export type LifecycleWorkload = 'CloneSet' | 'StatefulSet';

export interface PodReadyAction {
  op: 'add' | 'remove';
  key: LifecycleNotReadyKey;
}

export interface LifecycleChange {
  /** The row of the docs/spec/inplace-and-lifecycle.md §3.4 table. */
  rule: number;
  /** The state label before ('' when absent). */
  from: string;
  to: LifecycleStateType;
  /** The metadata merge patch; absent when the pod already is in `to` (Kruise sends none then). */
  patch?: PodMetadataPatch;
  /** Written first (status update through addNotReadyKey/removeNotReadyKey), when the hook has markPodNotReady. */
  podReady?: PodReadyAction;
}

const { PreparingNormal, Normal, PreparingUpdate, Updating, Updated, PreparingDelete } = LIFECYCLE_STATES;

/** Rules 1–2: the state a new pod is created with. */
export function newPodLifecycleState(workload: LifecycleWorkload, lifecycle: Lifecycle | undefined, pod: Pick<Pod, 'metadata'>): LifecycleStateType {
  if (workload === 'CloneSet') return PreparingNormal;
  if (!lifecycle || !lifecycle.preNormal || isAllHooked(lifecycle.preNormal, pod)) return Normal;
  return PreparingNormal;
}

export interface RefreshLifecycleInput {
  workload: LifecycleWorkload;
  lifecycle: Lifecycle | undefined;
  pod: Pod;
  /** The workload's update revision (rule 10). */
  updateRevision: string;
  now: number;
  completion?: CompletionOptions;
}

/** Rules 3, 4, 5, 10, 12, 13: the move a refresh makes, if any. Pods without a state label never move. */
export function refreshLifecycleState({ workload, lifecycle, pod, updateRevision, now, completion }: RefreshLifecycleInput): LifecycleChange | undefined {
  const from = lifecycleState(pod);
  const markPodNotReady = lifecycle?.inPlaceUpdate?.markPodNotReady === true;
  // Rules 10 and 12 land in Updated while the inPlaceUpdate hook is not yet all-hooked again.
  const afterUpdate = lifecycle && !isAllHooked(lifecycle.inPlaceUpdate, pod) ? Updated : Normal;
  switch (from) {
    case PreparingNormal: {
      const preNormal = lifecycle?.preNormal;
      if (workload === 'StatefulSet') {
        return !preNormal || isAllHooked(preNormal, pod) ? change(pod, 5, Normal, now, false) : undefined;
      }
      if (!preNormal) return pod.spec.nodeName ? change(pod, 3, Normal, now, false) : undefined;
      return isAllHooked(preNormal, pod) ? change(pod, 4, Normal, now, false) : undefined;
    }
    case PreparingUpdate:
      return podAtRevision(pod, updateRevision) ? change(pod, 10, afterUpdate, now, markPodNotReady) : undefined;
    case Updating:
      return isInPlaceUpdateCompleted(pod, completion) ? change(pod, 12, afterUpdate, now, markPodNotReady) : undefined;
    case Updated:
      return !lifecycle || !lifecycle.inPlaceUpdate || isAllHooked(lifecycle.inPlaceUpdate, pod) ? change(pod, 13, Normal, now, markPodNotReady) : undefined;
    default:
      return undefined;
  }
}

export type InPlaceLifecycleGate =
  /** Go ahead with the in-place update (rules 7, 9, 11); pass `lifecycleUpdating` to rewritePodInPlace. */
  | { action: 'update'; rule: 7 | 9 | 11; lifecycleUpdating: LifecycleUpdatingPolicy }
  /** Write the lifecycle change only; the update waits for the hook (rules 6, 14). */
  | { action: 'transition'; rule: 6 | 14; change: LifecycleChange }
  /** Nothing to write this round (rule 8: hook still holds the pod; rule 14 without an inPlaceUpdate hook). */
  | { action: 'wait'; rule: 8 | 14; reason: string }
  /** Rule 18. */
  | { action: 'error'; rule: 18; message: string };

export interface InPlaceLifecycleInput {
  workload: LifecycleWorkload;
  lifecycle: Lifecycle | undefined;
  /** A pod selected for an in-place update (only when docs/spec/inplace-and-lifecycle.md §1 says it can be updated in place). */
  pod: Pod;
  now: number;
}

/** Rules 6–9, 11, 14, 18: what the inPlaceUpdate hook lets happen to a pod selected for an in-place update. */
export function inPlaceUpdateLifecycleGate({ workload, lifecycle, pod, now }: InPlaceLifecycleInput): InPlaceLifecycleGate {
  const from = lifecycleState(pod);
  const hook = lifecycle?.inPlaceUpdate;
  const hooked = lifecycle !== undefined && isHooked(hook, pod);
  const lifecycleUpdating: LifecycleUpdatingPolicy = workload === 'CloneSet' ? 'always' : 'ifPresent';
  switch (from) {
    case '':
    case PreparingNormal:
    case Normal:
      if (hooked) return { action: 'transition', rule: 6, change: change(pod, 6, PreparingUpdate, now, hook?.markPodNotReady === true) };
      return { action: 'update', rule: 7, lifecycleUpdating };
    case PreparingUpdate:
      if (hooked) return { action: 'wait', rule: 8, reason: 'inPlaceUpdate hook still holds the pod' };
      return { action: 'update', rule: 9, lifecycleUpdating };
    case Updating:
      return { action: 'update', rule: 11, lifecycleUpdating };
    case Updated:
      if (!hook) return { action: 'wait', rule: 14, reason: 'no inPlaceUpdate hook: the pod returns to Normal first' };
      return { action: 'transition', rule: 14, change: rehookForUpdate(pod, hook, now) };
    default:
      return { action: 'error', rule: 18, message: `not allowed to in-place update pod ${pod.metadata.name} in state ${from}` };
  }
}

export type PreDeleteGate =
  /** Delete the pod now (no preDelete hook holds it; rule 16 when it was PreparingDelete). */
  | { action: 'delete'; rule?: 16 }
  /** Rule 15: move to PreparingDelete and wait for the hook. */
  | { action: 'prepareDelete'; rule: 15; change: LifecycleChange }
  /** Already PreparingDelete and still hooked: only the KruisePodReady key is (re)asserted. */
  | { action: 'wait'; rule: 16; change: LifecycleChange };

/** Rules 15–16: a pod chosen for deletion (scale-down, specified delete, recreate update, …). */
export function preDeleteLifecycleGate(lifecycle: Lifecycle | undefined, pod: Pod, now: number): PreDeleteGate {
  const from = lifecycleState(pod);
  const hook = lifecycle?.preDelete;
  if (!isHooked(hook, pod)) return from === PreparingDelete ? { action: 'delete', rule: 16 } : { action: 'delete' };
  const c = change(pod, 15, PreparingDelete, now, hook?.markPodNotReady === true);
  return from === PreparingDelete ? { action: 'wait', rule: 16, change: { ...c, rule: 16 } } : { action: 'prepareDelete', rule: 15, change: c };
}

/**
 * Rule 17 (CloneSet): a PreparingDelete pod may go back to PreparingNormal when replicas need it again,
 * unless it is a specified delete or a markPodNotReady hook (whose key is never removed) is configured.
 * The caller picks one such pod per missing replica, in list order.
 */
export function canCancelPreparingDelete(lifecycle: Lifecycle | undefined, pod: Pod, podsToDelete?: ReadonlySet<string> | readonly string[]): boolean {
  if (lifecycleState(pod) !== PreparingDelete) return false;
  if (isSpecifiedDelete(pod, podsToDelete)) return false;
  return lifecycle?.preDelete?.markPodNotReady !== true && lifecycle?.inPlaceUpdate?.markPodNotReady !== true;
}

/** Rule 17's change. */
export function cancelPreparingDelete(pod: Pod, now: number): LifecycleChange {
  return change(pod, 17, PreparingNormal, now, false);
}

/**
 * A move to `to`: the state patch unless the pod is already there, and with markPodNotReady the
 * KruisePodReady key that state adds (PreparingDelete, PreparingUpdate) or removes (Updated).
 */
function change(pod: Pod, rule: number, to: LifecycleStateType, now: number, markPodNotReady: boolean): LifecycleChange {
  const from = lifecycleState(pod);
  const result: LifecycleChange = { rule, from, to };
  if (markPodNotReady) {
    if (to === PreparingDelete) result.podReady = { op: 'add', key: KRUISE_POD_READY_MESSAGE.PreDeleteHookKey };
    else if (to === PreparingUpdate) result.podReady = { op: 'add', key: KRUISE_POD_READY_MESSAGE.PreUpdateHookKey };
    else if (to === Updated) result.podReady = { op: 'remove', key: KRUISE_POD_READY_MESSAGE.PreUpdateHookKey };
  }
  if (from !== to) result.patch = lifecycleStatePatch(to, now);
  return result;
}

/** Rule 14: back to PreparingUpdate with every inPlaceUpdate handler label and finalizer put back. */
function rehookForUpdate(pod: Pod, hook: LifecycleHook, now: number): LifecycleChange {
  const result = change(pod, 14, PreparingUpdate, now, hook.markPodNotReady === true);
  if (result.patch === undefined) return result;
  const labels = { ...(hook.labelsHandler ?? {}), [LABEL_LIFECYCLE_STATE]: PreparingUpdate };
  const existing = pod.metadata.finalizers ?? [];
  const missing = (hook.finalizersHandler ?? []).filter((f) => !existing.includes(f));
  const metadata: PodMetadataPatch['metadata'] = { ...result.patch.metadata, labels };
  // Kruise appends the handler finalizers unconditionally; only missing ones are added here, so a
  // finalizer is never listed twice.
  if (missing.length > 0) metadata.finalizers = [...existing, ...missing];
  return { ...result, patch: { metadata } };
}
