// The cluster and PGlite workers yield the CPU to the API thread: each runs at the process's
// niceness + BACKGROUND_NICENESS, and the API thread keeps the process's own.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { BACKGROUND_NICENESS, runAtBackgroundPriority } from '../src/threads/background-priority.js';
import { TestApi, eventually } from './support/api-server.js';
import { Replica } from './support/replica.js';

/** Niceness of every thread of a process, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(pid: number | 'self' = 'self'): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    niceness.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return niceness;
}

describe('background thread priority', () => {
  it('lowers the cluster and PGlite workers, not the API thread', async () => {
    const before = threadNiceness();
    const base = before.get(process.pid)!;
    const api = await TestApi.start({ PGLITE_DIR: 'memory' });
    try {
      const after = threadNiceness();
      expect(after.get(process.pid)).toBe(base);
      const lowered = [...after].filter(([tid, nice]) => !before.has(tid) && nice === Math.min(19, base + BACKGROUND_NICENESS));
      expect(lowered).toHaveLength(2);
      // The same two threads are the ones whose CPU time /metrics names cluster and database.
      const metrics = await (await fetch(`${api.url}/metrics`)).text();
      for (const thread of ['api', 'cluster', 'database', 'other']) expect(metrics).toMatch(new RegExp(`^coxswain_thread_cpu_seconds_total\\{thread="${thread}"\\} [0-9.e+-]+$`, 'm'));
      expect(new Set([api.runtime.host.threadId, api.runtime.database.threadId])).toEqual(new Set(lowered.map(([tid]) => tid)));
    } finally {
      await api.close();
    }
  });

  it("the server (main.js) lowers every thread but the API thread once it is up: the workers, V8's and libuv's", async () => {
    const replica = await Replica.start('priorities', {});
    try {
      await eventually(() => replica.readyz(), 30_000, 'the server to be ready');
      const pid = replica.child.pid!;
      const niceness = threadNiceness(pid);
      const base = niceness.get(pid)!;
      const others = [...niceness].filter(([tid]) => tid !== pid);
      // At least the two workers and V8's four platform threads.
      expect(others.length).toBeGreaterThanOrEqual(6);
      expect(others.filter(([, nice]) => nice !== Math.min(19, base + BACKGROUND_NICENESS))).toEqual([]);
      expect(base).toBe(threadNiceness().get(process.pid));
    } finally {
      replica.kill('SIGKILL');
      await replica.exited;
    }
  });

  it('declines where the thread cannot be named, changing nothing', () => {
    const before = threadNiceness();
    expect(runAtBackgroundPriority('/nonexistent/thread-self')).toBe(false);
    expect(threadNiceness().get(process.pid)).toBe(before.get(process.pid));
  });
});
