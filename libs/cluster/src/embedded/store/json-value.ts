// Objects cross the store boundary as JSON, exactly as they would over the wire to an apiserver: copying
// through JSON drops `undefined` members and turns Dates into strings, so what a caller gets back, what a
// watcher sees and what persistence stores are the same plain data.
import { ApiError } from '../../errors.js';

export function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Copies caller input; anything JSON cannot carry (BigInt, cycles) is the caller's bad request. */
export function copyInput<T>(value: T, what: string): T {
  try {
    return copyJson(value);
  } catch (err) {
    throw ApiError.badRequest(`${what} is not valid JSON: ${(err as Error).message}`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left).filter((k) => left[k] !== undefined);
  const rightKeys = Object.keys(right).filter((k) => right[k] !== undefined);
  if (leftKeys.length !== rightKeys.length) return false;
  for (const key of leftKeys) {
    if (!Object.prototype.hasOwnProperty.call(right, key) || !deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/** Deep equality of two objects ignoring the named top-level members. */
export function equalExcept(a: object, b: object, ignored: ReadonlySet<string>): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (ignored.has(key)) continue;
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}
