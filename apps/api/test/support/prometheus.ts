// A real Prometheus for the analysis tests (docs/analysis.md): Debian's /usr/bin/prometheus (the test
// command installs it, scripts/ensure-prometheus.mjs; PROMETHEUS_PATH overrides), started on a free
// local port with a generated configuration that scrapes the given targets every second, its storage
// in a temporary directory removed on stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './api-server.js';

export const PROMETHEUS_BINARY = process.env['PROMETHEUS_PATH'] ?? '/usr/bin/prometheus';

export interface ScrapeTarget {
  job: string;
  /** `http://127.0.0.1:1234/metrics/pods` */
  url: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The configuration file's text: one job per target, scraped every second. */
export function prometheusConfig(targets: readonly ScrapeTarget[]): string {
  const jobs = targets.map(({ job, url }) => {
    const parsed = new URL(url);
    return [
      `  - job_name: ${JSON.stringify(job)}`,
      `    scheme: ${parsed.protocol.replace(':', '')}`,
      `    metrics_path: ${JSON.stringify(parsed.pathname)}`,
      `    static_configs:`,
      `      - targets: [${JSON.stringify(parsed.host)}]`,
    ].join('\n');
  });
  return ['global:', '  scrape_interval: 1s', '  evaluation_interval: 1s', 'scrape_configs:', ...jobs, ''].join('\n');
}

export class TestPrometheus {
  private constructor(private readonly child: ChildProcess, private readonly dir: string, readonly url: string, private readonly output: string[]) {}

  static async start(targets: readonly ScrapeTarget[]): Promise<TestPrometheus> {
    if (!existsSync(PROMETHEUS_BINARY)) throw new Error(`${PROMETHEUS_BINARY} is missing: run node scripts/ensure-prometheus.mjs (the test command does)`);
    const dir = mkdtempSync(join(tmpdir(), 'coxswain-prometheus-'));
    const config = join(dir, 'prometheus.yml');
    writeFileSync(config, prometheusConfig(targets));
    const port = await freePort();
    const output: string[] = [];
    const child = spawn(PROMETHEUS_BINARY, [
      `--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn',
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const prometheus = new TestPrometheus(child, dir, `http://127.0.0.1:${port}`, output);
    try {
      await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${output.join('').slice(-2000)}`);
        return (await fetch(`${prometheus.url}/-/ready`).then((r) => r.ok, () => false)) || undefined;
      }, 60_000, 'prometheus ready');
    } catch (err) {
      await prometheus.stop();
      throw err;
    }
    return prometheus;
  }

  /** One instant query's answer (status and JSON). */
  async query(query: string): Promise<{ status: string; data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] } }> {
    const res = await fetch(`${this.url}/api/v1/query`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ query }).toString() });
    return (await res.json()) as never;
  }

  /** Its log, for a failure's message. */
  log(): string {
    return this.output.join('');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
