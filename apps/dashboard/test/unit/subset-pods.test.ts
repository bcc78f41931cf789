import { describe, expect, it } from '@jest/globals';
import { NO_SUBSET, podsBySubset } from '../../src/lib/subsets/subset-pods';
import { pod } from '../support/fixtures';

const shape = (groups: ReturnType<typeof podsBySubset>) =>
  groups.map((g) => [g.subset, g.count, g.zones.map((z) => [z.zone, z.nodes.map((n) => [n.node, n.pods.map((p) => p.name)])])]);

describe('podsBySubset', () => {
  it('groups each subset’s pods by zone then node, in the subsets’ topology order', () => {
    const groups = podsBySubset(
      ['subset-b', 'subset-a'],
      [
        pod('ud-a-1', { subset: 'subset-a', zone: 'zone-a', node: 'sim-a-2' }),
        pod('ud-b-2', { subset: 'subset-b', zone: 'zone-b', node: 'sim-b-1' }),
        pod('ud-b-1', { subset: 'subset-b', zone: 'zone-b', node: 'sim-b-1' }),
        pod('ud-b-3', { subset: 'subset-b', zone: 'zone-b', node: 'sim-b-3' }),
      ],
    );
    expect(shape(groups)).toEqual([
      [
        'subset-b',
        3,
        [
          [
            'zone-b',
            [
              ['sim-b-1', ['ud-b-1', 'ud-b-2']],
              ['sim-b-3', ['ud-b-3']],
            ],
          ],
        ],
      ],
      ['subset-a', 1, [['zone-a', [['sim-a-2', ['ud-a-1']]]]]],
    ]);
  });

  it('keeps a subset without pods (empty) and puts Pending pods under "(unscheduled)"', () => {
    const groups = podsBySubset(['subset-a', 'subset-c'], [pod('ud-a-1', { subset: 'subset-a', node: null, zone: null })]);
    expect(shape(groups)).toEqual([
      ['subset-a', 1, [['(unscheduled)', [['(unscheduled)', ['ud-a-1']]]]]],
      ['subset-c', 0, []],
    ]);
  });

  it('shows pods of no listed subset last, so none is hidden', () => {
    const groups = podsBySubset(
      ['subset-a'],
      [pod('ud-a-1', { subset: 'subset-a' }), pod('ud-gone-1', { subset: 'subset-gone' }), pod('bare', { subset: null })],
    );
    expect(groups.map((g) => [g.subset, g.count])).toEqual([
      ['subset-a', 1],
      [NO_SUBSET, 2],
    ]);
    expect(groups.flatMap((g) => g.zones.flatMap((z) => z.nodes.flatMap((n) => n.pods.map((p) => p.name)))).sort()).toEqual(['bare', 'ud-a-1', 'ud-gone-1']);
  });

  it('has no extra group when every pod has a listed subset, and no groups without subsets or pods', () => {
    expect(podsBySubset(['subset-a'], [pod('x', { subset: 'subset-a' })]).map((g) => g.subset)).toEqual(['subset-a']);
    expect(podsBySubset([], [])).toEqual([]);
  });
});
