import { describe, expect, it } from '@jest/globals';
import { ParameterList } from './sql-store-persistence.js';

describe('ParameterList', () => {
  it('numbers its parameters in the order they are added, arrays included', () => {
    const params = new ParameterList();
    expect(params.array(['[1]'], 'json')).toBe('ARRAY[$1::json]::json[]');
    expect(params.add('7')).toBe('$2');
    expect(params.array(['a', 'b'], 'text')).toBe('ARRAY[$3::text, $4::text]::text[]');
    expect(params.array([], 'text')).toBe('ARRAY[]::text[]');
    expect(params.values).toEqual(['[1]', '7', 'a', 'b']);
  });
});
