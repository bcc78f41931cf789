import { describe, expect, it } from '@jest/globals';
import { jsonArrayOfParameters } from './sql-store-persistence.js';

describe('jsonArrayOfParameters', () => {
  it('numbers its parameters from the first', () => {
    expect(jsonArrayOfParameters(1, 1)).toBe('ARRAY[$1::json]');
    expect(jsonArrayOfParameters(3, 2)).toBe('ARRAY[$3::json, $4::json]');
  });
});
