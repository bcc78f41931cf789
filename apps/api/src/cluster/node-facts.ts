// What the API shows of a node wherever it shows one (`nodes`, `topology`): readiness, cordon, zone
// and taints in kubectl's words.
import { LABEL_TOPOLOGY_ZONE, type Node } from '@coxswain/kruise-api';

export interface NodeFacts {
  /** The Ready condition is True (a node that never reported is not ready). */
  ready: boolean;
  /** spec.unschedulable: cordoned. */
  unschedulable: boolean;
  zone: string | null;
  /** key=value:effect, as `kubectl describe node` prints them. */
  taints: string[];
}

export function nodeFacts(node: Node): NodeFacts {
  return {
    ready: node.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True',
    unschedulable: node.spec?.unschedulable === true,
    zone: node.metadata.labels?.[LABEL_TOPOLOGY_ZONE] ?? null,
    taints: (node.spec?.taints ?? []).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`),
  };
}
