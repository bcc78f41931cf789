import { describe, it, expect } from '@jest/globals';
import { applyMergePatch } from '../../src/embedded/store/merge-patch.js';
import { POD, openStore, pod } from './store-fixtures.js';

describe('JSON merge patch (RFC 7386)', () => {
  // The examples of RFC 7386, appendix A.
  const cases: Array<[unknown, unknown, unknown]> = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)('%j patched with %j is %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('does not modify the target', () => {
    const target = { a: { b: 1 } };
    applyMergePatch(target, { a: { b: 2 } });
    expect(target).toEqual({ a: { b: 1 } });
  });

  it('patches stored objects: lists replace, null removes', async () => {
    const { store } = await openStore();
    await store.create(pod('p', { labels: { app: 'web', tier: 'front' } }));
    const patched = await store.patch(POD, 'default', 'p', {
      metadata: { labels: { tier: null, track: 'canary' } },
      spec: { containers: [{ name: 'main', image: 'nginx:1.26' }] },
    });
    expect(patched.metadata.labels).toEqual({ app: 'web', track: 'canary' });
    expect(patched.spec).toEqual({ containers: [{ name: 'main', image: 'nginx:1.26' }] });
    expect(patched.metadata.generation).toBe(2);
  });

  it('refuses patches that would move or retype the object', async () => {
    const { store } = await openStore();
    await store.create(pod('p'));
    await expect(store.patch(POD, 'default', 'p', { metadata: { name: 'q' } })).rejects.toMatchObject({ reason: 'BadRequest' });
    await expect(store.patch(POD, 'default', 'p', { kind: 'Node' })).rejects.toMatchObject({ reason: 'BadRequest' });
    await expect(store.patch(POD, 'default', 'p', { metadata: null })).rejects.toMatchObject({ reason: 'BadRequest' });
    await expect(store.patch(POD, 'default', 'ghost', {})).rejects.toMatchObject({ reason: 'NotFound' });
  });
});
