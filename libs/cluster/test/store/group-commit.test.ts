import { describe, it, expect } from '@jest/globals';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import { POD, FlakyPersistence, GatedPersistence, openStore, pod, record, settle } from './store-fixtures.js';

describe('EmbeddedStore group commit', () => {
  it('commits 1,000 concurrent creates in far fewer commits, each caller with its own resourceVersion', async () => {
    const persistence = new FlakyPersistence();
    const { store } = await openStore({ persistence });
    const watch = await record(store, POD);
    const created = await Promise.all(Array.from({ length: 1000 }, (_, i) => store.create(pod(`p-${i}`))));
    const versions = created.map((p) => Number(p.metadata.resourceVersion));
    expect(new Set(versions).size).toBe(1000);
    expect(persistence.commits).toBeLessThanOrEqual(10);
    expect(persistence.batchSizes.reduce((a, b) => a + b, 0)).toBe(1001); // + the namespace
    await settle();
    expect(watch.events.map((e) => Number(e.object.metadata.resourceVersion))).toEqual([...versions].sort((a, b) => a - b));
  });

  it('queues writes while a commit is in flight and commits them together next', async () => {
    const persistence = new GatedPersistence();
    const store = await EmbeddedStore.open({ clock: new ManualClock(), persistence });
    const first = store.create(pod('first'));
    await settle();
    expect(persistence.calls).toEqual([2]);
    const rest = Array.from({ length: 50 }, (_, i) => store.create(pod(`p-${i}`)));
    await settle();
    // Nothing acknowledged or visible before the commit resolves.
    expect(store.size()).toBe(0);
    await expect(store.get(POD, 'default', 'first')).rejects.toMatchObject({ reason: 'NotFound' });
    persistence.release();
    await first;
    await settle();
    expect(persistence.calls).toEqual([2, 50]);
    persistence.release();
    await Promise.all(rest);
    expect(store.size()).toBe(52);
  });

  it('judges queued writes in order against the batch so far', async () => {
    const { store, persistence } = await openStore();
    const commits = persistence.commits;
    const [created, updated, conflicting] = await Promise.allSettled([
      store.create(pod('p')),
      store.patch(POD, 'default', 'p', { metadata: { labels: { step: 'two' } } }),
      store.patch(POD, 'default', 'p', { metadata: { resourceVersion: '2', labels: { step: 'three' } } }),
    ]);
    expect(created.status).toBe('fulfilled');
    expect(updated.status).toBe('fulfilled');
    expect(conflicting).toMatchObject({ status: 'rejected', reason: { reason: 'Conflict' } });
    expect(persistence.commits - commits).toBe(1);
    expect((await store.get(POD, 'default', 'p')).metadata.labels).toEqual({ step: 'two' });
  });

  it('a write the database refuses fails alone: the other writes of its batch are committed and published', async () => {
    const persistence = new FlakyPersistence();
    persistence.refuses = (object) => object.metadata.annotations?.['refuse'] === 'yes';
    const { store } = await openStore({ persistence });
    await store.create(pod('seed'));
    const watch = await record(store, POD);
    const poisoned = { ...pod('bad'), metadata: { ...pod('bad').metadata, annotations: { refuse: 'yes' } } };
    const results = await Promise.allSettled([
      store.create(pod('good-1')),
      store.create(poisoned),
      store.patch(POD, 'default', 'seed', { metadata: { labels: { touched: 'true' } } }),
      store.create(pod('good-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ reason: 'InternalError' });
    // The batch of four was refused; then each write was committed alone, the bad one failing.
    expect(persistence.batchSizes.slice(-5)).toEqual([4, 1, 1, 1, 1]);
    await settle();
    expect(watch.lines()).toEqual(['ADDED good-1@3', 'MODIFIED seed@4', 'ADDED good-2@5']);
    expect((await persistence.load()).objects.map((o) => o.metadata.name).sort()).toEqual(['default', 'good-1', 'good-2', 'seed']);
    expect(store.currentResourceVersion()).toBe('5');
  });

  it('hands persistence only the final state of each key in a batch', async () => {
    const persistence = new FlakyPersistence();
    const { store } = await openStore({ persistence });
    await Promise.all([
      store.create(pod('p')),
      store.patch(POD, 'default', 'p', { metadata: { labels: { a: '1' } } }),
      store.patch(POD, 'default', 'p', { metadata: { labels: { a: '2' } } }),
    ]);
    expect(persistence.batchSizes).toEqual([2]);
    const stored = (await persistence.load()).objects.find((o) => o.kind === 'Pod');
    expect(stored?.metadata.labels).toEqual({ a: '2' });
    expect(stored?.metadata.resourceVersion).toBe('4');
  });

  it('writes queued behind a batch the database refuses are judged against what was committed instead', async () => {
    const persistence = new GatedPersistence();
    persistence.refuses = (object) => object.metadata.annotations?.['refuse'] === 'yes';
    const store = await EmbeddedStore.open({ clock: new ManualClock(), persistence });
    persistence.open = true;
    await store.create(pod('seed'));
    persistence.open = false;
    const watch = await record(store, POD);
    const poisoned = { ...pod('bad'), metadata: { ...pod('bad').metadata, annotations: { refuse: 'yes' } } };
    const batch = [store.create(pod('a')), store.create(poisoned)];
    await settle();
    // Queued behind the batch in flight: a patch of its pod, a patch of its refused pod, a create of a name it takes.
    const onTop = [
      store.patch(POD, 'default', 'a', { metadata: { labels: { on: 'top' } } }),
      store.patch(POD, 'default', 'bad', { metadata: { labels: { on: 'top' } } }),
      store.create(pod('bad')),
    ];
    await settle();
    expect(persistence.calls).toEqual([2, 2]);
    persistence.open = true;
    persistence.release();
    const results = await Promise.allSettled([...batch, ...onTop]);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { reason: string }).reason))).toEqual([
      'ok',
      'InternalError',
      'ok',
      'NotFound',
      'ok',
    ]);
    // The batch of two was refused and retried alone; then the three queued writes made two changes.
    expect(persistence.batchSizes.slice(1)).toEqual([2, 1, 1, 2]);
    await settle();
    expect(watch.lines()).toEqual(['ADDED a@3', 'MODIFIED a@4', 'ADDED bad@5']);
    const stored = await persistence.load();
    expect(stored.resourceVersion).toBe(5);
    expect(stored.objects.find((o) => o.metadata.name === 'a')?.metadata.labels).toEqual({ on: 'top' });
    expect(stored.objects.find((o) => o.metadata.name === 'bad')?.metadata.annotations).toBeUndefined();
  });
});
