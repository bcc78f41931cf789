// What losing a zone would take down: for each zone, every workload with pods there, its pods (and
// ready pods) in the zone against all of its pods in the cluster, Pending ones included. A workload
// that runs entirely in the zone comes first: an outage takes it down, not just some of its capacity.
// A UnitedDeployment counts once, over its subsets.
import type { ClusterTopology, TopologyNode, TopologyWorkloadPods } from '../api/types';

export const NO_ZONE_LABEL = '(no zone)';

export interface WorkloadImpact {
  key: string;
  workloadKind: TopologyWorkloadPods['workloadKind'];
  kind: string;
  namespace: string;
  name: string;
  /** Pods in the zone, and those ready. */
  pods: number;
  readyPods: number;
  /** Pods of the workload anywhere (nodes of every zone, and Pending). */
  total: number;
  /** Every pod of the workload is in this zone: an outage takes it down. */
  all: boolean;
}

export interface ZoneImpact {
  zone: string;
  workloads: WorkloadImpact[];
}

export function workloadKey(w: Pick<TopologyWorkloadPods, 'kind' | 'namespace' | 'name'>): string {
  return `${w.kind}/${w.namespace}/${w.name}`;
}

/** A zone as people read it: the API lists nodes without the zone label under "". */
export function zoneLabel(zone: string): string {
  return zone === '' ? NO_ZONE_LABEL : zone;
}

function add(into: Map<string, WorkloadImpact>, w: TopologyWorkloadPods): void {
  const key = workloadKey(w);
  const row = into.get(key);
  if (row) {
    row.pods += w.pods;
    row.readyPods += w.readyPods;
  } else {
    into.set(key, {
      key,
      workloadKind: w.workloadKind,
      kind: w.kind,
      namespace: w.namespace,
      name: w.name,
      pods: w.pods,
      readyPods: w.readyPods,
      total: 0,
      all: false,
    });
  }
}

export function zoneImpact(topology: ClusterTopology): ZoneImpact[] {
  const totals = new Map<string, number>();
  const count = (w: TopologyWorkloadPods) => totals.set(workloadKey(w), (totals.get(workloadKey(w)) ?? 0) + w.pods);
  topology.zones.forEach((z) => z.nodes.forEach((n) => n.workloads.forEach(count)));
  topology.unscheduled.forEach(count);
  return topology.zones.map((z) => {
    const rows = new Map<string, WorkloadImpact>();
    z.nodes.forEach((n) => n.workloads.forEach((w) => add(rows, w)));
    const workloads = [...rows.values()]
      .filter((r) => r.pods > 0)
      .map((r) => ({ ...r, total: totals.get(r.key) ?? r.pods, all: r.pods >= (totals.get(r.key) ?? r.pods) }))
      .sort((a, b) => Number(b.all) - Number(a.all) || b.pods / b.total - a.pods / a.total || a.key.localeCompare(b.key));
    return { zone: z.name, workloads };
  });
}

/** "all 2 pods", "1 of 6 pods": what an outage of the zone takes from the workload. */
export function impactWords(w: Pick<WorkloadImpact, 'pods' | 'total' | 'all'>): string {
  if (w.all) return w.pods === 1 ? 'its only pod' : `all ${w.pods} pods`;
  return `${w.pods} of ${w.total} pods`;
}

/** The node's state in a few words: ready or not, cordoned, tainted. */
export function nodeStateWords(node: Pick<TopologyNode, 'ready' | 'unschedulable' | 'taints'>): string[] {
  const words = [node.ready ? 'Ready' : 'NotReady'];
  if (node.unschedulable) words.push('cordoned');
  if (node.taints.length > 0) words.push(`${node.taints.length} taint${node.taints.length === 1 ? '' : 's'}`);
  return words;
}
