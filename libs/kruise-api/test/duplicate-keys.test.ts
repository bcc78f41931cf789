// Duplicate keys, found in the text before JSON.parse or the YAML reader keeps the last of each: as
// kube-apiserver's strict decoding reports them (`duplicate field "spec.paused"`, at any depth, inside
// lists of objects, keys compared decoded), in one linear pass that no size or nesting can overflow.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { findDuplicateKeys, MAX_REPORTED_DUPLICATES, scanJsonKeys } from '../src/duplicate-keys.js';
import { parseManifests, readManifests } from '../src/yaml.js';

const paths = (text: string) => findDuplicateKeys(text).map((d) => d.path);

describe('findDuplicateKeys (JSON text)', () => {
  it.each([
    ['none', '{"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]}', []],
    ['at the top', '{"a": 1, "a": 2}', ['a']],
    ['nested in objects', '{"spec": {"template": {"spec": {"paused": true, "paused": false}}}}', ['spec.template.spec.paused']],
    ['in a list of objects, by index', '{"spec": {"containers": [{"name": "a"}, {"name": "b", "image": "x", "image": "y"}]}}', ['spec.containers[1].image']],
    ['in a list of lists', '[[{"a": 1}], [{"b": 1, "b": 2}]]', ['[1][0].b']],
    ['escaped keys that decode to the same name', '{"ab": 1, "a\\u0062": 2, "\\"q": 3, "\\u0022q": 4}', ['ab', '"q']],
    ['a key with a backslash before its closing quote', '{"a\\\\": 1, "a\\u005c": 2, "b": "x\\\\"}', ['a\\']],
    ['NUL in keys', '{"\\u0000": 1, "\\u0000": 2}', ['\u0000']],
    ['map keys (labels) as fields joined by dots', '{"metadata": {"labels": {"app": "a", "app": "b"}}}', ['metadata.labels.app']],
    ['the same key in sibling objects is no repetition', '{"a": {"x": 1}, "b": {"x": 1}}', []],
    ['each repetition of a key written three times', '{"a": 1, "a": 2, "a": 3}', ['a', 'a']],
    ['keys inside a repeated member\'s values', '{"s": {"x": 1, "x": 2}, "s": {"y": 1, "y": 2}}', ['s.x', 's', 's.y']],
  ])('%s', (_, text, expected) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(paths(text)).toEqual(expected);
  });

  it('says on which line and at which offset the repetition is', () => {
    const text = '{\n  "spec": {\n    "paused": true,\n    "paused": false\n  }\n}';
    expect(findDuplicateKeys(text)).toEqual([{ path: 'spec.paused', segments: ['spec', 'paused'], offset: text.lastIndexOf('"paused"'), line: 4 }]);
  });

  it('reads strings that look like structure as strings', () => {
    expect(paths('{"a": "{\\"a\\": 1, \\"a\\": 2}", "b": ["[", "{", "}", ","], "c": "\\\\"}')).toEqual([]);
  });

  it('finds where given paths first occur, in the same pass', () => {
    const text = '{"spec": {"bogus": 1, "template": {"spec": {"containers": [{"x": 1}, {"imagee": "a"}]}}}, "status": {}}';
    const scan = scanJsonKeys(text, [['spec', 'template', 'spec', 'containers', 1, 'imagee'], ['spec', 'bogus'], ['nowhere']]);
    expect(scan.located).toEqual([text.indexOf('"imagee"'), text.indexOf('"bogus"'), -1]);
  });

  it('is linear and flat: 100,000 keys, duplicates deep in 100 levels, and stops reporting at the cap', () => {
    const wide = `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}": ${i}`).join(', ')}, "k7": 0}`;
    expect(paths(wide)).toEqual(['k7']);
    let deep = '{"x": 1, "x": 2}';
    for (let i = 0; i < 99; i++) deep = `{"d": ${deep}}`;
    expect(paths(deep)).toEqual([`${'d.'.repeat(99)}x`]);
    const many = `{${Array.from({ length: 300 }, () => '"a": 1').join(', ')}}`;
    expect(findDuplicateKeys(many)).toHaveLength(MAX_REPORTED_DUPLICATES);
  });

  it('agrees with a naive recursive reader on random JSON (property)', () => {
    const key = fc.constantFrom('a', 'b', 'ab', 'a\u0062', '"', '\\', '\u0000', '0', 'é');
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.constant(null), fc.array(tie('node'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('node')), { maxLength: 4 })),
    })).node;
    // Objects are written as lists of entries, so that keys may repeat.
    const write = (v: unknown): string => {
      if (Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')) {
        return `{${(v as [string, unknown][]).map(([k, m]) => `${JSON.stringify(k).replace('b', '\\u0062')}: ${write(m)}`).join(',\n')}}`;
      }
      if (Array.isArray(v)) return `[${v.map(write).join(', ')}]`;
      return JSON.stringify(v);
    };
    const naive = (v: unknown, at: (string | number)[], out: string[]): void => {
      if (Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')) {
        const seen = new Set<string>();
        for (const [k, m] of v as [string, unknown][]) {
          if (seen.has(k)) out.push(JSON.stringify([...at, k]));
          seen.add(k);
          naive(m, [...at, k], out);
        }
      } else if (Array.isArray(v)) v.forEach((m, i) => naive(m, [...at, i], out));
    };
    fc.assert(fc.property(value, (v) => {
      const text = write(v);
      JSON.parse(text);
      const expected: string[] = [];
      naive(v, [], expected);
      expect(findDuplicateKeys(text).map((d) => JSON.stringify(d.segments)).sort()).toEqual(expected.sort());
    }));
  });
});

describe('duplicate keys in YAML manifests', () => {
  const yaml = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  name: b\n  labels: {x: "1", x: "2"}\nspec:\n  finalizers: [a]\n  finalizers: [b]\n';

  it('readManifests reports each with its line and keeps the last value', () => {
    const { objects, duplicates } = readManifests(`${yaml}---\napiVersion: v1\nkind: Namespace\nmetadata: {name: c}\n`);
    expect(duplicates).toEqual([
      { documentIndex: 0, path: 'metadata.name', line: 5, key: 'name' },
      { documentIndex: 0, path: 'metadata.labels.x', line: 6, key: 'x' },
      { documentIndex: 0, path: 'spec.finalizers', line: 9, key: 'finalizers' },
    ]);
    expect(objects[0]).toMatchObject({ metadata: { name: 'b', labels: { x: '2' } }, spec: { finalizers: ['b'] } });
    expect(objects).toHaveLength(2);
  });

  it('parseManifests refuses the first, naming it', () => {
    expect(() => parseManifests(yaml)).toThrow('document 1 (line 5): duplicate field "metadata.name"');
  });

  it('a merge key is no repetition, nor are fields beside it', () => {
    const merged = 'apiVersion: v1\nkind: Namespace\nbase: &b {name: x, labels: {a: "1"}}\nmetadata:\n  <<: *b\n  name: y\n';
    const { duplicates, objects } = readManifests(merged);
    expect(duplicates).toEqual([]);
    expect(objects[0]!.metadata.name).toBe('y');
  });

  it('in a list of mappings, and in the text\'s order whatever the nesting', () => {
    const text = 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: x\n    image: y\n  nodeName: n\n  nodeName: m\n';
    expect(readManifests(text).duplicates.map((d) => [d.path, d.line])).toEqual([['spec.containers[0].image', 8], ['spec.nodeName', 10]]);
  });
});
