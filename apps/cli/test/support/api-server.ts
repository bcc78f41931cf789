// The built API (apps/api/dist/main.js) as a child process: embedded cluster with fast simulated
// latencies, PGlite in memory, the admin token given, on a free loopback port. Ready when /readyz
// answers; a server that exits first fails the test with its log.
import { existsSync } from 'node:fs';
import { startChildServer } from '../../../../scripts/child-server.mjs';
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

export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build the API first (npx nx run @coxswain/api:build)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Ready when /readyz says so; the Jest timeout bounds a server that never gets there.
  const server = await startChildServer({
    what: 'the API',
    command: process.execPath,
    args: [API_MAIN],
    cwd: ROOT,
    env: {
      PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: 'memory', DATABASE_URL: '', BOOTSTRAP_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn', KUBE_API_PORT: 'off', WEBHOOK_PORT: 'off', SEED_FILE: '',
      SIM_IMAGE_PULL_MS: '100', SIM_CONTAINER_START_MS: '50', SIM_TERMINATION_MS: '50',
      ...env,
    },
    readyUrl: `${url}/readyz`,
  });
  return { url, ...server };
}
