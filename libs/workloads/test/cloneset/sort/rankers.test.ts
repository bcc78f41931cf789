import { describe, it, expect } from '@jest/globals';
import { LABEL_HOSTNAME, LABEL_TOPOLOGY_ZONE, type Node, type Pod } from '@coxswain/kruise-api';
import { newSameNodeRanker, newSpreadConstraintsRanker, nodeLabelsByName } from '../../../src/cloneset/plan/sort/rankers.js';
import { T0, T1, pod } from './fixtures.js';

const ZONE = LABEL_TOPOLOGY_ZONE;
const ranksOf = (pods: readonly Pod[], rank: (p: Pod) => number) => Object.fromEntries(pods.map((p) => [p.metadata.name!, rank(p)]));
const node = (name: string, labels?: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, ...(labels ? { labels } : {}) } });

describe('same-node ranker (docs/spec/cloneset.md §7.4)', () => {
  it('ranks pods that share a node m − i, keeps the most valuable one and lone or unscheduled pods at 0', () => {
    const pods = [
      pod('p1', { node: 'node-a', readySince: T0 }),
      pod('p2', { node: 'node-a', ready: false }),
      pod('p3', { node: 'node-a', readySince: T1 }),
      pod('p4', { node: 'node-b' }),
      pod('p5', { node: '' }),
      pod('p6', { node: '' }),
    ];
    // node-a sorted: p2 (not Ready), p3 (Ready more recently), p1; p1 is kept.
    expect(ranksOf(pods, newSameNodeRanker(pods))).toEqual({ p1: 0, p2: 2, p3: 1, p4: 0, p5: 0, p6: 0 });
  });

  it('orders each node group by the rules that need no availability or rank (here rule 5, deletion cost)', () => {
    // Cost (rule 5) decides inside the node group: the cheaper pod gets the higher rank.
    const pods = [pod('a', { cost: '10' }), pod('b', { cost: '1' })];
    expect(ranksOf(pods, newSameNodeRanker(pods))).toEqual({ a: 0, b: 1 });
  });
});

describe('spread ranker (docs/spec/cloneset.md §7.4)', () => {
  const nodes = nodeLabelsByName([
    node('n1', { [ZONE]: 'z1' }),
    node('n2', { [ZONE]: 'z1' }),
    node('n3', { [ZONE]: 'z2' }),
    node('n5'),
  ]);

  it('gives (k − i) × ln(domains + 2) per zone, sorting each zone with rules 1–9 and same-node ranks', () => {
    const pods = [
      pod('a1', { node: 'n1' }),
      pod('a2', { node: 'n1' }),
      pod('b1', { node: 'n2', ready: false }),
      pod('c1', { node: 'n3' }),
      pod('d1', { node: 'n4' }), // node not found: skipped
      pod('e1', { node: 'n5' }), // node without the zone label: skipped for that key
      pod('u1', { node: '' }),
    ];
    const w = Math.log(2 + 2);
    // z1 = [a1, a2, b1]: b1 (not Ready) first, then a1 (same-node rank 1), then a2.
    expect(ranksOf(pods, newSpreadConstraintsRanker(pods, [ZONE], nodes))).toEqual({
      a1: 2 * w, a2: 1 * w, b1: 3 * w, c1: 1 * w, d1: 0, e1: 0, u1: 0,
    });
  });

  it('uses availability inside a domain when given', () => {
    const pods = [pod('a1', { node: 'n1' }), pod('a2', { node: 'n2' })];
    const isAvailable = (p: Pod) => p.metadata.name !== 'a2';
    const w = Math.log(1 + 2);
    expect(ranksOf(pods, newSpreadConstraintsRanker(pods, [ZONE], nodes, isAvailable))).toEqual({ a1: 1 * w, a2: 2 * w });
    expect(ranksOf(pods, newSpreadConstraintsRanker(pods, [ZONE], nodes))).toEqual({ a1: 2 * w, a2: 1 * w });
  });

  it('weights by the number of domains: three zones give ln 5', () => {
    const three = nodeLabelsByName([node('x', { [ZONE]: 'z1' }), node('y', { [ZONE]: 'z2' }), node('z', { [ZONE]: 'z3' })]);
    const pods = [pod('p', { node: 'x' }), pod('q', { node: 'y' }), pod('r', { node: 'z' })];
    expect(ranksOf(pods, newSpreadConstraintsRanker(pods, [ZONE], three))).toEqual({ p: Math.log(5), q: Math.log(5), r: Math.log(5) });
  });

  it('sorts hostname domains without the same-node ranker, and sums ranks over keys', () => {
    // Two nodes share zone z and (oddly) hostname h, so both keys see one domain of three pods.
    const shared = nodeLabelsByName([
      node('nx', { [ZONE]: 'z', [LABEL_HOSTNAME]: 'h' }),
      node('ny', { [ZONE]: 'z', [LABEL_HOSTNAME]: 'h' }),
    ]);
    const pods = [
      pod('a1', { node: 'nx', readySince: T0 }),
      pod('a2', { node: 'nx', readySince: T0 }),
      pod('b1', { node: 'ny', readySince: T1 }),
    ];
    const w = Math.log(1 + 2);
    // zone: a1 has same-node rank 1 (rule 6 before rule 7) -> [a1, b1, a2].
    const zone = newSpreadConstraintsRanker(pods, [ZONE], shared);
    expect(ranksOf(pods, zone)).toEqual({ a1: 3 * w, b1: 2 * w, a2: 1 * w });
    // hostname: no rank source, b1 was Ready more recently (rule 7) -> [b1, a1, a2].
    const host = newSpreadConstraintsRanker(pods, [LABEL_HOSTNAME], shared);
    expect(ranksOf(pods, host)).toEqual({ b1: 3 * w, a1: 2 * w, a2: 1 * w });
    const both = newSpreadConstraintsRanker(pods, [ZONE, LABEL_HOSTNAME], shared);
    expect(ranksOf(pods, both)).toEqual({ a1: 5 * w, b1: 5 * w, a2: 2 * w });
  });

  it('nodeLabelsByName maps nodes without labels to an empty set', () => {
    expect([...nodeLabelsByName([node('n'), node('m', { a: 'b' })])]).toEqual([['n', {}], ['m', { a: 'b' }]]);
  });
});
