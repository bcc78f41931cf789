// Items kept in key order somewhere (a cache index, a sorted list), read a page at a time: what the
// use cases hand to an adapter to page through (GraphQL's connections, graphql/connection.ts).

/** Items kept in key order somewhere else (an index): a page costs the page, counts cost nothing. */
export interface OrderedSource<T> {
  /** Up to `limit` items after `afterKey` (from the start when undefined). */
  page(afterKey: string | undefined, limit: number): T[];
  /** Items after `afterKey` (all when undefined). */
  count(afterKey?: string): number;
  keyOf(item: T): string;
}

/** A source over items already sorted by `keyOf` (keys compared as code points). */
export function sortedSource<T>(sorted: readonly T[], keyOf: (item: T) => string): OrderedSource<T> {
  const at = (after: string | undefined) => (after === undefined ? 0 : firstAfter(sorted, keyOf, after));
  return {
    page: (after, limit) => sorted.slice(at(after), at(after) + limit),
    count: (after) => sorted.length - at(after),
    keyOf,
  };
}

/** Index of the first item whose key is after `key`. */
function firstAfter<T>(sorted: readonly T[], keyOf: (item: T) => string, key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keyOf(sorted[mid]!) <= key) low = mid + 1;
    else high = mid;
  }
  return low;
}
