// The cluster worker and the PGlite worker run at a lower CPU priority than the API thread, so on a
// busy machine the answer to a request comes before the next reconcile or commit; a real cluster's
// API server is likewise not starved by its controllers. When the API thread is idle they get the
// whole CPU; the API thread's own share of a rollout (applying watch events to its cache) now comes
// first. Measured on 2 cores: with the scale benchmark's ten readers, reads while 5,000 pods are created
// p99 ~120 -> ~72 ms and the creation about 10% longer; without readers, a 10,000-pod scale-up about
// 10% slower, the in-place rollout unchanged.
import { getPriority, setPriority } from 'node:os';
import { ownThreadId } from './thread-cpu.js';

/** Added to the process's niceness for a background thread (Linux: 19 is the lowest priority). */
export const BACKGROUND_NICENESS = 10;
const LOWEST_PRIORITY = 19;

/**
 * Lowers the calling thread's priority; true when it did. Linux only: setpriority on a thread id
 * changes that one thread, and /proc/thread-self names the caller. Elsewhere the thread keeps the
 * process's priority (setting it by process id would lower the API thread too).
 */
export function runAtBackgroundPriority(threadSelf = '/proc/thread-self'): boolean {
  const tid = ownThreadId(threadSelf);
  if (tid === undefined) return false;
  try {
    setPriority(tid, Math.min(LOWEST_PRIORITY, getPriority(tid) + BACKGROUND_NICENESS));
    return true;
  } catch {
    return false;
  }
}
