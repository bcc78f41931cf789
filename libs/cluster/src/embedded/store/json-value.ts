// Objects cross the store boundary as JSON, exactly as they would over the wire to an apiserver: copying
// with JSON semantics drops `undefined` members and turns Dates into strings, so what a caller gets back,
// what a watcher sees and what persistence stores are the same plain data.
import { ApiError } from '../../errors.js';

/**
 * A deep copy with JSON.parse(JSON.stringify(value)) semantics (undefined and functions dropped from
 * objects and nulled in arrays, toJSON honoured, non-finite numbers nulled, BigInt refused), several times
 * faster than the round trip. Every object handed in or out of the store goes through it.
 */
export function copyJson<T>(value: T): T {
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          out[i] = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : copyValue(item);
        }
        return out;
      }
      const source = value as Record<string, unknown> & { toJSON?: unknown };
      if (typeof source.toJSON === 'function') return copyValue((source.toJSON as () => unknown)());
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(source)) {
        const item = source[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        // Assigning "__proto__" would set the copy's prototype; JSON.parse makes it an own property.
        if (key === '__proto__') Object.defineProperty(out, key, { value: copyValue(item), enumerable: true, writable: true, configurable: true });
        else out[key] = copyValue(item);
      }
      return out;
    }
    case 'bigint':
      throw new TypeError('a BigInt cannot be represented in JSON');
    default:
      return undefined;
  }
}

/** Copies caller input; anything JSON cannot carry (BigInt, cycles) is the caller's bad request. */
export function copyInput<T>(value: T, what: string): T {
  try {
    return copyJson(value);
  } catch (err) {
    // TypeError for BigInt, RangeError for a cyclic structure.
    throw ApiError.badRequest(`${what} is not valid JSON: ${(err as Error).message}`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Structural equality of JSON values: key order is ignored, and an `undefined` member equals an absent
 * one (JSON drops both). Allocates nothing: the store, the scheduler and the kubelet simulator compare
 * every object they are about to write with the stored one, thousands of times a second.
 */
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
  let defined = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    const value = left[key];
    if (value === undefined) continue;
    defined++;
    if (!Object.hasOwn(right, key) || !deepEqual(value, right[key])) return false;
  }
  for (const key in right) {
    if (Object.hasOwn(right, key) && right[key] !== undefined) defined--;
  }
  return defined === 0;
}

/** Deep equality of two objects ignoring the named top-level members (allocates nothing, as deepEqual). */
export function equalExcept(a: object, b: object, ignored: ReadonlySet<string>): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key in left) {
    if (Object.hasOwn(left, key) && !ignored.has(key) && !deepEqual(left[key], right[key])) return false;
  }
  for (const key in right) {
    if (Object.hasOwn(right, key) && !ignored.has(key) && !Object.hasOwn(left, key) && right[key] !== undefined) return false;
  }
  return true;
}
