// FNV hashes and the safe encoding of hash digits (docs/spec/cloneset.md §4.2, §4.4).
import { describe, expect, it } from '@jest/globals';
import { FNV32_OFFSET_BASIS, fnv1_32, fnv1a_32, safeEncodeString } from '../../src/revision/fnv.js';

describe('fnv1_32 (FNV-1: multiply, then xor)', () => {
  it('hashes the empty input to the offset basis', () => {
    expect(fnv1_32('')).toBe(2166136261);
    expect(fnv1_32('')).toBe(0x811c9dc5);
    expect(FNV32_OFFSET_BASIS).toBe(0x811c9dc5);
  });

  it('matches the published FNV-1 32 vectors', () => {
    expect(fnv1_32('a')).toBe(0x050c5d7e);
    expect(fnv1_32('foobar')).toBe(0x31f0b262);
  });

  it('is not FNV-1a', () => {
    expect(fnv1_32('a')).not.toBe(fnv1a_32('a'));
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    expect(fnv1_32('é')).toBe(0xce77c1fd);
    expect(fnv1_32('é')).toBe(fnv1_32(new Uint8Array([0xc3, 0xa9])));
  });

  it('continues from a running hash like successive writes', () => {
    expect(fnv1_32('bar', fnv1_32('foo'))).toBe(fnv1_32('foobar'));
  });

  it('returns unsigned 32-bit integers', () => {
    for (const s of ['', 'a', 'foobar', 'x'.repeat(1000)]) {
      const h = fnv1_32(s);
      expect(Number.isInteger(h) && h >= 0 && h <= 0xffffffff).toBe(true);
    }
  });
});

describe('fnv1a_32 (FNV-1a: xor, then multiply)', () => {
  it('matches the published FNV-1a 32 vectors', () => {
    expect(fnv1a_32('')).toBe(0x811c9dc5);
    expect(fnv1a_32('a')).toBe(0xe40c292c);
    expect(fnv1a_32('foobar')).toBe(0xbf9cf968);
  });
});

describe('safeEncodeString', () => {
  it('maps each decimal digit to ALPHABET[charCode % 27]', () => {
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
  });

  it('maps other characters by the same rule', () => {
    // 'a' = 97, 97 % 27 = 16 -> 'v'
    expect(safeEncodeString('a')).toBe('v');
    expect(safeEncodeString('')).toBe('');
  });

  it('encodes a uint32 hash as its decimal digits', () => {
    // 2166136261 -> 2:6 1:5 6:b 6:b 1:5 3:7 6:b 2:6 6:b 1:5
    expect(safeEncodeString(String(0x811c9dc5))).toBe('65bb57b6b5');
  });
});
