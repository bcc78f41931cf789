// Bounds how fast one client may guess API tokens. Each client address has a bucket of FAILURE_BURST
// failed authentications, refilled at AUTH_FAILURE_REFILL_PER_MINUTE (config); while it is empty every failed
// authentication from that address is refused at once (429 with Retry-After), without a database lookup,
// and valid tokens are still served (TokensService.authenticate). Real time, not the cluster's (possibly
// scaled) clock: this is about the caller's wall-clock rate.
import { RealClock, type Clock } from '@coxswain/cluster';

export const FAILURE_BURST = 20;
/** Buckets kept before full ones (idle clients) are dropped. */
const MAX_TRACKED_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class FailedAuthLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly refillPerSecond: number,
    private readonly clock: Clock = new RealClock(),
    private readonly burst = FAILURE_BURST,
  ) {}

  /** Seconds until `client` may try again, or undefined when it may try now. */
  retryAfterSeconds(client: string): number | undefined {
    const bucket = this.current(client);
    if (bucket === undefined || bucket.tokens >= 1) return undefined;
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerSecond));
  }

  recordFailure(client: string): void {
    const bucket = this.current(client) ?? { tokens: this.burst, at: this.clock.now() };
    bucket.tokens = Math.max(0, bucket.tokens - 1);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_TRACKED_CLIENTS) this.dropFull();
  }

  private current(client: string): Bucket | undefined {
    const bucket = this.buckets.get(client);
    if (!bucket) return undefined;
    const now = this.clock.now();
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    return bucket;
  }

  private dropFull(): void {
    for (const client of [...this.buckets.keys()]) if (this.current(client)!.tokens >= this.burst) this.buckets.delete(client);
  }
}
