// CPU time by thread: the kernel's per-thread account, named for the server's threads, with the rest of
// the process (V8's and libuv's threads) as `other`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { cpuSecondsByThread, ownThreadId, registerThreadCpuMetric } from '../src/threads/thread-cpu.js';

/** A /proc/self with the given threads' time on a core (schedstat's first field, ns). */
function fakeProc(onCpuNs: Record<number, number>): string {
  const dir = mkdtempSync(join(tmpdir(), 'thread-cpu-'));
  for (const [tid, ns] of Object.entries(onCpuNs)) {
    mkdirSync(join(dir, 'task', tid), { recursive: true });
    writeFileSync(join(dir, 'task', tid, 'schedstat'), `${ns} 1234 56\n`);
  }
  return dir;
}

async function samples(registry: Registry): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetric('coxswain_thread_cpu_seconds_total')!.get();
  return Object.fromEntries(metric.values.map((v) => [v.labels.thread as string, v.value]));
}

describe('thread CPU time', () => {
  it('names the threads given and counts the rest of the process as other', async () => {
    const proc = fakeProc({ 100: 2.5e9, 101: 0.25e9, 102: 0.75e9, 103: 1e9, 104: 4e9 });
    try {
      const registry = new Registry();
      registerThreadCpuMetric(registry, { api: 100, cluster: 104, database: 103 }, proc);
      expect(await samples(registry)).toEqual({ api: 2.5, cluster: 4, database: 1, other: 1 });
      // Counters read anew at each scrape: time added since shows up, nothing is counted twice.
      writeFileSync(join(proc, 'task', '104', 'schedstat'), '5000000000 0 0\n');
      expect(await samples(registry)).toEqual({ api: 2.5, cluster: 5, database: 1, other: 1 });
    } finally {
      rmSync(proc, { recursive: true, force: true });
    }
  });

  it('leaves out a thread without an id (PostgreSQL instead of PGlite), and a named thread that is gone reads 0', async () => {
    const proc = fakeProc({ 100: 1e9, 101: 3e9 });
    try {
      const registry = new Registry();
      registerThreadCpuMetric(registry, { api: 100, cluster: 999, database: undefined }, proc);
      expect(await samples(registry)).toEqual({ api: 1, cluster: 0, other: 3 });
    } finally {
      rmSync(proc, { recursive: true, force: true });
    }
  });

  it('registers nothing where there is no /proc or no thread is named', () => {
    const registry = new Registry();
    registerThreadCpuMetric(registry, { api: 100 }, '/nonexistent/proc/self');
    registerThreadCpuMetric(registry, { api: undefined }, '/proc/self');
    expect(registry.getSingleMetric('coxswain_thread_cpu_seconds_total')).toBeUndefined();
  });

  it("reads this process's own threads: the main thread's id is the process's, and its time grows as it works", () => {
    expect(ownThreadId()).toBe(process.pid);
    expect(ownThreadId('/nonexistent/thread-self')).toBeUndefined();
    const before = cpuSecondsByThread().get(process.pid)!;
    const until = performance.now() + 200;
    let spin = 0;
    while (performance.now() < until) spin++;
    const spent = cpuSecondsByThread().get(process.pid)! - before;
    expect(spin).toBeGreaterThan(0);
    // 200 ms of wall time spinning: on a core for most of it, and never more than the wall time.
    expect(spent).toBeGreaterThan(0.05);
    expect(spent).toBeLessThan(0.5);
  });
});
