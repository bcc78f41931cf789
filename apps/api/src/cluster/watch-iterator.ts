// Adapts a ClusterClient watch to the AsyncIterator that GraphQL subscriptions consume. The watch starts
// on the first pull and stops when the subscriber goes away.
import type { ClusterClient, KindRef, WatchEvent, WatchHandle, WatchOptions } from '@coxswain/cluster';

export function watchIterator(client: ClusterClient, ref: KindRef, options: WatchOptions): AsyncIterableIterator<WatchEvent> {
  const buffered: WatchEvent[] = [];
  const waiting: { resolve: (r: IteratorResult<WatchEvent>) => void; reject: (e: unknown) => void }[] = [];
  let handle: WatchHandle | undefined;
  let started: Promise<void> | undefined;
  let failure: unknown;
  let done = false;

  const finish = (): void => {
    done = true;
    handle?.stop();
    for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
  };
  const start = (): Promise<void> =>
    (started ??= client
      .watch(ref, options, (event) => {
        const next = waiting.shift();
        if (next) next.resolve({ value: event, done: false });
        else buffered.push(event);
      }, (err) => {
        if (err) failure = err;
        const pending = waiting.splice(0);
        for (const w of pending) (err ? w.reject(err) : w.resolve({ value: undefined, done: true }));
        if (!err) finish();
      })
      .then((h) => {
        handle = h;
        if (done) h.stop();
      }));

  return {
    async next() {
      await start();
      if (buffered.length > 0) return { value: buffered.shift()!, done: false };
      if (failure) throw failure;
      if (done) return { value: undefined, done: true };
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    async return() {
      finish();
      return { value: undefined, done: true };
    },
    async throw(err) {
      finish();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
