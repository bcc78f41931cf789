import { describe, it, expect } from '@jest/globals';
import { LABEL_TOPOLOGY_ZONE, type Pod } from '@coxswain/kruise-api';
import { choosePodsToDelete, chooseToDelete, type ScaleDownContext } from '../../../src/cloneset/plan/sort/choose-pods-to-delete.js';
import { names, pod } from './fixtures.js';

const allAvailable: ScaleDownContext = { isAvailable: () => true };

describe('choose(list, n) (docs/spec/cloneset.md §7.4)', () => {
  const good = pod('good', { node: 'node-a' });
  const bad = pod('bad', { node: 'node-b', ready: false });

  it('ranks and takes the first n when n < len', () => {
    expect(names(chooseToDelete([good, bad], 1, allAvailable))).toEqual(['bad']);
  });

  it('returns the list unsorted when n == len', () => {
    expect(names(chooseToDelete([good, bad], 2, allAvailable))).toEqual(['good', 'bad']);
  });

  it('returns the whole list when n > len', () => {
    expect(names(chooseToDelete([good, bad], 5, allAvailable))).toEqual(['good', 'bad']);
  });

  it('returns nothing for n <= 0', () => {
    expect(chooseToDelete([good, bad], 0, allAvailable)).toEqual([]);
    expect(chooseToDelete([good, bad], -1, allAvailable)).toEqual([]);
  });

  it('applies the availability predicate (rule 3)', () => {
    const a = pod('a', { node: 'node-a' });
    const b = pod('b', { node: 'node-b' });
    expect(names(chooseToDelete([a, b], 1, { isAvailable: (p) => p !== b }))).toEqual(['b']);
  });

  it('uses the same-node ranker without spread constraints', () => {
    const list = [pod('z', { node: 'node-b' }), pod('x', { node: 'node-a' }), pod('y', { node: 'node-a' })];
    expect(names(chooseToDelete(list, 1, allAvailable))).toEqual(['x']);
  });

  it('uses the spread ranker with topologySpreadConstraints and node labels', () => {
    const nodeLabels = new Map([
      ['node-a', { [LABEL_TOPOLOGY_ZONE]: 'z1' }],
      ['node-b', { [LABEL_TOPOLOGY_ZONE]: 'z1' }],
      ['node-c', { [LABEL_TOPOLOGY_ZONE]: 'z2' }],
    ]);
    const list = [
      pod('r', { node: 'node-c' }),
      pod('s', { node: 'node-c' }),
      pod('p1', { node: 'node-a' }),
      pod('p2', { node: 'node-a' }),
      pod('p3', { node: 'node-b' }),
    ];
    // Same-node ranks tie r and p1 (1 each), so without constraints the first of them goes.
    expect(names(chooseToDelete(list, 1, allAvailable))).toEqual(['r']);
    const spread: ScaleDownContext = {
      isAvailable: () => true,
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: LABEL_TOPOLOGY_ZONE, whenUnsatisfiable: 'DoNotSchedule' }],
      nodeLabels,
    };
    // z1 holds three pods, z2 two: p1 leads the bigger zone.
    expect(names(chooseToDelete(list, 1, spread))).toEqual(['p1']);
  });
});

describe('choosePodsToDelete (docs/spec/cloneset.md §7.4)', () => {
  const old: Pod[] = [pod('o1', { node: 'n1' }), pod('o2', { node: 'n2', ready: false }), pod('o3', { node: 'n3' })];
  const updated: Pod[] = [pod('u1', { node: 'n4' }), pod('u2', { node: 'n5', ready: false })];

  it.each([
    ['oldNum >= total: only old pods', 2, 2, ['o2', 'o1']],
    ['oldNum > total: only old pods, total of them', 1, 5, ['o2']],
    ['0 < oldNum < total: oldNum old, the rest new (whole new list, unsorted)', 3, 1, ['o2', 'u1', 'u2']],
    ['0 < oldNum < total: ranked within each group', 2, 1, ['o2', 'u2']],
    ['oldNum 0: only new pods', 1, 0, ['u2']],
    ['oldNum negative counts as 0', 1, -1, ['u2']],
  ] as const)('%s', (_case, total, oldNum, expected) => {
    expect(names(choosePodsToDelete(total, oldNum, old, updated, allAvailable))).toEqual(expected);
  });

  it('does not reorder the inputs', () => {
    choosePodsToDelete(2, 2, old, updated, allAvailable);
    expect(names(old)).toEqual(['o1', 'o2', 'o3']);
  });
});
