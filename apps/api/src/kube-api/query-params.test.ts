// Boolean query parameters decode as apimachinery's Convert_Slice_string_To_bool decodes them.
import { describe, expect, it } from '@jest/globals';
import { queryFlag } from './query-params.js';

describe('queryFlag', () => {
  it.each([
    ['', false],
    ['watch=true', true],
    ['watch=True', true],
    ['watch=TRUE', true],
    ['watch=1', true],
    ['watch=t', true],
    ['watch=yes', true],
    ['watch', true],
    ['watch=', true],
    ['watch=false', false],
    ['watch=False', false],
    ['watch=FALSE', false],
    ['watch=fAlSe', false],
    ['watch=0', false],
    ['watch=false&watch=true', false],
    ['watch=1&watch=0', true],
  ])('?%s is %s', (search, expected) => {
    expect(queryFlag(new URLSearchParams(search), 'watch')).toBe(expected);
  });
});
