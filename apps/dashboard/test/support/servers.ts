// Starts the real pieces for browser tests and the benchmark: the built API (embedded cluster, PGlite
// in memory) and the built dashboard (`next start`), each on a free port, plus Debian's Chromium.
// Nx builds both first (the test target depends on them); a missing build is reported, not rebuilt.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { startBuiltApi, startChildServer } from '../../../../scripts/child-server.mjs';
import { freePort } from '../../../../scripts/free-port.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** apps/dashboard, found upwards from this file (it also runs compiled, from dist-bench/). */
function dashboardDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@coxswain/dashboard') return dir;
    dir = dirname(dir);
  }
  throw new Error('apps/dashboard/package.json not found above test/support/servers');
}

export const DASHBOARD_DIR = dashboardDir();
export const ROOT = join(DASHBOARD_DIR, '..', '..');
export const ARTIFACTS = join(DASHBOARD_DIR, '.artifacts');
const NEXT_BIN = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The API's first admin token in tests and benchmarks (BOOTSTRAP_ADMIN_TOKEN). */
export const ADMIN_TOKEN = 'dashboard-tests-admin-token';

export interface Running {
  url: string;
  log: () => string;
  close(): Promise<void>;
}

export interface RunningApi extends Running {
  /** The port reserved for the dashboard: the only browser origin the API lets call it (CORS). */
  dashboardPort: number;
}

/** The API with the embedded cluster, fast simulated kubelet latencies, and PGlite in memory. */
export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  const dashboardPort = await freePort();
  const api = await startBuiltApi({
    root: ROOT,
    env: {
      PGLITE_DIR: 'memory',
      SEED_FILE: 'apps/api/demo/workloads.yaml',
      SIM_IMAGE_PULL_MS: '200',
      SIM_CONTAINER_START_MS: '100',
      SIM_TERMINATION_MS: '100',
      LOG_LEVEL: 'warn',
      KUBE_API_PORT: 'off',
      BOOTSTRAP_ADMIN_TOKEN: ADMIN_TOKEN,
      DASHBOARD_ORIGIN: `http://127.0.0.1:${dashboardPort}`,
      ...env,
    },
    timeoutMs: 60_000,
  });
  return { ...api, dashboardPort };
}

/** The production build of the dashboard (`next start`), on the port the API expects it on. */
export async function startDashboard(api: RunningApi): Promise<Running> {
  if (!existsSync(join(DASHBOARD_DIR, '.next', 'BUILD_ID'))) {
    throw new Error('apps/dashboard/.next is missing: build the dashboard first (npx nx run @coxswain/dashboard:build)');
  }
  const apiUrl = api.url;
  const port = api.dashboardPort;
  const url = `http://127.0.0.1:${port}`;
  const server = await startChildServer({
    what: 'the dashboard',
    command: process.execPath,
    args: [NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    cwd: DASHBOARD_DIR,
    env: { API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' },
    readyUrl: url,
    timeoutMs: 60_000,
  });
  return { url, ...server };
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * GraphQL straight to the API (as the admin unless told otherwise), for arranging state behind the
 * dashboard's back. One connection per request (agent: false): a reused keep-alive socket that the
 * server closed meanwhile would fail a POST, which fetch does not retry.
 */
export async function gql<T = Record<string, unknown>>(
  apiUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token = ADMIN_TOKEN,
): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const body = JSON.stringify({ query, variables });
  let status = 0;
  const text = await new Promise<string>((resolve, reject) => {
    const req = httpRequest(
      `${apiUrl}/graphql`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
      },
      (res) => {
        status = res.statusCode ?? 0;
        let out = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (out += chunk));
        res.on('end', () => resolve(out));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  try {
    return JSON.parse(text) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  } catch {
    throw new Error(`the API answered HTTP ${status} without a GraphQL body: ${JSON.stringify(text.slice(0, 200))}`);
  }
}

/** Applies a multi-document manifest through the API as the admin; a refusal throws with the API's message. */
export async function applyManifest(apiUrl: string, yaml: string): Promise<void> {
  const applied = await gql(apiUrl, 'mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: yaml });
  if (applied.errors) throw new Error(applied.errors[0]!.message);
}
