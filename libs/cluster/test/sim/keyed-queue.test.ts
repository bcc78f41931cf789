// The kubelet's per-pod work queue: one run per key at a time, and no mark lost however it is timed.
import { describe, expect, it } from '@jest/globals';
import { KeyedQueue } from '../../src/embedded/sim/keyed-queue.js';

describe('KeyedQueue', () => {
  it('runs a key marked during its run once more afterwards, never concurrently', async () => {
    const runs: string[] = [];
    let active = 0;
    let maxActive = 0;
    const q = new KeyedQueue(async (key) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push(key);
      await new Promise((r) => setImmediate(r));
      active--;
    }, (err) => { throw err; });
    q.mark('pod');
    await Promise.resolve();
    await Promise.resolve();
    q.mark('pod');
    q.mark('pod');
    await q.drained();
    expect(runs).toEqual(['pod', 'pod']);
    expect(maxActive).toBe(1);
  });

  it('does not lose a mark that arrives in the microtasks right after the last run ends', async () => {
    let runs = 0;
    const q = new KeyedQueue(async () => {
      runs++;
      // Mark again a couple of microtasks after this run resolves: past the loop's last check.
      if (runs === 1) void Promise.resolve().then(() => {}).then(() => q.mark('pod'));
    }, (err) => { throw err; });
    q.mark('pod');
    for (let i = 0; i < 5; i++) await q.drained();
    expect(runs).toBe(2);
  });
});
