// controller-runtime's reconcile.Reconciler: given the key of an object, make the world match its spec.
// Reconcilers are level-triggered: they read current state (from informer caches) rather than acting on
// the event that woke them, so a coalesced or replayed event costs nothing.
import type { Request } from './keys.js';

export interface ReconcileResult {
  /** Run again after the rate limiter's backoff, without counting as an error. */
  requeue?: boolean;
  /** Run again after this many ms of clock time (takes precedence over `requeue`). */
  requeueAfterMs?: number;
}

export interface Reconciler {
  /** Throwing (or rejecting) counts as an error: the request is retried with backoff. */
  reconcile(request: Request): Promise<ReconcileResult | void>;
}
