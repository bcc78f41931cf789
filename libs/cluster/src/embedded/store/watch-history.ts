// The most recent changes, kept so a watch can resume from a resourceVersion without missing any.
// A bounded ring: once full, the oldest change is dropped and watches from before it get 410 Gone.
import type { StoreChange } from './write-transaction.js';

export class WatchHistory {
  private readonly ring: StoreChange[] = [];
  private start = 0;
  private compacted: number;

  /**
   * @param capacity changes kept
   * @param startVersion the counter at startup: history is not persisted, so nothing at or before it is known
   */
  constructor(
    private readonly capacity: number,
    startVersion: number,
  ) {
    this.compacted = startVersion;
  }

  /** Every change with a resourceVersion at or below this may be gone. */
  get compactedThrough(): number {
    return this.compacted;
  }

  append(change: StoreChange): void {
    if (this.capacity <= 0) {
      this.compacted = change.resourceVersion;
    } else if (this.ring.length < this.capacity) {
      this.ring.push(change);
    } else {
      this.compacted = this.ring[this.start]!.resourceVersion;
      this.ring[this.start] = change;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Changes after `version`, oldest first; undefined when some of them were already dropped. */
  since(version: number): StoreChange[] | undefined {
    if (version < this.compacted) return undefined;
    const count = this.ring.length;
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.at(mid).resourceVersion <= version) low = mid + 1;
      else high = mid;
    }
    const out: StoreChange[] = [];
    for (let i = low; i < count; i++) out.push(this.at(i));
    return out;
  }

  private at(logical: number): StoreChange {
    return this.ring[(this.start + logical) % this.ring.length]!;
  }
}
