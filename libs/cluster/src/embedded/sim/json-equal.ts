// Structural equality of JSON values, ignoring key order: decides whether a computed status differs from the
// stored one, so unchanged state is never written again.

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = definedEntries(a as Record<string, unknown>);
  const right = definedEntries(b as Record<string, unknown>);
  if (left.length !== right.length) return false;
  const rightMap = new Map(right);
  return left.every(([key, value]) => rightMap.has(key) && jsonEqual(value, rightMap.get(key)));
}

// `undefined` members vanish in JSON, so they must not make two objects differ.
function definedEntries(object: Record<string, unknown>): [string, unknown][] {
  return Object.entries(object).filter(([, value]) => value !== undefined);
}
