// How a controller reports what it does not return (a reconcile that failed and is retried, expectations
// that timed out, a write it gave up on): one function with a level, a message and structured fields,
// which the host routes to its own log.
import { requestKey, type Request } from './keys.js';

export type LogLevel = 'info' | 'warn' | 'error';

export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

/**
 * A controller's onError that logs the failed reconcile as a warning (the work queue retries it with
 * backoff); `what` names the loop as the controller's own logs do (Kruise's `reconcile`, Kubernetes' `sync`).
 */
export function logRetriedFailure(log: Logger, what: 'reconcile' | 'sync' = 'reconcile'): (error: unknown, request: Request) => void {
  return (error, request) => log('warn', `${what} failed; retrying with backoff`, { key: requestKey(request), error: String(error) });
}
