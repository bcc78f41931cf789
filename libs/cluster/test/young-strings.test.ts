import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { JsonArrayChunker, jsonChunks } from '../src/young-strings.js';

describe('jsonChunks', () => {
  it.each([
    { values: [], maxChars: 10, chunks: ['[]'] },
    { values: [1], maxChars: 10, chunks: ['[1]'] },
    { values: [1, 2, 3], maxChars: 100, chunks: ['[1,2,3]'] },
    // "aaaa" is 6 characters of JSON: two fit in 14 (with their comma), a third does not.
    { values: ['aaaa', 'bbbb', 'cccc'], maxChars: 14, chunks: ['["aaaa","bbbb"]', '["cccc"]'] },
    { values: ['a long string', 1], maxChars: 4, chunks: ['["a long string"]', '[1]'] },
    { values: [{ k: 'v' }, null], maxChars: 100, chunks: ['[{"k":"v"},null]'] },
  ])('$values in chunks of $maxChars -> $chunks', ({ values, maxChars, chunks }) => {
    expect(jsonChunks(values, maxChars)).toEqual(chunks);
  });

  it('keeps every value, in order, and no chunk of several values over the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.integer({ min: 1, max: 200 }), (values, maxChars) => {
        const chunks = jsonChunks(values, maxChars);
        expect(chunks.flatMap((c) => JSON.parse(c) as unknown[])).toEqual(JSON.parse(JSON.stringify(values)));
        for (const chunk of chunks) {
          if ((JSON.parse(chunk) as unknown[]).length > 1) expect(chunk.length).toBeLessThanOrEqual(maxChars + 2);
        }
      }),
    );
  });
});

describe('JsonArrayChunker', () => {
  it('answers the full text when a value would take it over the limit, and keeps that value for the next', () => {
    const chunker = new JsonArrayChunker(14);
    expect(chunker.add('aaaa')).toBeUndefined();
    expect(chunker.add('bbbb')).toBeUndefined();
    expect(chunker.count).toBe(2);
    expect(chunker.add('cccc')).toBe('["aaaa","bbbb"]');
    expect(chunker.count).toBe(1);
    expect(chunker.take()).toBe('["cccc"]');
    expect(chunker.take()).toBe('[]');
  });
});
