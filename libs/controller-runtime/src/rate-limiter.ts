// Per-item retry delays for the work queue (client-go's workqueue.RateLimiter family).

export interface RateLimiter {
  /** How long to wait before handing `item` out again; counts one more failure for it. */
  when(item: string): number;
  /** Stops tracking `item`: its next failure starts from the base delay again. */
  forget(item: string): void;
  /** How many times `item` has been rate-limited since it was last forgotten. */
  numRequeues(item: string): number;
}

/**
 * base * 2^failures, capped at max: client-go's ItemExponentialFailureRateLimiter. controller-runtime's
 * default uses 5 ms and 1000 s, so a persistently failing object backs off to one attempt per ~17 minutes
 * instead of spinning, while a transient conflict is retried almost at once.
 */
export class ItemExponentialFailureRateLimiter implements RateLimiter {
  private readonly failures = new Map<string, number>();

  constructor(
    readonly baseDelayMs = 5,
    readonly maxDelayMs = 1_000_000,
  ) {
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) {
      throw new RangeError(`rate limiter needs 0 <= baseDelayMs <= maxDelayMs, got ${baseDelayMs}, ${maxDelayMs}`);
    }
  }

  when(item: string): number {
    const exp = this.failures.get(item) ?? 0;
    this.failures.set(item, exp + 1);
    // 2^exp overflows to Infinity long after it has passed any sane max, so Math.min is enough.
    return Math.min(this.baseDelayMs * 2 ** exp, this.maxDelayMs);
  }

  forget(item: string): void {
    this.failures.delete(item);
  }

  numRequeues(item: string): number {
    return this.failures.get(item) ?? 0;
  }
}

/** controller-runtime's default per-item limiter: 5 ms doubling up to 1000 s. */
export function defaultControllerRateLimiter(): RateLimiter {
  return new ItemExponentialFailureRateLimiter(5, 1_000_000);
}
