import { describe, expect, it } from '@jest/globals';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { endTurn, newCollectionTurn, noteRequest, shouldCollect, shouldCompact, startIdleCollector, takeTurn } from './idle-collector.js';

const MB = 2 ** 20;
const options = { minGrowthBytes: 64 * MB, maxUtilization: 0.05 };

describe('shouldCollect', () => {
  it.each([
    ['grown and idle', 500 * MB, 400 * MB, 0.01, 0, true],
    ['grown exactly the threshold, at the idle limit', 464 * MB, 400 * MB, 0.05, 0, true],
    ['grown but busy', 500 * MB, 400 * MB, 0.4, 0, false],
    ['grown and idle, but a request arrived (a worker while the API answers)', 500 * MB, 400 * MB, 0.01, 1, false],
    ['idle but not grown enough', 460 * MB, 400 * MB, 0, 0, false],
    ['shrunk below the reference point', 300 * MB, 400 * MB, 0, 0, false],
  ])('%s', (_case, used, baseline, utilization, requests, expected) => {
    expect(shouldCollect(used, baseline, utilization, requests, options)).toBe(expected);
  });
});

describe('shouldCompact', () => {
  it.each([
    ['RSS and the heap to copy well within', 1000 * MB, 500 * MB, 2048 * MB, true],
    ['exactly at the budget', 1548 * MB, 500 * MB, 2048 * MB, true],
    ['the copy would cross it', 1600 * MB, 500 * MB, 2048 * MB, false],
    ['already over it', 2100 * MB, 10 * MB, 2048 * MB, false],
  ])('%s', (_case, rss, used, budget, expected) => {
    expect(shouldCompact(rss, used, budget)).toBe(expected);
  });
});

/** Garbage that lives long enough to be promoted to the old generation, then is dropped. */
async function promotedGarbage(): Promise<void> {
  const keep: unknown[] = [];
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < 100_000; i++) keep.push({ i, name: `pod-${round}-${i}`, labels: { app: 'x', n: String(i) } });
    await new Promise((r) => setImmediate(r));
  }
}

describe('collection turn', () => {
  it('is held by one taker at a time', () => {
    const turn = newCollectionTurn();
    expect(takeTurn(turn)).toBe(true);
    expect(takeTurn(turn)).toBe(false);
    endTurn(turn);
    expect(takeTurn(turn)).toBe(true);
  });
});

describe('startIdleCollector', () => {
  it('gives back the garbage of a thread that allocated and went quiet, compacting within its budget', async () => {
    const collections: Array<[number, number, boolean]> = [];
    const collector = startIdleCollector({ everyMs: 200, minGrowthBytes: 16 * MB, maxUtilization: 0.5, compactWithinBytes: 64 * 2 ** 30, onCollect: (before, after, _pauseMs, compacted) => collections.push([before, after, compacted]) });
    await promotedGarbage();
    const grown = getHeapStatistics().used_heap_size;
    try {
      // Sampled every 200 ms, it collects once a sample finds the thread quiet: on a loaded machine that
      // took longer than the 1.5 s this test once waited.
      await until(() => collections.length >= 1, 'a collection');
    } finally {
      collector.stop();
    }
    expect(collections.length).toBeGreaterThanOrEqual(1);
    expect(collections.every(([, , compacted]) => compacted)).toBe(true);
    // Over 100 MB were allocated and dropped; most of it is gone.
    expect(getHeapStatistics().used_heap_size).toBeLessThan(grown - 50 * MB);
  });

  it('waits while another thread holds the collection turn, and collects once it is free', async () => {
    const turn = newCollectionTurn();
    const collections: number[] = [];
    expect(takeTurn(turn)).toBe(true); // another thread collecting
    const collector = startIdleCollector({ everyMs: 200, minGrowthBytes: 16 * MB, maxUtilization: 0.5, turn, onCollect: (before) => collections.push(before) });
    try {
      await promotedGarbage();
      await new Promise((r) => setTimeout(r, 1000));
      expect(collections).toEqual([]);
      endTurn(turn);
      await until(() => collections.length >= 1, 'a collection once the turn was free');
      expect(turn[0]).toBe(0); // handed back after collecting
    } finally {
      collector.stop();
    }
  });

  it('holds off while requests keep arriving, and collects in the first interval without one', async () => {
    const turn = newCollectionTurn();
    const collections: number[] = [];
    const requests = setInterval(() => noteRequest(turn), 50);
    const collector = startIdleCollector({ everyMs: 200, minGrowthBytes: 16 * MB, maxUtilization: 0.5, compact: false, turn, onCollect: (before) => collections.push(before) });
    try {
      await promotedGarbage();
      // Ten samples' worth, each of which saw a request: none collected.
      await new Promise((r) => setTimeout(r, 2000));
      expect(collections).toEqual([]);
      clearInterval(requests);
      await until(() => collections.length >= 1, 'a collection once the requests stopped');
    } finally {
      clearInterval(requests);
      collector.stop();
    }
  });

  it.each([
    { case: 'without compaction', options: { compact: false } },
    { case: 'when a compaction would not fit the memory budget', options: { compact: true, compactWithinBytes: 0 } },
  ])('$case, collects in the background, holding the turn until V8 reports it done', async ({ options: collectOptions }) => {
    const turn = newCollectionTurn();
    const reports: Array<[number, number, boolean]> = [];
    // Registered before the collector's own observer, so it hears of each major collection first.
    const turnWhenMajorEnded: number[] = [];
    const watcher = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) turnWhenMajorEnded.push(turn[0]!);
      }
    });
    watcher.observe({ entryTypes: ['gc'] });
    const collector = startIdleCollector({ everyMs: 300, minGrowthBytes: 16 * MB, maxUtilization: 0.5, ...collectOptions, turn, onCollect: (before, after, _pauseMs, compacted) => reports.push([before, after, compacted]) });
    try {
      await promotedGarbage();
      const grown = getHeapStatistics().used_heap_size;
      await until(() => reports.length > 0, 'the collection to be reported');
      expect(reports[0]![2]).toBe(false);
      expect(turnWhenMajorEnded).toContain(1); // held while the background collection ran
      expect(turn[0]).toBe(0); // and handed back once it was done
      await until(() => getHeapStatistics().used_heap_size < grown - 50 * MB, 'the garbage to be gone');
    } finally {
      collector.stop();
      watcher.disconnect();
    }
  });
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 10) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
