// The cluster worker and the PGlite worker run at a lower CPU priority than the API thread, so on a
// busy machine the answer to a request comes before the next reconcile or commit; a real cluster's
// API server is likewise not starved by its controllers. When the API thread is idle they get the
// whole CPU; the API thread's own share of a rollout (applying watch events to its cache) now comes
// first. Measured on 2 cores: with the scale benchmark's ten readers, reads while 5,000 pods are created
// p99 ~120 -> ~72 ms and the creation about 10% longer; without readers, a 10,000-pod scale-up about
// 10% slower, the in-place rollout unchanged.
//
// V8's own threads (garbage collection's parallel and concurrent work and the optimizing compilers, for
// every thread's heap) and libuv's pool are lowered as well, once the workers run: they are shared by
// the whole process, and most of their work under load is the cluster worker's, whose heap churns with
// every pod write. At the process's priority they had the cores on equal terms with the API thread.
// Measured with the scale benchmark, eight runs against five: while 5,000 pods were created, reads'
// p99 34-53 ms (seven runs under 50) instead of 49-65 ms (one), 682-1,078 reads a second instead of
// 594-818, and the API thread's worst delay 77-153 ms (four runs under 100) instead of 84-186 ms (one);
// acks, the scale-up, the rollout and the memory peak unchanged within the machine's drift.
import { getPriority, setPriority } from 'node:os';
import { ownThreadId, threadIds } from './thread-cpu.js';

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

/**
 * Lowers every other thread of the process that still runs at the caller's priority; answers how many
 * it lowered. Called on the main thread once the workers run (which lowered themselves): what is left
 * are V8's and libuv's threads. Threads started later keep the process's priority. Linux only.
 */
export function lowerOtherThreads(procSelf = '/proc/self'): number {
  const own = ownThreadId();
  if (own === undefined) return 0;
  const base = getPriority(own);
  let lowered = 0;
  for (const tid of threadIds(procSelf)) {
    if (tid === own) continue;
    try {
      if (getPriority(tid) !== base) continue;
      setPriority(tid, Math.min(LOWEST_PRIORITY, base + BACKGROUND_NICENESS));
      lowered++;
    } catch {
      // The thread ended since the listing.
    }
  }
  return lowered;
}
