// Reading and writing a node's Ready condition, and the taints Kubernetes derives from it.
import type { Node, NodeCondition, Taint } from '@coxswain/kruise-api';
import { TAINT_NOT_READY, TAINT_UNREACHABLE } from './well-known.js';

export function nodeReadyCondition(node: Node): NodeCondition | undefined {
  return node.status?.conditions?.find((c) => c.type === 'Ready');
}

/** A node without a Ready condition is not ready, as in Kubernetes (its kubelet never reported). */
export function isNodeReady(node: Node): boolean {
  return nodeReadyCondition(node)?.status === 'True';
}

/**
 * The NoSchedule taint the node lifecycle controller adds for a node that is not Ready: `not-ready` when the
 * kubelet reports False, `unreachable` when the status is Unknown or missing.
 */
export function readinessTaint(node: Node): Taint | undefined {
  const status = nodeReadyCondition(node)?.status;
  if (status === 'True') return undefined;
  return { key: status === 'False' ? TAINT_NOT_READY : TAINT_UNREACHABLE, effect: 'NoSchedule' };
}

/**
 * The node with its Ready condition set as an outage (Unknown, the kubelet stopped posting) or a recovery
 * would leave it. Other conditions are kept; an unchanged status keeps its lastTransitionTime.
 */
export function withNodeReady(node: Node, ready: boolean, now: string): Node {
  const conditions = node.status?.conditions ?? [];
  const previous = conditions.find((c) => c.type === 'Ready');
  const status = ready ? 'True' : 'Unknown';
  const next: NodeCondition = {
    type: 'Ready',
    status,
    reason: ready ? 'KubeletReady' : 'NodeStatusUnknown',
    message: ready ? 'kubelet is posting ready status' : 'Kubelet stopped posting node status.',
    lastHeartbeatTime: ready ? now : (previous?.lastHeartbeatTime ?? now),
    lastTransitionTime: previous?.status === status ? (previous.lastTransitionTime ?? now) : now,
  };
  const updated = previous ? conditions.map((c) => (c.type === 'Ready' ? next : c)) : [...conditions, next];
  return { ...node, status: { ...node.status, conditions: updated } };
}
