// Pods grouped into the topology the grid draws: zone, then node, then pods by name. Pods without a
// node are "unscheduled"; nodes without a zone label fall under "(no zone)". Both sort last.
import type { Pod } from '../api/types';

export const UNSCHEDULED = '(unscheduled)';
export const NO_ZONE = '(no zone)';

export interface NodeGroup {
  node: string;
  pods: Pod[];
}
export interface ZoneGroup {
  zone: string;
  count: number;
  nodes: NodeGroup[];
}

const lastIf = (special: string) => (a: string, b: string) => (a === b ? 0 : a === special ? 1 : b === special ? -1 : a < b ? -1 : 1);

export function groupPods(pods: Iterable<Pod>): ZoneGroup[] {
  const zones = new Map<string, Map<string, Pod[]>>();
  for (const pod of pods) {
    const zone = pod.node ? (pod.zone ?? NO_ZONE) : UNSCHEDULED;
    const node = pod.node ?? UNSCHEDULED;
    let nodes = zones.get(zone);
    if (!nodes) zones.set(zone, (nodes = new Map()));
    const list = nodes.get(node);
    if (list) list.push(pod);
    else nodes.set(node, [pod]);
  }
  const byZone = lastIf(UNSCHEDULED);
  const byNode = lastIf(UNSCHEDULED);
  return [...zones.entries()]
    .sort(([a], [b]) => (a === NO_ZONE && b !== UNSCHEDULED ? 1 : b === NO_ZONE && a !== UNSCHEDULED ? -1 : byZone(a, b)))
    .map(([zone, nodes]) => {
      const groups = [...nodes.entries()]
        .sort(([a], [b]) => byNode(a, b))
        .map(([node, list]) => ({ node, pods: list.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)) }));
      return { zone, count: groups.reduce((n, g) => n + g.pods.length, 0), nodes: groups };
    });
}
