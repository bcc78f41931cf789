// Set-up for the analysis end-to-end test (docs/analysis.md): Debian's Prometheus, a real server that
// scrapes the embedded cluster's pod metrics. Installs the `prometheus` package when neither
// PROMETHEUS_PATH nor /usr/bin/prometheus exists, as root or through sudo, and says what it did. Used
// by the test command and runnable on its own.
import { pathToFileURL } from 'node:url';
import { ensureProgram, runEnsure } from './debian-package.mjs';

export const DEFAULT_PROMETHEUS = '/usr/bin/prometheus';

/** The Prometheus the analysis test runs; installs Debian's package first when it is missing. */
export function ensurePrometheus({ env = process.env, log, run, packagePath = DEFAULT_PROMETHEUS, isRoot, now, sleep } = {}) {
  return ensureProgram({ variable: 'PROMETHEUS_PATH', pkg: 'prometheus', purpose: 'for the analysis end-to-end test', packagePath, env, log, run, isRoot, now, sleep });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runEnsure('ensure-prometheus', ensurePrometheus);
