import { describe, expect, it } from '@jest/globals';
import { ManualClock } from '@coxswain/cluster';
import { FailedAuthLimiter } from './failed-auth-limiter.js';

describe('FailedAuthLimiter', () => {
  it('lets a burst of failures through, then refuses the address until its budget refills', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const limiter = new FailedAuthLimiter(2, clock, 3);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('10.0.0.1')).toBeUndefined();
      limiter.recordFailure('10.0.0.1');
    }
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(1);
    expect(limiter.retryAfterSeconds('10.0.0.2')).toBeUndefined(); // another address is not affected
    await clock.advance(400);
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(1);
    await clock.advance(100); // 2 per second: one attempt back after 500 ms
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBeUndefined();
    limiter.recordFailure('10.0.0.1');
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(1);
    await clock.advance(60_000);
    for (let i = 0; i < 3; i++) limiter.recordFailure('10.0.0.1');
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(1); // the budget never grows beyond the burst
  });
});
