import { describe, expect, it } from '@jest/globals';
import { Selector, SelectorParseError, matchesSelector } from '../src/labels.js';
import type { LabelSelector } from '../src/meta.js';

const web = { app: 'web', tier: 'x', env: 'prod' };

describe('Selector matching', () => {
  const cases: { name: string; selector: LabelSelector | string; labels: Record<string, string> | undefined; matches: boolean }[] = [
    { name: 'matchLabels, all equal', selector: { matchLabels: { app: 'web', env: 'prod' } }, labels: web, matches: true },
    { name: 'matchLabels, one differs', selector: { matchLabels: { app: 'web', env: 'dev' } }, labels: web, matches: false },
    { name: 'matchLabels, key missing', selector: { matchLabels: { zone: 'a' } }, labels: web, matches: false },
    { name: 'In, value listed', selector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['x', 'y'] }] }, labels: web, matches: true },
    { name: 'In, value not listed', selector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['y'] }] }, labels: web, matches: false },
    { name: 'In, key missing', selector: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }, labels: web, matches: false },
    { name: 'NotIn, value listed', selector: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['x'] }] }, labels: web, matches: false },
    { name: 'NotIn, value not listed', selector: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['y'] }] }, labels: web, matches: true },
    { name: 'NotIn, key missing matches', selector: { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, labels: web, matches: true },
    { name: 'Exists, present', selector: { matchExpressions: [{ key: 'env', operator: 'Exists' }] }, labels: web, matches: true },
    { name: 'Exists, absent', selector: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] }, labels: web, matches: false },
    { name: 'DoesNotExist, absent', selector: { matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] }, labels: web, matches: true },
    { name: 'DoesNotExist, present', selector: { matchExpressions: [{ key: 'env', operator: 'DoesNotExist' }] }, labels: web, matches: false },
    {
      name: 'matchLabels and matchExpressions are ANDed',
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }] },
      labels: web,
      matches: false,
    },
    { name: 'empty structured selector matches all', selector: {}, labels: web, matches: true },
    { name: 'empty structured selector matches unlabelled', selector: {}, labels: undefined, matches: true },
    { name: 'empty string matches all', selector: '', labels: undefined, matches: true },
    { name: 'blank string matches all', selector: '  ', labels: web, matches: true },
    { name: 'string a=b', selector: 'app=web', labels: web, matches: true },
    { name: 'string a==b', selector: 'app==web', labels: web, matches: true },
    { name: 'string a!=b, equal', selector: 'app!=web', labels: web, matches: false },
    { name: 'string a!=b, key missing', selector: 'zone!=a', labels: web, matches: true },
    { name: 'string a= (empty value) needs the empty value', selector: 'app=', labels: web, matches: false },
    { name: 'string in', selector: 'tier in (y, x)', labels: web, matches: true },
    { name: 'string notin', selector: 'tier notin (x)', labels: web, matches: false },
    { name: 'string exists', selector: 'env', labels: web, matches: true },
    { name: 'string !exists', selector: '!env', labels: web, matches: false },
    { name: 'labels are case-sensitive', selector: 'app=Web', labels: web, matches: false },
  ];

  it.each(cases)('$name', ({ selector, labels, matches }) => {
    expect(Selector.from(selector).matches(labels)).toBe(matches);
    expect(matchesSelector(selector, labels)).toBe(matches);
  });

  describe('the full string form a=b,c!=d,e in (x,y),f notin (z),g,!h', () => {
    const selector = Selector.parse('a=b,c!=d,e in (x,y),f notin (z),g,!h');
    const base = { a: 'b', c: 'other', e: 'y', f: 'w', g: '' };

    it('parses to one requirement per term, in order', () => {
      expect(selector.requirements).toEqual([
        { key: 'a', operator: 'In', values: ['b'] },
        { key: 'c', operator: 'NotIn', values: ['d'] },
        { key: 'e', operator: 'In', values: ['x', 'y'] },
        { key: 'f', operator: 'NotIn', values: ['z'] },
        { key: 'g', operator: 'Exists' },
        { key: 'h', operator: 'DoesNotExist' },
      ]);
    });

    it.each([
      ['all terms hold', base, true],
      ['a differs', { ...base, a: 'x' }, false],
      ['c equals d', { ...base, c: 'd' }, false],
      ['c missing', { a: 'b', e: 'x', f: 'w', g: '' }, true],
      ['e outside the set', { ...base, e: 'z' }, false],
      ['f inside the excluded set', { ...base, f: 'z' }, false],
      ['g missing', { a: 'b', c: 'x', e: 'x', f: 'w' }, false],
      ['h present', { ...base, h: 'anything' }, false],
    ] as const)('%s', (_name, labels, expected) => {
      expect(selector.matches(labels)).toBe(expected);
    });
  });
});

describe('Selector parse errors', () => {
  it.each([
    ['a in ()', '"in" needs at least one value'],
    ['a notin ( )', '"notin" needs at least one value'],
    ['a in (x', 'unbalanced parentheses'],
    ['a in x)', 'unbalanced parentheses'],
    ['a in ((x))', 'unbalanced parentheses'],
    ['a=b,', 'empty requirement'],
    [',a=b', 'empty requirement'],
    ['a=b=c', 'invalid label value "b=c"'],
    ['a=' + 'v'.repeat(64), 'invalid label value'],
    ['-a=b', 'invalid label key "-a"'],
    ['Example.com/a=b', 'invalid label key "Example.com/a"'],
    ['example.com/' + 'n'.repeat(64), 'invalid label key'],
    ['a IN (x)', 'invalid label key'],
    ['!', 'invalid label key ""'],
    ['a b', 'invalid label key "a b"'],
  ])('%j is rejected: %s', (text, reason) => {
    let caught: unknown;
    try {
      Selector.parse(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SelectorParseError);
    const error = caught as SelectorParseError;
    expect(error.reason).toContain(reason);
    expect(error.selector).toBe(text);
    expect(error.message).toContain(reason);
  });

  it.each([
    [{ matchExpressions: [{ key: 'a', operator: 'In' as const, values: [] }] }, 'operator In needs at least one value'],
    [{ matchExpressions: [{ key: 'a', operator: 'Exists' as const, values: ['x'] }] }, 'operator Exists takes no values'],
    [{ matchExpressions: [{ key: 'a', operator: 'Gt' as unknown as 'In', values: ['1'] }] }, 'unknown operator "Gt"'],
    [{ matchLabels: { 'bad key': 'x' } }, 'invalid label key "bad key"'],
    [{ matchLabels: { app: 'not valid' } }, 'invalid label value "not valid"'],
  ])('structured selector %j is rejected', (selector, reason) => {
    expect(() => Selector.fromLabelSelector(selector)).toThrow(SelectorParseError);
    expect(() => Selector.fromLabelSelector(selector)).toThrow(reason);
  });
});

describe('Selector.toString (Kubernetes canonical form)', () => {
  it.each<[LabelSelector | string, string]>([
    [{}, ''],
    ['', ''],
    [{ matchLabels: { b: '2', a: '1' } }, 'a=1,b=2'],
    [{ matchExpressions: [{ key: 'k', operator: 'In', values: ['v'] }] }, 'k in (v)'],
    [{ matchExpressions: [{ key: 'k', operator: 'NotIn', values: ['z', 'a', 'z'] }] }, 'k notin (a,z)'],
    [
      { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'zone', operator: 'Exists' }, { key: 'canary', operator: 'DoesNotExist' }] },
      'app=web,!canary,zone',
    ],
    ['z==1,y!=2,x in (b,a),!w,v', 'v,!w,x in (a,b),y!=2,z==1'],
  ])('%j prints as %j', (input, expected) => {
    expect(Selector.from(input).toString()).toBe(expected);
  });

  it('parses back to a selector that matches the same labels', () => {
    const original = Selector.parse('tier notin (x),app=web,!canary,zone in (b,a)');
    const reparsed = Selector.parse(original.toString());
    const samples: Record<string, string>[] = [web, { app: 'web', zone: 'a' }, { app: 'web', zone: 'a', canary: '1' }, { app: 'web', zone: 'c' }];
    for (const labels of samples) {
      expect(reparsed.matches(labels)).toBe(original.matches(labels));
    }
    expect(reparsed.toString()).toBe(original.toString());
  });
});
