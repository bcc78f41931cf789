import { describe, it, expect, afterEach } from '@jest/globals';
import { ApiError, EmbeddedStore, ManualClock, type ClusterClient } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { InformerFactory } from '../src/informer-factory.js';
import { Informer, type EventHandler } from '../src/informer.js';
import { BreakableWatchClient } from './support/breakable-watch-client.js';
import { CLONESET, POD, cloneSet, pod, settle, waitUntil } from './support/fixtures.js';

type Event = string;

/** Records handler calls as short strings: "add web-a", "update web-a 5->6", "delete web-a". */
function recorder(): { events: Event[]; handler: EventHandler<KubeObject> } {
  const events: Event[] = [];
  return {
    events,
    handler: {
      onAdd: (o, initial) => events.push(`add ${o.metadata.name}${initial ? ' (initial)' : ''}`),
      onUpdate: (old, cur) => events.push(`update ${cur.metadata.name} ${old.metadata.resourceVersion}->${cur.metadata.resourceVersion}`),
      onDelete: (o) => events.push(`delete ${o.metadata.name}`),
    },
  };
}

const silent = () => {};
const cleanup: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function openStore(options: { watchHistory?: number } = {}): Promise<{ clock: ManualClock; store: EmbeddedStore }> {
  const clock = new ManualClock();
  const store = await EmbeddedStore.open({ clock, ...options });
  cleanup.push(() => store.close());
  return { clock, store };
}

function startInformer(client: ClusterClient, clock: ManualClock, options: { namespace?: string; labelSelector?: string } = {}): Informer {
  const informer = newInformer(client, clock, options);
  informer.start();
  return informer;
}

function newInformer(
  client: ClusterClient,
  clock: ManualClock,
  options: { namespace?: string; labelSelector?: string } = {},
): Informer {
  const informer = new Informer(client, POD, { clock, onError: silent, ...options });
  cleanup.push(() => informer.stop());
  return informer;
}

function names(objects: KubeObject[]): string[] {
  return objects.map((o) => o.metadata.name!).sort();
}

describe('Informer over the embedded store', () => {
  it('lists, then keeps the cache in step with creates, updates and deletes', async () => {
    const { clock, store } = await openStore();
    await store.create(pod('web-a'));
    await store.create(pod('web-b'));

    const informer = newInformer(store, clock);
    const { events, handler } = recorder();
    informer.addEventHandler(handler);
    expect(informer.hasSynced()).toBe(false);
    informer.start();
    await informer.waitForSync();
    expect(informer.hasSynced()).toBe(true);
    expect(names(informer.list())).toEqual(['web-a', 'web-b']);
    expect(events.sort()).toEqual(['add web-a (initial)', 'add web-b (initial)']);
    expect(informer.lastSyncResourceVersion()).toBe(store.currentResourceVersion());
    events.length = 0;

    await store.create(pod('web-c'));
    const before = informer.get('default', 'web-a')!.metadata.resourceVersion;
    const patched = await store.patch(POD, 'default', 'web-a', { metadata: { labels: { tier: 'front' } } });
    await store.delete(POD, 'default', 'web-b');
    await waitUntil(() => events.length === 3, 'three events');

    expect(events).toEqual(['add web-c', `update web-a ${before}->${patched.metadata.resourceVersion}`, 'delete web-b']);
    expect(informer.get('default', 'web-a')?.metadata.labels).toEqual({ tier: 'front' });
    expect(informer.get('default', 'web-b')).toBeUndefined();
    expect(names(informer.list())).toEqual(['web-a', 'web-c']);
    expect(informer.lastSyncResourceVersion()).toBe(store.currentResourceVersion());
  });

  it('watches one namespace and one label selector when asked', async () => {
    const { clock, store } = await openStore();
    await store.create(pod('a', { namespace: 'blue', labels: { app: 'web' } }));
    await store.create(pod('b', { namespace: 'blue', labels: { app: 'db' } }));
    await store.create(pod('c', { namespace: 'green', labels: { app: 'web' } }));
    const informer = startInformer(store, clock, { namespace: 'blue', labelSelector: 'app=web' });
    await informer.waitForSync();
    expect(names(informer.list())).toEqual(['a']);

    await store.create(pod('d', { namespace: 'blue', labels: { app: 'web' } }));
    await store.create(pod('e', { namespace: 'green', labels: { app: 'web' } }));
    await store.patch(POD, 'blue', 'a', { metadata: { labels: { app: 'other' } } }); // stops matching
    await waitUntil(() => names(informer.list()).join() === 'd', 'selector to apply');
    expect(informer.list('blue').map((o) => o.metadata.name)).toEqual(['d']);
    expect(informer.list('green')).toEqual([]);
  });

  it('lists by namespace and finds dependents by owner uid, following ownership changes', async () => {
    const { clock, store } = await openStore();
    const web = await store.create(cloneSet('web'));
    const api = await store.create(cloneSet('api'));
    await store.create(pod('web-1', { owner: web }));
    await store.create(pod('web-2', { owner: web }));
    await store.create(pod('api-1', { owner: api }));
    await store.create(pod('lonely', { namespace: 'other' }));
    const informer = startInformer(store, clock);
    await informer.waitForSync();

    expect(names(informer.byOwner(web.metadata.uid!))).toEqual(['web-1', 'web-2']);
    expect(names(informer.byOwner(api.metadata.uid!))).toEqual(['api-1']);
    expect(names(informer.list('default'))).toEqual(['api-1', 'web-1', 'web-2']);
    expect(names(informer.list('other'))).toEqual(['lonely']);

    // web-2 changes hands; the index must move it, not keep it in both places.
    const current = informer.get('default', 'web-2')!;
    const moved = structuredClone(current);
    moved.metadata.ownerReferences = pod('x', { owner: api }).metadata.ownerReferences;
    await store.update(moved);
    await store.delete(POD, 'default', 'web-1');
    await waitUntil(() => informer.byOwner(web.metadata.uid!).length === 0, 'index update');
    expect(names(informer.byOwner(api.metadata.uid!))).toEqual(['api-1', 'web-2']);
  });

  it('serves named indexers, including ones added after the cache is full', async () => {
    const { clock, store } = await openStore();
    await store.create(pod('a', { nodeName: 'node-1' }));
    await store.create(pod('b', { nodeName: 'node-2' }));
    await store.create(pod('c', { nodeName: 'node-1' }));
    const informer = startInformer(store, clock);
    await informer.waitForSync();
    informer.addIndexer('byNode', (o) => {
      const node = (o.spec as { nodeName?: string }).nodeName;
      return node ? [node] : [];
    });
    expect(names(informer.byIndex('byNode', 'node-1'))).toEqual(['a', 'c']);
    await store.create(pod('d', { nodeName: 'node-2' }));
    await store.delete(POD, 'default', 'a', { gracePeriodSeconds: 0 });
    await waitUntil(() => informer.byIndex('byNode', 'node-2').length === 2, 'index update');
    expect(names(informer.byIndex('byNode', 'node-1'))).toEqual(['c']);
    expect(() => informer.byIndex('nope', 'x')).toThrow(/does not exist/);
    expect(() => informer.addIndexer('byNode', () => [])).toThrow(/already exists/);
  });

  it('replays the cache as adds to a handler added after sync', async () => {
    const { clock, store } = await openStore();
    await store.create(pod('a'));
    const informer = startInformer(store, clock);
    await informer.waitForSync();
    const { events, handler } = recorder();
    const registration = informer.addEventHandler(handler);
    expect(events).toEqual(['add a (initial)']);
    registration.remove();
    await store.create(pod('b'));
    await waitUntil(() => informer.list().length === 2);
    expect(events).toEqual(['add a (initial)']);
  });

  it('resumes a dropped watch from the last resourceVersion without relisting or missing a change', async () => {
    const { clock, store } = await openStore();
    const client = new BreakableWatchClient(store);
    await store.create(pod('a'));
    const informer = newInformer(client, clock);
    const { events, handler } = recorder();
    informer.addEventHandler(handler);
    informer.start();
    await informer.waitForSync();
    await store.create(pod('b'));
    await waitUntil(() => events.length === 2);
    const seen = informer.lastSyncResourceVersion();
    expect(client.openWatches()).toBe(1);

    client.breakWatches(new Error('connection reset'));
    await store.create(pod('c'));
    await store.delete(POD, 'default', 'a');
    await settle();
    expect(events).toEqual(['add a (initial)', 'add b']); // disconnected: nothing yet

    await clock.advance(800); // first retry backoff
    await waitUntil(() => events.length === 4, 'missed events');
    expect(events.slice(2)).toEqual(['add c', 'delete a']);
    expect(client.listCalls).toHaveLength(1);
    expect(client.watchCalls.map((w) => w.resourceVersion)).toEqual([expect.any(String), seen]);
    expect(names(informer.list())).toEqual(['b', 'c']);
  });

  it('relists after 410 Gone and emits exactly the changes it missed', async () => {
    const { clock, store } = await openStore({ watchHistory: 3 });
    const client = new BreakableWatchClient(store);
    for (const name of ['keep', 'change', 'remove', 'recreate']) await store.create(pod(name));
    const informer = newInformer(client, clock);
    const { events, handler } = recorder();
    informer.addEventHandler(handler);
    informer.start();
    await informer.waitForSync();
    events.length = 0;
    const changeBefore = informer.get('default', 'change')!.metadata.resourceVersion;
    const recreatedUid = informer.get('default', 'recreate')!.metadata.uid;
    await waitUntil(() => client.openWatches() === 1, 'the watch to open');

    client.breakWatches(new Error('connection reset'));
    const changed = await store.patch(POD, 'default', 'change', { metadata: { labels: { v: '2' } } });
    await store.delete(POD, 'default', 'remove');
    await store.create(pod('new'));
    await store.delete(POD, 'default', 'recreate');
    await store.create(pod('recreate'));
    for (let i = 0; i < 3; i++) await store.create(pod(`filler-${i}`)); // pushes the gap out of the history
    await settle();
    expect(events).toEqual([]);

    await clock.advance(800);
    await waitUntil(() => client.listCalls.length === 2 && informer.list().length === 7, 'relist');
    expect(events.sort()).toEqual(
      [
        `update change ${changeBefore}->${changed.metadata.resourceVersion}`,
        'delete remove',
        'add new',
        'delete recreate',
        'add recreate',
        'add filler-0',
        'add filler-1',
        'add filler-2',
      ].sort(),
    );
    expect(client.watchCalls).toHaveLength(3); // first watch, the resume refused with Gone, the watch after the relist
    expect(informer.get('default', 'recreate')!.metadata.uid).not.toBe(recreatedUid);
    expect(informer.lastSyncResourceVersion()).toBe(store.currentResourceVersion());

    // And it watches again from the relist, live.
    events.length = 0;
    await store.delete(POD, 'default', 'keep');
    await waitUntil(() => events.length === 1);
    expect(events).toEqual(['delete keep']);
  });

  it('relists when the watch ends with Gone', async () => {
    const { clock, store } = await openStore();
    const client = new BreakableWatchClient(store);
    const informer = startInformer(client, clock);
    await informer.waitForSync();
    await store.create(pod('a'));
    client.breakWatches(ApiError.gone('too old resource version'));
    await waitUntil(() => client.listCalls.length === 2 && client.openWatches() === 1, 'relist');
    expect(names(informer.list())).toEqual(['a']);
  });

  it('retries a failed list with backoff and reports the failure', async () => {
    const { clock, store } = await openStore();
    const client = new BreakableWatchClient(store);
    const errors: string[] = [];
    const informer = new Informer(client, POD, { clock, onError: (e, context) => errors.push(`${context}: ${(e as Error).message}`) });
    cleanup.push(() => informer.stop());
    client.failNextList(new Error('boom'));
    informer.start();
    await settle();
    expect(informer.hasSynced()).toBe(false);
    expect(errors).toEqual(['list failed: boom']);
    await clock.advance(799);
    expect(client.listCalls).toHaveLength(1);
    await clock.advance(1);
    await informer.waitForSync();
    expect(client.listCalls).toHaveLength(2);
  });

  it('keeps delivering to other handlers and keeps the cache right when one handler throws', async () => {
    const { clock, store } = await openStore();
    const informer = startInformer(store, clock);
    informer.addEventHandler({ onAdd: () => { throw new Error('bad handler'); } });
    const { events, handler } = recorder();
    informer.addEventHandler(handler);
    await informer.waitForSync();
    await store.create(pod('a'));
    await store.create(pod('b'));
    await waitUntil(() => events.length === 2);
    expect(names(informer.list())).toEqual(['a', 'b']);
  });

  it('stops: no more events, no open watch, and waitForSync rejects if it never synced', async () => {
    const { clock, store } = await openStore();
    const client = new BreakableWatchClient(store);
    const informer = startInformer(client, clock);
    const { events, handler } = recorder();
    informer.addEventHandler(handler);
    await informer.waitForSync();
    informer.stop();
    expect(client.openWatches()).toBe(0);
    await store.create(pod('late'));
    await settle();
    expect(events).toEqual([]);

    const never = newInformer(client, clock);
    client.failNextList(new Error('down'));
    never.start();
    const sync = never.waitForSync();
    never.stop();
    await expect(sync).rejects.toThrow(/stopped before its cache synced/);
  });
});

describe('Informer applying a large list', () => {
  /** Pods whose transform costs about `microseconds` each, so the list outlasts one slice. */
  async function slowList(count: number, microseconds: number) {
    const { clock, store } = await openStore();
    for (let i = 0; i < count; i++) await store.create(pod(`p${i}`));
    const client = new BreakableWatchClient(store);
    const log: string[] = [];
    const spin = (us: number) => {
      const until = performance.now() + us / 1000;
      while (performance.now() < until);
    };
    const informer = new Informer(client, POD, { clock, onError: silent, transform: (o) => (log.push('item'), spin(microseconds), o) });
    cleanup.push(() => informer.stop());
    // A turn of the event loop taken while the list is applied shows up between its items.
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      log.push('tick');
      setImmediate(tick);
    };
    cleanup.push(() => void (ticking = false));
    return { client, informer, log, startTicking: () => setImmediate(tick) };
  }

  it('gives the thread back between slices, and syncs with every object', async () => {
    const { informer, log, startTicking } = await slowList(2000, 20);
    informer.start();
    startTicking();
    await informer.waitForSync();
    const first = log.indexOf('item');
    const last = log.lastIndexOf('item');
    expect(log.slice(first, last).filter((e) => e === 'tick').length).toBeGreaterThanOrEqual(2);
    expect(informer.list()).toHaveLength(2000);
  });

  it('abandons a list stopped halfway: no more items, never synced, no watch', async () => {
    const { client, informer, log, startTicking } = await slowList(2000, 20);
    informer.start();
    const sync = informer.waitForSync();
    startTicking();
    await waitUntil(() => log.includes('item') && log.lastIndexOf('tick') > log.indexOf('item'));
    informer.stop();
    const applied = log.filter((e) => e === 'item').length;
    await expect(sync).rejects.toThrow(/stopped before its cache synced/);
    await settle();
    expect(applied).toBeLessThan(2000);
    expect(log.filter((e) => e === 'item').length).toBe(applied);
    expect(informer.hasSynced()).toBe(false);
    expect(client.openWatches()).toBe(0);
  });
});

describe('Informer listing in pages (listPageSize)', () => {
  it('lists page by page; changes made between pages end in the cache once, never rolled back by the watch', async () => {
    const { clock, store } = await openStore();
    for (let i = 0; i < 9; i++) await store.create(pod(`p${i}`, { labels: { v: '1' } }));
    const pages: number[] = [];
    // Between the first and the second page: a pod of a later page changes, one goes, one is added.
    const client = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop !== 'list') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof store.list>) => {
          const page = await target.list(...args);
          pages.push(page.items.length);
          if (pages.length === 1) {
            await target.patch(POD, 'default', 'p7', { metadata: { labels: { v: '2' } } });
            await target.delete(POD, 'default', 'p8', { gracePeriodSeconds: 0 });
            await target.create(pod('p9', { labels: { v: '1' } }));
          }
          return page;
        };
      },
    }) as ClusterClient;
    const informer = new Informer(client, POD, { clock, onError: silent, listPageSize: 4 });
    cleanup.push(() => informer.stop());
    const { events, handler } = recorder();
    informer.addEventHandler(handler);
    informer.start();
    await informer.waitForSync();
    await waitUntil(() => events.includes('delete p8'), 'the watch to replay the delete');
    await settle(10);
    expect(pages).toEqual([4, 4, 1]);
    expect(names(informer.list())).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p9']);
    expect(informer.get('default', 'p7')!.metadata.labels).toEqual({ v: '2' });
    // p7 and p9 came with their later page already: the watch's replay of their changes is no change.
    expect(events.filter((e) => /p7|p9/.test(e))).toEqual(['add p7 (initial)', 'add p9 (initial)']);
    expect(events.filter((e) => e.startsWith('update'))).toEqual([]);
  });
});

describe('InformerFactory', () => {
  it('shares one informer per kind, namespace and selector, and starts and syncs them together', async () => {
    const { clock, store } = await openStore();
    await store.create(pod('a', { namespace: 'blue' }));
    await store.create(cloneSet('web', 'blue'));
    const factory = new InformerFactory(store, { clock, onError: silent });
    cleanup.push(() => factory.stop());
    const pods = factory.informerFor(POD);
    expect(factory.informerFor(POD)).toBe(pods);
    expect(factory.informerFor(POD, { namespace: 'blue' })).not.toBe(pods);
    expect(factory.informerFor(POD, { labelSelector: { matchLabels: { a: 'b' } } })).toBe(
      factory.informerFor(POD, { labelSelector: 'a=b' }),
    );
    const clonesets = factory.informerFor(CLONESET);
    factory.start();
    await factory.waitForCacheSync();
    expect(factory.hasSynced()).toBe(true);
    expect(names(pods.list())).toEqual(['a']);
    expect(names(clonesets.list())).toEqual(['web']);

    // An informer asked for later starts on the next start().
    const late = factory.informerFor(POD, { namespace: 'green' });
    expect(late.hasSynced()).toBe(false);
    factory.start();
    await factory.waitForCacheSync();
    expect(late.hasSynced()).toBe(true);
  });
});
