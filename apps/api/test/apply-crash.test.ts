// Issue 13 item 7: kill -9 during a 1,500-document applyManifest left 166, 531 and 919 documents stored.
// The built server runs as a child process on a PGlite directory; an apply is sent over HTTP and the
// process is killed at points spread over the time an apply takes; after each restart the manifest's
// objects are all there or none are, and an apply that was answered is all there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { freePort } from '../../../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from '@jest/globals';

const MAIN = join(import.meta.dirname, '..', 'dist', 'main.js');
const TOKEN = 'crash-test-admin-token-0123456789';
const DOCUMENTS = 1_500;

const dataDir = mkdtempSync(join(tmpdir(), 'coxswain-apply-crash-'));
let server: { child: ChildProcess; url: string } | undefined;

afterAll(async () => {
  if (server) await stop(server.child, 'SIGTERM');
});

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, BOOTSTRAP_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'error', KUBE_API_PORT: 'off',
      SIM_ZONES: '1', SIM_NODES_PER_ZONE: '1', DATABASE_URL: '', SEED_FILE: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function graphql(url: string, query: string, variables: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
}

/**
 * 1,500 Namespaces: the smallest objects there are, so the manifest fits the API's 100 KB request
 * body limit (as the did).
 */
function manifest(prefix: string): string {
  return Array.from({ length: DOCUMENTS }, (_, i) => `{apiVersion: v1,kind: Namespace,metadata: {name: ${prefix}-${i}}}`).join('\n---\n');
}

async function stored(url: string, prefix: string): Promise<number> {
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const res = await graphql(url, 'query($a: String) { objects(kind: "namespaces", first: 1000, after: $a) { edges { node { name } } pageInfo { hasNextPage endCursor } } }', { a: after });
    const page = ((await res.json()) as { data: { objects: { edges: { node: { name: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } }).data.objects;
    count += page.edges.filter((e) => e.node.name.startsWith(`${prefix}-`)).length;
    if (!page.pageInfo.hasNextPage) return count;
    after = page.pageInfo.endCursor;
  }
}

const APPLY = 'mutation($y: String!) { applyManifest(yaml: $y) { name } }';

it('kill -9 at any point of a 1,500-document apply leaves none or all of it', async () => {
  server = await start();
  // How long one apply takes here (the second: the first one also warms the server up), so the kills
  // can be spread over it.
  let applyMs = 0;
  for (const prefix of ['cal', 'cbl']) {
    const started = Date.now();
    const calibration = await graphql(server.url, APPLY, { y: manifest(prefix) });
    expect(calibration.status).toBe(200);
    expect(((await calibration.json()) as { errors?: unknown }).errors).toBeUndefined();
    applyMs = Date.now() - started;
    expect(await stored(server.url, prefix)).toBe(DOCUMENTS);
  }

  const outcomes: string[] = [];
  // Fractions of a warm apply's time; a server just restarted is slower, so the later ones reach past it.
  for (const [round, fraction] of [0.25, 0.75, 1.5, 2.5, 4].entries()) {
    const namespace = `k${round}`;
    let answered = false;
    const request = graphql(server.url, APPLY, { y: manifest(namespace) })
      .then(async (res) => {
        answered = res.status === 200 && !((await res.json()) as { errors?: unknown }).errors;
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, Math.round(applyMs * fraction)));
    await stop(server.child, 'SIGKILL');
    await request;
    server = await start();
    const count = await stored(server.url, namespace);
    outcomes.push(`${fraction}: ${count}${answered ? ' (answered)' : ''}`);
    expect([0, DOCUMENTS]).toContain(count);
    if (answered) expect(count).toBe(DOCUMENTS);
  }
  // Earlier applies survived every kill.
  expect(await stored(server.url, 'cal')).toBe(DOCUMENTS);
  expect(outcomes).toHaveLength(5);
}, 240_000);
