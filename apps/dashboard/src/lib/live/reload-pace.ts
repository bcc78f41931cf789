// How soon derived data (plan, revisions, events) may be reloaded after a change. At least `minMs`
// apart, and at least `factor` times as long as the last load took: a 5,000-pod workload whose plan
// takes the API 200 ms to compute is reloaded at most every second or so, so an open dashboard never
// takes more than about 1/factor of the API's time, however busy the rollout.
export class ReloadPace {
  private lastStart = -Infinity;
  private lastDuration = 0;

  constructor(
    private readonly minMs = 1000,
    private readonly factor = 5,
  ) {}

  started(now: number): void {
    this.lastStart = now;
  }

  finished(now: number): void {
    this.lastDuration = Math.max(0, now - this.lastStart);
  }

  /** Milliseconds to wait from `now` before the next reload. */
  delay(now: number): number {
    const gap = Math.max(this.minMs, this.lastDuration * this.factor);
    return Math.max(0, this.lastStart + gap - now);
  }
}
