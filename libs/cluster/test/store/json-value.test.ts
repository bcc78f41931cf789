import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { copyJson, copyInput, deepEqual, equalExcept } from '../../src/embedded/store/json-value.js';

describe('copyJson', () => {
  it('matches a JSON round trip for any JSON-like value', () => {
    fc.assert(
      fc.property(fc.anything({ withDate: true, withNullPrototype: false, withBoxedValues: false }), (value) => {
        if (value === undefined || typeof value === 'symbol') return;
        const viaJson = JSON.parse(JSON.stringify(value)) as unknown;
        expect(copyJson(value)).toStrictEqual(viaJson);
      }),
      { numRuns: 500 },
    );
  });

  it('never shares structure with the source', () => {
    const source = { a: { b: [{ c: 1 }] } };
    const copy = copyJson(source);
    copy.a.b[0]!.c = 2;
    expect(source.a.b[0]!.c).toBe(1);
  });

  it('keeps "__proto__" as data', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = copyJson(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
  });

  it('refuses what JSON cannot carry as a bad request', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => copyInput(cyclic, 'object')).toThrow(expect.objectContaining({ reason: 'BadRequest' }));
    expect(() => copyInput({ n: 10n }, 'object')).toThrow(expect.objectContaining({ reason: 'BadRequest' }));
  });
});

describe('deepEqual', () => {
  it('treats absent and undefined members alike, and nothing else', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual({ a: {} }, { a: [] })).toBe(false);
    expect(deepEqual({ a: null }, { a: undefined })).toBe(false);
  });

  it('agrees with comparing JSON texts of copies', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(deepEqual(a, b)).toBe(deepEqual(b, a));
        expect(deepEqual(a, copyJson(a))).toBe(true);
        if (JSON.stringify(a) === JSON.stringify(b)) expect(deepEqual(a, b)).toBe(true);
      }),
    );
  });
});

// The plain definition both functions must agree with: defined keys, in any order, equal values.
function referenceEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => referenceEqual(item, b[i]));
  }
  const defined = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const left = defined(a);
  const right = defined(b);
  return left.length === right.length && left.every(([key, value], i) => right[i]![0] === key && referenceEqual(value, right[i]![1]));
}

/** JSON-like values with undefined members, from a small alphabet of keys so that pairs often overlap. */
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, 0, 1, 'a', ''),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', 'toString'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** `value` rebuilt with its keys in another order (and its undefined members kept). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    Object.defineProperty(out, key, { value: reordered((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

describe('deepEqual and equalExcept against the plain definition', () => {
  it('deepEqual agrees on any pair, and on a value against itself reordered', () => {
    fc.assert(
      fc.property(jsonish, jsonish, (a, b) => {
        expect(deepEqual(a, b)).toBe(referenceEqual(a, b));
        expect(deepEqual(a, reordered(a))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('equalExcept agrees with deepEqual of the objects without the ignored members', () => {
    const without = (o: Record<string, unknown>, ignored: Set<string>) => Object.fromEntries(Object.entries(o).filter(([k]) => !ignored.has(k)));
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'status'), jsonish, { maxKeys: 4 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'status'), jsonish, { maxKeys: 4 }),
        fc.subarray(['a', 'status']),
        (a, b, names) => {
          const ignored = new Set(names);
          expect(equalExcept(a, b, ignored)).toBe(referenceEqual(without(a, ignored), without(b, ignored)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
