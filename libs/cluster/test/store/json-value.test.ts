import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { copyJson, copyInput, deepEqual } from '../../src/embedded/store/json-value.js';

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
