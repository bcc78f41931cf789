// The cluster as an SRE reads it before a zone goes down: every zone and node, and how many pods of
// each workload run there. Built from the sizes of the pod cache's topology index (node x owner x
// subset x ready), so an answer costs the number of such groups, never a walk over every pod.
import { Injectable } from '@nestjs/common';
import type { KubeObject, Node } from '@coxswain/kruise-api';
import { WORKLOAD_KINDS } from '@coxswain/workloads';
import { nodeFacts } from '../cluster/node-facts.js';
import { ClusterCache, parseTopologyKey, POD_TOPOLOGY, type PodPlacement } from '../cluster/cluster-cache.js';
import { kindOfClusterKind, kindOfDescriptor, type WorkloadKind } from '../workloads/workload-kind.js';

export interface TopologyWorkloadPods {
  workloadKind: WorkloadKind | null;
  kind: string;
  namespace: string;
  name: string;
  subset: string | null;
  pods: number;
  readyPods: number;
}

export interface TopologyNode {
  name: string;
  zone: string | null;
  ready: boolean;
  unschedulable: boolean;
  taints: string[];
  labels: string[];
  pods: number;
  readyPods: number;
  workloads: TopologyWorkloadPods[];
}

export interface TopologyZone {
  name: string;
  nodes: TopologyNode[];
  pods: number;
  readyPods: number;
}

export interface ClusterTopology {
  zones: TopologyZone[];
  unscheduled: TopologyWorkloadPods[];
}

interface TopOwner {
  workloadKind: WorkloadKind | null;
  kind: string;
  name: string;
}

@Injectable()
export class TopologyService {
  constructor(private readonly cache: ClusterCache) {}

  topology(): ClusterTopology {
    const byNode = new Map<string, Map<string, TopologyWorkloadPods>>();
    const owners = new Map<string, TopOwner>();
    for (const [key, count] of this.cache.pods.indexValues(POD_TOPOLOGY)) {
      const placement = parseTopologyKey(key);
      const ownerKey = `${placement.namespace}/${placement.ownerKind}/${placement.ownerName}/${placement.subset}`;
      let owner = owners.get(ownerKey);
      if (!owner) owners.set(ownerKey, (owner = this.topOwner(placement)));
      const groups = byNode.get(placement.node) ?? new Map<string, TopologyWorkloadPods>();
      byNode.set(placement.node, groups);
      const groupKey = `${placement.namespace}/${owner.kind}/${owner.name}/${placement.subset}`;
      const group = groups.get(groupKey) ?? {
        workloadKind: owner.workloadKind, kind: owner.kind, namespace: placement.namespace, name: owner.name, subset: placement.subset || null, pods: 0, readyPods: 0,
      };
      groups.set(groupKey, group);
      group.pods += count;
      if (placement.ready) group.readyPods += count;
    }

    const nodes = new Map(this.cache.nodes.list().map((n) => [n.metadata.name!, n]));
    // A pod can still name a node that has gone: it is shown under that name, not ready.
    const names = new Set([...nodes.keys(), ...[...byNode.keys()].filter((n) => n !== '')]);
    const zones = new Map<string, TopologyZone>();
    for (const name of [...names].sort()) {
      const node = nodes.get(name);
      const workloads = sortGroups([...(byNode.get(name)?.values() ?? [])]);
      const entry = nodeEntry(name, node, workloads);
      const zoneName = entry.zone ?? '';
      const zone = zones.get(zoneName) ?? { name: zoneName, nodes: [], pods: 0, readyPods: 0 };
      zones.set(zoneName, zone);
      zone.nodes.push(entry);
      zone.pods += entry.pods;
      zone.readyPods += entry.readyPods;
    }
    return {
      zones: [...zones.values()].sort((a, b) => a.name.localeCompare(b.name)),
      unscheduled: sortGroups([...(byNode.get('')?.values() ?? [])]),
    };
  }

  /**
   * Who an SRE knows the pods by: a UnitedDeployment for subset pods (its subset workloads are named
   * `<ud>-<subset>-...`, their ReplicaSets `<ud>-<subset>-...-<hash>`), else the pods' controller.
   */
  private topOwner(placement: PodPlacement): TopOwner {
    if (placement.subset) {
      for (const descriptor of WORKLOAD_KINDS) {
        if (!descriptor.subsets) continue;
        const owner = this.cache.workloadInformer(descriptor).list(placement.namespace).find((w: KubeObject) =>
          placement.ownerName.startsWith(`${w.metadata.name}-${placement.subset}-`)
          && (descriptor.subsets!(w)).some((s) => s.name === placement.subset));
        if (owner) return { workloadKind: kindOfDescriptor(descriptor), kind: descriptor.clusterKind, name: owner.metadata.name! };
      }
    }
    return { workloadKind: kindOfClusterKind(placement.ownerKind) ?? null, kind: placement.ownerKind, name: placement.ownerName };
  }
}

function nodeEntry(name: string, node: Node | undefined, workloads: TopologyWorkloadPods[]): TopologyNode {
  const facts = node ? nodeFacts(node) : { ready: false, unschedulable: false, zone: null, taints: [] };
  return {
    name,
    ...facts,
    labels: Object.entries(node?.metadata.labels ?? {}).map(([k, v]) => `${k}=${v}`).sort(),
    pods: workloads.reduce((n, w) => n + w.pods, 0),
    readyPods: workloads.reduce((n, w) => n + w.readyPods, 0),
    workloads,
  };
}

/** Largest first, then by namespace, name and subset. */
function sortGroups(groups: TopologyWorkloadPods[]): TopologyWorkloadPods[] {
  return groups.sort((a, b) => b.pods - a.pods
    || a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name) || (a.subset ?? '').localeCompare(b.subset ?? ''));
}
