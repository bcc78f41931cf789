import { describe, it, expect } from '@jest/globals';
import type { KubeObject, Pod } from '@coxswain/kruise-api';
import { ApiError } from '../../src/errors.js';
import { ListWatchCache, objectKey } from '../../src/embedded/sim/list-watch.js';
import type { ClusterClient, KindRef, WatchEvent, WatchHandle, WatchOptions } from '../../src/port.js';
import { CountingClient, makePod, POD, withSimCluster } from './sim-fixtures.js';

/** Lets a test lose watch events (a broken connection) and then end the watch as an API server does. */
class ClosableWatchClient extends CountingClient {
  private closers: Array<(err?: Error) => void> = [];
  private deaf = false;
  watchStarts = 0;

  override watch: ClusterClient['watch'] = async <T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose?: (err?: Error) => void,
  ) => {
    this.watchStarts++;
    let open = true;
    this.deaf = false;
    const inner = await this.store.watch<T>(ref, options, (e) => open && !this.deaf && onEvent(e), (err) => open && onClose?.(err));
    this.closers.push((err) => {
      if (!open) return;
      open = false;
      inner.stop();
      onClose?.(err);
    });
    const handle: WatchHandle = { stop: () => { open = false; inner.stop(); } };
    return handle;
  };

  constructor(private readonly store: ClusterClient) {
    super(store);
  }

  /** From now until the next watch starts, events are lost. */
  loseEvents(): void {
    this.deaf = true;
  }

  closeAll(err: Error): void {
    const closers = this.closers;
    this.closers = [];
    for (const close of closers) close(err);
  }
}

describe('ListWatchCache', () => {
  it('lists again after a Gone watch and reports what changed meanwhile', async () => {
    await withSimCluster({ scheduler: false, kubelet: false }, async (cluster) => {
      const client = new ClosableWatchClient(cluster.store);
      const seen: string[] = [];
      const errors: unknown[] = [];
      const cache = new ListWatchCache<Pod>(client, cluster.clock, POD, {
        upserted: (pod, previous) => seen.push(`${previous ? 'changed' : 'added'} ${pod.metadata.name}`),
        deleted: (pod) => seen.push(`deleted ${pod.metadata.name}`),
      }, (err) => errors.push(err));
      await cluster.store.create(makePod('kept'));
      await cluster.store.create(makePod('removed'));
      await cluster.store.create(makePod('changed'));
      await cache.start();
      expect(seen.sort()).toEqual(['added changed', 'added kept', 'added removed']);
      seen.length = 0;

      // The connection breaks; changes happen unseen; then the server ends the watch with Gone.
      client.loseEvents();
      await cluster.store.delete(POD, 'default', 'removed', { gracePeriodSeconds: 0 });
      const changed = await cluster.store.get<Pod>(POD, 'default', 'changed');
      await cluster.store.update<Pod>({ ...changed, metadata: { ...changed.metadata, labels: { app: 'other' } } });
      await cluster.store.create(makePod('added'));
      await cluster.advance();
      expect(seen).toEqual([]);
      client.closeAll(ApiError.gone('too old resource version'));
      await cluster.advance();

      expect(client.watchStarts).toBe(2);
      expect(seen.sort()).toEqual(['added added', 'changed changed', 'deleted removed']);
      expect([...cache.values()].map(objectKey).sort()).toEqual(['default/added', 'default/changed', 'default/kept']);
      expect(cache.get('default/changed')?.metadata.labels).toEqual({ app: 'other' });

      // And it keeps watching from the new list.
      seen.length = 0;
      await cluster.store.create(makePod('after'));
      await cluster.advance();
      expect(seen).toEqual(['added after']);
      // Gone is routine: it is handled, not reported.
      expect(errors).toEqual([]);
      cache.stop();
    });
  });

  it('retries with a back-off on other watch errors', async () => {
    await withSimCluster({ scheduler: false, kubelet: false }, async (cluster) => {
      const client = new ClosableWatchClient(cluster.store);
      const errors: unknown[] = [];
      const cache = new ListWatchCache<KubeObject>(client, cluster.clock, POD, { upserted: () => {}, deleted: () => {} }, (err) => errors.push(err));
      await cache.start();
      client.closeAll(new Error('connection reset'));
      await cluster.advance(999);
      expect(client.watchStarts).toBe(1);
      await cluster.advance(1);
      expect(client.watchStarts).toBe(2);
      expect(errors).toEqual([new Error('connection reset')]);
      cache.stop();
    });
  });
});
