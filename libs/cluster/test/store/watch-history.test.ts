// The watch history lets go of expired changes on its own: a store at rest after a burst does not keep
// the burst's object versions alive until its next write.
import { describe, expect, it } from '@jest/globals';
import { ManualClock } from '../../src/clock.js';
import { WatchHistory } from '../../src/embedded/store/watch-history.js';
import type { StoreChange } from '../../src/embedded/store/write-transaction.js';

const change = (resourceVersion: number) => ({ resourceVersion }) as unknown as StoreChange;

describe('WatchHistory expiry', () => {
  it('drops changes when they leave the window, with no write after them', async () => {
    const clock = new ManualClock(0);
    const history = new WatchHistory({ capacity: 100, windowMs: 60_000, clock, startVersion: 0 });
    history.append(change(1));
    await clock.advance(30_000);
    history.append(change(2));
    history.append(change(3));
    expect(history.size).toBe(3);
    await clock.advance(30_001); // rv 1 is older than the window
    expect(history.size).toBe(2);
    await clock.advance(30_000); // all of them are
    expect(history.size).toBe(0);
    expect(history.compactedThrough).toBe(3);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('stops its timer when closed', () => {
    const clock = new ManualClock(0);
    const history = new WatchHistory({ capacity: 100, windowMs: 60_000, clock, startVersion: 0 });
    history.append(change(1));
    expect(clock.pendingTimers()).toBe(1);
    history.close();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('keeps a count-only history (no window) without any timer', () => {
    const clock = new ManualClock(0);
    const history = new WatchHistory({ capacity: 2, clock, startVersion: 0 });
    for (let rv = 1; rv <= 3; rv++) history.append(change(rv));
    expect(history.size).toBe(2);
    expect(clock.pendingTimers()).toBe(0);
  });
});
