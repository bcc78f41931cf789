// Cursor pagination over an ordered source: cursors are the keys, encoded (each edge's only when read),
// pages follow the cursor, and only the page's items are made nodes.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sortedSource } from '../cluster/ordered-source.js';
import { decodeCursor, encodeCursor, paginateOrdered, type Connection } from './connection.js';

const source = (keys: string[]) => sortedSource([...keys].sort(), (k) => k);

describe('paginateOrdered', () => {
  it('answers each edge\'s cursor (read lazily) and pageInfo as the eagerly encoded keys would', () => {
    const page = paginateOrdered(source(['a', 'b', 'c', 'd']), 2, encodeCursor('a'));
    expect(page.edges.map((e) => [e.cursor, e.node])).toEqual([[encodeCursor('b'), 'b'], [encodeCursor('c'), 'c']]);
    expect(page).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true, hasPreviousPage: true, startCursor: encodeCursor('b'), endCursor: encodeCursor('c') } });
    expect(paginateOrdered(source([]), 5).pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null });
  });

  it('makes nodes of the page\'s items only', () => {
    const made: string[] = [];
    const page = paginateOrdered(source(['a', 'b', 'c']), 1, undefined, 10, (k) => (made.push(k), k.toUpperCase()));
    expect(page.edges.map((e) => e.node)).toEqual(['A']);
    expect(made).toEqual(['a']);
  });

  it('walks every key once, in order, for any keys and page size (FC_SEED replays)', () => {
    const seed = Number(process.env['FC_SEED'] ?? Date.now() % 2 ** 31);
    fc.assert(fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), (keys, first) => {
      const src = source(keys);
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Connection<string> = paginateOrdered(src, first, after);
        page.edges.forEach((e) => expect(decodeCursor(e.cursor)).toBe(e.node));
        seen.push(...page.edges.map((e) => e.node));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen).toEqual([...keys].sort());
    }), { seed });
  });
});
