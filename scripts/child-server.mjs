// A server started as a child process by a test support or a benchmark: its output kept (the last 100 to
// 200 KB, for the failure message), ready once a URL answers 2xx, failing with that output when it exits
// first; stopped with SIGTERM (SIGKILL 5 s later). Shared by the CLI's and the dashboard's test supports,
// which both start the built API (startBuiltApi).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/**
 * @param {{ what: string, command: string, args: string[], cwd: string, env: Record<string, string>, readyUrl: string, timeoutMs?: number }} options
 *   `what` names the server in errors; `env` is added to this process's; without `timeoutMs` it waits for
 *   readiness until the caller's own timeout (a Jest hook's) gives up.
 * @returns {Promise<{ log: () => string, close: () => Promise<void> }>}
 */
export async function startChildServer({ what, command, args, cwd, env, readyUrl, timeoutMs }) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('error', (err) => keep(Buffer.from(`${what}: ${err.message}\n`)));
  const log = () => out;
  const close = () => stop(child);
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${out.slice(-3000)}`);
    }
    try {
      if ((await fetch(readyUrl)).ok) return { log, close };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  throw new Error(`${what} did not answer ${readyUrl} within ${timeoutMs} ms:\n${out.slice(-3000)}`);
}

/**
 * The built API (apps/api/dist/main.js below `root`) on a free loopback port, ready when /readyz answers.
 * A missing build is reported, not rebuilt.
 * @param {{ root: string, env: Record<string, string>, timeoutMs?: number }} options `env` goes after PORT and HOST.
 * @returns {Promise<{ url: string, log: () => string, close: () => Promise<void> }>}
 */
export async function startBuiltApi({ root, env, timeoutMs }) {
  const main = join(root, 'apps', 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the API first (npx nx run @coxswain/api:build)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startChildServer({
    what: 'the API', command: process.execPath, args: [main], cwd: root, env: { PORT: String(port), HOST: '127.0.0.1', ...env }, readyUrl: `${url}/readyz`, timeoutMs,
  });
  return { url, ...server };
}

/** @param {import('node:child_process').ChildProcess} child */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
