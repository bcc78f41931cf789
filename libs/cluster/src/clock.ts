// Time for everything in Coxswain. Nothing reads wall time directly: the embedded cluster, the kubelet
// simulator, the controllers and the work queue all take a Clock, so tests advance a ManualClock and demos
// run a ScaledClock.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch, on this clock. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds of this clock's time. */
  setTimer(ms: number, fn: () => void): TimerHandle;
  /** Resolves after `ms` milliseconds of this clock's time. */
  sleep(ms: number): Promise<void>;
}

/** `ms` as Kubernetes writes metav1.Time: RFC 3339 in UTC with whole seconds. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function isoNow(clock: Clock): string {
  return rfc3339(clock.now());
}

export class RealClock implements Clock {
  now(): number {
    return Date.now();
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  }
}

/** Where a scaled clock started: its own time at a given wall time. */
export interface ScaledClockOrigin {
  wall: number;
  simulated: number;
}

/**
 * Runs `factor` times faster than wall time, from `origin` (default: the wall time of its creation).
 * Clocks made with one origin agree, so threads sharing a simulated cluster share its time.
 */
export class ScaledClock implements Clock {
  readonly origin: ScaledClockOrigin;

  constructor(
    readonly factor: number,
    origin?: ScaledClockOrigin,
  ) {
    if (!(factor > 0)) throw new RangeError(`clock scale must be > 0, got ${factor}`);
    const wall = Date.now();
    this.origin = origin ?? { wall, simulated: wall };
  }

  now(): number {
    return Math.round(this.origin.simulated + (Date.now() - this.origin.wall) * this.factor);
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const t = setTimeout(fn, Math.max(0, ms / this.factor));
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms / this.factor)));
  }
}

interface ManualTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** Time stands still until a test calls `advance`; due timers then fire in time order. */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: ManualTimer[] = [];

  constructor(start: number | string = '2026-01-01T00:00:00Z') {
    this.current = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const timer: ManualTimer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => (timer.cancelled = true) };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(ms, resolve));
  }

  /** Number of timers that have not fired or been cancelled. */
  pendingTimers(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }

  /**
   * Moves time forward by `ms`, firing every timer that falls due (including timers set by timers)
   * in order, and lets promise callbacks settle between them.
   */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await settle();
      const next = this.nextDue(target);
      if (!next) break;
      this.current = Math.max(this.current, next.at);
      next.cancelled = true;
      next.fn();
    }
    this.current = target;
    this.timers = this.timers.filter((t) => !t.cancelled);
    await settle();
  }

  private nextDue(limit: number): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const t of this.timers) {
      if (t.cancelled || t.at > limit) continue;
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    }
    return best;
  }
}

/** Lets pending promise callbacks and I/O callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The wall-clock time at which `clock` reads `at`: a browser's timer for a moment of the cluster's time
 * needs it (a scaled clock runs ahead of the wall clock, and faster).
 */
export function wallTimeOf(clock: Clock, at: number): number {
  if (!(clock instanceof ScaledClock)) return at;
  return clock.origin.wall + (at - clock.origin.simulated) / clock.factor;
}
