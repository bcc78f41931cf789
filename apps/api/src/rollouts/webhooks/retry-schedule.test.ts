// Outgoing webhook retries: bounded in number and in each wait, growing exponentially (retry-schedule.ts).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './retry-schedule.js';
import { signature, verifySignature } from './webhook-signature.js';

describe('retryDelayMs', () => {
  it('doubles from the base, never beyond the cap, and stops after the last attempt', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 6, 2000))).toEqual([2000, 4000, 8000, 16000, 32000, undefined]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 3_600_000 }), (max, base) => {
        const delays = Array.from({ length: max }, (_, i) => retryDelayMs(i + 1, max, base));
        expect(delays.filter((d) => d !== undefined)).toHaveLength(max - 1);
        expect(delays[max - 1]).toBeUndefined();
        for (let i = 1; i < max - 1; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
        for (const d of delays) if (d !== undefined) expect(d).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
      }),
    );
  });
});

describe('signature', () => {
  it('is HMAC-SHA256 of the body under the secret, hex, and any change to either fails verification', () => {
    // The RFC 4231 test case 2 key and data.
    expect(signature('Jefe', 'what do ya want for nothing?')).toBe('sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.string({ minLength: 1 }), (secret, body, extra) => {
        expect(verifySignature(secret, body, signature(secret, body))).toBe(true);
        expect(verifySignature(secret, body + extra, signature(secret, body))).toBe(false);
        expect(verifySignature(secret + extra, body, signature(secret, body))).toBe(false);
      }),
    );
  });
});
