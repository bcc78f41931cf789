// The first admin token, so that `npm install && npm start` works without a setup step: when no token
// exists yet, `local-admin` is created with BOOTSTRAP_ADMIN_TOKEN's secret or a random one written to
// a 0600 file next to the embedded database. With PostgreSQL (or PGlite in memory) and no
// BOOTSTRAP_ADMIN_TOKEN nothing is created, and the log says how to create one.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { isDomainError } from '../errors/domain-error.js';
import { newTokenSecret } from './token-secret.js';
import type { TokensService } from './tokens.service.js';

export const LOCAL_ADMIN = 'local-admin';

export type LocalAdminOutcome =
  | { created: false; reason: 'tokens exist' | 'nowhere to put the secret' }
  | { created: true; source: 'BOOTSTRAP_ADMIN_TOKEN' }
  | { created: true; source: 'file'; file: string };

export async function ensureLocalAdmin(tokens: TokensService, auth: AppConfig['auth']): Promise<LocalAdminOutcome> {
  if ((await tokens.count()) > 0) return { created: false, reason: 'tokens exist' };
  try {
    if (auth.bootstrapAdminToken) {
      await tokens.create({ name: LOCAL_ADMIN, role: 'admin' }, auth.bootstrapAdminToken);
      return { created: true, source: 'BOOTSTRAP_ADMIN_TOKEN' };
    }
    if (!auth.adminTokenFile) return { created: false, reason: 'nowhere to put the secret' };
    // The file first: a token whose secret could not be saved would lock everyone out.
    const secret = newTokenSecret();
    mkdirSync(dirname(auth.adminTokenFile), { recursive: true });
    writeFileSync(auth.adminTokenFile, `${secret}\n`, { mode: 0o600 });
    chmodSync(auth.adminTokenFile, 0o600); // `mode` only applies when the file is new
    await tokens.create({ name: LOCAL_ADMIN, role: 'admin' }, secret);
    return { created: true, source: 'file', file: auth.adminTokenFile };
  } catch (err) {
    // Another replica on the same PostgreSQL created it first.
    if (isDomainError(err, 'CONFLICT')) return { created: false, reason: 'tokens exist' };
    throw err;
  }
}
