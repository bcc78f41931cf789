// Fans committed changes out to watchers and keeps the history that lets a watch start from a past
// resourceVersion. Registration and replay happen in one synchronous step, and changes are published
// synchronously when a batch is installed, so a resumed watch sees every later change exactly once.
import { ApiError } from '../../errors.js';
import type { WatchEvent, WatchHandle } from '../../port.js';
import { WatchHistory, type WatchHistoryOptions } from './watch-history.js';
import { Watcher, type WatchFilter } from './watcher.js';
import type { StoreChange } from './write-transaction.js';

export class WatchHub {
  private readonly history: WatchHistory;
  private readonly byResource = new Map<string, Set<Watcher>>();

  constructor(history: WatchHistoryOptions) {
    this.history = new WatchHistory(history);
  }

  publish(changes: readonly StoreChange[]): void {
    for (const change of changes) {
      this.history.append(change);
      const watchers = this.byResource.get(change.entry.resource);
      if (watchers) for (const watcher of watchers) watcher.offer(change);
    }
  }

  /**
   * Starts a watch. With `after`, first replays the retained changes after it (410 Gone when some were
   * dropped); without, starts with the next change.
   */
  watch(
    target: Omit<WatchFilter, 'after'>,
    after: number | undefined,
    onEvent: (event: WatchEvent) => void,
    onClose: ((err?: Error) => void) | undefined,
  ): WatchHandle {
    const replay = after === undefined ? [] : this.history.since(after);
    if (replay === undefined) {
      throw ApiError.gone(`too old resource version: ${after} (${this.history.compactedThrough})`);
    }
    const filter: WatchFilter = { ...target, after: after ?? -1 };
    const watcher = new Watcher(filter, onEvent, onClose, (w) => this.detach(w));
    for (const change of replay) if (change.entry.resource === filter.resource) watcher.offer(change);
    let watchers = this.byResource.get(filter.resource);
    if (!watchers) this.byResource.set(filter.resource, (watchers = new Set()));
    watchers.add(watcher);
    return { stop: () => watcher.stop() };
  }

  /** Ends every watch, telling each consumer (the store is closing). */
  closeAll(): void {
    this.history.close();
    for (const watchers of [...this.byResource.values()]) for (const watcher of [...watchers]) watcher.close();
  }

  private detach(watcher: Watcher): void {
    const watchers = this.byResource.get(watcher.filter.resource);
    watchers?.delete(watcher);
    if (watchers?.size === 0) this.byResource.delete(watcher.filter.resource);
  }
}
