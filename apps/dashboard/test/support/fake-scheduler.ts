// A hand-driven clock, animation frames and timers, for the Batcher.
import type { Scheduler } from '../../src/lib/live/batcher';

export class FakeScheduler implements Scheduler {
  time = 0;
  private frames = new Map<number, () => void>();
  private timers = new Map<number, { at: number; cb: () => void }>();
  private next = 1;

  frame(cb: () => void): number {
    const id = this.next++;
    this.frames.set(id, cb);
    return id;
  }
  timer(cb: () => void, ms: number): number {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, cb });
    return id;
  }
  cancelFrame(h: unknown): void {
    this.frames.delete(h as number);
  }
  cancelTimer(h: unknown): void {
    this.timers.delete(h as number);
  }
  now(): number {
    return this.time;
  }
  get pendingFrames(): number {
    return this.frames.size;
  }
  get pendingTimers(): number {
    return this.timers.size;
  }
  /** Runs the frames requested so far (one display refresh). */
  tickFrame(ms = 16): void {
    this.advance(ms);
    const due = [...this.frames.values()];
    this.frames.clear();
    due.forEach((cb) => cb());
  }
  advance(ms: number): void {
    this.time += ms;
    for (const [id, t] of [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= this.time) {
        this.timers.delete(id);
        t.cb();
      }
    }
  }
}
