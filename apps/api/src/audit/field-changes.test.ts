import { describe, expect, it } from '@jest/globals';
import { fieldChanges, flatten, MAX_FIELDS, TRUNCATED } from './field-changes.js';

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
