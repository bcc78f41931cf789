// A server started as a child process by a test support or a benchmark: its output kept (the last 100 to
// 200 KB, for the failure message), ready once a URL answers 2xx, failing with that output when it exits
// first; stopped with SIGTERM (SIGKILL 5 s later). Shared by the CLI's and the dashboard's test supports.
import { spawn } from 'node:child_process';

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

/** @param {import('node:child_process').ChildProcess} child */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
