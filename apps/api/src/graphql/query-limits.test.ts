import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { queryLimitsRule } from './query-limits.js';

const schema = buildSchema(`
  type Query { items(first: Int = 100): ItemConnection!  item(id: ID!): Item  node: Node }
  interface Node { id: ID! }
  type ItemConnection { edges: [ItemEdge!]!  totalCount: Int! }
  type ItemEdge { node: Item! }
  type Item implements Node { id: ID!  name: String!  children(first: Int = 10): ItemConnection! }
`);

function limits(query: string, maxima = { maxDepth: 5, maxAliases: 3, maxCost: 2_000 }) {
  return validate(schema, parse(query), [...specifiedRules, queryLimitsRule(maxima)]).map((e) => ({ message: e.message, ...e.extensions }));
}

describe('GraphQL query limits', () => {
  it('multiply page sizes: given, defaulted, or the maximum page for a variable', () => {
    expect(limits('{ items(first: 10) { edges { node { name } } } }')).toEqual([]); // 1 + 10 * (1 + 1 * (1 + 1)) = 31
    expect(limits('{ items { edges { node { name children { totalCount } } } } }')).toEqual([]); // default 100: 1 + 100 * 6 = 601
    expect(limits('{ items(first: 1000) { totalCount } }')).toEqual([]); // 1 + 1000 * 1
    // items: 1 + 100 * (edges: 1 + (node: 1 + (children: 1 + 50 * (edges: 1 + (node: 1 + name 1))))) = 15,301
    expect(limits('{ items { edges { node { children(first: 50) { edges { node { name } } } } } } }', { maxDepth: 10, maxAliases: 3, maxCost: 2_000 })).toEqual([
      expect.objectContaining({ limit: 'cost', maximum: 2_000, actual: 15_301 }),
    ]);
    expect(limits('query($n: Int) { items(first: $n) { edges { node { id name } } } }')[0]).toMatchObject({ limit: 'cost', actual: 1 + 1000 * 4 });
  });

  it('count aliases and depth through fragments and inline fragments, without looping on a fragment cycle', () => {
    expect(limits('{ a: item(id: 1) { id } b: item(id: 2) { id } c: item(id: 3) { id } d: item(id: 4) { id } }')[0]).toMatchObject({ limit: 'aliases', actual: 4 });
    expect(limits('{ node { ... on Item { children { edges { node { children { totalCount } } } } } } }')[0]).toMatchObject({ limit: 'depth', actual: 6 });
    expect(limits('{ item(id: 1) { ...F } } fragment F on Item { x: name y: id z: name w: id }')[0]).toMatchObject({ limit: 'aliases', actual: 4 });
    const cycle = limits('{ item(id: 1) { ...A } } fragment A on Item { children { edges { node { ...B } } } } fragment B on Item { ...A }');
    expect(cycle.some((e) => /Cannot spread fragment/.test(e.message))).toBe(true);
  });
});
