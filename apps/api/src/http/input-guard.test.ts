import { describe, expect, it } from '@jest/globals';
import { problemOf } from './input-guard.interceptor.js';

describe('shared argument rules', () => {
  it.each([
    [{ namespace: '' }, 'namespace', /namespace must not be empty/],
    [{ namespace: 'ok', name: 'a\u0000b' }, 'name', /^name must not contain NUL/],
    [{ reason: 'x\ud800' }, 'reason', /^reason must be valid Unicode/],
    [{ pods: ['a', 'b\u0000'] }, 'pods[1]', /^pods\[1\] must not contain NUL/],
    [{ input: { nested: { deep: '\udc00' } } }, 'input.nested.deep', /lone surrogate/],
  ])('%j breaks a rule at %s', (args, field, message) => {
    expect(problemOf(args)).toEqual({ field, message: expect.stringMatching(message) });
  });

  it.each([[{}], [{ namespace: 'payments' }], [{ namespace: undefined, name: 'web \ud83d\ude80' }], [{ first: 10, after: null }]])('%j is fine', (args) => {
    expect(problemOf(args)).toBeUndefined();
  });
});
