// The built API (apps/api/dist/main.js) as a child process: embedded cluster with fast simulated
// latencies, PGlite in memory, the admin token given, on a free loopback port. Ready when /readyz
// answers; a server that exits first fails the test with its log.
import { startBuiltApi } from '../../../../scripts/child-server.mjs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

export const ADMIN_TOKEN = 'cli-e2e-admin-token-0123456789';

export interface RunningApi {
  url: string;
  log(): string;
  close(): Promise<void>;
}

export function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  // Ready when /readyz says so; the Jest timeout bounds a server that never gets there.
  return startBuiltApi({
    root: ROOT,
    env: {
      PGLITE_DIR: 'memory', DATABASE_URL: '', BOOTSTRAP_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn', KUBE_API_PORT: 'off', WEBHOOK_PORT: 'off', SEED_FILE: '',
      SIM_IMAGE_PULL_MS: '100', SIM_CONTAINER_START_MS: '50', SIM_TERMINATION_MS: '50',
      ...env,
    },
  });
}
