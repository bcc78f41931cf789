// The first admin token, so that `npm install && npm start` works without a setup step: when no token
// exists yet, `local-admin` is created with BOOTSTRAP_ADMIN_TOKEN's secret or a random one written to
// a 0600 file inside the embedded database's directory. With PostgreSQL (or PGlite in memory) and no
// BOOTSTRAP_ADMIN_TOKEN nothing is created, and the log says how to create one.
//
// The file is created, never overwritten, and never followed through a symlink: it is opened with
// O_CREAT | O_EXCL | O_NOFOLLOW. A regular file already there (a start that stopped between writing it
// and creating the token) is read back and its secret used; anything else there is refused.
import { closeSync, constants, lstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { AppConfig } from '../config/config.js';
import { isDomainError } from '../errors/domain-error.js';
import { newTokenSecret } from './token-secret.js';
import type { TokensService } from './tokens.service.js';

export const LOCAL_ADMIN = 'local-admin';

export type LocalAdminOutcome =
  | { created: false; reason: 'tokens exist' | 'nowhere to put the secret' }
  | { created: false; reason: 'unsafe token file'; file: string; problem: string }
  | { created: true; source: 'BOOTSTRAP_ADMIN_TOKEN' }
  | { created: true; source: 'file'; file: string };

const SECRET = /^cxs_[A-Za-z0-9_-]{43}$/;

export async function ensureLocalAdmin(tokens: TokensService, auth: AppConfig['auth']): Promise<LocalAdminOutcome> {
  if ((await tokens.count()) > 0) return { created: false, reason: 'tokens exist' };
  try {
    if (auth.bootstrapAdminToken) {
      await tokens.create({ name: LOCAL_ADMIN, role: 'admin' }, auth.bootstrapAdminToken);
      return { created: true, source: 'BOOTSTRAP_ADMIN_TOKEN' };
    }
    if (!auth.adminTokenFile) return { created: false, reason: 'nowhere to put the secret' };
    // The file first: a token whose secret could not be saved would lock everyone out.
    const secret = writeSecretFile(auth.adminTokenFile);
    if (typeof secret !== 'string') return { created: false, reason: 'unsafe token file', file: auth.adminTokenFile, problem: secret.problem };
    await tokens.create({ name: LOCAL_ADMIN, role: 'admin' }, secret);
    return { created: true, source: 'file', file: auth.adminTokenFile };
  } catch (err) {
    // Another replica on the same PostgreSQL created it first.
    if (isDomainError(err, 'CONFLICT')) return { created: false, reason: 'tokens exist' };
    throw err;
  }
}

/** The secret now in `file`: a new one written to a new file, or the one a previous start left there. */
function writeSecretFile(file: string): string | { problem: string } {
  const secret = newTokenSecret();
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return existingSecret(file);
  }
  try {
    writeSync(fd, `${secret}\n`);
  } finally {
    closeSync(fd);
  }
  return secret;
}

function existingSecret(file: string): string | { problem: string } {
  const stat = lstatSync(file);
  if (stat.isSymbolicLink()) return { problem: 'it is a symbolic link; Coxswain writes its secret only to a file of its own' };
  if (!stat.isFile()) return { problem: 'it exists and is not a regular file' };
  if ((stat.mode & 0o077) !== 0) return { problem: 'it is readable by others than its owner (expected mode 0600)' };
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  let secret: string;
  try {
    secret = readFileSync(fd, 'utf8').trim();
  } finally {
    closeSync(fd);
  }
  if (!SECRET.test(secret)) return { problem: 'it exists and does not hold a secret Coxswain wrote; it is never overwritten' };
  return secret;
}
