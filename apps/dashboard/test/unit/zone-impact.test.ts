import { describe, expect, it } from '@jest/globals';
import type { ClusterTopology, TopologyNode, TopologyWorkloadPods } from '../../src/lib/api/types';
import { impactWords, nodeStateWords, zoneImpact, zoneLabel } from '../../src/lib/topology/zone-impact';

const pods = (name: string, n: number, over: Partial<TopologyWorkloadPods> = {}): TopologyWorkloadPods => ({
  workloadKind: 'CLONE_SET',
  kind: 'CloneSet',
  namespace: 'default',
  name,
  subset: null,
  pods: n,
  readyPods: n,
  ...over,
});
const node = (name: string, zone: string, workloads: TopologyWorkloadPods[], over: Partial<TopologyNode> = {}): TopologyNode => ({
  name,
  zone,
  ready: true,
  unschedulable: false,
  taints: [],
  labels: [],
  workloads,
  pods: workloads.reduce((n, w) => n + w.pods, 0),
  readyPods: workloads.reduce((n, w) => n + w.readyPods, 0),
  ...over,
});
const ud = (subset: string, n: number, ready = n) =>
  pods('sample-ud', n, { workloadKind: 'UNITED_DEPLOYMENT', kind: 'UnitedDeployment', subset, readyPods: ready });

function topology(): ClusterTopology {
  const zones = [
    { name: 'zone-a', nodes: [node('sim-a-1', 'zone-a', [ud('subset-a', 1), pods('web', 2)]), node('sim-a-2', 'zone-a', [pods('only-a', 2)])] },
    { name: 'zone-b', nodes: [node('sim-b-1', 'zone-b', [ud('subset-b', 2, 1)]), node('sim-b-2', 'zone-b', [ud('subset-b', 1), pods('web', 1)])] },
    { name: 'zone-c', nodes: [node('sim-c-1', 'zone-c', [])] },
  ];
  return {
    zones: zones.map((z) => ({ ...z, pods: z.nodes.reduce((n, x) => n + x.pods, 0), readyPods: z.nodes.reduce((n, x) => n + x.readyPods, 0) })),
    unscheduled: [ud('subset-c', 2, 0)],
  };
}

describe('zoneImpact', () => {
  it('counts each workload’s pods in the zone against all its pods (Pending included), a UnitedDeployment over its subsets', () => {
    const impact = zoneImpact(topology());
    const rows = (zone: string) => impact.find((z) => z.zone === zone)!.workloads.map((w) => [w.name, w.pods, w.readyPods, w.total, w.all]);
    // Workloads entirely in the zone first, then by the share the zone holds.
    expect(rows('zone-a')).toEqual([
      ['only-a', 2, 2, 2, true],
      ['web', 2, 2, 3, false],
      ['sample-ud', 1, 1, 6, false],
    ]);
    expect(rows('zone-b')).toEqual([
      ['sample-ud', 3, 2, 6, false],
      ['web', 1, 1, 3, false],
    ]);
    expect(rows('zone-c')).toEqual([]);
  });

  it('keeps the link target (workloadKind) of each workload', () => {
    const row = zoneImpact(topology())[0]!.workloads.find((w) => w.name === 'sample-ud')!;
    expect([row.workloadKind, row.kind, row.namespace]).toEqual(['UNITED_DEPLOYMENT', 'UnitedDeployment', 'default']);
  });

  it('puts what an outage takes in words', () => {
    expect(impactWords({ pods: 2, total: 2, all: true })).toBe('all 2 pods');
    expect(impactWords({ pods: 1, total: 1, all: true })).toBe('its only pod');
    expect(impactWords({ pods: 1, total: 6, all: false })).toBe('1 of 6 pods');
  });

  it('names the zone of unlabelled nodes, and says a node’s state in a few words', () => {
    expect(zoneLabel('')).toBe('(no zone)');
    expect(zoneLabel('zone-a')).toBe('zone-a');
    expect(nodeStateWords({ ready: true, unschedulable: false, taints: [] })).toEqual(['Ready']);
    expect(nodeStateWords({ ready: false, unschedulable: true, taints: ['dedicated=db:NoSchedule'] })).toEqual(['NotReady', 'cordoned', '1 taint']);
  });
});
