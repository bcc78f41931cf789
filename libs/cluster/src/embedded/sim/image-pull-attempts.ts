// One pull of one NodeImage tag as kruise-daemon makes it (docs/spec/image-pull.md §5.2): `backoffLimit + 1`
// attempts (3 retries when unset or negative), each limited to `timeoutSeconds` (600 when unset) and to
// what is left of `activeDeadlineSeconds` from the pull's start, with 1 s, 2 s, 4 s … (at most 30 s)
// between failed attempts; `imagePullPolicy: Always` pulls an image the node already has. Pure.
import type { ImageTagSpec } from '@coxswain/kruise-api';

export type PullOutcome = { ok: true; imageID: string } | { ok: false; message: string };

export interface AttemptPlan {
  attempts: number;
  always: boolean;
  /** One attempt's timeout, `elapsedMs` after the pull started; 0 or less: the deadline has passed. */
  attemptTimeoutMs(elapsedMs: number): number;
}

const DEFAULT_TIMEOUT_SECONDS = 600;
const DEFAULT_BACKOFF_LIMIT = 3;
const MAX_BACKOFF_MS = 30_000;

export function attemptPlan(tag: ImageTagSpec): AttemptPlan {
  const policy = tag.pullPolicy ?? {};
  const backoffLimit = typeof policy.backoffLimit === 'number' && policy.backoffLimit >= 0 ? policy.backoffLimit : DEFAULT_BACKOFF_LIMIT;
  const timeoutMs = 1000 * (typeof policy.timeoutSeconds === 'number' ? policy.timeoutSeconds : DEFAULT_TIMEOUT_SECONDS);
  const deadline = policy.activeDeadlineSeconds;
  return {
    attempts: backoffLimit + 1,
    always: tag.imagePullPolicy === 'Always',
    attemptTimeoutMs: (elapsedMs) => (typeof deadline === 'number' ? Math.min(timeoutMs, deadline * 1000 - elapsedMs) : timeoutMs),
  };
}

/** The wait after failed attempt `n` (1-based): 1 s, 2 s, 4 s, … at most 30 s. */
export function backoffMs(n: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(n - 1, 15));
}

/** The reference the runtime pulls for a NodeImage's image name and tag (a digest is joined with `@`). */
export function pullReference(name: string, tag: string): string {
  return /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:/.test(tag) ? `${name}@${tag}` : `${name}:${tag}`;
}
