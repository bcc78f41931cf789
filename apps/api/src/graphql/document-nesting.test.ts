import { describe, expect, it } from '@jest/globals';
import { MAX_OBJECT_DEPTH } from '@coxswain/kruise-api';
import { documentNesting, documentNestingError, MAX_DOCUMENT_NESTING } from './document-nesting.js';
import { QUERY_LIMITS } from './query-limits.js';

describe('documentNesting', () => {
  it('counts brackets of every kind, not those in strings, block strings or comments', () => {
    expect(documentNesting('{ a(x: [{ b: 1 }]) { c { d } } }')).toBe(4);
    expect(documentNesting('{ a(x: "{{{{[[[[") }')).toBe(2);
    expect(documentNesting('{ a(x: "say \\"{{{{\\"") }')).toBe(2);
    expect(documentNesting('{ a(x: """ {{{{ \\""" {{{{ """) }')).toBe(2);
    expect(documentNesting('# {{{{{\n{ a }')).toBe(1);
  });

  it('leaves room for the deepest selection set and the deepest JSON literal allowed', () => {
    expect(QUERY_LIMITS.maxDepth + 1 + MAX_OBJECT_DEPTH).toBeLessThanOrEqual(MAX_DOCUMENT_NESTING);
    const deepest = `{ ${'a { '.repeat(MAX_DOCUMENT_NESTING - 1)}${'} '.repeat(MAX_DOCUMENT_NESTING)}`;
    expect(documentNestingError(deepest)).toBeUndefined();
    expect(documentNestingError(`[${deepest}]`)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'nesting', maximum: MAX_DOCUMENT_NESTING });
  });

  it('stops counting past the limit, so a huge document costs no more than its first levels', () => {
    expect(documentNesting('['.repeat(1_000_000), 10)).toBe(11);
  });
});
