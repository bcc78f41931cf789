// Expectations (Kubernetes' ControllerExpectations, Kruise's ScaleExpectations and
// ResourceVersionExpectation): what a controller remembers about its own writes until its informer
// cache has caught up with them. Without them a reconcile that runs before the watch delivers the
// controller's last writes sees the old world and acts twice: two pods created for one missing replica,
// or a pod updated again from a stale copy. While expectations are unsatisfied the controller waits;
// after a timeout it stops waiting, so a lost watch event delays it but never wedges it.
import type { Clock } from '@coxswain/cluster';

/** How long expectations may stay unsatisfied before the controller acts anyway (Kruise and Kubernetes: 5 min). */
export const DEFAULT_EXPECTATION_TIMEOUT_MS = 5 * 60 * 1000;

export interface ExpectationsOptions {
  clock: Clock;
  timeoutMs?: number;
}

/** Why a controller is waiting, for plan explainers and logs. */
export interface PendingExpectations {
  controllerKey: string;
  /** Clock time (ms) at which the controller started waiting. */
  since: number;
  /** Clock time (ms) at which the controller stops waiting regardless. */
  expiresAt: number;
  /** One sentence a person can read, e.g. `waiting to observe 2 creations (web-a, web-b)`. */
  message: string;
}

/**
 * Whether `observed` is at least `expected`. resourceVersions are opaque in Kubernetes, but both etcd and
 * the embedded store issue increasing integers, which is what Kruise relies on too; anything else only
 * compares equal.
 */
export function isResourceVersionAtLeast(observed: string | undefined, expected: string): boolean {
  if (observed === undefined) return false;
  if (observed === expected) return true;
  if (/^\d+$/.test(observed) && /^\d+$/.test(expected)) {
    return observed.length !== expected.length ? observed.length > expected.length : observed > expected;
  }
  return false;
}

export function describeNames(names: readonly string[], limit = 5): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown}, and ${names.length - limit} more` : shown;
}
