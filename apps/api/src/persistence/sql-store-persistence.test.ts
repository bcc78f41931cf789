import { describe, expect, it } from '@jest/globals';
import { jsonbArrayOfParameters } from './sql-store-persistence.js';

describe('jsonbArrayOfParameters', () => {
  it('numbers its parameters from the first', () => {
    expect(jsonbArrayOfParameters(1, 1)).toBe('ARRAY[$1::jsonb]');
    expect(jsonbArrayOfParameters(3, 2)).toBe('ARRAY[$3::jsonb, $4::jsonb]');
  });
});
