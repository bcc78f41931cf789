// When an outgoing webhook delivery is tried again: exponential backoff from the configured base, doubled
// per failed attempt, capped at an hour, for a bounded number of attempts. Pure.

export const MAX_RETRY_DELAY_MS = 3_600_000;

/** The wait after failed attempt `attempts` (1-based) before the next, or undefined when none is left. */
export function retryDelayMs(attempts: number, maxAttempts: number, baseMs: number): number | undefined {
  if (attempts >= maxAttempts) return undefined;
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** (attempts - 1));
}
