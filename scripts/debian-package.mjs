// Installs a Debian package the test command needs when its binary is missing (never a download by a
// test tool): apt-get as root, or through sudo -n otherwise, retried after `apt-get update` when the
// package lists are stale. Shared by the ensure-*.mjs scripts, with the program-or-package rule and the
// command-line form they have in common.
//
// Another apt-get or dpkg may hold the package locks (an engineer installing something, or a parallel
// test run installing the same package): apt-get waits for the dpkg lock itself (DPkg::Lock::Timeout),
// but `apt-get update` fails at once on the lists lock, so it is retried until the same bound passes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** How long to wait for another apt-get or dpkg to release the package locks. */
export const APT_LOCK_WAIT_SECONDS = 300;
/** apt's words for a lock held by another process (apt 2.6). */
const LOCKED = /Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock directory/;

function sleepMs(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * `path` when it exists; otherwise installs `pkg` and returns `path` (which the package must provide).
 * `env`, `log`, `run` (spawnSync's shape), `isRoot`, `now` and `sleep` are the machine, replaceable in tests.
 */
export function ensureDebianPackage({
  pkg,
  path,
  purpose,
  env = process.env,
  log = (line) => process.stderr.write(`${line}\n`),
  run = spawnSync,
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
  lockWaitSeconds = APT_LOCK_WAIT_SECONDS,
  now = Date.now,
  sleep = sleepMs,
}) {
  if (existsSync(path)) return { path, installed: false };
  log(`[test] ${path} is missing: installing Debian's ${pkg} ${purpose}`);
  const asRoot = isRoot ? [] : ['sudo', '-n'];
  const deadline = now() + lockWaitSeconds * 1000;
  let locked = false;
  const apt = (...args) => {
    // One bound for the whole installation: each apt-get may wait only for what is left of it.
    const wait = Math.max(1, Math.ceil((deadline - now()) / 1000));
    const [cmd, ...rest] = [...asRoot, 'apt-get', '-o', `DPkg::Lock::Timeout=${wait}`, ...args];
    const result = run(cmd, rest, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    const stderr = String(result.stderr ?? '').trimEnd();
    if (stderr) log(stderr);
    locked = LOCKED.test(stderr);
    return result.status === 0;
  };
  const update = () => {
    for (;;) {
      if (apt('update')) return true;
      if (!locked || now() >= deadline) return false;
      log(`[test] another apt-get or dpkg holds the package lists; waiting for it (at most ${lockWaitSeconds} s in all)`);
      sleep(2000);
    }
  };
  // An install that waited out the lock is not retried: the bound is spent.
  if (!apt('install', '-y', pkg) && (locked || !(update() && apt('install', '-y', pkg)))) {
    const command = `apt-get install -y ${pkg}${asRoot.length ? ' through sudo' : ''}`;
    if (locked) throw new Error(`could not install Debian's ${pkg}: another apt-get or dpkg held the package lock for more than ${lockWaitSeconds} s (${command}); try again when it is done`);
    throw new Error(`could not install Debian's ${pkg} (${command} failed)`);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed ${pkg} but ${path} is still missing`);
  return { path, installed: true };
}

/**
 * The program a test needs: the one `env[variable]` names when it is set (a user's choice is never
 * replaced by another; it must exist), else Debian's `pkg` at `packagePath`, installed when missing.
 * The other options are ensureDebianPackage's machine.
 */
export function ensureProgram({ variable, pkg, purpose, packagePath, env = process.env, log, run, isRoot, now, sleep }) {
  if (env[variable]) {
    if (!existsSync(env[variable])) throw new Error(`${variable}=${env[variable]} does not exist`);
    return { path: env[variable], installed: false };
  }
  try {
    return ensureDebianPackage({ pkg, path: packagePath, purpose, env, log, run, isRoot, now, sleep });
  } catch (err) {
    throw new Error(`${err.message}; install it or set ${variable}`);
  }
}

/** An ensure-*.mjs script run on its own: says what it found or `done` (installed), or `name: why` and exits 1. */
export function runEnsure(name, ensure, done = 'installed') {
  try {
    const { path, installed } = ensure();
    console.log(installed ? `${done} ${path}` : `${path} is present`);
  } catch (err) {
    console.error(`${name}: ${err.message}`);
    process.exit(1);
  }
}
