// Set-up for the dashboard's browser tests: Debian's Chromium (never a browser download by a test
// tool). Installs the `chromium` package when neither CHROMIUM_PATH nor /usr/bin/chromium exists, as
// root or through sudo, and says what it did. Used by the test command and runnable on its own.
import { pathToFileURL } from 'node:url';
import { ensureProgram, runEnsure } from './debian-package.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The Chromium the browser tests use; installs Debian's package first when it is missing. */
export function ensureChromium({ env = process.env, log, run, packagePath = DEFAULT_CHROMIUM, isRoot, now, sleep } = {}) {
  return ensureProgram({ variable: 'CHROMIUM_PATH', pkg: 'chromium', purpose: "for the dashboard's browser tests", packagePath, env, log, run, isRoot, now, sleep });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runEnsure('ensure-chromium', ensureChromium);
