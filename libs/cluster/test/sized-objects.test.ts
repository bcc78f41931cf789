import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { StringInterner } from '../src/json-interning.js';
import { SizedObjects } from '../src/sized-objects.js';

const identity = (value: unknown) => value;

function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

describe('StringInterner.frozenCopy', () => {
  const key = fc.constantFrom('metadata', 'labels', 'name', 'app', 'example.io/hold', '0', '12', 'constructor', 'toString', '__proto__', 'a b');
  const json = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null)), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 6 })),
  })).value;

  it('is a deeply frozen copy equal to the value, with the same key order, for any JSON value (every shape seen twice, so compiled too)', () => {
    const strings = new StringInterner();
    fc.assert(
      fc.property(json, (value) => {
        const text = JSON.stringify(value);
        for (let pass = 0; pass < 3; pass++) {
          const copy = strings.frozenCopy(JSON.parse(text));
          expect(JSON.stringify(copy)).toBe(text); // equal, keys in the same order
          expect(copy).toEqual(JSON.parse(text));
          expect(isDeeplyFrozen(copy)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('copies objects whose keys are any text (quotes, backslashes, line and paragraph separators, lone surrogates)', () => {
    const strings = new StringInterner();
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.integer(), { maxKeys: 5 }), (object) => {
        const text = JSON.stringify(object);
        for (let pass = 0; pass < 3; pass++) expect(JSON.stringify(strings.frozenCopy(JSON.parse(text)))).toBe(text);
      }),
      { numRuns: 500 },
    );
    const tricky = { '"); throw 1; ("': 1, '\\': 2, '\u2028\u2029': 3, '\ud800': 4, '${x}': 5, '`': 6 };
    for (let i = 0; i < 3; i++) expect(strings.frozenCopy({ ...tricky })).toEqual(tricky);
    // Shapes a joined text would confuse: no keys and one empty key; keys that contain a separator.
    for (let i = 0; i < 3; i++) {
      expect(strings.frozenCopy({})).toEqual({});
      expect(strings.frozenCopy({ '': 0 })).toEqual({ '': 0 });
      expect(strings.frozenCopy({ 'a\u0000b': 1, c: 2 })).toEqual({ 'a\u0000b': 1, c: 2 });
      expect(strings.frozenCopy({ a: 1, 'b\u0000c': 2 })).toEqual({ a: 1, 'b\u0000c': 2 });
    }
  });

  it('keeps "__proto__" an own member and the copy an ordinary object', () => {
    const strings = new StringInterner();
    for (let i = 0; i < 3; i++) {
      const copy = strings.frozenCopy(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')) as Record<string, unknown>;
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
      expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
    }
  });

  it('shares frozen parts and interned strings instead of copying them', () => {
    const strings = new StringInterner();
    const spec = Object.freeze({ containers: Object.freeze([Object.freeze({ name: 'main' })]) });
    const first = strings.frozenCopy({ metadata: { name: ['web', '1'].join('-') }, spec });
    const second = strings.frozenCopy({ metadata: { name: ['web', '1'].join('-') }, spec });
    expect(first.spec).toBe(spec);
    expect(second.spec).toBe(spec);
    expect(first).not.toBe(second);
    // The same string object: interned (a joined string is a new one each time).
    expect(Object.is(first.metadata.name, strings.intern('web-1'))).toBe(true);
  });

  it('copies objects with more members than a literal is compiled for, member for member', () => {
    const big = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    const strings = new StringInterner();
    for (let i = 0; i < 3; i++) expect(JSON.stringify(strings.frozenCopy({ ...big }))).toBe(JSON.stringify(big));
  });
});

describe('SizedObjects', () => {
  it('keeps a shape it saw once on the general path, compiles it on the second object, and forgets old shapes', () => {
    const sized = new SizedObjects();
    const calls: string[] = [];
    const copy = (value: unknown) => (calls.push(String(value)), value);
    expect(sized.copy({ a: 1, b: 2 }, copy)).toEqual({ a: 1, b: 2 });
    expect(sized.copy({ a: 3, b: 4 }, copy)).toEqual({ a: 3, b: 4 });
    expect(sized.copy({ b: 5, a: 6 }, copy)).toEqual({ b: 5, a: 6 }); // another order is another shape
    expect(Object.keys(sized.copy({ b: 5, a: 6 }, copy))).toEqual(['b', 'a']);
    expect(calls).toEqual(['1', '2', '3', '4', '5', '6', '5', '6']);
    // Thousands of one-off shapes (a label per pod, say) do not grow it without bound, and still copy.
    for (let i = 0; i < 5000; i++) expect(sized.copy({ [`unique-${i}`]: i }, identity)).toEqual({ [`unique-${i}`]: i });
    const { young, old } = sized as unknown as { young: Map<string, unknown>; old: Map<string, unknown> };
    expect(young.size + old.size).toBeLessThanOrEqual(2048);
  });

  it('makes objects that take less memory than ones built member by member', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const source = Object.fromEntries(['name', 'generateName', 'namespace', 'labels', 'annotations', 'ownerReferences', 'uid', 'creationTimestamp', 'resourceVersion'].map((k) => [k, k]));
    const sized = new SizedObjects();
    const byMember = (value: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value)) out[k] = value[k];
      return out;
    };
    const bytesPerObject = (make: () => unknown): number => {
      const count = 50_000;
      gc();
      const before = process.memoryUsage().heapUsed;
      const kept = Array.from({ length: count }, make);
      gc();
      const bytes = (process.memoryUsage().heapUsed - before) / count;
      expect(kept).toHaveLength(count);
      return bytes;
    };
    const memberByMember = bytesPerObject(() => byMember(source));
    const literal = bytesPerObject(() => sized.copy(source, identity));
    // Nine members: 24 bytes of header and 72 of members, against four members inside and an array for the rest.
    expect(literal).toBeLessThan(memberByMember * 0.9);
  });
});
