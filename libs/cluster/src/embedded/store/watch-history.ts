// The most recent changes, kept so a watch can resume from a resourceVersion without missing any. Like
// kube-apiserver's watch cache, the window is a time (changes younger than `windowMs` are kept) bounded
// by a count (`capacity`, so a burst of writes cannot hold unbounded memory); watches from before the
// oldest kept change get 410 Gone and relist. Changes expire on a timer too, so a store at rest does
// not keep its last burst's object versions alive for want of a next write.
import type { Clock, TimerHandle } from '../../clock.js';
import type { StoreChange } from './write-transaction.js';

export interface WatchHistoryOptions {
  /** Changes kept at most. */
  capacity: number;
  /** Changes older than this are dropped; undefined keeps `capacity` changes whatever their age. */
  windowMs?: number;
  clock: Clock;
  /** The counter at startup: history is not persisted, so nothing at or before it is known. */
  startVersion: number;
}

export class WatchHistory {
  private changes: StoreChange[] = [];
  private times: number[] = [];
  /** Index of the oldest kept change: dropping from the front only moves it (compacted now and then). */
  private head = 0;
  private compacted: number;
  /** Fires when the oldest kept change leaves the window. */
  private expiry: TimerHandle | undefined;

  constructor(private readonly options: WatchHistoryOptions) {
    this.compacted = options.startVersion;
  }

  /** Every change with a resourceVersion at or below this may be gone. */
  get compactedThrough(): number {
    this.expire();
    return this.compacted;
  }

  get size(): number {
    return this.changes.length - this.head;
  }

  append(change: StoreChange): void {
    if (this.options.capacity <= 0) {
      this.compacted = change.resourceVersion;
      return;
    }
    this.changes.push(change);
    this.times.push(this.options.clock.now());
    while (this.size > this.options.capacity) this.dropOldest();
    this.expire();
    this.scheduleExpiry();
  }

  /** Stops the expiry timer (the store is closing). */
  close(): void {
    this.expiry?.cancel();
    this.expiry = undefined;
  }

  /** Changes after `version`, oldest first; undefined when some of them were already dropped. */
  since(version: number): StoreChange[] | undefined {
    this.expire();
    if (version < this.compacted) return undefined;
    let low = this.head;
    let high = this.changes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.changes[mid]!.resourceVersion <= version) low = mid + 1;
      else high = mid;
    }
    return this.changes.slice(low);
  }

  private expire(): void {
    if (this.options.windowMs === undefined) return;
    const cutoff = this.options.clock.now() - this.options.windowMs;
    while (this.size > 0 && this.times[this.head]! < cutoff) this.dropOldest();
  }

  private scheduleExpiry(): void {
    const { windowMs, clock } = this.options;
    if (windowMs === undefined || this.expiry !== undefined || this.size === 0) return;
    this.expiry = clock.setTimer(this.times[this.head]! + windowMs - clock.now() + 1, () => {
      this.expiry = undefined;
      this.expire();
      this.scheduleExpiry();
    });
  }

  private dropOldest(): void {
    this.compacted = this.changes[this.head]!.resourceVersion;
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.changes.length) {
      this.changes = this.changes.slice(this.head);
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}
