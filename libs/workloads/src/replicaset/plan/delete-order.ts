// Which pods a ReplicaSet deletes when it has too many (Kubernetes' getPodsToDelete and
// ActivePodsWithRanks, with the default gates PodDeletionCost and LogarithmicScaleDown). Pure.
import type { Pod } from '@coxswain/kruise-api';
import { creationMillis, maxContainerRestarts, nodeNameOf, phaseOrdinal, podDeletionCost, readySinceMillis } from '../../sort/pod-facts.js';
import { isNativePodReady } from '../../pod/native-pod-state.js';

/**
 * The `count` pods of `pods` to delete first. `related` are the active pods of every ReplicaSet with
 * the same controller (the Deployment's), the ReplicaSet's own included: a pod on a node crowded with
 * them ("doubled up") goes before one alone on its node.
 */
export function podsToDelete(pods: readonly Pod[], related: readonly Pod[], count: number, now: number): Pod[] {
  if (count >= pods.length) return [...pods];
  const onNode = new Map<string, number>();
  for (const pod of related) onNode.set(nodeNameOf(pod), (onNode.get(nodeNameOf(pod)) ?? 0) + 1);
  const ranked = pods.map((pod) => ({ pod, rank: onNode.get(nodeNameOf(pod)) ?? 0 }));
  ranked.sort((a, b) => compareForDeletion(a.pod, a.rank, b.pod, b.rank, now));
  return ranked.slice(0, count).map((r) => r.pod);
}

/** ActivePodsWithRanks.Less as a comparator: negative when `a` is deleted before `b`. */
export function compareForDeletion(a: Pod, rankA: number, b: Pod, rankB: number, now: number): number {
  // 1. Unassigned < assigned.
  const nodeA = nodeNameOf(a);
  const nodeB = nodeNameOf(b);
  if (nodeA !== nodeB && (nodeA === '' || nodeB === '')) return nodeA === '' ? -1 : 1;
  // 2. Pending < Unknown < Running.
  if (phaseOrdinal(a) !== phaseOrdinal(b)) return phaseOrdinal(a) - phaseOrdinal(b);
  // 3. Not ready < ready.
  const readyA = isNativePodReady(a);
  if (readyA !== isNativePodReady(b)) return readyA ? 1 : -1;
  // 4. Lower pod-deletion-cost first.
  if (podDeletionCost(a) !== podDeletionCost(b)) return podDeletionCost(a) < podDeletionCost(b) ? -1 : 1;
  // 5. Doubled up (more related pods on the node) first.
  if (rankA !== rankB) return rankB - rankA;
  // 6. Ready for less time first, compared in log2 buckets of the time since.
  if (readyA) {
    const since = logarithmicCompare(readySinceMillis(a), readySinceMillis(b), now);
    if (since !== undefined) return since !== 0 ? since : compareUids(a, b);
  }
  // 7. More container restarts first.
  if (maxContainerRestarts(a) !== maxContainerRestarts(b)) return maxContainerRestarts(b) - maxContainerRestarts(a);
  // 8. Newer first, in log2 buckets of the age.
  const created = logarithmicCompare(creationMillis(a), creationMillis(b), now);
  if (created !== undefined) return created !== 0 ? created : compareUids(a, b);
  return 0;
}

/**
 * undefined when both times are equal (the rule does not decide); otherwise the sign of the
 * difference of floor(log2(ns since the time)), an absent time counting as the most recent.
 */
function logarithmicCompare(a: number | undefined, b: number | undefined, now: number): number | undefined {
  if (a === b) return undefined;
  return logRank(a, now) - logRank(b, now);
}

function logRank(time: number | undefined, now: number): number {
  if (time === undefined) return -2;
  const ns = (now - time) * 1e6;
  return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
}

function compareUids(a: Pod, b: Pod): number {
  const ua = a.metadata.uid ?? '';
  const ub = b.metadata.uid ?? '';
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}
