// A GraphQL subscription fed by a cache's informer: every change the cache applies becomes an item
// (when `select` keeps it), in order, for as long as the subscriber listens. One watch serves every
// subscriber; a subscription costs a handler, not a stream from the cluster.
import type { EventHandler, Informer } from '@coxswain/controller-runtime';
import type { WatchEventType } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';

export type CacheChange<T> = { type: WatchEventType; object: T; old?: T };

/**
 * `replay`: changes the subscriber missed before it subscribed (ChangeLog.since), delivered first. They
 * are computed in the same turn as the handler is added, so no change falls between the two.
 */
export function informerStream<T extends KubeObject, R>(
  informer: Informer<T>,
  select: (change: CacheChange<T>) => R | undefined,
  replay: readonly CacheChange<T>[] = [],
): AsyncIterableIterator<R> {
  const buffered: R[] = [];
  let waiting: ((result: IteratorResult<R>) => void) | undefined;
  let done = false;
  const push = (change: CacheChange<T>) => {
    if (done) return;
    const item = select(change);
    if (item === undefined) return;
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve({ value: item, done: false });
    } else buffered.push(item);
  };
  const handler: EventHandler<T> = {
    // A handler added to a synced informer is first told about every cached object: not changes.
    onAdd: (object, initial) => {
      if (!initial) push({ type: 'ADDED', object });
    },
    onUpdate: (old, object) => push({ type: 'MODIFIED', object, old }),
    onDelete: (object) => push({ type: 'DELETED', object }),
  };
  const registration = informer.addEventHandler(handler);
  for (const change of replay) push(change);
  const finish = (): IteratorResult<R> => {
    done = true;
    registration.remove();
    waiting?.({ value: undefined, done: true });
    waiting = undefined;
    return { value: undefined, done: true };
  };
  return {
    next: () => {
      if (buffered.length > 0) return Promise.resolve({ value: buffered.shift()!, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: () => Promise.resolve(finish()),
    throw: (err) => {
      finish();
      return Promise.reject(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
