// Every write is checked against its kind's schema before anything else reads it, as kube-apiserver's
// decoding does: the reproductions of issue 13 are refused with field errors and change nothing.
import { describe, expect, it } from '@jest/globals';
import type { KubeObject, Node, Pod } from '@coxswain/kruise-api';
import { NODE, POD, openStore, pod, record, refusal, settle } from './store-fixtures.js';


function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 'x' };
  for (let i = 0; i < depth; i++) value = { nested: value };
  return value;
}

describe('EmbeddedStore schema admission', () => {
  it('refuses wrong JSON types on create, naming the field, and stores nothing', async () => {
    const { store } = await openStore();
    const bad = { ...pod('p'), spec: { containers: [{ name: 'm', image: 5 }] } } as unknown as KubeObject;
    const error = await refusal(store.create(bad));
    expect(error).toMatchObject({ reason: 'Invalid', code: 422 });
    expect(error.message).toBe('Pod "p" is invalid: spec.containers[0].image: Invalid value: 5: must be a string');
    expect(error.details.causes).toEqual([{ field: 'spec.containers[0].image', message: 'Invalid value: 5: must be a string' }]);
    expect(store.size()).toBe(0);
  });

  it('checks seeds (a Node with status), status writes and the result of a merge patch', async () => {
    const { store } = await openStore();
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { conditions: 'x', allocatable: 'y' } } as unknown as KubeObject;
    expect((await refusal(store.seed([node]))).details.causes?.map((c) => c.field)).toEqual(['status.conditions', 'status.allocatable']);

    const stored = await store.create(pod('p'));
    const watch = await record(store, POD);
    const conditions = [{ type: 'Ready', status: 'True', message: 'bad\u0000byte' }];
    const status = await refusal(store.updateStatus({ ...stored, status: { conditions } } as unknown as KubeObject));
    expect(status.details.causes).toEqual([{ field: 'status.conditions[0].message', message: 'Invalid value: "bad\\u0000byte": must not contain NUL (\\u0000) characters' }]);
    const patched = await refusal(store.patch(POD, 'default', 'p', { spec: { containers: [{ name: 'm', image: ['a'] }] } }));
    expect(patched.details.causes?.[0]?.field).toBe('spec.containers[0].image');
    await settle();
    expect(watch.events).toEqual([]);
    expect(await store.get(POD, 'default', 'p')).toEqual(stored);
  });

  it('refuses NUL and lone surrogates anywhere, label keys included', async () => {
    const { store } = await openStore();
    for (const labels of [{ 'a\u0000': 'x' }, { a: '\ud800' }] as Record<string, string>[]) {
      const error = await refusal(store.create({ ...pod('p'), metadata: { name: 'p', labels } }));
      expect(error.reason).toBe('Invalid');
      expect(error.details.causes?.[0]?.field).toMatch(/^metadata\.labels/);
    }
    const unknownField = await refusal(store.create({ ...pod('p'), spec: { containers: [{ name: 'm', image: 'i' }], extra: { note: 'x\u0000' } } } as KubeObject));
    expect(unknownField.details.causes?.[0]?.field).toBe('spec.extra.note');
    expect(store.size()).toBe(0);
  });

  it('refuses runaway nesting with a field error, never a stack overflow, in objects and patches', async () => {
    const { store } = await openStore();
    for (const depth of [150, 50_000]) {
      const created = await refusal(store.create({ ...pod('p'), spec: { containers: [{ name: 'm', image: 'i' }], extra: nested(depth) } } as KubeObject));
      expect(created.reason).toBe('Invalid');
      expect(created.message).toMatch(/must not nest deeper than 100 levels$/);
    }
    await store.create(pod('p'));
    const patched = await refusal(store.patch(POD, 'default', 'p', { metadata: { annotations: nested(50_000) } }));
    expect(patched.reason).toBe('Invalid');
    expect(patched.message).not.toMatch(/call stack/);
  });

  it('refuses int32 fields beyond 2147483647 and accepts 2147483647', async () => {
    const { store } = await openStore();
    const node = (grace: number): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `n${grace}` }, status: { images: [{ names: ['a'], sizeBytes: grace }] } });
    await store.seed([node(2 ** 53 - 1)]);
    expect((await refusal(store.seed([node(2 ** 53)]))).reason).toBe('Invalid');
    const port = (containerPort: number) => ({ ...pod(`p${containerPort}`), spec: { containers: [{ name: 'm', image: 'i', ports: [{ containerPort }] }] } });
    await store.create(port(2147483647));
    expect((await refusal(store.create(port(2147483648)))).message).toContain('must be a 32-bit integer');
  });
});
