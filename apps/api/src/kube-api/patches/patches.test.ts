// The patch formats of the Kubernetes API: strategic merge (kubectl's own patches, with its directives)
// and JSON Patch (RFC 6902), on plain objects.
import { describe, expect, it } from '@jest/globals';
import { applyJsonPatch, parseJsonPatch } from './json-patch.js';
import { applyStrategicMergePatch } from './strategic-merge.js';

const POD = {
  metadata: { name: 'p', labels: { app: 'web', tier: 'front' }, finalizers: ['a', 'b'] },
  spec: {
    containers: [
      { name: 'main', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }] },
      { name: 'side', image: 'envoy:1' },
    ],
    tolerations: [{ key: 'k', operator: 'Exists' }],
  },
};

/** `{a: {a: ... {}}}`, `levels` deep. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('strategic merge patch', () => {
  it('applies the patch kubectl sends for an edited manifest (the note\'s example)', () => {
    const patch = {
      metadata: { labels: { tier: null } },
      spec: {
        '$setElementOrder/containers': [{ name: 'main' }],
        containers: [
          { '$setElementOrder/env': [{ name: 'B' }], env: [{ $patch: 'delete', name: 'A' }], image: 'nginx:1.26', name: 'main' },
          { $patch: 'delete', name: 'side' },
        ],
        tolerations: null,
      },
    };
    expect(applyStrategicMergePatch(POD, patch)).toEqual({
      metadata: { name: 'p', labels: { app: 'web' }, finalizers: ['a', 'b'] },
      spec: { containers: [{ name: 'main', image: 'nginx:1.26', env: [{ name: 'B', value: '2' }], ports: [{ containerPort: 80 }] }] },
    });
  });

  it.each([
    ['merges a list element by its key and appends new ones', { spec: { containers: [{ name: 'side', image: 'envoy:2' }, { name: 'new', image: 'x' }] } },
      (r: any) => expect(r.spec.containers.map((c: any) => `${c.name}=${c.image}`)).toEqual(['main=nginx:1.25', 'side=envoy:2', 'new=x'])],
    ['replaces a list without a merge key', { spec: { tolerations: [{ key: 'z', operator: 'Exists' }] } },
      (r: any) => expect(r.spec.tolerations).toEqual([{ key: 'z', operator: 'Exists' }])],
    ['unions a primitive set and removes with $deleteFromPrimitiveList', { metadata: { finalizers: ['c'], '$deleteFromPrimitiveList/finalizers': ['a'] } },
      (r: any) => expect(r.metadata.finalizers).toEqual(['b', 'c'])],
    ['replaces a whole list with $patch: replace', { spec: { containers: [{ $patch: 'replace' }, { name: 'only', image: 'o' }] } },
      (r: any) => expect(r.spec.containers).toEqual([{ name: 'only', image: 'o' }])],
    ['keeps only $retainKeys', { spec: { $retainKeys: ['containers'], containers: [] } },
      (r: any) => expect(Object.keys(r.spec)).toEqual(['containers'])],
  ])('%s', (_what, patch, check) => check(applyStrategicMergePatch(POD, patch)));

  // Issue 27 item 3: these were applied (the directive ignored) and answered 200.
  it.each([
    ['an unknown $patch in a map', { spec: { $patch: 'bogus' } }, 'unknown patch type: bogus in map: map[$patch:bogus]'],
    ['an unknown $patch in a list element', { spec: { containers: [{ name: 'main', $patch: 'bogus' }] } }, 'unknown patch type: bogus in map: map[$patch:bogus name:main]'],
    ['$patch: merge in a list', { spec: { containers: [{ name: 'main', $patch: 'merge' }] } }, 'merging lists cannot yet be specified in the patch'],
    ['$setElementOrder with a non-list', { spec: { '$setElementOrder/containers': { name: 'main' } } }, 'invalid patch format of setElementOrder list'],
    ['$deleteFromPrimitiveList with a non-list', { metadata: { '$deleteFromPrimitiveList/finalizers': 'a' } }, 'invalid patch format of primitive list'],
    ['$retainKeys with a non-list', { spec: { $retainKeys: 'containers' } }, 'invalid patch format of retainKeys'],
    ['an unknown $ key', { spec: { containers: [{ name: 'main', $bogus: 1 }] } }, 'unknown field "spec.containers[0].$bogus": not a strategic merge patch directive'],
    ['a patch nested 10,000 levels deep (no stack exhausted)', { spec: nested(10_000) }, 'the patch is nested more than 100 levels deep'],
  ])('refuses %s with 400', (_what, patch, message) => {
    let error: unknown;
    try {
      applyStrategicMergePatch(POD, patch);
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ code: 400, reason: 'BadRequest', message: expect.stringContaining(message) });
  });

  it('quotes a long or deep map in part only', () => {
    const patch = { spec: { $patch: 'bogus', big: 'x'.repeat(100_000), deep: nested(50) } };
    let message = '';
    try {
      applyStrategicMergePatch(POD, patch);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^unknown patch type: bogus in map: map\[\$patch:bogus big:x+\.\.\.$/);
    expect(message.length).toBeLessThan(1100);
  });

  it('refuses an element without its merge key', () => {
    expect(() => applyStrategicMergePatch(POD, { spec: { containers: [{ image: 'x' }] } })).toThrow(/does not contain declared merge key: name/);
  });
});

describe('JSON patch', () => {
  it('applies add, replace, remove, move, copy and test in order', () => {
    const result = applyJsonPatch(POD, parseJsonPatch([
      { op: 'test', path: '/spec/containers/0/name', value: 'main' },
      { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:2' },
      { op: 'add', path: '/metadata/labels/new~1key', value: 'v' },
      { op: 'add', path: '/spec/containers/-', value: { name: 'last' } },
      { op: 'remove', path: '/spec/tolerations' },
      { op: 'copy', from: '/metadata/name', path: '/metadata/generateName' },
      { op: 'move', from: '/metadata/labels/tier', path: '/metadata/labels/layer' },
    ])) as any;
    expect(result.spec.containers.map((c: any) => c.name)).toEqual(['main', 'side', 'last']);
    expect(result.spec.containers[0].image).toBe('nginx:2');
    expect(result.metadata).toMatchObject({ generateName: 'p', labels: { app: 'web', 'new/key': 'v', layer: 'front' } });
    expect(result.spec.tolerations).toBeUndefined();
    expect(POD.spec.containers[0]!.image).toBe('nginx:1.25');
  });

  it('fails whole on a failed test or a missing path, and wants an array', () => {
    expect(() => applyJsonPatch(POD, parseJsonPatch([{ op: 'replace', path: '/spec/replicas', value: 1 }]))).toThrow(/missing value/);
    expect(() => applyJsonPatch(POD, parseJsonPatch([{ op: 'test', path: '/metadata/name', value: 'q' }]))).toThrow(/test failed/);
    expect(() => parseJsonPatch({ op: 'add' })).toThrow(/cannot unmarshal object/);
  });
});
