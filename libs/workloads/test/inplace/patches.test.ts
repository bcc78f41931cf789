// The JSON-patch diff behind the in-place decision and the metadata strategic-merge patch (spec
// docs/spec/inplace-and-lifecycle.md §1.1, §2.3).
import { describe, expect, it } from '@jest/globals';
import { createJsonPatch, escapePointerSegment, unescapePointerSegment } from '../../src/inplace/json-patch.js';
import { applyMetadataPatch, createMetadataPatch } from '../../src/inplace/metadata-patch.js';

describe('createJsonPatch', () => {
  it('diffs objects by key and arrays by index, replacing on type changes', () => {
    const from = { a: 1, b: { c: 'x', d: [1, 2, 3] }, e: 'gone', f: 's' };
    const to = { a: 2, b: { c: 'x', d: [1, 5] }, f: 7, g: null };
    expect(createJsonPatch(from, to)).toEqual([
      { op: 'replace', path: '/a', value: 2 },
      { op: 'remove', path: '/b/d/2' },
      { op: 'replace', path: '/b/d/1', value: 5 },
      { op: 'replace', path: '/f', value: 7 },
      { op: 'add', path: '/g', value: null },
      { op: 'remove', path: '/e' },
    ]);
  });

  it('appends added array items after the common prefix', () => {
    expect(createJsonPatch({ l: [1] }, { l: [1, 2, 3] })).toEqual([
      { op: 'add', path: '/l/1', value: 2 },
      { op: 'add', path: '/l/2', value: 3 },
    ]);
  });

  it('escapes keys (RFC 6901) and ignores inherited names', () => {
    expect(createJsonPatch({ labels: {} }, { labels: { 'a/b~c': '1', constructor: 'x' } })).toEqual([
      { op: 'add', path: '/labels/a~1b~0c', value: '1' },
      { op: 'add', path: '/labels/constructor', value: 'x' },
    ]);
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointerSegment('a~1b~0c')).toBe('a/b~c');
    expect(unescapePointerSegment('~01')).toBe('~1');
  });

  it('equal documents give no operations', () => {
    expect(createJsonPatch({ a: [{ b: 1 }] }, { a: [{ b: 1 }] })).toEqual([]);
  });
});

describe('metadata strategic-merge patch', () => {
  it('maps merge with null deleting, and the bytes have sorted keys', () => {
    const patch = createMetadataPatch({ labels: { b: '1', a: '1' }, annotations: { x: '1' } }, { labels: { a: '2', c: '3' }, annotations: { x: '1' } });
    expect(patch).toBe('{"metadata":{"labels":{"a":"2","b":null,"c":"3"}}}');
    expect(applyMetadataPatch({ name: 'p', labels: { a: '1', b: '1', keep: 'k' } }, patch)).toEqual({ name: 'p', labels: { a: '2', c: '3', keep: 'k' } });
  });

  it('no difference → "{}", which changes nothing', () => {
    expect(createMetadataPatch({ labels: { a: '1' } }, { labels: { a: '1' } })).toBe('{}');
    expect(applyMetadataPatch({ labels: { a: '1' } }, '{}')).toEqual({ labels: { a: '1' } });
  });

  it('finalizers merge as a list: additions, deletions and order directives', () => {
    const patch = createMetadataPatch({ finalizers: ['x', 'y'] }, { finalizers: ['y', 'z'] });
    expect(JSON.parse(patch)).toEqual({ metadata: { '$deleteFromPrimitiveList/finalizers': ['x'], '$setElementOrder/finalizers': ['y', 'z'], finalizers: ['z'] } });
    // A finalizer only the live pod has (added by someone else) survives.
    expect(applyMetadataPatch({ finalizers: ['x', 'other', 'y'] }, patch).finalizers).toEqual(['y', 'z', 'other']);
  });

  it('a whole map removed from the template deletes its keys, not the pod\'s other annotations', () => {
    const patch = createMetadataPatch({ annotations: { a: '1', c: '3' } }, {});
    expect(patch).toBe('{"metadata":{"annotations":{"a":null,"c":null}}}');
    expect(applyMetadataPatch({ annotations: { a: '1', b: '2', c: '3' }, labels: { l: '1' } }, patch)).toEqual({ annotations: { b: '2' }, labels: { l: '1' } });
  });

  it('a scalar member removed is set to null', () => {
    expect(createMetadataPatch({ generateName: 'web-' }, {})).toBe('{"metadata":{"generateName":null}}');
  });

  it('rejects bytes that are not a JSON object', () => {
    expect(() => applyMetadataPatch({}, '[1]')).toThrow('in-place metadata patch is not a JSON object');
  });
});
