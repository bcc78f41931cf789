// CPU time by thread. The server is three JavaScript threads (API, cluster worker, PGlite worker) and
// the threads V8 and libuv keep for themselves: garbage collection's parallel and concurrent work,
// optimizing compilers, the file-system pool. A CPU profile sees only the JavaScript thread it
// profiles, and counts time spent waiting for a core as busy; the kernel's account of each thread
// (Linux /proc) counts time on a core, and covers V8's own threads too: under the scale benchmark's
// load they took a quarter of the process's CPU, none of it in any profile.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Counter, type Registry } from 'prom-client';

/** The thread that is not one of the named ones: V8's and libuv's own threads. */
export const OTHER_THREADS = 'other';

/** The calling thread's id as the kernel knows it (Linux: /proc/thread-self names it); undefined elsewhere. */
export function ownThreadId(threadSelf = '/proc/thread-self'): number | undefined {
  try {
    const tid = Number(readlinkSync(threadSelf).split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** The ids of this process's threads (Linux: /proc/self/task); empty elsewhere. */
export function threadIds(procSelf = '/proc/self'): number[] {
  try {
    return readdirSync(`${procSelf}/task`).map(Number);
  } catch {
    return [];
  }
}

/**
 * Seconds on a core, by thread id, of every thread of this process (the first field of each thread's
 * schedstat, in nanoseconds); empty where /proc is not there.
 */
export function cpuSecondsByThread(procSelf = '/proc/self'): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const tid of threadIds(procSelf)) {
    try {
      const onCpuNs = Number(readFileSync(`${procSelf}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      if (Number.isFinite(onCpuNs)) seconds.set(tid, onCpuNs / 1e9);
    } catch {
      // The thread ended between the listing and the read: its time is gone from the process's sum too.
    }
  }
  return seconds;
}

/**
 * `coxswain_thread_cpu_seconds_total{thread}`: each named thread's time on a core, and `other` for the
 * rest of the process. Threads without an id (another platform; PostgreSQL instead of PGlite) are left
 * out, and so is the metric where /proc is not there. `other` counts only threads alive at the scrape,
 * so it can step back when one of them ends; the named ones live as long as the server.
 */
export function registerThreadCpuMetric(registry: Registry, threads: Readonly<Record<string, number | undefined>>, procSelf = '/proc/self'): void {
  const named = Object.entries(threads).filter((entry): entry is [string, number] => entry[1] !== undefined);
  if (named.length === 0 || cpuSecondsByThread(procSelf).size === 0) return;
  new Counter({
    name: 'coxswain_thread_cpu_seconds_total',
    help: `CPU time of the server's threads: api, cluster (the embedded cluster and the controllers), database (PGlite), and ${OTHER_THREADS} (V8's garbage collection and compiler threads, libuv's pool)`,
    labelNames: ['thread'],
    registers: [registry],
    collect() {
      const byThread = cpuSecondsByThread(procSelf);
      this.reset();
      let rest = [...byThread.values()].reduce((sum, s) => sum + s, 0);
      for (const [name, tid] of named) {
        const seconds = byThread.get(tid) ?? 0;
        rest -= seconds;
        this.inc({ thread: name }, seconds);
      }
      this.inc({ thread: OTHER_THREADS }, Math.max(0, rest));
    },
  });
}
