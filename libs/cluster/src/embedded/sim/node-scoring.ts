// Choosing a node for a pod, as a pure function: filter every node, then prefer spreading the pod's siblings
// across zones, then across nodes, then the least loaded node, then the node name, so placement is
// deterministic and a fresh workload lands evenly.
import { LABEL_TOPOLOGY_ZONE, type Node, type Pod } from '@coxswain/kruise-api';
import { filterNode, unschedulableMessage } from './scheduling-rules.js';

/** What the scheduler knows about pods already placed. */
export interface PlacementCounts {
  /** Pods occupying the node (capacity). */
  podsOnNode(nodeName: string): number;
  /** Pods of the spread group on the node. */
  groupPodsOnNode(group: string, nodeName: string): number;
}

export type Placement = { nodeName: string } | { unschedulable: string };

export interface NodeScore {
  nodeName: string;
  groupPodsInZone: number;
  groupPodsOnNode: number;
  podsOnNode: number;
}

export function placePod(pod: Pod, group: string, nodes: readonly Node[], counts: PlacementCounts): Placement {
  const groupPodsByZone = new Map<string, number>();
  for (const node of nodes) {
    const zone = zoneOf(node);
    groupPodsByZone.set(zone, (groupPodsByZone.get(zone) ?? 0) + counts.groupPodsOnNode(group, nodeName(node)));
  }
  const failures: string[] = [];
  let best: NodeScore | undefined;
  for (const node of nodes) {
    const name = nodeName(node);
    const podsOnNode = counts.podsOnNode(name);
    const failure = filterNode(pod, node, podsOnNode);
    if (failure) {
      failures.push(failure);
      continue;
    }
    const score: NodeScore = {
      nodeName: name,
      groupPodsInZone: groupPodsByZone.get(zoneOf(node)) ?? 0,
      groupPodsOnNode: counts.groupPodsOnNode(group, name),
      podsOnNode,
    };
    if (!best || compareScores(score, best) < 0) best = score;
  }
  return best ? { nodeName: best.nodeName } : { unschedulable: unschedulableMessage(nodes.length, failures) };
}

/** Negative when `a` is the better node. */
export function compareScores(a: NodeScore, b: NodeScore): number {
  return (
    a.groupPodsInZone - b.groupPodsInZone ||
    a.groupPodsOnNode - b.groupPodsOnNode ||
    a.podsOnNode - b.podsOnNode ||
    (a.nodeName < b.nodeName ? -1 : a.nodeName > b.nodeName ? 1 : 0)
  );
}

/** Nodes without a zone label share the zone "". */
export function zoneOf(node: Node): string {
  return node.metadata.labels?.[LABEL_TOPOLOGY_ZONE] ?? '';
}

function nodeName(node: Node): string {
  return node.metadata.name ?? '';
}
