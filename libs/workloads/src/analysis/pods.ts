// The built-in pods check's planner (pure): every pod of the batch Ready, with no container restarts,
// for readyForSeconds. A restart fails the check at once (it will not heal by waiting); a pod not Ready,
// or Ready for less time, keeps it Pending until the moment it can pass (recheckAt).
import type { Pod } from '@coxswain/kruise-api';
import { isPodReady, readyTransitionTime } from '../pod/pod-state.js';
import type { AnalysisResult } from './result.js';

function restarts(pod: Pod): number {
  const statuses = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  return statuses.reduce((sum, status) => sum + (status.restartCount ?? 0), 0);
}

export function judgePods(pods: readonly Pod[], readyForSeconds: number, now: number): Omit<AnalysisResult, 'check' | 'kind'> {
  const condition = `all pods Ready with no restarts for ${readyForSeconds}s`;
  if (pods.length === 0) return { condition, phase: 'Pending', measured: 0, reason: 'the batch has no pods yet' };
  const restarted = pods.find((pod) => restarts(pod) > 0);
  if (restarted) {
    const count = restarts(restarted);
    return { condition, phase: 'Failed', measured: count, reason: `pod ${restarted.metadata.name} restarted ${count === 1 ? 'once' : `${count} times`}` };
  }
  const notReady = pods.filter((pod) => pod.metadata.deletionTimestamp || !isPodReady(pod));
  if (notReady.length > 0) {
    return { condition, phase: 'Pending', measured: pods.length - notReady.length, reason: `${notReady.length} of ${pods.length} pods not Ready (${notReady[0]!.metadata.name} first)` };
  }
  // Ready since the latest transition among the pods; an unknown transition time counts as just now.
  const since = Math.max(...pods.map((pod) => readyTransitionTime(pod) ?? now));
  const passAt = since + readyForSeconds * 1000;
  const readySeconds = Math.floor((now - since) / 1000);
  if (now < passAt) return { condition, phase: 'Pending', measured: readySeconds, reason: `all ${pods.length} pods Ready for ${readySeconds}s of ${readyForSeconds}s`, recheckAt: passAt };
  return { condition, phase: 'Passed', measured: readySeconds, reason: `all ${pods.length} pods Ready with no restarts for ${readySeconds}s` };
}
