// Set-up for the dashboard's browser tests: Debian's Chromium (never a browser download by a test
// tool). Installs the `chromium` package when neither CHROMIUM_PATH nor /usr/bin/chromium exists, as
// root or through sudo, and says what it did. Used by the test command and runnable on its own.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './debian-package.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The Chromium the browser tests use; installs Debian's package first when it is missing. */
export function ensureChromium({ env = process.env, log, run, packagePath = DEFAULT_CHROMIUM, isRoot, now, sleep } = {}) {
  if (env.CHROMIUM_PATH) {
    // A Chromium of the user's choosing is never replaced by another.
    if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
    return { path: env.CHROMIUM_PATH, installed: false };
  }
  try {
    return ensureDebianPackage({ pkg: 'chromium', path: packagePath, purpose: "for the dashboard's browser tests", env, log, run, isRoot, now, sleep });
  } catch (err) {
    throw new Error(`${err.message}; install it or set CHROMIUM_PATH`);
  }
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
