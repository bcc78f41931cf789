// The fork's virtual clock. Like ManualClock, time stands still until advanced; unlike it, every timer
// due at one instant fires before anything reacts to the first, as on a real clock (Node runs the timers
// that expired together before any I/O or immediate callback, where a controller's reconcile waits).
// Then the fork settles once for the instant instead of once per timer: a wave of N pods whose containers
// start at one instant is one round of watch events and a few reconciles, not a few per pod. The same
// callbacks fire at the same times as on ManualClock (fork-clock.test.ts says where the order may differ).
import type { Clock, TimerHandle } from '@coxswain/cluster';

interface ForkTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class ForkClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: ForkTimer[] = [];

  constructor(start: number, private readonly settle: () => Promise<void> = immediates) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const timer: ForkTimer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => (timer.cancelled = true) };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(ms, resolve));
  }

  /** Moves time forward by `ms`: each instant with due timers in turn, its timers in the order they were set. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await this.settle();
      const due = this.dueAtNextInstant(target);
      if (due.length === 0) break;
      this.current = Math.max(this.current, due[0]!.at);
      for (const timer of due) {
        if (timer.cancelled) continue;
        timer.cancelled = true;
        timer.fn();
      }
    }
    this.current = target;
    this.timers = this.timers.filter((t) => !t.cancelled);
    await this.settle();
  }

  private dueAtNextInstant(limit: number): ForkTimer[] {
    let at = Infinity;
    for (const t of this.timers) if (!t.cancelled && t.at <= limit && t.at < at) at = t.at;
    if (at === Infinity) return [];
    return this.timers.filter((t) => !t.cancelled && t.at === at).sort((a, b) => a.seq - b.seq);
  }
}

async function immediates(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
