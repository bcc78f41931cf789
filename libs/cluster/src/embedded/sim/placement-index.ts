// Running totals of where pods are, kept up to date from watch events and the scheduler's own bindings, so
// scoring a node costs O(1) instead of a scan of every pod.
import type { Pod } from '@coxswain/kruise-api';
import type { PlacementCounts } from './node-scoring.js';

export interface PodPlacement {
  nodeName: string;
  group: string;
  /** Terminating pods still hold their slot but no longer count as siblings to spread away from. */
  spreads: boolean;
}

/**
 * The pod's siblings for spreading: pods with the same controller (its uid, a string every sibling's
 * object already shares, so a group costs no string per pod), or without one, pods in the same
 * namespace with the same labels.
 */
export function spreadGroupOf(pod: Pod): string {
  const controller = pod.metadata.ownerReferences?.find((ref) => ref.controller);
  if (controller?.uid) return controller.uid;
  const labels = Object.entries(pod.metadata.labels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `labels:${pod.metadata.namespace ?? ''}:${JSON.stringify(labels)}`;
}

export function isTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** Where the pod counts, or undefined when it occupies no node (unbound or finished). */
export function placementOf(pod: Pod, nodeName: string | undefined): PodPlacement | undefined {
  if (!nodeName || isTerminal(pod)) return undefined;
  return { nodeName, group: spreadGroupOf(pod), spreads: !pod.metadata.deletionTimestamp };
}

export class PlacementIndex implements PlacementCounts {
  private readonly byPod = new Map<string, PodPlacement>();
  private readonly perNode = new Map<string, number>();
  private readonly perGroupNode = new Map<string, Map<string, number>>();

  /** Records where the pod identified by `podKey` counts now (undefined: nowhere). */
  set(podKey: string, placement: PodPlacement | undefined): void {
    const previous = this.byPod.get(podKey);
    if (previous) this.count(previous, -1);
    if (placement) {
      this.byPod.set(podKey, placement);
      this.count(placement, +1);
    } else {
      this.byPod.delete(podKey);
    }
  }

  podsOnNode(nodeName: string): number {
    return this.perNode.get(nodeName) ?? 0;
  }

  groupPodsOnNode(group: string, nodeName: string): number {
    return this.perGroupNode.get(group)?.get(nodeName) ?? 0;
  }

  clear(): void {
    this.byPod.clear();
    this.perNode.clear();
    this.perGroupNode.clear();
  }

  private count(placement: PodPlacement, delta: number): void {
    bump(this.perNode, placement.nodeName, delta);
    if (!placement.spreads) return;
    let nodes = this.perGroupNode.get(placement.group);
    if (!nodes) this.perGroupNode.set(placement.group, (nodes = new Map()));
    bump(nodes, placement.nodeName, delta);
    if (nodes.size === 0) this.perGroupNode.delete(placement.group);
  }
}

function bump(map: Map<string, number>, key: string, delta: number): void {
  const next = (map.get(key) ?? 0) + delta;
  if (next === 0) map.delete(key);
  else map.set(key, next);
}
