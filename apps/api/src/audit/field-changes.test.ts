import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fieldChanges, flatten, IGNORED, MAX_FIELDS, TRUNCATED, type FieldChanges } from './field-changes.js';

const cloneSet = (image: string, replicas: number) => ({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'CloneSet',
  metadata: { name: 'web', namespace: 'demo', resourceVersion: String(replicas * 10), generation: replicas, labels: { app: 'web' } },
  spec: { replicas, template: { spec: { containers: [{ name: 'main', image }, { name: 'side', image: 'envoy:1' }] } } },
});

describe('fieldChanges', () => {
  it('names only the fields a write changed, with Kubernetes field paths, ignoring server bookkeeping', () => {
    expect(fieldChanges(cloneSet('nginx:1.25', 3), cloneSet('nginx:1.27', 3))).toEqual({
      before: { 'spec.template.spec.containers[0].image': 'nginx:1.25' },
      after: { 'spec.template.spec.containers[0].image': 'nginx:1.27' },
    });
    expect(fieldChanges(cloneSet('a', 3), cloneSet('a', 2))).toEqual({ before: { 'spec.replicas': 3 }, after: { 'spec.replicas': 2 } });
  });

  it('quotes label keys that are not identifiers and shows a removed label as null after', () => {
    const pod = (labels: Record<string, string>, finalizers?: string[]) => ({ metadata: { labels, finalizers } });
    expect(fieldChanges(pod({ app: 'x', 'example.io/block-deleting': 'true' }, ['example.io/hold']), pod({ app: 'x' }))).toEqual({
      before: { "metadata.labels['example.io/block-deleting']": 'true', 'metadata.finalizers': ['example.io/hold'] },
      after: { "metadata.labels['example.io/block-deleting']": null, 'metadata.finalizers': null },
    });
  });

  it('lists every field of a created object (after only) and of a deleted one (before only)', () => {
    const created = fieldChanges(null, { kind: 'Pod', metadata: { name: 'p', uid: 'u' }, spec: { nodeName: 'n1' } });
    expect(created).toEqual({ before: null, after: { kind: 'Pod', 'metadata.name': 'p', 'spec.nodeName': 'n1' } });
    expect(fieldChanges({ spec: { replicas: 1 } }, null)).toEqual({ before: { 'spec.replicas': 1 }, after: null });
  });

  it('cuts very large changes to MAX_FIELDS fields and says how many were left out', () => {
    const big = { data: Object.fromEntries(Array.from({ length: MAX_FIELDS + 5 }, (_, i) => [`k${String(i).padStart(4, '0')}`, i])) };
    const { after } = fieldChanges(null, big);
    expect(Object.keys(after!)).toHaveLength(MAX_FIELDS + 1);
    expect(after![TRUNCATED]).toBe('5 more fields');
  });

  it('keeps lists of scalars whole and indexes lists of objects', () => {
    expect([...flatten({ a: [1, 2], b: [{ c: 1 }], e: {}, f: [] })]).toEqual([['a', [1, 2]], ['b[0].c', 1], ['e', {}], ['f', []]]);
  });
});

/** The definition fieldChanges must agree with: flatten both sides whole and compare field by field. */
function byFlattening(before: unknown, after: unknown): FieldChanges {
  const old = before == null ? new Map<string, unknown>() : flatten(before);
  const now = after == null ? new Map<string, unknown>() : flatten(after);
  const changed = [...new Set([...old.keys(), ...now.keys()])]
    .filter((path) => !IGNORED.has(path) && JSON.stringify(old.get(path)) !== JSON.stringify(now.get(path)))
    .sort();
  const pick = (values: Map<string, unknown>, exists: boolean) => {
    if (!exists) return null;
    const out: Record<string, unknown> = {};
    for (const path of changed.slice(0, MAX_FIELDS)) out[path] = values.has(path) ? values.get(path) : null;
    if (changed.length > MAX_FIELDS) out[TRUNCATED] = `${changed.length - MAX_FIELDS} more fields`;
    return out;
  };
  return { before: pick(old, before != null), after: pick(now, after != null) };
}

describe('fieldChanges, property', () => {
  // Keys as Kubernetes has them (identifiers, label keys with dots and slashes, the bookkeeping fields).
  const key = fc.constantFrom('metadata', 'labels', 'spec', 'resourceVersion', 'uid', 'a', 'b', 'app', 'example.io/hold', 'x-y', '0', 'containers');
  const scalar = fc.oneof(fc.constantFrom(null, true, false, 0, 1, '', 'v', 'w'), fc.integer(), fc.string({ maxLength: 3 }));
  const json = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
  })).value;
  /** A second version of a value: some subtrees kept (the same objects), some replaced, some removed. */
  const edited = (value: unknown, choices: number[]): unknown => {
    const choice = choices.shift() ?? 0;
    if (choice === 1) return choices.length % 2 === 0 ? 'changed' : { a: 1 };
    if (choice === 2) return undefined;
    if (Array.isArray(value)) return value.map((item) => edited(item, choices));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, edited(v, choices)]));
    return value;
  };

  it('equals comparing the two whole objects flattened, for any pair of JSON values', () => {
    fc.assert(
      fc.property(fc.option(json, { nil: null }), fc.array(fc.constantFrom(0, 0, 0, 1, 2), { maxLength: 40 }), fc.option(json, { nil: null }), fc.boolean(), (before, choices, other, related) => {
        const after = related ? edited(before, choices) ?? null : other;
        expect(fieldChanges(before, after)).toEqual(byFlattening(before, after));
        expect(fieldChanges(after, before)).toEqual(byFlattening(after, before));
      }),
      { numRuns: 2000 },
    );
  });

  it('lists a field whose value changed shape (a list of objects that became a string)', () => {
    expect(fieldChanges({ spec: { c: [{ a: 1 }, { a: 2 }] } }, { spec: { c: 'x' } })).toEqual({
      before: { 'spec.c': null, 'spec.c[0].a': 1, 'spec.c[1].a': 2 },
      after: { 'spec.c': 'x', 'spec.c[0].a': null, 'spec.c[1].a': null },
    });
  });
});
