// The two rank sources of docs/spec/cloneset.md §7.4 (Kruise's sameNodeRanker and spreadConstraintsRanker).
// Ranks are keyed by pod object identity (Go keys them by UID): a ranker is built from, and asked
// about, the very list being sorted, and identity also works for pods that carry no uid yet.
import { LABEL_HOSTNAME, type Node, type Pod } from '@coxswain/kruise-api';
import { sortForDeletion, type Ranker } from './deletion-ranking.js';
import { nodeNameOf } from '../../../sort/pod-facts.js';

/**
 * Labels of the Nodes the pods run on, by node name. A node that is not in the map counts as "not
 * found": Kruise skips the pods on a node it fails to fetch.
 */
export type NodeLabels = ReadonlyMap<string, Readonly<Record<string, string>>>;

export function nodeLabelsByName(nodes: readonly Node[]): Map<string, Readonly<Record<string, string>>> {
  const byName = new Map<string, Readonly<Record<string, string>>>();
  for (const node of nodes) {
    if (node.metadata.name) byName.set(node.metadata.name, node.metadata.labels ?? {});
  }
  return byName;
}

/**
 * Pods that share a node with others get a positive rank, so they are deleted first. Per node with at
 * least 2 pods: sort them with rules 1, 2, 4, 5, 7, 8, 9 (no availability, no rank), keep the last (most
 * valuable) one at rank 0 and give the others `m − i` (m = group size − 1, i = position).
 */
export function newSameNodeRanker(pods: readonly Pod[]): Ranker {
  const ranks = new Map<Pod, number>();
  for (const group of groupByNode(pods).values()) {
    if (group.length <= 1) continue;
    const sorted = sortForDeletion(group);
    const m = sorted.length - 1;
    for (let i = 0; i < m; i++) ranks.set(sorted[i]!, m - i);
  }
  return (pod) => ranks.get(pod) ?? 0;
}

/**
 * For each topology key, in the given order: domain = the node's label value (pods on nodes without the
 * label are skipped for that key); weight = ln(number of domains + 2); each domain's pods are sorted
 * with rules 1–9 (rank source: the same-node ranker, or none for kubernetes.io/hostname) and the pod
 * at position i of a domain of size k gets (k − i) × weight. Ranks add up over the keys, so pods in
 * crowded domains are deleted first.
 *
 * Domain members are listed node by node, nodes in order of their first pod; with the stable sort that
 * fixes the order of ties.
 */
export function newSpreadConstraintsRanker(
  pods: readonly Pod[],
  topologyKeys: readonly string[],
  nodeLabels: NodeLabels,
  isAvailable?: (pod: Pod) => boolean,
): Ranker {
  const podsOnNode = new Map<string, Pod[]>();
  for (const [nodeName, group] of groupByNode(pods)) {
    if (nodeLabels.has(nodeName)) podsOnNode.set(nodeName, group);
  }
  const sameNode = newSameNodeRanker(pods);
  const ranks = new Map<Pod, number>();
  for (const key of topologyKeys) {
    const domains = new Map<string, Pod[]>();
    for (const [nodeName, group] of podsOnNode) {
      const labels = nodeLabels.get(nodeName)!;
      if (!Object.hasOwn(labels, key)) continue;
      const value = labels[key]!;
      const members = domains.get(value);
      if (members) members.push(...group);
      else domains.set(value, [...group]);
    }
    const weight = Math.log(domains.size + 2);
    const ranker = key === LABEL_HOSTNAME ? undefined : sameNode;
    for (const members of domains.values()) {
      const sorted = sortForDeletion(members, { isAvailable, ranker });
      sorted.forEach((pod, i) => ranks.set(pod, (ranks.get(pod) ?? 0) + (sorted.length - i) * weight));
    }
  }
  return (pod) => ranks.get(pod) ?? 0;
}

/** Scheduled pods by node name, nodes in order of their first pod, pods in list order. */
function groupByNode(pods: readonly Pod[]): Map<string, Pod[]> {
  const groups = new Map<string, Pod[]>();
  for (const pod of pods) {
    const nodeName = nodeNameOf(pod);
    if (nodeName === '') continue;
    const group = groups.get(nodeName);
    if (group) group.push(pod);
    else groups.set(nodeName, [pod]);
  }
  return groups;
}
