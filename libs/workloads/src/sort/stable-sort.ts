// Every pod ordering (sort/ and cloneset/plan/sort/) is stable: equal elements keep their input order. Go's sort.Slice/sort.Sort
// are not stable, so Kruise's order of ties is unspecified; a stable sort makes plans reproducible and
// lets one ordering refine the previous one (docs/spec/cloneset.md §7.4, §8.2).
// Array.prototype.sort has been stable since ES2019, which the order below relies on.

/**
 * Sorts `items` by a key computed once per item (not once per comparison: the keys parse timestamps
 * and annotations, and plans must stay fast for 10,000 pods). Returns a new array.
 */
export function stableSortBy<T, K>(items: readonly T[], keyOf: (item: T) => K, compare: (a: K, b: K) => number): T[] {
  const keyed = items.map((item) => ({ item, key: keyOf(item) }));
  keyed.sort((a, b) => compare(a.key, b.key));
  return keyed.map((k) => k.item);
}

/** -1 when only `a` holds, 1 when only `b` holds: puts the elements for which the flag is true first. */
export function trueFirst(a: boolean, b: boolean): number {
  return a === b ? 0 : a ? -1 : 1;
}
