// Installs a Debian package the test command needs when its binary is missing (never a download by a
// test tool): apt-get as root, or through sudo -n otherwise, retried after `apt-get update` when the
// package lists are stale. Shared by ensure-chromium.mjs and ensure-kubectl.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `path` when it exists; otherwise installs `pkg` and returns `path` (which the package must provide).
 * `env`, `log`, `run` (spawnSync's shape) and `isRoot` are the machine, replaceable in tests.
 */
export function ensureDebianPackage({
  pkg,
  path,
  purpose,
  env = process.env,
  log = (line) => process.stderr.write(`${line}\n`),
  run = spawnSync,
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
}) {
  if (existsSync(path)) return { path, installed: false };
  log(`[test] ${path} is missing: installing Debian's ${pkg} ${purpose}`);
  const asRoot = isRoot ? [] : ['sudo', '-n'];
  const apt = (...args) => {
    const [cmd, ...rest] = [...asRoot, 'apt-get', ...args];
    return run(cmd, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  };
  if (!apt('install', '-y', pkg) && !(apt('update') && apt('install', '-y', pkg))) {
    throw new Error(`could not install Debian's ${pkg} (apt-get install -y ${pkg}${asRoot.length ? ' through sudo' : ''} failed)`);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed ${pkg} but ${path} is still missing`);
  return { path, installed: true };
}
