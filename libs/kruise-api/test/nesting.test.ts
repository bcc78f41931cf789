import { describe, expect, it } from '@jest/globals';
import { nestsDeeperThanLimit, TOO_DEEP } from '../src/nesting.js';
import { MAX_OBJECT_DEPTH } from '../src/object-schema.js';

/** `levels` arrays or objects, one inside the other, built without recursion. */
function nested(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

describe('nestsDeeperThanLimit', () => {
  it('lets exactly MAX_OBJECT_DEPTH levels of arrays and objects through, and refuses one more', () => {
    expect(nestsDeeperThanLimit(nested(MAX_OBJECT_DEPTH, 'array'))).toBe(false);
    expect(nestsDeeperThanLimit(nested(MAX_OBJECT_DEPTH, 'object'))).toBe(false);
    expect(nestsDeeperThanLimit(nested(MAX_OBJECT_DEPTH + 1, 'array'))).toBe(true);
    expect(nestsDeeperThanLimit({ a: 1, b: [{ c: nested(MAX_OBJECT_DEPTH - 2, 'object') }] })).toBe(true);
    expect(nestsDeeperThanLimit('text')).toBe(false);
    expect(nestsDeeperThanLimit(null)).toBe(false);
    expect(TOO_DEEP).toBe(`nests deeper than ${MAX_OBJECT_DEPTH} levels`);
  });

  it('measures a million levels without overflowing the stack', () => {
    expect(nestsDeeperThanLimit(nested(1_000_000, 'array'))).toBe(true);
  });
});
