// Which pods hold a CloneSet's rollout back, and why, read from their conditions and container states
// (issue 14 item 5): every active pod that is not available (docs/spec/cloneset.md §6) keeps the rollout from completing and
// uses up maxUnavailable, so the plan names each one. Pure; it only adds blockers to the plan's notes.
import {
  CONDITION_INPLACE_UPDATE_READY, CONDITION_POD_SCHEDULED, CONDITION_READY, LIFECYCLE_STATES, type CloneSet, type ContainerStatus, type Pod,
} from '@coxswain/kruise-api';
import { describeInPlaceUpdate, inPlaceGraceEndsAt } from '../../inplace/progress.js';
import { pendingHook, type HookPoint } from '../../lifecycle/pending-hook.js';
import type { BlockerCode } from '../../plan/plan-types.js';
import { podsSubject } from './plan-words.js';
import type { PlanNotes } from '../../plan/plan-notes.js';
import { availableAt, explainUnavailable, isPodAvailable, lifecycleState, podCondition } from '../../pod/pod-state.js';

/** Container waiting reasons of a container that keeps failing (kubelet's). CreateContainerConfigError is
 * left out: a container held by its launch barrier waits with it while its batch is not due. */
const CONTAINER_FAILURES = new Set(['CrashLoopBackOff', 'CreateContainerError', 'RunContainerError', 'ContainerCannotRun']);
/** Container waiting reasons of a failed image pull (kubelet's images package). */
const IMAGE_PULL_FAILURES = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull', 'RegistryUnavailable', 'ErrImageInspect']);

export interface HoldbackOptions {
  now: number;
  /** Gate InPlaceWorkloadVerticalScaling: in-place updates also wait for resizes. */
  verticalScaling: boolean;
}

/**
 * Adds a blocker for every unavailable pod: HOOK_PENDING and MIN_READY_SECONDS per pod (as the scale and
 * update steps word them; pods they already named are skipped), the other reasons grouped by identical
 * cause, each naming its pods.
 */
export function explainHoldbacks(cs: CloneSet, pods: readonly Pod[], notes: PlanNotes, { now, verticalScaling }: HoldbackOptions): void {
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  const named = new Set(notes.blockers.filter((b) => b.code === 'HOOK_PENDING').flatMap((b) => b.pods));
  const groups = new Map<string, { code: BlockerCode; why: string; until?: number; pods: string[] }>();
  for (const pod of pods) {
    if (isPodAvailable(pod, minReadySeconds, now)) continue;
    const name = pod.metadata.name ?? '';
    const hook = pendingHook(pod, cs.spec.lifecycle);
    if (hook) {
      if (!named.has(name)) notes.blocker('HOOK_PENDING', `pod ${name} ${HOOK_WORDS[hook.hook]}`, [name]);
      continue;
    }
    const reason = whyUnavailable(pod, minReadySeconds, now, verticalScaling);
    if (reason.code === 'MIN_READY_SECONDS') {
      notes.blocker('MIN_READY_SECONDS', reason.why, [name], reason.until);
      continue;
    }
    // Pods that wait for different moments are different blockers, as their words would be.
    const key = `${reason.code}\u0000${reason.why}\u0000${reason.until ?? ''}`;
    const group = groups.get(key);
    if (group) group.pods.push(name);
    else groups.set(key, { ...reason, pods: [name] });
  }
  for (const { code, why, pods: names, until } of groups.values()) notes.blocker(code, `${podsSubject(names)}: ${why}`, names, until);
}

const HOOK_WORDS: Record<HookPoint, string> = {
  preDelete: 'waits for its preDelete hook to be acknowledged',
  preUpdate: 'waits for its inPlaceUpdate hook to let the update start',
  postUpdate: 'waits for its inPlaceUpdate hook to be set again after the update',
  preNormal: 'waits for its preNormal hook before it counts as available',
};

/** The first obstacle to availability, most specific cause first; `until` when it lifts by itself. */
function whyUnavailable(pod: Pod, minReadySeconds: number, now: number, verticalScaling: boolean): { code: BlockerCode; why: string; until?: number } {
  if (!pod.spec.nodeName) {
    const scheduled = podCondition(pod, CONDITION_POD_SCHEDULED);
    if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable') {
      return { code: 'UNSCHEDULABLE', why: `cannot be scheduled: ${scheduled.message ?? 'no node fits'}` };
    }
    return { code: 'POD_NOT_READY', why: 'not scheduled yet' };
  }
  const statuses = pod.status?.containerStatuses ?? [];
  const pull = statuses.find((s) => IMAGE_PULL_FAILURES.has(s.state?.waiting?.reason ?? ''));
  if (pull) return { code: 'IMAGE_PULL_FAILED', why: `container ${pull.name} ${waitingWords(pull)}` };
  if (pod.status?.phase === 'Failed') return { code: 'POD_FAILING', why: `failed${pod.status.reason ? `: ${pod.status.reason}` : ''}${pod.status.message ? ` (${pod.status.message})` : ''}` };
  const failing = statuses.find((s) => CONTAINER_FAILURES.has(s.state?.waiting?.reason ?? ''));
  if (failing) return { code: 'POD_FAILING', why: `container ${failing.name} ${waitingWords(failing)} (restarted ${failing.restartCount} times)` };
  const inPlace = describeInPlaceUpdate(pod, now, { verticalScaling });
  if (inPlace !== undefined && (lifecycleState(pod) === LIFECYCLE_STATES.Updating || podCondition(pod, CONDITION_INPLACE_UPDATE_READY)?.status === 'False')) {
    const graceEnds = inPlaceGraceEndsAt(pod);
    return { code: 'IN_PLACE_UPDATING', why: inPlace, ...(graceEnds !== undefined && graceEnds > now ? { until: graceEnds } : {}) };
  }
  const generic = explainUnavailable(pod, minReadySeconds, now) ?? 'not available';
  if (generic.includes('minReadySeconds')) {
    const at = availableAt(pod, minReadySeconds);
    return { code: 'MIN_READY_SECONDS', why: generic, ...(at !== undefined ? { until: at } : {}) };
  }
  const ready = podCondition(pod, CONDITION_READY);
  if (ready?.status !== 'True' && pod.status?.phase !== undefined) {
    const waiting = statuses.filter((s) => s.state?.waiting?.reason !== undefined).map((s) => `container ${s.name} ${waitingWords(s)}`);
    const details = [ready?.message, ...waiting].filter((x): x is string => Boolean(x));
    return { code: 'POD_NOT_READY', why: `${pod.status.phase}, not Ready${details.length > 0 ? ` (${details.join('; ')})` : ''}` };
  }
  return { code: 'POD_NOT_READY', why: generic };
}

function waitingWords(status: ContainerStatus): string {
  const waiting = status.state?.waiting;
  return waiting?.message ? `${waiting.reason}: ${waiting.message}` : (waiting?.reason ?? 'waiting');
}
