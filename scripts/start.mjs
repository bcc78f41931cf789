#!/usr/bin/env node
// The README's start command: builds the API and the dashboard through Nx, then runs both. The API
// (with its embedded cluster, seeded from SEED_FILE) listens on PORT (3000), the dashboard on
// DASHBOARD_PORT (4200) and talks to the API at API_URL. Output is prefixed per process; SIGINT and
// SIGTERM are passed on; when either process exits, the other is stopped and start exits too.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO, REST_MS, runDemoRollout } from './demo-rollout.mjs';

const root = join(import.meta.dirname, '..');
const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NEXT_TELEMETRY_DISABLED: '1', ...process.env };
const apiHost = env.HOST || '127.0.0.1';
const apiPort = env.PORT || '3000';
const dashboardHost = env.DASHBOARD_HOST || '127.0.0.1';
const dashboardPort = env.DASHBOARD_PORT || '4200';
// The Kubernetes API (kubectl) listens on the API's interface too; `off` or 0 needs no free port.
const kubePort = env.KUBE_API_PORT || '3443';
const browserHost = (host) => (host === '0.0.0.0' ? '127.0.0.1' : host);
const apiUrl = env.API_URL || `http://${browserHost(apiHost)}:${apiPort}`;

// A second `npm start` (or anything else) on our ports would fail only after the build, with EADDRINUSE
// from deep inside a server: check first and say which port is taken and how to choose another.
async function portTaken(host, port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err) => resolve(err.code === 'EADDRINUSE' || err.code === 'EACCES'));
    probe.listen(Number(port), host, () => probe.close(() => resolve(false)));
  });
}
const ports = [['API', apiHost, apiPort, 'PORT'], ['dashboard', dashboardHost, dashboardPort, 'DASHBOARD_PORT']];
if (kubePort !== 'off' && kubePort !== '0') ports.push(['Kubernetes API', apiHost, kubePort, 'KUBE_API_PORT', ' (or KUBE_API_PORT=off to serve none)']);
for (const [what, host, port, variable, hint = ''] of ports) {
  if (await portTaken(host, port)) {
    process.stderr.write(`[start] port ${port} (${host}) for the ${what} is already in use (another \`npm start\`?); stop it, or choose another port with ${variable}=...${hint}\n`);
    process.exit(1);
  }
}

const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', '@coxswain/api', '@coxswain/dashboard', '--output-style=stream'], {
  cwd: root, env, stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const children = new Map();
let stopping = false;

function prefixed(name, stream, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
}

function run(name, args, cwd, extraEnv) {
  const child = spawn(process.execPath, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixed(name, child.stdout, process.stdout);
  prefixed(name, child.stderr, process.stderr);
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      process.stderr.write(`[start] ${name} exited (${signal ?? `code ${code}`}); stopping the rest\n`);
      stopAll(signal ? 1 : code ?? 1);
    } else if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

let exitCode = 0;
const demoStop = new AbortController();
function stopAll(code, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  demoStop.abort();
  exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill(signal);
  // A process that ignores the signal does not keep start alive forever.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000).unref();
}

process.on('SIGINT', () => stopAll(0, 'SIGINT'));
process.on('SIGTERM', () => stopAll(0, 'SIGTERM'));
// `npm start` does not pass a SIGTERM sent to npm on to this script: when our parent goes away, stop too
// rather than leave the API and the dashboard running as orphans.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopAll(0);
}, 1000).unref();

// A new embedded cluster is seeded from the demo file: then the demo's CloneSet keeps rolling (demo-rollout.mjs).
const pglite = env.PGLITE_DIR || '.data/pglite';
const demoRollout = env.DEMO_ROLLOUT !== 'off' && !env.SEED_FILE && !env.DATABASE_URL && (env.CLUSTER ?? 'embedded') === 'embedded'
  && (pglite === 'memory' || !existsSync(join(resolve(root, pglite), 'PG_VERSION')));

const dashboardUrl = `http://${browserHost(dashboardHost)}:${dashboardPort}`;
run('api', [join(root, 'apps/api/dist/main.js')], root, {
  SEED_FILE: env.SEED_FILE ?? 'apps/api/demo/workloads.yaml',
  PORT: apiPort,
  HOST: apiHost,
  // The browser calls the API from the dashboard's origin; the API refuses every other (CORS).
  DASHBOARD_ORIGIN: env.DASHBOARD_ORIGIN ?? `${dashboardUrl},http://localhost:${dashboardPort}`,
});
run('dashboard', [join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', dashboardPort, '--hostname', dashboardHost], join(root, 'apps/dashboard'), {
  API_URL: apiUrl,
  // next start would read PORT (the API's) when no --port is given; keep it out of its way.
  PORT: dashboardPort,
});

// Once both answer, say where to go and which token signs in.
async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
for (let i = 0; i < 600 && !stopping; i++) {
  if ((await answers(`${apiUrl}/readyz`)) && (await answers(dashboardUrl))) {
    const tokenFile = env.DATABASE_URL || pglite === 'memory' ? null : join(resolve(root, pglite), 'admin-token');
    const signIn = tokenFile && existsSync(tokenFile)
      ? `sign in with the local-admin token in ${tokenFile}`
      : 'sign in with an API token (set BOOTSTRAP_ADMIN_TOKEN, or `npm run token -- create --name admin --role admin`)';
    process.stdout.write(`[start] dashboard ${dashboardUrl} (${signIn}); API ${apiUrl}/graphql\n`);
    const token = env.BOOTSTRAP_ADMIN_TOKEN || (tokenFile && existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : undefined);
    if (demoRollout && token) {
      const say = (line) => process.stdout.write(`[demo] ${line}\n`);
      say(`${DEMO.namespace}/${DEMO.name} rolls to another image each time it has finished and rested ${REST_MS / 1000} s (DEMO_ROLLOUT=off to stop)`);
      void runDemoRollout({ apiUrl, token, log: say, signal: demoStop.signal }).then((why) => why !== 'stopped' && say(`no longer rolled: ${why}`));
    }
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
