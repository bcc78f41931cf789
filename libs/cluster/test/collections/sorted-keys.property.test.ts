// SortedKeys against the obvious model (a sorted array of distinct strings): any sequence of adds and
// deletes, across many chunk splits and merges, leaves the same keys in the same order, and every page
// and count agrees with slicing the model.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SortedKeys } from '../../src/collections/sorted-keys.js';

const key = fc.stringMatching(/^[a-z]{1,3}$/);
const op = fc.oneof(fc.record({ add: key }), fc.record({ del: key }));

function model(keys: Set<string>): string[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

describe('SortedKeys', () => {
  it('matches a sorted array under random adds and deletes, for pages and counts from any key', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), fc.array(fc.tuple(fc.option(key, { nil: undefined }), fc.integer({ min: 0, max: 700 })), { maxLength: 10 }), (ops, pages) => {
        const sorted = new SortedKeys();
        const keys = new Set<string>();
        for (const o of ops) {
          if ('add' in o) {
            expect(sorted.add(o.add)).toBe(!keys.has(o.add));
            keys.add(o.add);
          } else {
            expect(sorted.delete(o.del)).toBe(keys.has(o.del));
            keys.delete(o.del);
          }
        }
        const expected = model(keys);
        expect([...sorted]).toEqual(expected);
        expect(sorted.size).toBe(expected.length);
        for (const [after, limit] of pages) {
          const start = after === undefined ? 0 : expected.findIndex((k) => k > after) === -1 ? expected.length : expected.findIndex((k) => k > after);
          expect(sorted.page(after, limit)).toEqual(expected.slice(start, start + limit));
          expect(sorted.countAfter(after)).toBe(expected.length - start);
          if (after !== undefined) expect(sorted.has(after)).toBe(keys.has(after));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps 20,000 keys in order through chunk splits', () => {
    const sorted = new SortedKeys();
    const names = Array.from({ length: 20_000 }, (_, i) => `pod-${String((i * 7919) % 20_000).padStart(5, '0')}`);
    for (const n of names) sorted.add(n);
    expect(sorted.page(undefined, 3)).toEqual(['pod-00000', 'pod-00001', 'pod-00002']);
    expect(sorted.page('pod-09998', 3)).toEqual(['pod-09999', 'pod-10000', 'pod-10001']);
    expect(sorted.countAfter('pod-19990')).toBe(9);
    for (const n of names.slice(0, 19_990)) sorted.delete(n);
    expect([...sorted]).toEqual(names.slice(19_990).sort());
  });
});
