// The gates at the top of a reconcile: a selector it can read, then the waits for the informer cache to
// show the controller's own writes (docs/spec/cloneset.md §5.3): creations and deletions (scale
// expectations) and pod resourceVersions. Each returns undefined to stop (the selector) or to go on
// (the waits), else what it found.
import type { Clock } from '@coxswain/cluster';
import type { Logger, ReconcileResult, ResourceVersionExpectations, ScaleExpectations } from '@coxswain/controller-runtime';
import { Selector, type FeatureGates } from '@coxswain/kruise-api';

/** The workload's selector; undefined, logged as an error (the workload is not reconciled), when it cannot be read. */
export function readableSelector(selector: Parameters<typeof Selector.from>[0], log: Logger, message: string, key: string): Selector | undefined {
  try {
    return Selector.from(selector);
  } catch (err) {
    log('error', message, { key, error: String(err) });
    return undefined;
  }
}

/** Kruise requeues after this long when it drops timed-out expectations (ForceDeleteTimeoutExpectation). */
export const FORCED_EXPECTATION_REQUEUE_MS = 10_000;

/**
 * A reconcile before the cache shows the controller's creates and deletes would repeat them: wait out
 * the timeout; past it, wait for the missing events (logged) or, with ForceDeleteTimeoutExpectation,
 * drop the expectations and come back a little later.
 */
export function awaitScaleExpectations(expectations: ScaleExpectations, key: string, gates: FeatureGates, log: Logger): ReconcileResult | undefined {
  const scale = expectations.check(key);
  if (scale.satisfied) return undefined;
  if (!scale.timedOut) return { requeueAfterMs: expectations.timeoutMs - scale.elapsedMs };
  if (!gates.enabled('ForceDeleteTimeoutExpectationFeatureGate')) {
    log('warn', 'scale expectations timed out; waiting for the missing events', { key, pending: expectations.pending(key)?.message });
    return {};
  }
  expectations.deleteExpectations(key);
  return { requeueAfterMs: FORCED_EXPECTATION_REQUEUE_MS };
}

/** The cache must show the objects as the controller last wrote them: until it does (or the wait expires), come back. */
export function awaitResourceVersions(expectations: ResourceVersionExpectations, key: string, clock: Clock, log?: Logger): ReconcileResult | undefined {
  const stale = expectations.pending(key);
  if (!stale) return undefined;
  log?.('info', stale.message, { key });
  return { requeueAfterMs: Math.max(1, stale.expiresAt - clock.now()) };
}
