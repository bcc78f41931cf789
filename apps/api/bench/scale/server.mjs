// A Coxswain server for the scale benchmark: `node apps/api/dist/main.js` in a child process of its own
// (as users run it), on a fresh PGlite directory (or PostgreSQL), with a bootstrap admin token; plus
// what the benchmark reads from it: GraphQL over HTTP, and /metrics for memory and event-loop delay.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../../../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN = 'bench-admin-token-0123456789abcdef';
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export class BenchServer {
  static async start(env = {}, { dataDir } = {}) {
    const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'coxswain-scale-'));
    const port = await freePort();
    const server = new BenchServer(dir, port, { PGLITE_DIR: join(dir, 'pglite'), ...env });
    await server.boot();
    return server;
  }

  constructor(dir, port, env) {
    this.dir = dir;
    this.port = port;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
  }

  async boot() {
    const started = Date.now();
    // BENCH_SERVER_NODE_ARGS go to the server's node only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    // BENCH_SERVER_LOG=<file> appends the server's JSON log there (with BENCH_SERVER_LOG_LEVEL, default warn).
    const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
    this.child = spawn(process.execPath, [...nodeArgs, MAIN], {
      env: { ...process.env, LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn', BOOTSTRAP_ADMIN_TOKEN: ADMIN, KUBE_API_PORT: 'off', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', log, 'inherit'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`the server exited with ${this.child.exitCode} while starting`);
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    this.startSeconds = (Date.now() - started) / 1000;
    // The worst event-loop delay of each thread while it started (the first scrape covers the whole
    // start; scraping also resets it, so later samples see only their own interval).
    const m = await this.metrics();
    this.startLagMaxMs = { api: (m.nodejs_eventloop_lag_max_seconds ?? 0) * 1000, cluster: (m.coxswain_cluster_eventloop_lag_max_seconds ?? 0) * 1000 };
  }

  async gql(query, variables = {}) {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${this.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN}` },
          body: JSON.stringify({ query, variables }),
        });
        const body = await res.json();
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return body.data;
      } catch (err) {
        if (attempt >= 5 || !['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(err?.cause?.code)) throw err;
      }
    }
  }

  /** Prometheus samples by metric name (first sample of each name). */
  async metrics() {
    const text = await (await fetch(`${this.url}/metrics`)).text();
    const values = {};
    for (const line of text.split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const [name, value] = line.split(' ');
      if (!(name in values)) values[name] = Number(value);
    }
    return values;
  }

  /** CPU seconds of the server's threads so far, by thread (coxswain_thread_cpu_seconds_total; Linux). */
  async threadCpu() {
    const m = await this.metrics();
    const seconds = {};
    for (const [name, value] of Object.entries(m)) {
      const thread = /^coxswain_thread_cpu_seconds_total\{thread="(\w+)"\}$/.exec(name)?.[1];
      if (thread) seconds[thread] = value;
    }
    return seconds;
  }

  /** The process's highest resident set size since it started (Linux's VmHWM), in MiB. */
  peakRssMB() {
    const kB = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'))?.[1];
    return kB === undefined ? undefined : Math.round(Number(kB) / 1024);
  }

  /** Stops gracefully (SIGTERM); `kill: true` stops it as a crash would. */
  async stop({ kill = false, keepData = false } = {}) {
    this.child.kill(kill ? 'SIGKILL' : 'SIGTERM');
    await this.exited;
    if (!keepData) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Samples /metrics every `everyMs` while running: the worst event-loop delays, the largest heaps and the last memory. */
export class MetricsSampler {
  constructor(server, everyMs = 500) {
    this.server = server;
    this.apiLagMax = 0;
    this.clusterLagMax = 0;
    this.apiHeapMax = 0;
    this.clusterHeapMax = 0;
    this.last = {};
    this.timer = setInterval(() => void this.sample(), everyMs);
  }

  async sample() {
    try {
      const m = await this.server.metrics();
      this.apiLagMax = Math.max(this.apiLagMax, m.nodejs_eventloop_lag_max_seconds ?? 0);
      this.clusterLagMax = Math.max(this.clusterLagMax, m.coxswain_cluster_eventloop_lag_max_seconds ?? 0);
      this.apiHeapMax = Math.max(this.apiHeapMax, m.nodejs_heap_size_used_bytes ?? 0);
      this.clusterHeapMax = Math.max(this.clusterHeapMax, m.coxswain_cluster_heap_used_bytes ?? 0);
      this.last = m;
    } catch {
      // a scrape that fails under load is skipped
    }
  }

  async stop() {
    clearInterval(this.timer);
    await this.sample();
    const MB = 2 ** 20;
    return {
      apiLagMaxMs: this.apiLagMax * 1000,
      clusterLagMaxMs: this.clusterLagMax * 1000,
      apiHeapMaxMB: Math.round(this.apiHeapMax / MB),
      clusterHeapMaxMB: Math.round(this.clusterHeapMax / MB),
      metrics: this.last,
    };
  }
}

/**
 * CPU milliseconds each server thread spent between two `threadCpu()` readings, their total, and the
 * same per unit of work when `units` is given (acks, pod writes).
 */
export function cpuBetween(before, after, units) {
  const ms = {};
  let total = 0;
  for (const [thread, seconds] of Object.entries(after)) {
    ms[thread] = Math.round((seconds - (before[thread] ?? 0)) * 1000);
    total += ms[thread];
  }
  ms.total = total;
  if (!units) return { ms };
  return { ms, msPer: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round((v / units) * 1000) / 1000])) };
}
