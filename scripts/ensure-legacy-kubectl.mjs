// Set-up for the client-compatibility test: Debian's kubernetes-client (kubectl 1.20, which speaks legacy
// discovery and reads OpenAPI v2 as protobuf) unpacked under .data/tools, without installing it: the
// machine's own kubectl stays the one the other tests use. `apt-get download` needs no root and no dpkg
// lock; stale package lists are refreshed once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runEnsure } from './debian-package.mjs';

const ROOT = join(import.meta.dirname, '..');
export const LEGACY_KUBECTL_DIR = join(ROOT, '.data', 'tools', 'kubernetes-client');
export const LEGACY_KUBECTL = join(LEGACY_KUBECTL_DIR, 'usr', 'bin', 'kubectl');

export function ensureLegacyKubectl({ log = (line) => process.stderr.write(`${line}\n`), run = spawnSync } = {}) {
  if (existsSync(LEGACY_KUBECTL)) return { path: LEGACY_KUBECTL, installed: false };
  log(`[test] ${LEGACY_KUBECTL} is missing: unpacking Debian's kubernetes-client (kubectl 1.20) for the client-compatibility test`);
  const downloads = join(LEGACY_KUBECTL_DIR, '..', 'downloads');
  rmSync(downloads, { recursive: true, force: true });
  mkdirSync(downloads, { recursive: true });
  const apt = (...args) => run('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { cwd: downloads, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  if (!apt('download', 'kubernetes-client') && !(apt('update') && apt('download', 'kubernetes-client'))) {
    throw new Error('could not download Debian\'s kubernetes-client (apt-get download kubernetes-client failed)');
  }
  const deb = readdirSync(downloads).find((f) => f.startsWith('kubernetes-client_') && f.endsWith('.deb'));
  if (!deb || run('dpkg', ['-x', join(downloads, deb), LEGACY_KUBECTL_DIR], { stdio: 'inherit' }).status !== 0 || !existsSync(LEGACY_KUBECTL)) {
    throw new Error(`could not unpack Debian's kubernetes-client into ${LEGACY_KUBECTL_DIR}`);
  }
  rmSync(downloads, { recursive: true, force: true });
  return { path: LEGACY_KUBECTL, installed: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runEnsure('ensure-legacy-kubectl', ensureLegacyKubectl, 'unpacked');
