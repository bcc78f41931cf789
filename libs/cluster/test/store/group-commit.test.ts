import { describe, it, expect } from '@jest/globals';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedStore, MemoryPersistence, type PersistedChange } from '../../src/embedded/store/index.js';
import { POD, FlakyPersistence, openStore, pod, record, settle } from './store-fixtures.js';

/** Resolves commits only when told to, to hold a batch in flight. */
class GatedPersistence extends MemoryPersistence {
  private gates: Array<() => void> = [];
  calls: number[] = [];

  override async commit(changes: readonly PersistedChange[], resourceVersion: number, at: number): Promise<void> {
    this.calls.push(changes.length);
    await new Promise<void>((resolve) => this.gates.push(resolve));
    return super.commit(changes, resourceVersion, at);
  }

  release(): void {
    const gates = this.gates;
    this.gates = [];
    for (const open of gates) open();
  }
}

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
});
