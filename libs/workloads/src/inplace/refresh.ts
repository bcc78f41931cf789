// What an in-place update needs next (docs/spec/inplace-and-lifecycle.md §2.6, Kruise's Refresh), evaluated for
// every pod at the start of each update pass: end the grace period, start the next container batch,
// or declare the pod ready again. Pure: returns at most one write; the reconciler re-reads the pod and
// asks again after a conflict.
import {
  ANNOTATION_INPLACE_UPDATE_GRACE, ANNOTATION_INPLACE_UPDATE_GRACE_OLD, CONDITION_INPLACE_UPDATE_READY,
  type InPlaceUpdateSpec, type Pod,
} from '@coxswain/kruise-api';
import { podCondition } from '../pod/pod-state.js';
import { lifecycleTimestamp, secondsUntil, timestampMillis } from '../pod/time.js';
import { podAtRevision } from '../revision/revision-match.js';
import { containersUpdateCompleted, type CompletionOptions } from './completion.js';
import { preCheckBeforeNextPassed } from './container-priority.js';
import { decodeInPlaceUpdateSpec, hasInPlaceUpdateGrace, inPlaceUpdateGraceText } from './grace.js';
import { patchSpecToPod } from './patch-spec.js';
import { hasInPlaceUpdateReadinessGate, setPodCondition } from './readiness-gate.js';
import { decodeInPlaceUpdateState, hasNextBatch, inPlaceUpdateStateText } from './state.js';

export type InPlaceRefresh =
  /** Nothing to write now. */
  | { action: 'none'; reason: string }
  /** Still in the grace period: nothing to write, look again after `delaySeconds`. */
  | { action: 'requeue'; delaySeconds: number; reason: string }
  /** Write `pod` with a full update (grace period over or abandoned, next container batch). */
  | { action: 'update'; pod: Pod; reason: string }
  /** Write `pod` with a status update (InPlaceUpdateReady back to True). */
  | { action: 'updateStatus'; pod: Pod; reason: string }
  /** The annotations cannot be read; Kruise reports this as a reconcile error and retries. */
  | { action: 'error'; message: string };

export function refreshInPlaceUpdate(pod: Pod, now: number, options: CompletionOptions = {}): InPlaceRefresh {
  if (hasInPlaceUpdateGrace(pod.metadata)) return finishGracePeriod(pod, now);

  const stateText = inPlaceUpdateStateText(pod.metadata);
  let revision: string | undefined;
  if (stateText !== undefined) {
    const state = decodeInPlaceUpdateState(stateText);
    if (state === undefined) return { action: 'error', message: `pod ${pod.metadata.name}: unreadable in-place update state annotation` };
    if (!containersUpdateCompleted(pod, state, options)) return { action: 'none', reason: 'containers of the current batch are still updating' };
    if (hasNextBatch(state)) {
      if (!preCheckBeforeNextPassed(pod, state.preCheckBeforeNext)) {
        return { action: 'none', reason: `waiting for ${(state.preCheckBeforeNext?.containersRequiredReady ?? []).join(', ')} to be ready before the next batch` };
      }
      const nextSpec: InPlaceUpdateSpec = { revision: state.revision };
      if (state.nextContainerImages) nextSpec.containerImages = state.nextContainerImages;
      if (state.nextContainerRefMetadata) nextSpec.containerRefMetadata = state.nextContainerRefMetadata;
      if (state.nextContainerResources) nextSpec.containerResources = state.nextContainerResources;
      if (state.updateEnvFromMetadata) nextSpec.updateEnvFromMetadata = true;
      const patched = patchSpecToPod(pod, nextSpec, state, now);
      return { action: 'update', pod: patched.pod, reason: `in-place update batch [${patched.batch.join(', ')}]` };
    }
    revision = state.revision;
  }

  if (!hasInPlaceUpdateReadinessGate(pod)) return { action: 'none', reason: 'no InPlaceUpdateReady readiness gate' };
  const existing = podCondition(pod, CONDITION_INPLACE_UPDATE_READY);
  if (existing?.status === 'True' && (existing.reason ?? '') === '' && (existing.message ?? '') === '') {
    return { action: 'none', reason: 'InPlaceUpdateReady already True' };
  }
  // Ready is left to the kubelet here: Kruise only recomputes it when taking a pod out of traffic.
  const ready = setPodCondition(pod, { type: CONDITION_INPLACE_UPDATE_READY, status: 'True', lastTransitionTime: lifecycleTimestamp(now) });
  if (ready === pod) return { action: 'none', reason: 'InPlaceUpdateReady already True' };
  // Every pod with the gate passes here, also new pods of a ReCreate rollout: say which case this is.
  let reason: string;
  if (existing === undefined) reason = 'new pod: InPlaceUpdateReady set True';
  else if (revision !== undefined) reason = `in-place update to revision ${revision} completed: InPlaceUpdateReady set True`;
  else reason = 'InPlaceUpdateReady set back to True';
  return { action: 'updateStatus', pod: ready, reason };
}

/**
 * The grace annotation's spec is applied once gracePeriodSeconds have passed since the update started;
 * it is dropped unapplied when the pod no longer carries the spec's revision (a newer update took over).
 */
function finishGracePeriod(pod: Pod, now: number): InPlaceRefresh {
  const name = pod.metadata.name;
  const spec = decodeInPlaceUpdateSpec(inPlaceUpdateGraceText(pod.metadata) ?? '');
  if (spec === undefined) return { action: 'error', message: `pod ${name}: unreadable in-place update grace annotation` };
  const stateText = inPlaceUpdateStateText(pod.metadata);
  const state = stateText === undefined ? undefined : decodeInPlaceUpdateState(stateText);
  if (state === undefined) return { action: 'error', message: `pod ${name}: in-place update grace annotation without a readable state annotation` };

  if (!podAtRevision(pod, spec.revision)) {
    return { action: 'update', pod: withoutGrace(pod), reason: `grace period abandoned: pod no longer at revision ${spec.revision}` };
  }
  // Go's zero time (unreadable timestamp) lies in the distant past: the grace period is long over.
  const ends = (timestampMillis(state.updateTimestamp) ?? Number.NEGATIVE_INFINITY) + (spec.graceSeconds ?? 0) * 1000;
  if (now < ends) {
    const delaySeconds = secondsUntil(ends, now);
    return { action: 'requeue', delaySeconds, reason: `in-place grace period: ${delaySeconds} s left` };
  }
  const patched = patchSpecToPod(pod, spec, state, now);
  return { action: 'update', pod: withoutGrace(patched.pod), reason: `grace period over; in-place update batch [${patched.batch.join(', ')}]` };
}

function withoutGrace(pod: Pod): Pod {
  const annotations = { ...(pod.metadata.annotations ?? {}) };
  delete annotations[ANNOTATION_INPLACE_UPDATE_GRACE];
  delete annotations[ANNOTATION_INPLACE_UPDATE_GRACE_OLD];
  return { ...pod, metadata: { ...pod.metadata, annotations } };
}
