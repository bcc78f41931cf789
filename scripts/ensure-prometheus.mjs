// Set-up for the analysis end-to-end test (docs/analysis.md): Debian's Prometheus, a real server that
// scrapes the embedded cluster's pod metrics. Installs the `prometheus` package when neither
// PROMETHEUS_PATH nor /usr/bin/prometheus exists, as root or through sudo, and says what it did. Used
// by the test command and runnable on its own.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './debian-package.mjs';

export const DEFAULT_PROMETHEUS = '/usr/bin/prometheus';

/** The Prometheus the analysis test runs; installs Debian's package first when it is missing. */
export function ensurePrometheus({ env = process.env, log, run, packagePath = DEFAULT_PROMETHEUS, isRoot, now, sleep } = {}) {
  if (env.PROMETHEUS_PATH) {
    // A Prometheus of the user's choosing is never replaced by another.
    if (!existsSync(env.PROMETHEUS_PATH)) throw new Error(`PROMETHEUS_PATH=${env.PROMETHEUS_PATH} does not exist`);
    return { path: env.PROMETHEUS_PATH, installed: false };
  }
  try {
    return ensureDebianPackage({ pkg: 'prometheus', path: packagePath, purpose: 'for the analysis end-to-end test', env, log, run, isRoot, now, sleep });
  } catch (err) {
    throw new Error(`${err.message}; install it or set PROMETHEUS_PATH`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { path, installed } = ensurePrometheus();
    console.log(installed ? `installed ${path}` : `${path} is present`);
  } catch (err) {
    console.error(`ensure-prometheus: ${err.message}`);
    process.exit(1);
  }
}
