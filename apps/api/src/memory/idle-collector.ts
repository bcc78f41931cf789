// Gives a quiet thread's garbage back. V8 collects its old generation when allocation pushes the heap
// toward its limit, not when a thread goes quiet: after creating 50,000 pods, both threads sat at rest
// with about half of their heap garbage (API 314 MB used, 161 MB live; cluster 587 MB, 280 MB live)
// and the process kept it resident. Each thread samples itself every few seconds; when its heap has
// grown by `minGrowthBytes` since the last full collection and its event loop was nearly idle over the
// last interval, it runs a full collection. Busy threads are left to V8: the pause only lands on a
// thread that was idle, though a request arriving during it waits (see `compact` for how long).
//
// Compacting matters as much as collecting: live objects left scattered over mostly empty pages keep
// every page resident (a heap of 30 MB live can hold 106 MB of old-space pages). V8 compacts only the
// worst pages by default; a compacting idle collection compacts them all, between two ordinary ones:
// the first frees the garbage, so the compaction copies live objects into pages the garbage left, and
// the last hands the pages the compaction emptied back to the system. Compacting first, with the
// garbage still in place, made every live object a new page: the cluster worker's idle collection
// after 150,000 pods were created raised the process's RSS from 2.7 to 3.2 GB, its highest point.
//
// A full compaction copies the live heap before it frees the pages it emptied: RSS rises by up to the
// live heap while it runs (from 2.3 to 2.6 GB for the cluster worker at 150,000 pods). It is made only
// while that fits the process's memory budget (`compactWithinBytes`); beyond it the thread collects in
// the background and keeps its fragmented pages (at 150,000 pods: 2.0 GB at rest instead of 1.7 GB,
// and a peak of 2.2 GB instead of 2.6 GB).
//
// One thread collects at a time (`CollectionTurn`): the threads go quiet together after a burst, and
// two collections at once share V8's helper threads; worse, the compaction flag is process-wide, so a
// worker's compacting turn made the API thread's own collection compact too. At 150,000 pods the API
// thread stalled for 1.7 to 2.6 s when they overlapped.
//
// Idle means the process answers no one, not only that the thread's own loop is quiet: with 10 clients
// reading 5,000 pods at rest, the cluster worker sat idle and compacted, and the API thread, sharing two
// cores with the compaction's helper threads, answered its reads' p99 in 105 ms instead of the 35 ms it
// managed during a rollout. The API thread counts the requests it receives (`noteRequest`) in the
// shared turn, and no thread collects over an interval in which one arrived; V8's own collections,
// incremental and short, serve a process that is being read.
import type { EventEmitter } from 'node:events';
import { isMainThread, workerData } from 'node:worker_threads';
import { constants, performance, PerformanceObserver, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectorOptions {
  /** How often the thread samples its heap and event-loop utilization. */
  everyMs?: number;
  /** Growth of the used heap since the last full collection that is worth collecting. */
  minGrowthBytes?: number;
  /** The event loop counts as idle below this utilization (0..1) over the last interval. */
  maxUtilization?: number;
  /**
   * Compact every page (three blocking collections; RSS follows the live heap) rather than only V8's
   * emptiest ones (one collection in the background, holding the turn until it is done), within
   * `compactWithinBytes`.
   * Compaction costs a long pause: at 150,000 pods about 3 s on the API thread, whose heap is many
   * small cached objects and indexes.
   */
  compact?: boolean;
  /** Compacts only while the process's RSS plus the used heap (what a compaction may copy) stays within this. */
  compactWithinBytes?: number;
  /** Held while a collection runs; a thread that finds it taken tries again at its next sample. */
  turn?: CollectionTurn;
  /** Told after each collection (for logs): used heap before and after, how long the thread paused, whether it compacted. */
  onCollect?: (before: number, after: number, pauseMs: number, compacted: boolean) => void;
}

/**
 * Memory shared by every thread of the process: slot `TURN` is 1 while one of them collects, slot
 * `REQUESTS` counts the requests the API thread has received.
 */
export type CollectionTurn = Int32Array;

const TURN = 0;
const REQUESTS = 1;

export function newCollectionTurn(): CollectionTurn {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

let processTurn: CollectionTurn | undefined;

/**
 * The process's collection turn: made by the main thread, handed to each worker in its workerData as
 * `collectionTurn` (so every thread holds the same shared memory).
 */
export function collectionTurn(): CollectionTurn | undefined {
  if (isMainThread) return (processTurn ??= newCollectionTurn());
  return (workerData as { collectionTurn?: CollectionTurn } | null)?.collectionTurn;
}

/** Takes the turn if no other thread holds it. */
export function takeTurn(turn: CollectionTurn | undefined): boolean {
  return !turn || Atomics.compareExchange(turn, TURN, 0, 1) === 0;
}

export function endTurn(turn: CollectionTurn | undefined): void {
  if (turn) Atomics.store(turn, TURN, 0);
}

/** Counts a request the process received (on any of its servers), so no thread collects meanwhile. */
export function noteRequest(turn: CollectionTurn | undefined = collectionTurn()): void {
  if (turn) Atomics.add(turn, REQUESTS, 1);
}

/** Counts every request `server` receives (the API thread's servers: GraphQL and REST, the Kubernetes API, webhooks). */
export function countRequests(server: Pick<EventEmitter, 'on'>): void {
  const turn = collectionTurn();
  server.on('request', () => noteRequest(turn));
}

function requestsReceived(turn: CollectionTurn | undefined): number {
  return turn ? Atomics.load(turn, REQUESTS) : 0;
}

/** The design's budget: 150,000 pods in one process under 2 GiB. */
const MEMORY_BUDGET_BYTES = 2 * 2 ** 30;

export const IDLE_COLLECTOR_DEFAULTS = { everyMs: 5000, minGrowthBytes: 64 * 2 ** 20, maxUtilization: 0.05, compact: true, compactWithinBytes: MEMORY_BUDGET_BYTES } as const;

/** Whether to collect now: grown enough since the last full collection, idle, and no request arrived over the interval. */
export function shouldCollect(heapUsed: number, baseline: number, utilization: number, requests: number, options: Required<Pick<IdleCollectorOptions, 'minGrowthBytes' | 'maxUtilization'>>): boolean {
  return heapUsed - baseline >= options.minGrowthBytes && utilization <= options.maxUtilization && requests === 0;
}

/** Whether a compacting collection fits: the process's RSS plus what it may copy (the used heap). */
export function shouldCompact(rssBytes: number, heapUsed: number, compactWithinBytes: number): boolean {
  return rssBytes + heapUsed <= compactWithinBytes;
}

export interface IdleCollector {
  stop(): void;
}

/** Starts sampling on the calling thread (the timer does not keep the process alive). */
export function startIdleCollector(options: IdleCollectorOptions = {}): IdleCollector {
  const { everyMs, minGrowthBytes, maxUtilization, compact, compactWithinBytes, turn } = { ...IDLE_COLLECTOR_DEFAULTS, turn: collectionTurn(), ...options };
  const gc = exposedGc();
  let baseline = getHeapStatistics().used_heap_size;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastRequests = requestsReceived(turn);
  /** A collection running in the background: it holds the turn until V8 reports it done, or the next sample. */
  let background: { before: number; pauseMs: number; observer: PerformanceObserver } | undefined;
  const finishBackground = () => {
    if (!background) return;
    const { before, pauseMs, observer } = background;
    background = undefined;
    observer.disconnect();
    endTurn(turn);
    baseline = getHeapStatistics().used_heap_size;
    options.onCollect?.(before, baseline, pauseMs, false);
  };
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const requestsNow = requestsReceived(turn);
    const requests = requestsNow - lastRequests;
    lastRequests = requestsNow;
    const used = getHeapStatistics().used_heap_size;
    // V8 collected on its own since: what is left is the new reference point.
    if (used < baseline) baseline = used;
    if (background) return finishBackground();
    if (!shouldCollect(used, baseline, utilization, requests, { minGrowthBytes, maxUtilization })) return;
    if (!takeTurn(turn)) return;
    const compacting = compact && shouldCompact(process.memoryUsage.rss(), used, compactWithinBytes);
    // Watching for V8's report before starting, so a background collection that ends at once is seen.
    const observer = compacting ? undefined : majorCollectionObserver(finishBackground);
    const started = performance.now();
    try {
      if (compacting) compactingCollection(gc);
      else gc({ type: 'major', execution: 'async' });
    } catch (err) {
      observer?.disconnect();
      endTurn(turn);
      throw err;
    }
    const pauseMs = performance.now() - started;
    last = performance.eventLoopUtilization(); // the collection itself is not the application's load
    if (observer) {
      background = { before: used, pauseMs, observer };
      return;
    }
    endTurn(turn);
    baseline = getHeapStatistics().used_heap_size;
    options.onCollect?.(used, baseline, pauseMs, true);
  }, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      finishBackground();
    },
  };
}

/** Calls `done` when V8 reports a major collection finished. */
function majorCollectionObserver(done: () => void): PerformanceObserver {
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) done();
  });
  observer.observe({ entryTypes: ['gc'] });
  return observer;
}

type Gc = (options?: { type: 'major'; execution: 'async' }) => void;

/** V8's full collection, reachable once `--expose-gc` is set (process-wide, so every thread gets it). */
function exposedGc(): Gc {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}

/**
 * Three collections, the middle one compacting every page (V8 reads the flag when a collection starts,
 * so it holds for that one only), with the thread paused throughout. Otherwise a collection runs in the
 * background: V8 marks incrementally and concurrently and sweeps concurrently, so the thread keeps
 * answering (at 150,000 pods the API thread had paused 0.3 s for a blocking one).
 */
function compactingCollection(gc: Gc): void {
  gc();
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
  gc();
}
