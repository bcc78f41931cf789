import { describe, it, expect } from '@jest/globals';
import { simulatedNodes } from '../../src/embedded/sim/nodes.js';

describe('simulatedNodes', () => {
  it('makes 3 zones of 3 Ready nodes by default, labelled with zone, hostname and os', () => {
    const nodes = simulatedNodes({ readySince: '2026-01-01T00:00:00Z' });
    expect(nodes.map((n) => n.metadata.name)).toEqual(['sim-a-1', 'sim-a-2', 'sim-a-3', 'sim-b-1', 'sim-b-2', 'sim-b-3', 'sim-c-1', 'sim-c-2', 'sim-c-3']);
    expect(nodes.map((n) => n.metadata.labels?.['topology.kubernetes.io/zone'])).toEqual([
      'zone-a', 'zone-a', 'zone-a', 'zone-b', 'zone-b', 'zone-b', 'zone-c', 'zone-c', 'zone-c',
    ]);
    const first = nodes[0]!;
    expect(first.metadata.labels).toMatchObject({ 'kubernetes.io/hostname': 'sim-a-1', 'kubernetes.io/os': 'linux' });
    expect(first.status?.allocatable).toEqual({ cpu: '8', memory: '32Gi', pods: '110' });
    expect(first.status?.capacity).toEqual({ cpu: '8', memory: '32Gi', pods: '110' });
    expect(first.status?.conditions).toEqual([
      expect.objectContaining({ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }),
    ]);
    expect(first.status?.nodeInfo).toMatchObject({ operatingSystem: 'linux', architecture: 'amd64' });
  });

  it('gives every node a distinct InternalIP and pod CIDR', () => {
    const nodes = simulatedNodes();
    const ips = nodes.map((n) => n.status?.addresses?.find((a) => a.type === 'InternalIP')?.address);
    expect(new Set(ips).size).toBe(9);
    expect(nodes.map((n) => n.spec?.podCIDR)).toEqual(Array.from({ length: 9 }, (_, i) => `10.244.${i}.0/24`));
  });

  it('honours zones, nodes per zone, capacity and prefixes', () => {
    const nodes = simulatedNodes({ zones: 2, nodesPerZone: 1, podCapacity: 500, zonePrefix: 'eu-west-1', namePrefix: 'w-' });
    expect(nodes.map((n) => [n.metadata.name, n.metadata.labels?.['topology.kubernetes.io/zone']])).toEqual([
      ['w-a-1', 'eu-west-1a'],
      ['w-b-1', 'eu-west-1b'],
    ]);
    expect(nodes[0]!.status?.allocatable?.pods).toBe('500');
    // 500 pods need more than a /24.
    expect(nodes.map((n) => n.spec?.podCIDR)).toEqual(['10.244.0.0/23', '10.244.2.0/23']);
  });

  it('labels each node `node: <zone>` by default, plus extra labels per zone and per node', () => {
    const nodes = simulatedNodes({ zones: 2, nodesPerZone: 2, zoneLabels: { 'zone-b': { tier: 'spot' } }, nodeLabels: { 'sim-b-2': { tier: 'gpu', disk: 'ssd' } } });
    expect(nodes.map((n) => [n.metadata.labels?.['node'], n.metadata.labels?.['tier'], n.metadata.labels?.['disk']])).toEqual([
      ['zone-a', undefined, undefined],
      ['zone-a', undefined, undefined],
      ['zone-b', 'spot', undefined],
      ['zone-b', 'gpu', 'ssd'],
    ]);
    // The well-known labels cannot be overridden by extra labels.
    const odd = simulatedNodes({ zones: 1, nodesPerZone: 1, nodeLabels: { 'sim-a-1': { 'topology.kubernetes.io/zone': 'elsewhere' } } });
    expect(odd[0]!.metadata.labels?.['topology.kubernetes.io/zone']).toBe('zone-a');
  });

  it('uses another zone-name label, or none', () => {
    expect(simulatedNodes({ zones: 1, nodesPerZone: 1, zoneNameLabel: 'zone' })[0]!.metadata.labels).toMatchObject({ zone: 'zone-a' });
    expect(simulatedNodes({ zones: 1, nodesPerZone: 1, zoneNameLabel: null })[0]!.metadata.labels).not.toHaveProperty('node');
  });

  it('refuses nonsense sizes', () => {
    expect(() => simulatedNodes({ zones: 0 })).toThrow(/zones must be a positive integer/);
    expect(() => simulatedNodes({ podCapacity: 1.5 })).toThrow(/podCapacity/);
  });
});
