// CloneSet status (docs/spec/cloneset.md §8.5, §5.1): the counters over the active pods, the currentRevision
// switch, expectedUpdatedReplicas, the canonical labelSelector, the FailedScale/FailedUpdate and
// Progressing conditions, and the rule deciding whether the status is written at all. Pure: `now` is passed in.
import { rfc3339 } from '@coxswain/cluster';
import {
  Selector, calculatePartitionReplicas,
  type CloneSet, type CloneSetCondition, type CloneSetConditionType, type CloneSetProgressingReason, type CloneSetStatus, type Pod,
} from '@coxswain/kruise-api';
// The leaf module, not the revision barrel: the barrel also carries the cluster-writing revision store.
import { podAtRevision } from '../../revision/revision-match.js';
import { isPodAvailable, isRunningAndReady } from '../../pod/pod-state.js';
import { statusFieldsChanged } from '../../plan/status-change.js';
import { timestampMillis } from '../../pod/time.js';

/** progressDeadlineSeconds with this value (Go math.MaxInt32) disables the Progressing condition, like unset. */
export const PROGRESS_DEADLINE_DISABLED = 2147483647;

/** Go's zero time.Time: what an absent or unreadable condition timestamp means to Kruise. */
const GO_ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

export interface ComputeStatusInput {
  cs: CloneSet;
  /** The active pods listed at the start of the reconcile (nothing is re-read after sync). */
  activePods: readonly Pod[];
  /** docs/spec/cloneset.md §4.3's current revision name; replaced by updateRevision when the rollout is complete. */
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
  /** ms since the epoch. */
  now: number;
  /**
   * The status the conditions are carried over from (and the Progressing condition is judged against);
   * defaults to `cs.status`. Apply setFailedCondition to the result for this reconcile's sync errors.
   */
  previousStatus?: CloneSetStatus;
}

export interface ComputedStatus {
  status: CloneSetStatus;
  /** From the Progressing rule (case 5): when to look again for the deadline; absent when not needed. */
  requeueAfterMs?: number;
}

export function computeStatus(input: ComputeStatusInput): ComputedStatus {
  const { cs, activePods, updateRevision, now } = input;
  const replicas = cs.spec.replicas ?? 1;
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;

  let ready = 0;
  let available = 0;
  let updated = 0;
  let updatedReady = 0;
  let updatedAvailable = 0;
  for (const pod of activePods) {
    // readyReplicas ignores the lifecycle state; availability does not.
    const isReady = isRunningAndReady(pod);
    const isAvailable = isPodAvailable(pod, minReadySeconds, now);
    if (isReady) ready++;
    if (isAvailable) available++;
    if (podAtRevision(pod, updateRevision)) {
      updated++;
      if (isReady) updatedReady++;
      if (isAvailable) updatedAvailable++;
    }
  }

  // Every pod at the update revision and the right count: the rollout is done, readiness not required.
  const complete = updated === activePods.length && activePods.length === replicas;
  const status: CloneSetStatus = {
    observedGeneration: cs.metadata.generation ?? 0,
    replicas: activePods.length,
    readyReplicas: ready,
    availableReplicas: available,
    updatedReplicas: updated,
    updatedReadyReplicas: updatedReady,
    updatedAvailableReplicas: updatedAvailable,
    expectedUpdatedReplicas: expectedUpdatedReplicas(cs),
    updateRevision,
    currentRevision: complete ? updateRevision : input.currentRevision,
    collisionCount: input.collisionCount,
    labelSelector: Selector.fromLabelSelector(cs.spec.selector).toString(),
  };
  const previous = input.previousStatus ?? cs.status;
  const carried = (previous?.conditions ?? []).map((c) => ({ ...c }));
  const { conditions, requeueAfterMs } = progressing(cs, status, carried, now);
  if (conditions.length > 0) status.conditions = conditions;
  return requeueAfterMs === undefined ? { status } : { status, requeueAfterMs };
}

/** spec.replicas − P(partition) with a rollingUpdate (P reads an unparseable partition as 0), else spec.replicas. */
export function expectedUpdatedReplicas(cs: CloneSet): number {
  const replicas = cs.spec.replicas ?? 1;
  const rollingUpdate = cs.spec.updateStrategy?.rollingUpdate;
  if (rollingUpdate === undefined || rollingUpdate === null) return replicas;
  return replicas - calculatePartitionReplicas(rollingUpdate.partition, cs.spec.replicas).value;
}

// ---------------------------------------------------------------------------------------------
// Conditions

/** A condition time in ms; absent or unreadable is Go's zero time, i.e. long ago. */
function timeMillis(value: string | undefined): number {
  return timestampMillis(value) ?? GO_ZERO_TIME_MS;
}

function findCondition(conditions: readonly CloneSetCondition[] | undefined, type: CloneSetConditionType): CloneSetCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

/**
 * Kruise's SetCloneSetCondition: a no-op when a condition of that type already has the same status and
 * reason (so lastUpdateTime marks the last reason change); keeps lastTransitionTime when only the
 * reason changes; otherwise replaces the condition, which moves it to the end of the list.
 * Returns `undefined` for the no-op.
 */
function setCondition(conditions: readonly CloneSetCondition[], condition: CloneSetCondition): CloneSetCondition[] | undefined {
  const current = findCondition(conditions, condition.type);
  if (current !== undefined && current.status === condition.status && (current.reason ?? '') === (condition.reason ?? '')) return undefined;
  const next = { ...condition };
  if (current !== undefined && current.status === condition.status && current.lastTransitionTime !== undefined) {
    next.lastTransitionTime = current.lastTransitionTime;
  }
  return [...conditions.filter((c) => c.type !== condition.type), next];
}

/**
 * Records a sync error as FailedScale/FailedUpdate = True. Skipped when that condition already has
 * status True and the same (always empty) reason, so the first message sticks. These two conditions
 * are never removed. Returns the same object when nothing changed.
 */
export function setFailedCondition(status: CloneSetStatus, type: 'FailedScale' | 'FailedUpdate', message: string, now: number): CloneSetStatus {
  const at = rfc3339(now);
  const conditions = setCondition(status.conditions ?? [], {
    type, status: 'True', lastTransitionTime: at, lastUpdateTime: at, message,
  });
  return conditions === undefined ? status : { ...status, conditions };
}

// ---------------------------------------------------------------------------------------------
// Progressing

const MESSAGES: Record<Exclude<CloneSetProgressingReason, 'ProgressDeadlineExceeded'>, string> = {
  CloneSetAvailable: 'CloneSet is available',
  CloneSetPaused: 'CloneSet is paused',
  ProgressPartitionAvailable: 'CloneSet has been paused due to partition ready',
  CloneSetUpdated: 'CloneSet is progressing',
};

export function hasProgressDeadline(cs: CloneSet): boolean {
  const deadline = cs.spec.progressDeadlineSeconds;
  return deadline !== undefined && deadline !== null && deadline !== PROGRESS_DEADLINE_DISABLED;
}

/** docs/spec/cloneset.md §8.5 Progressing: five cases, first match wins. `status` holds the freshly computed counters. */
function progressing(
  cs: CloneSet,
  status: CloneSetStatus,
  conditions: CloneSetCondition[],
  now: number,
): { conditions: CloneSetCondition[]; requeueAfterMs?: number } {
  if (!hasProgressDeadline(cs)) return { conditions: conditions.filter((c) => c.type !== 'Progressing') };
  const deadlineMs = cs.spec.progressDeadlineSeconds! * 1000;
  const replicas = cs.spec.replicas ?? 1;
  const expected = status.expectedUpdatedReplicas ?? 0;
  const updatedAvailable = status.updatedAvailableReplicas ?? 0;
  const existing = findCondition(conditions, 'Progressing');
  const set = (conditionStatus: 'True' | 'False', reason: CloneSetProgressingReason, message: string) =>
    setCondition(conditions, {
      type: 'Progressing', status: conditionStatus, reason, message, lastUpdateTime: rfc3339(now), lastTransitionTime: rfc3339(now),
    });

  let written: CloneSetCondition[] | undefined;
  if (status.currentRevision === status.updateRevision && status.replicas === replicas
    && status.updatedReplicas === replicas && updatedAvailable === replicas) {
    written = set('True', 'CloneSetAvailable', MESSAGES.CloneSetAvailable);
  } else if (cs.spec.updateStrategy?.rollingUpdate?.paused === true) {
    written = set('True', 'CloneSetPaused', MESSAGES.CloneSetPaused);
  } else if (expected < replicas && expected <= updatedAvailable) {
    written = set('True', 'ProgressPartitionAvailable', MESSAGES.ProgressPartitionAvailable);
  } else if (existing !== undefined
    && (existing.reason === 'ProgressDeadlineExceeded' || timeMillis(existing.lastUpdateTime) + deadlineMs < now)) {
    // Judged on whatever Progressing condition is stored, whatever its reason: Kruise does the same.
    written = set('False', 'ProgressDeadlineExceeded', `CloneSet revision ${status.updateRevision} has timed out progressing`);
  } else {
    written = set('True', 'CloneSetUpdated', MESSAGES.CloneSetUpdated);
    // A condition written in this pass carries `now` exactly (Go keeps it in memory unrounded);
    // a kept one carries its stored, second-precision lastUpdateTime.
    const lastUpdate = written !== undefined ? now : timeMillis(existing?.lastUpdateTime);
    let after = lastUpdate + deadlineMs - now;
    // One extra second against millisecond skew in delayed enqueues, as Kubernetes' deployment controller does.
    if (after >= 1000) after += 1000;
    const result: { conditions: CloneSetCondition[]; requeueAfterMs?: number } = { conditions: written ?? conditions };
    if (after > 0) result.requeueAfterMs = after;
    return result;
  }
  return { conditions: written ?? conditions };
}

/**
 * docs/spec/cloneset.md §5.1: after a reconcile without sync error, a CloneSet with minReadySeconds whose available count
 * still lags the ready count is looked at again after minReadySeconds.
 */
export function minReadyRequeueMs(cs: CloneSet, status: CloneSetStatus): number | undefined {
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  return minReadySeconds > 0 && status.availableReplicas !== status.readyReplicas ? minReadySeconds * 1000 : undefined;
}

// ---------------------------------------------------------------------------------------------
// Whether to write

/**
 * The status is written only when one of these differs from the stored one: observedGeneration (only
 * an increase), the six counters, expectedUpdatedReplicas, the two revisions, labelSelector, or the
 * Progressing condition's presence/status/reason. Notably a new FailedScale/FailedUpdate condition or a
 * changed collisionCount alone does not cause a write. Absent fields compare as Go's zero values.
 */
const CLONESET_STATUS_COUNTERS = [
  'replicas', 'readyReplicas', 'availableReplicas', 'updatedReadyReplicas', 'updatedReplicas', 'updatedAvailableReplicas', 'expectedUpdatedReplicas',
] as const;

export function statusNeedsWrite(old: CloneSetStatus | undefined, next: CloneSetStatus): boolean {
  const o: Partial<CloneSetStatus> = old ?? {};
  return statusFieldsChanged(o, next, CLONESET_STATUS_COUNTERS, ['updateRevision', 'currentRevision', 'labelSelector'])
    || progressingChanged(o.conditions, next.conditions);
}

function progressingChanged(old: readonly CloneSetCondition[] | undefined, next: readonly CloneSetCondition[] | undefined): boolean {
  const a = findCondition(old, 'Progressing');
  const b = findCondition(next, 'Progressing');
  if (a === undefined || b === undefined) return a !== b;
  return a.status !== b.status || (a.reason ?? '') !== (b.reason ?? '');
}
