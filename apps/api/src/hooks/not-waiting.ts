// Why a pod is not waiting on the hook an ack names, in words that say what it waits for instead: a
// repeated ack finds the pod still in the hook's lifecycle state (PreparingDelete until its workload
// deletes it), and "not waiting on its preDelete hook (lifecycle state PreparingDelete)" read as a
// contradiction (issue 28 item 7).
import type { Pod } from '@coxswain/kruise-api';
import type { HookPoint } from '@coxswain/workloads';
import type { HookOwner } from './hook-owner.js';
import { HOOK_POINTS } from './hook-points.js';

/** What the workload does next with a pod whose hook is acknowledged, by hook point. */
const NEXT_STEP: Record<HookPoint, string> = {
  preDelete: 'deletes it',
  preUpdate: 'updates it in place',
  postUpdate: 'sets it Normal',
  preNormal: 'sets it Normal',
};

/**
 * The refusal's text for a pod that is not waiting on `hook`: either it is in another lifecycle state
 * (`state`, '' for none), or it is in the hook's state and the hook no longer holds it.
 */
export function notWaitingMessage(pod: Pod, hook: HookPoint, owner: HookOwner, state: string, waitingOn: HookPoint | undefined): string {
  const name = `pod ${pod.metadata.namespace}/${pod.metadata.name}`;
  const expected = HOOK_POINTS[hook].state;
  if (state !== expected) {
    const other = waitingOn ? `, and waits on its ${waitingOn} hook` : '';
    return `${name} is not waiting on its ${hook} hook: it is in lifecycle state ${state || 'Normal'}, not ${expected}${other}`;
  }
  return `${name} is no longer waiting on its ${hook} hook: it was already acknowledged; ${nowWaitsFor(pod, hook, owner, expected)}`;
}

function nowWaitsFor(pod: Pod, hook: HookPoint, owner: HookOwner, state: string): string {
  if (pod.metadata.deletionTimestamp) {
    const finalizers = pod.metadata.finalizers ?? [];
    return finalizers.length > 0 ? `the pod is being deleted and waits for its finalizers ${finalizers.join(', ')}` : 'the pod is being deleted and waits for its containers to stop';
  }
  return `the pod is in ${state} until its ${owner.kind} ${owner.name} ${NEXT_STEP[hook]}`;
}
