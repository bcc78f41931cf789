// client-go's rate-limiting work queue (workqueue.TypedRateLimitingInterface): the thing that makes a
// controller level-triggered. Keys, not events, are queued, so
//   - a key is queued once however often it is added before a worker takes it (dedup);
//   - a key being processed is never handed to a second worker; added meanwhile, it is marked dirty and
//     queued again when the worker calls done(), so the change that arrived mid-reconcile is not lost;
//   - failures come back later through a per-key backoff, and time always comes from the Clock.
import type { Clock, TimerHandle } from '@coxswain/cluster';
import { Fifo } from './fifo.js';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiter.js';
import { noopWorkQueueMetrics, type WorkQueueMetrics } from './workqueue-metrics.js';

export interface WorkQueueOptions {
  clock: Clock;
  /** Used for the `name` label of the workqueue_* metrics. */
  name?: string;
  /** Delays for addRateLimited; controller-runtime's default (5 ms doubling to 1000 s) when omitted. */
  rateLimiter?: RateLimiter;
  metrics?: WorkQueueMetrics;
}

interface DelayedAdd {
  readyAt: number;
  timer: TimerHandle;
}

export class WorkQueue {
  readonly name: string;
  private readonly clock: Clock;
  private readonly rateLimiter: RateLimiter;
  private readonly metrics: WorkQueueMetrics;

  private readonly queue = new Fifo<string>();
  /** Keys that need processing: queued, or being processed and added again since. */
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly waiting = new Map<string, DelayedAdd>();
  private readonly getters: ((key: string | undefined) => void)[] = [];

  private shuttingDown = false;
  private draining = false;
  private drainedPromise: Promise<void> | undefined;
  private drained: (() => void) | undefined;

  constructor(options: WorkQueueOptions) {
    this.clock = options.clock;
    this.name = options.name ?? '';
    this.rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter();
    this.metrics = options.metrics ?? noopWorkQueueMetrics;
  }

  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.metrics.add(key);
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.queue.push(key);
    this.handOut();
  }

  /**
   * The next key to process, waiting for one if the queue is empty; undefined once the queue is shut
   * down (after shutDownWithDrain, once what was queued has been handed out). Call done(key) after.
   */
  get(): Promise<string | undefined> {
    if (this.shuttingDown && !this.draining) return Promise.resolve(undefined);
    if (this.queue.length > 0) return Promise.resolve(this.take());
    if (this.shuttingDown) return Promise.resolve(undefined);
    return new Promise((resolve) => this.getters.push(resolve));
  }

  /** Marks `key` processed; if it was added while processing, it goes back into the queue now. */
  done(key: string): void {
    if (!this.processing.delete(key)) return;
    this.metrics.done(key);
    if (this.dirty.has(key)) {
      this.queue.push(key);
      this.handOut();
    }
    this.checkDrained();
  }

  /** Adds `key` after `ms` of clock time. When it is already waiting, the earlier time wins. */
  addAfter(key: string, ms: number): void {
    if (this.shuttingDown) return;
    this.metrics.retry();
    if (ms <= 0) {
      this.add(key);
      return;
    }
    const readyAt = this.clock.now() + ms;
    const existing = this.waiting.get(key);
    if (existing) {
      if (existing.readyAt <= readyAt) return;
      existing.timer.cancel();
    }
    const timer = this.clock.setTimer(ms, () => {
      this.waiting.delete(key);
      this.add(key);
    });
    this.waiting.set(key, { readyAt, timer });
  }

  /** Adds `key` after its rate limiter's backoff: each call without a forget() in between waits longer. */
  addRateLimited(key: string): void {
    this.addAfter(key, this.rateLimiter.when(key));
  }

  /** Resets `key`'s backoff; call it when the key was processed successfully. */
  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }

  /** Keys queued and not yet handed to a worker (not counting delayed adds). */
  len(): number {
    return this.queue.length;
  }

  isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /**
   * Stops at once: adds are ignored, pending delays cancelled, waiting and later get() calls return
   * undefined. Unlike client-go, keys still queued are dropped rather than handed out: a stopping
   * controller should not start new reconciles. Workers still call done() for what they hold.
   */
  shutDown(): void {
    this.beginShutdown();
    this.queue.clear();
    this.dirty.clear();
    this.releaseGetters();
  }

  /**
   * Stops accepting adds but keeps handing out what is already queued; resolves once the queue is empty
   * and every key handed out is done (client-go's ShutDownWithDrain). Workers must keep calling done().
   */
  shutDownWithDrain(): Promise<void> {
    if (this.drainedPromise) return this.drainedPromise;
    this.beginShutdown();
    this.draining = true;
    this.drainedPromise = new Promise<void>((resolve) => (this.drained = resolve));
    if (this.queue.length === 0) this.releaseGetters();
    this.checkDrained();
    return this.drainedPromise;
  }

  private beginShutdown(): void {
    this.shuttingDown = true;
    for (const { timer } of this.waiting.values()) timer.cancel();
    this.waiting.clear();
  }

  private take(): string {
    const key = this.queue.shift()!;
    this.processing.add(key);
    this.dirty.delete(key);
    this.metrics.get(key);
    return key;
  }

  /** Gives queued keys to waiting get() calls. Keys are taken synchronously, so no two getters share one. */
  private handOut(): void {
    while (this.getters.length > 0 && this.queue.length > 0) this.getters.shift()!(this.take());
    if (this.shuttingDown && this.queue.length === 0) this.releaseGetters();
  }

  private releaseGetters(): void {
    for (const resolve of this.getters.splice(0)) resolve(undefined);
  }

  private checkDrained(): void {
    if (!this.draining || this.queue.length > 0 || this.processing.size > 0) return;
    this.releaseGetters();
    this.drained?.();
    this.drained = undefined;
  }
}
