// Set-up for the dashboard's browser tests: Debian's Chromium (never a browser download by a test
// tool). Installs the `chromium` package when neither CHROMIUM_PATH nor /usr/bin/chromium exists, as
// root or through sudo, and says what it did. Used by the test command and runnable on its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The Chromium the browser tests use; installs Debian's package first when it is missing. */
export function ensureChromium({
  env = process.env,
  log = (line) => process.stderr.write(`${line}\n`),
  run = spawnSync,
  packagePath = DEFAULT_CHROMIUM,
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
} = {}) {
  const wanted = env.CHROMIUM_PATH || packagePath;
  if (existsSync(wanted)) return { path: wanted, installed: false };
  if (env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
  log(`[test] ${packagePath} is missing: installing Debian's chromium for the dashboard's browser tests`);
  const asRoot = isRoot ? [] : ['sudo', '-n'];
  const apt = (...args) => {
    const [cmd, ...rest] = [...asRoot, 'apt-get', ...args];
    return run(cmd, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  };
  if (!apt('install', '-y', 'chromium') && !(apt('update') && apt('install', '-y', 'chromium'))) {
    throw new Error(`could not install Debian's chromium (apt-get install -y chromium${asRoot.length ? ' through sudo' : ''} failed); install it or set CHROMIUM_PATH`);
  }
  if (!existsSync(packagePath)) throw new Error(`apt-get installed chromium but ${packagePath} is still missing`);
  return { path: packagePath, installed: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { path, installed } = ensureChromium();
    console.log(installed ? `installed ${path}` : `${path} is present`);
  } catch (err) {
    console.error(`ensure-chromium: ${err.message}`);
    process.exit(1);
  }
}
