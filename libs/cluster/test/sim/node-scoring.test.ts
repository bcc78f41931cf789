import { describe, it, expect } from '@jest/globals';
import type { Node } from '@coxswain/kruise-api';
import { placePod, type PlacementCounts } from '../../src/embedded/sim/node-scoring.js';
import { PlacementIndex, placementOf, spreadGroupOf } from '../../src/embedded/sim/placement-index.js';
import { simulatedNodes } from '../../src/embedded/sim/nodes.js';
import { makePod } from './sim-fixtures.js';

const nodes = simulatedNodes();

function countsFrom(placed: Record<string, { total: number; group?: number }>): PlacementCounts {
  return {
    podsOnNode: (node) => placed[node]?.total ?? 0,
    groupPodsOnNode: (_group, node) => placed[node]?.group ?? 0,
  };
}

describe('placePod', () => {
  const pod = makePod('web-0', { ownerUid: 'cs-1' });

  it('prefers the zone with the fewest siblings over a less loaded node', () => {
    const counts = countsFrom({
      'sim-a-1': { total: 1, group: 1 },
      'sim-b-1': { total: 1, group: 1 },
      'sim-c-3': { total: 50 },
    });
    expect(placePod(pod, 'g', nodes, counts)).toEqual({ nodeName: 'sim-c-1' });
  });

  it('then the node with the fewest siblings, then the fewest pods, then the name', () => {
    const counts = countsFrom({
      'sim-a-1': { total: 1, group: 1 },
      'sim-b-1': { total: 1, group: 1 },
      'sim-c-1': { total: 1, group: 1 },
      'sim-a-2': { total: 5 },
      'sim-b-2': { total: 5 },
      'sim-c-2': { total: 5 },
      'sim-a-3': { total: 4 },
      'sim-c-3': { total: 4 },
    });
    expect(placePod(pod, 'g', nodes, counts)).toEqual({ nodeName: 'sim-b-3' });
  });

  it('breaks complete ties by node name', () => {
    expect(placePod(pod, 'g', nodes, countsFrom({}))).toEqual({ nodeName: 'sim-a-1' });
  });

  it('explains why no node fits', () => {
    const tainted: Node[] = nodes.map((n, i) => (i < 3 ? { ...n, spec: { ...n.spec, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } } : n));
    const picky = makePod('p', { spec: { nodeSelector: { gpu: 'true' } } });
    expect(placePod(picky, 'g', tainted, countsFrom({}))).toEqual({
      unschedulable: "0/9 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}, 6 node(s) didn't match Pod's node affinity/selector.",
    });
  });
});

describe('spread groups and the placement index', () => {
  it('groups by controller uid, else by namespace and identical labels', () => {
    expect(spreadGroupOf(makePod('a', { ownerUid: 'u1', labels: { x: '1' } }))).toBe(spreadGroupOf(makePod('b', { ownerUid: 'u1', labels: { x: '2' } })));
    expect(spreadGroupOf(makePod('a', { ownerUid: 'u1' }))).not.toBe(spreadGroupOf(makePod('b', { ownerUid: 'u2' })));
    expect(spreadGroupOf(makePod('a', { labels: { x: '1', y: '2' } }))).toBe(spreadGroupOf(makePod('b', { labels: { y: '2', x: '1' } })));
    expect(spreadGroupOf(makePod('a', { labels: { x: '1' } }))).not.toBe(spreadGroupOf(makePod('b', { labels: { x: '2' } })));
  });

  it('counts capacity for terminating pods but does not spread away from them, and forgets finished pods', () => {
    const index = new PlacementIndex();
    const live = makePod('a', { ownerUid: 'u' });
    const terminating = { ...makePod('b', { ownerUid: 'u' }), metadata: { ...makePod('b', { ownerUid: 'u' }).metadata, deletionTimestamp: '2026-01-01T00:00:30Z' } };
    const finished = { ...makePod('c', { ownerUid: 'u' }), status: { phase: 'Succeeded' as const } };
    index.set('a', placementOf(live, 'n1'));
    index.set('b', placementOf(terminating, 'n1'));
    index.set('c', placementOf(finished, 'n1'));
    expect(index.podsOnNode('n1')).toBe(2);
    expect(index.groupPodsOnNode(spreadGroupOf(live), 'n1')).toBe(1);
    index.set('a', placementOf(live, 'n2'));
    expect(index.podsOnNode('n1')).toBe(1);
    expect(index.groupPodsOnNode(spreadGroupOf(live), 'n2')).toBe(1);
    index.set('a', undefined);
    index.set('b', undefined);
    expect(index.podsOnNode('n1')).toBe(0);
    expect(index.podsOnNode('n2')).toBe(0);
  });
});
