// The built API (apps/api/dist/main.js) as a child process: embedded cluster with fast simulated
// latencies, PGlite in memory, the admin token given, on a free loopback port. Ready when /readyz
// answers; a server that exits first fails the test with its log.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../../../../scripts/free-port.mjs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const API_MAIN = join(ROOT, 'apps', 'api', 'dist', 'main.js');

export const ADMIN_TOKEN = 'cli-e2e-admin-token-0123456789';

export interface RunningApi {
  url: string;
  log(): string;
  close(): Promise<void>;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build the API first (npx nx run @coxswain/api:build)`);
  const port = await freePort();
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: 'memory', DATABASE_URL: '', BOOTSTRAP_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn', KUBE_API_PORT: 'off', WEBHOOK_PORT: 'off', SEED_FILE: '',
      SIM_IMAGE_PULL_MS: '100', SIM_CONTAINER_START_MS: '50', SIM_TERMINATION_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // Ready when /readyz says so; the Jest timeout bounds a server that never gets there.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, log: () => log, close: () => stop(child) };
}
