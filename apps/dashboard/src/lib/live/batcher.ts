// Coalesces a burst of live updates into one flush. Updates are keyed (last one per key wins), so a
// pod that changes ten times between frames is painted once, and memory stays bounded by the number
// of keys even when flushes stall (a background tab pauses animation frames).
//
// Flushes run on an animation frame, at most once per `minIntervalMs`: a lone change shows on the next
// frame, a burst of thousands costs a handful of renders per second instead of one per event.
export interface Scheduler {
  frame(cb: () => void): unknown;
  timer(cb: () => void, ms: number): unknown;
  cancelFrame(handle: unknown): void;
  cancelTimer(handle: unknown): void;
  now(): number;
}

export const browserScheduler: Scheduler = {
  frame: (cb) => requestAnimationFrame(() => cb()),
  timer: (cb, ms) => setTimeout(cb, ms),
  cancelFrame: (h) => cancelAnimationFrame(h as number),
  cancelTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

export class Batcher<K, V> {
  private pending = new Map<K, V>();
  private frameHandle: unknown = null;
  private timerHandle: unknown = null;
  private lastFlush = -Infinity;
  private stopped = false;

  constructor(
    private readonly flush: (batch: Map<K, V>) => void,
    private readonly scheduler: Scheduler,
    private readonly minIntervalMs = 100,
  ) {}

  push(key: K, value: V): void {
    if (this.stopped) return;
    // Delete first so the key moves to the end: the batch keeps the order of last arrival.
    this.pending.delete(key);
    this.pending.set(key, value);
    this.schedule();
  }

  get size(): number {
    return this.pending.size;
  }

  /** Flushes now (e.g. before a full reload replaces the state). */
  drain(): void {
    this.cancel();
    this.run();
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
    this.pending.clear();
  }

  private schedule(): void {
    if (this.frameHandle !== null || this.timerHandle !== null) return;
    const wait = this.lastFlush + this.minIntervalMs - this.scheduler.now();
    if (wait > 0) {
      this.timerHandle = this.scheduler.timer(() => {
        this.timerHandle = null;
        this.frameHandle = this.scheduler.frame(() => this.run());
      }, wait);
    } else {
      this.frameHandle = this.scheduler.frame(() => this.run());
    }
  }

  private cancel(): void {
    if (this.frameHandle !== null) this.scheduler.cancelFrame(this.frameHandle);
    if (this.timerHandle !== null) this.scheduler.cancelTimer(this.timerHandle);
    this.frameHandle = null;
    this.timerHandle = null;
  }

  private run(): void {
    this.frameHandle = null;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.lastFlush = this.scheduler.now();
    this.flush(batch);
  }
}
