// Set-up for the tests that drive the Kubernetes API with kubectl: a kubectl found as
// docs/kubernetes-api.md §1 says ($KUBECTL, the cloud SDK's builds, `kubectl` on PATH), else
// Debian's kubernetes-client package installed as root or through sudo. Used by the test command and
// runnable on its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage, runEnsure } from './debian-package.mjs';

export const SDK_BIN = '/usr/lib/google-cloud-sdk/bin';
export const DEBIAN_KUBECTL = '/usr/bin/kubectl';

/** A kubectl already on the machine, or undefined. */
export function existingKubectl({ env = process.env, sdkBin = SDK_BIN, run = spawnSync } = {}) {
  if (env.KUBECTL) {
    if (!existsSync(env.KUBECTL)) throw new Error(`KUBECTL=${env.KUBECTL} does not exist`);
    return env.KUBECTL;
  }
  const builds = existsSync(sdkBin) ? readdirSync(sdkBin).filter((f) => /^kubectl\.1\.\d+$/.test(f)) : [];
  if (builds.length > 0) return join(sdkBin, builds.sort((a, b) => Number(b.split('.')[2]) - Number(a.split('.')[2]))[0]);
  const onPath = run('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8', env });
  return onPath.status === 0 && String(onPath.stdout).trim() ? String(onPath.stdout).trim() : undefined;
}

/** The kubectl the tests use; installs Debian's kubernetes-client first when there is none. */
export function ensureKubectl({ env = process.env, log, run, sdkBin = SDK_BIN, packagePath = DEBIAN_KUBECTL, isRoot, now, sleep } = {}) {
  const found = existingKubectl({ env, sdkBin, run });
  if (found) return { path: found, installed: false };
  return ensureDebianPackage({ pkg: 'kubernetes-client', path: packagePath, purpose: 'for the kubectl tests', env, log, run, isRoot, now, sleep });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runEnsure('ensure-kubectl', ensureKubectl);
