// Kube-scheduler's filters, as pure functions: whether a pod may run on a node, and if not, the reason in
// kube-scheduler's own words so the Unschedulable message reads like a real cluster's.
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod, Taint, Toleration } from '@coxswain/kruise-api';
import { readinessTaint } from './node-conditions.js';
import { TAINT_UNSCHEDULABLE } from './well-known.js';

export const REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
export const REASON_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
export const REASON_TOO_MANY_PODS = 'Too many pods';

export function untoleratedTaintReason(taint: Taint): string {
  return `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
}

/**
 * Why `pod` cannot run on `node`, or undefined when it can. Checks run in kube-scheduler's plugin order
 * (NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit) and the first failure is reported.
 */
export function filterNode(pod: Pod, node: Node, podsOnNode: number): string | undefined {
  const tolerations = pod.spec?.tolerations ?? [];
  if (node.spec?.unschedulable && !tolerations.some((t) => toleratesTaint(t, { key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' }))) {
    return REASON_UNSCHEDULABLE;
  }
  const taint = firstUntoleratedTaint(tolerations, schedulingTaints(node));
  if (taint) return untoleratedTaintReason(taint);
  if (!matchesNodeSelector(pod, node) || !matchesRequiredNodeAffinity(pod, node)) return REASON_NODE_AFFINITY;
  if (podsOnNode >= podCapacity(node)) return REASON_TOO_MANY_PODS;
  return undefined;
}

/** The node's own taints plus the one its readiness implies; only these effects keep new pods away. */
export function schedulingTaints(node: Node): Taint[] {
  const taints = (node.spec?.taints ?? []).filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
  const implied = readinessTaint(node);
  if (implied && !taints.some((t) => t.key === implied.key && t.effect === implied.effect)) taints.push(implied);
  return taints;
}

export function firstUntoleratedTaint(tolerations: readonly Toleration[], taints: readonly Taint[]): Taint | undefined {
  return taints.find((taint) => !tolerations.some((t) => toleratesTaint(t, taint)));
}

/** core/v1 Toleration.ToleratesTaint: an empty key with Exists tolerates every taint. */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

export function matchesNodeSelector(pod: Pod, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  return Object.entries(pod.spec?.nodeSelector ?? {}).every(([key, value]) => labels[key] === value);
}

/** requiredDuringSchedulingIgnoredDuringExecution: terms are ORed; a pod without it matches every node. */
export function matchesRequiredNodeAffinity(pod: Pod, node: Node): boolean {
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return required.nodeSelectorTerms.some((term) => nodeSelectorTermMatches(term, node));
}

/** Expressions and fields are ANDed; a term with neither matches nothing (as in Kubernetes). */
export function nodeSelectorTermMatches(term: NodeSelectorTerm, node: Node): boolean {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (expressions.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  return (
    expressions.every((r) => nodeSelectorRequirementMatches(r, labels)) &&
    fields.every((r) => nodeFieldRequirementMatches(r, node))
  );
}

export function nodeSelectorRequirementMatches(requirement: NodeSelectorRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, requirement.key);
  const value = labels[requirement.key];
  const values = requirement.values ?? [];
  switch (requirement.operator) {
    case 'In':
      return has && values.includes(value!);
    case 'NotIn':
      return !has || !values.includes(value!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      // Both sides must be integers; anything else does not match rather than fail the pod.
      if (!has || values.length !== 1) return false;
      const actual = parseInteger(value!);
      const bound = parseInteger(values[0]!);
      if (actual === undefined || bound === undefined) return false;
      return requirement.operator === 'Gt' ? actual > bound : actual < bound;
    }
    default:
      return false;
  }
}

/** matchFields supports only `metadata.name`, with In and NotIn. */
export function nodeFieldRequirementMatches(requirement: NodeSelectorRequirement, node: Node): boolean {
  if (requirement.key !== 'metadata.name') return false;
  const values = requirement.values ?? [];
  const name = node.metadata.name ?? '';
  if (requirement.operator === 'In') return values.includes(name);
  if (requirement.operator === 'NotIn') return !values.includes(name);
  return false;
}

/** allocatable.pods (else capacity.pods); a node that declares neither is not limited. */
export function podCapacity(node: Node): number {
  const declared = node.status?.allocatable?.pods ?? node.status?.capacity?.pods;
  const parsed = declared === undefined ? undefined : parseInteger(declared);
  return parsed ?? Number.POSITIVE_INFINITY;
}

/**
 * kube-scheduler's FitError text: `0/9 nodes are available: 3 node(s) had untolerated taint {k: v}, 6 Too
 * many pods.` Entries are "<count> <reason>" sorted as strings, exactly as kube-scheduler sorts them.
 */
export function unschedulableMessage(nodeCount: number, reasons: readonly string[]): string {
  if (nodeCount === 0) return '0/0 nodes are available: no nodes available to schedule pods.';
  const histogram = new Map<string, number>();
  for (const reason of reasons) histogram.set(reason, (histogram.get(reason) ?? 0) + 1);
  const entries = [...histogram].map(([reason, count]) => `${count} ${reason}`).sort(compareStrings);
  return `0/${nodeCount} nodes are available: ${entries.join(', ')}.`;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parseInteger(text: string): number | undefined {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}
