// Canonical JSON of revision payloads (docs/spec/cloneset.md §4.1).
import { describe, expect, it } from '@jest/globals';
import { canonicalJson, compareCodePoints } from '../../src/revision/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps array order', () => {
    const value = { b: 1, a: { d: [3, { z: true, y: null }], c: 'x' }, $patch: 'replace' };
    expect(canonicalJson(value)).toBe('{"$patch":"replace","a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('does not depend on the order keys were written in', () => {
    expect(canonicalJson({ x: 1, y: { q: 2, p: 3 } })).toBe(canonicalJson({ y: { p: 3, q: 2 }, x: 1 }));
  });

  it('sorts integer-like keys as strings, unlike JS property order', () => {
    expect(canonicalJson({ 9: 'a', 10: 'b' })).toBe('{"10":"b","9":"a"}');
  });

  it('orders keys by code point (Go byte order), not UTF-16 code unit', () => {
    const astral = '\u{1F600}'; // surrogate pair D83D DE00
    const high = '\uFF01';
    expect(canonicalJson({ [astral]: 1, [high]: 2 })).toBe(`{"${high}":2,"${astral}":1}`);
    expect(compareCodePoints(astral, high)).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('b', 'a')).toBeGreaterThan(0);
  });

  it('drops undefined members and writes undefined array slots as null, like JSON.stringify', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  it('escapes strings as JSON.stringify does (no Go HTML escaping)', () => {
    expect(canonicalJson({ s: '<a&b>"\n' })).toBe('{"s":"<a&b>\\"\\n"}');
  });

  it('rejects values JSON cannot represent', () => {
    expect(() => canonicalJson({ a: [Number.NaN] })).toThrow(/\$\.a\[0\] is NaN/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
  });
});
