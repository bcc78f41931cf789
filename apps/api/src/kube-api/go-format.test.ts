// Go's renderings of decoded JSON that kube-apiserver's patch refusals embed (patch-refusal.ts).
import { describe, expect, it } from '@jest/globals';
import { goJsonMarshal, goPrintValue } from './go-format.js';

describe('goPrintValue: fmt.Sprintf("%+v") of what sigs.k8s.io/json decodes', () => {
  it.each<[string, unknown, string]>([
    ['a map: keys sorted, key:value, spaces between', { b: 'x', a: 1 }, 'map[a:1 b:x]'],
    ['nested maps and lists', { spec: { containers: [{ name: 'n', image: 'i' }], paused: false } }, 'map[spec:map[containers:[map[image:i name:n]] paused:false]]'],
    ['null', { x: null }, 'map[x:<nil>]'],
    ['an empty map and list', { m: {}, l: [] }, 'map[l:[] m:map[]]'],
    ['strings as they are, spaces included', { s: 'a b:c' }, 'map[s:a b:c]'],
    ['integers as int64', { n: -42, big: 9007199254740991 }, 'map[big:9007199254740991 n:-42]'],
    ['a float under 1e6 in decimals', { f: 1.5, g: 123456.25 }, 'map[f:1.5 g:123456.25]'],
    ['a float from 1e6 in exponent form (%g, shortest, precision 6)', { f: 1234567.5 }, 'map[f:1.2345675e+06]'],
    ['a small float down to 1e-4 in decimals, below in exponent form', { a: 0.0001, b: 0.00001 }, 'map[a:0.0001 b:1e-05]'],
    ['an integer beyond int64 is a float64', { n: 1e20 }, 'map[n:1e+20]'],
    ['keys sorted by their bytes', { b: 1, B: 2, a: 3 }, 'map[B:2 a:3 b:1]'],
  ])('%s', (_name, value, expected) => {
    expect(goPrintValue(value)).toBe(expected);
  });
});

describe('goJsonMarshal: encoding/json of a map', () => {
  it('sorts keys at every level and escapes what Go escapes for HTML', () => {
    expect(goJsonMarshal({ z: 1, a: { d: [{ y: 1, x: 2 }], c: '<a&b>' } })).toBe('{"a":{"c":"\\u003ca\\u0026b\\u003e","d":[{"x":2,"y":1}]},"z":1}');
    expect(goJsonMarshal({ s: 'line\u2028sep' })).toBe('{"s":"line\\u2028sep"}');
  });
});
