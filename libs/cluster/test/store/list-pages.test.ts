// list with limit and continue: pages in namespace then name order, each costing its own size; every
// object appears exactly once across the pages; a bad token or limit is the caller's BadRequest.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { POD, openStore, pod } from './store-fixtures.js';
import type { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import type { ListOptions } from '../../src/port.js';

async function allPages(store: EmbeddedStore, options: ListOptions): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let token = options.continue;
  let pages = 0;
  do {
    const page = await store.list(POD, { ...options, continue: token });
    names.push(...page.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`));
    token = page.continue;
    pages++;
  } while (token);
  return { names, pages };
}

describe('list pages', () => {
  it('returns limit items and a continue token until the list is exhausted, across namespaces', async () => {
    const { store } = await openStore();
    for (const ns of ['b', 'a']) for (const n of ['p3', 'p1', 'p2']) await store.create(pod(n, { namespace: ns }));
    const first = await store.list(POD, { limit: 4 });
    expect(first.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual(['a/p1', 'a/p2', 'a/p3', 'b/p1']);
    expect(first.continue).toEqual(expect.any(String));
    const second = await store.list(POD, { limit: 4, continue: first.continue });
    expect(second.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual(['b/p2', 'b/p3']);
    expect(second.continue).toBeUndefined();
    expect((await store.list(POD, { limit: 6 })).continue).toBeUndefined();
  });

  it('pages a label selector and picks up where it left off although objects changed in between', async () => {
    const { store } = await openStore();
    for (let i = 0; i < 10; i++) await store.create(pod(`p${i}`, { labels: { app: i % 2 ? 'odd' : 'even' } }));
    const first = await store.list(POD, { labelSelector: 'app=odd', limit: 2 });
    expect(first.items.map((p) => p.metadata.name)).toEqual(['p1', 'p3']);
    await store.delete(POD, 'default', 'p1', { gracePeriodSeconds: 0 });
    await store.create(pod('p0b', { labels: { app: 'odd' } })); // sorts before the token: not listed again
    await store.create(pod('p8b', { labels: { app: 'odd' } }));
    const rest = await allPages(store, { labelSelector: 'app=odd', limit: 2, continue: first.continue });
    expect(rest.names).toEqual(['default/p5', 'default/p7', 'default/p8b', 'default/p9']);
  });

  it('lists every object exactly once whatever the page size', async () => {
    const { store } = await openStore();
    const names = Array.from({ length: 60 }, (_, i) => `pod-${(i * 37) % 60}`);
    for (const n of names) await store.create(pod(n, { namespace: n.endsWith('7') ? 'x' : 'default' }));
    const whole = (await store.list(POD)).items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 70 }), async (limit) => {
        const paged = await allPages(store, { limit });
        expect(paged.names).toEqual(whole);
        expect(paged.pages).toBe(Math.max(1, Math.ceil(whole.length / limit)));
      }),
      { numRuns: 30 },
    );
  });

  it('refuses a token it did not issue and a negative limit, naming the field', async () => {
    const { store } = await openStore();
    await expect(store.list(POD, { continue: 'not-a-token' })).rejects.toMatchObject({ reason: 'BadRequest', details: { causes: [{ field: 'continue' }] } });
    await expect(store.list(POD, { limit: -1 })).rejects.toMatchObject({ reason: 'BadRequest', details: { causes: [{ field: 'limit' }] } });
  });
});
