// Starting an in-place update of one pod (docs/spec/inplace-and-lifecycle.md §2.2, Kruise's Update) as two pure
// steps the reconciler writes one after the other, re-reading the pod in between:
//   1. startInPlaceUpdate  → status write: InPlaceUpdateReady=False, so endpoints drop the pod first;
//   2. rewritePodInPlace   → pod update: revision labels, lifecycle Updating, state annotation, and
//      either the first container batch (no grace period) or the grace annotation holding the spec.
import {
  ANNOTATION_INPLACE_UPDATE_GRACE, ANNOTATION_INPLACE_UPDATE_GRACE_OLD, ANNOTATION_INPLACE_UPDATE_STATE,
  ANNOTATION_INPLACE_UPDATE_STATE_OLD, CONDITION_INPLACE_UPDATE_READY, LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE,
  LABEL_POD_TEMPLATE_HASH, LIFECYCLE_STATES, REASON_START_INPLACE_UPDATE,
  type InPlaceUpdateSpec, type InPlaceUpdateState, type Pod,
} from '@coxswain/kruise-api';
import { podCondition } from '../pod/pod-state.js';
import { lifecycleTimestamp } from '../pod/time.js';
import { withLifecycleState } from '../lifecycle/state-change.js';
import { podRevisionLabelValue, shortHash } from '../revision/revision-match.js';
import { encodeInPlaceUpdateSpec } from './grace.js';
import { patchSpecToPod } from './patch-spec.js';
import { hasInPlaceUpdateReadinessGate, recomputePodReady, setPodCondition } from './readiness-gate.js';
import { encodeInPlaceUpdateState } from './state.js';
import { isNonDisruptiveResize } from './vertical-scaling.js';

export interface UnreadyOptions {
  /** Gate InPlaceWorkloadVerticalScaling. Default false. */
  verticalScaling?: boolean;
}

/**
 * Whether the update takes the pod out of traffic first (Kruise's defaultCheckPodNeedsBeUnready): with
 * gate InPlaceWorkloadVerticalScaling, an update that only resizes resources needing no restart (docs/spec/inplace-and-lifecycle.md §1.5)
 * does not; otherwise the pod is taken out when it has the InPlaceUpdateReady readiness gate.
 */
export function needsUnready(pod: Pod, spec: InPlaceUpdateSpec, options: UnreadyOptions = {}): boolean {
  if (options.verticalScaling === true && isNonDisruptiveResize(pod, spec)) return false;
  return hasInPlaceUpdateReadinessGate(pod);
}

/**
 * Step 1: the pod with InPlaceUpdateReady False/StartInPlaceUpdate and Ready recomputed (docs/spec/inplace-and-lifecycle.md §2.5), for a
 * status update. Undefined when there is nothing to write: needsUnready says no, or the condition
 * already says exactly that.
 */
export function startInPlaceUpdate(pod: Pod, spec: InPlaceUpdateSpec, now: number, options: UnreadyOptions = {}): Pod | undefined {
  if (!needsUnready(pod, spec, options)) return undefined;
  const existing = podCondition(pod, CONDITION_INPLACE_UPDATE_READY);
  if (existing?.status === 'False' && existing.reason === REASON_START_INPLACE_UPDATE && (existing.message ?? '') === '') return undefined;
  const marked = setPodCondition(pod, {
    type: CONDITION_INPLACE_UPDATE_READY,
    status: 'False',
    reason: REASON_START_INPLACE_UPDATE,
    lastTransitionTime: lifecycleTimestamp(now),
  });
  const next = recomputePodReady(marked, now);
  return next === pod ? undefined : next;
}

/**
 * When step 2 sets lifecycle state Updating: CloneSet always; Advanced StatefulSet only on pods that
 * already carry a state label; never for workloads without lifecycle handling.
 */
export type LifecycleUpdatingPolicy = 'always' | 'ifPresent' | 'never';

export interface RewriteOptions {
  now: number;
  /** Labels naming spec.revision on the pod: cloneSetRevisionLabels or statefulSetRevisionLabels. */
  revisionLabels: Readonly<Record<string, string>>;
  lifecycleUpdating: LifecycleUpdatingPolicy;
}

export interface RewrittenPod {
  /** The pod to write with a full update (spec and metadata), under the read pod's resourceVersion. */
  pod: Pod;
  state: InPlaceUpdateState;
  /** Requeue after this many seconds to end the grace period; 0 when the containers were rewritten now. */
  delaySeconds: number;
}

/** Step 2 (docs/spec/inplace-and-lifecycle.md §2.2): the pod moved to spec.revision. `pod` is not modified. */
export function rewritePodInPlace(pod: Pod, spec: InPlaceUpdateSpec, { now, revisionLabels, lifecycleUpdating }: RewriteOptions): RewrittenPod {
  // Copy on write: only the metadata maps change here (patchSpecToPod copies what it changes), the
  // rest is shared with `pod`, which callers hold frozen.
  let next: Pod = { ...pod, metadata: { ...pod.metadata, labels: { ...(pod.metadata.labels ?? {}), ...revisionLabels } } };
  const hasState = pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] !== undefined;
  if (lifecycleUpdating === 'always' || (lifecycleUpdating === 'ifPresent' && hasState)) {
    next = withLifecycleState(next, LIFECYCLE_STATES.Updating, now);
  }

  const state: InPlaceUpdateState = { revision: spec.revision, updateTimestamp: lifecycleTimestamp(now), lastContainerStatuses: null };
  if (spec.updateEnvFromMetadata) state.updateEnvFromMetadata = true;
  if (Object.keys(spec.containerResources ?? {}).length > 0) state.updateResources = true;
  if (Object.keys(spec.containerImages ?? {}).length > 0) state.updateImages = true;
  const annotations = { ...(next.metadata.annotations ?? {}) };
  annotations[ANNOTATION_INPLACE_UPDATE_STATE] = encodeInPlaceUpdateState(state);
  delete annotations[ANNOTATION_INPLACE_UPDATE_STATE_OLD];
  next.metadata.annotations = annotations;

  const graceSeconds = spec.graceSeconds ?? 0;
  if (graceSeconds > 0) {
    // The containers stay as they are until the grace period is over (refresh finishes it).
    annotations[ANNOTATION_INPLACE_UPDATE_GRACE] = encodeInPlaceUpdateSpec(spec);
    return { pod: next, state, delaySeconds: graceSeconds };
  }
  const patched = patchSpecToPod(next, spec, state, now);
  const patchedAnnotations = patched.pod.metadata.annotations!;
  delete patchedAnnotations[ANNOTATION_INPLACE_UPDATE_GRACE];
  delete patchedAnnotations[ANNOTATION_INPLACE_UPDATE_GRACE_OLD];
  return { pod: patched.pod, state: patched.state, delaySeconds: 0 };
}

/** CloneSet's revision labels: controller-revision-hash (short hash with gate CloneSetShortHash) and pod-template-hash. */
export function cloneSetRevisionLabels(revisionName: string, shortHashGate: boolean): Record<string, string> {
  return {
    [LABEL_CONTROLLER_REVISION_HASH]: podRevisionLabelValue(revisionName, shortHashGate),
    [LABEL_POD_TEMPLATE_HASH]: shortHash(revisionName),
  };
}

/** Advanced StatefulSet's revision label: controller-revision-hash with the full revision name. */
export function statefulSetRevisionLabels(revisionName: string): Record<string, string> {
  return { [LABEL_CONTROLLER_REVISION_HASH]: revisionName };
}
