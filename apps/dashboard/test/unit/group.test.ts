import { describe, expect, it } from '@jest/globals';
import { groupPods, NO_ZONE, UNSCHEDULED } from '../../src/lib/grid/group';
import { pod } from '../support/fixtures';

describe('groupPods', () => {
  it('groups by zone then node, sorted by name, pods sorted by name', () => {
    const groups = groupPods([
      pod('c', { zone: 'zone-b', node: 'b-2' }),
      pod('a', { zone: 'zone-b', node: 'b-1' }),
      pod('z', { zone: 'zone-a', node: 'a-1' }),
      pod('b', { zone: 'zone-b', node: 'b-1' }),
    ]);
    expect(groups.map((g) => [g.zone, g.count, g.nodes.map((n) => [n.node, n.pods.map((p) => p.name)])])).toEqual([
      ['zone-a', 1, [['a-1', ['z']]]],
      [
        'zone-b',
        3,
        [
          ['b-1', ['a', 'b']],
          ['b-2', ['c']],
        ],
      ],
    ]);
  });

  it('puts pods without a node under "(unscheduled)" and nodes without a zone under "(no zone)", both last', () => {
    const groups = groupPods([
      pod('pending', { node: null, zone: null }),
      pod('bare', { node: 'n-9', zone: null }),
      pod('x', { zone: 'zone-c', node: 'c-1' }),
      pod('y', { zone: 'zone-a', node: 'a-1' }),
    ]);
    expect(groups.map((g) => g.zone)).toEqual(['zone-a', 'zone-c', NO_ZONE, UNSCHEDULED]);
    expect(groups[3]!.nodes).toEqual([{ node: UNSCHEDULED, pods: [expect.objectContaining({ name: 'pending' })] }]);
    expect(groups[2]!.nodes[0]!.node).toBe('n-9');
  });

  it('keeps every pod exactly once for a large workload', () => {
    const pods = Array.from({ length: 5000 }, (_, i) => pod(`p-${i}`, { zone: `zone-${'abc'[i % 3]}`, node: `n-${i % 9}` }));
    const groups = groupPods(pods);
    const names = groups.flatMap((g) => g.nodes.flatMap((n) => n.pods.map((p) => p.name)));
    expect(names).toHaveLength(5000);
    expect(new Set(names).size).toBe(5000);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(5000);
  });

  it('returns nothing for no pods', () => {
    expect(groupPods([])).toEqual([]);
  });
});
