// coxswain version: this CLI's version and, unless --client, the server it talks to and as whom.
import { readFileSync } from 'node:fs';
import { UsageError } from '../api/errors.js';
import { MeDocument } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';

/** The version in apps/cli/package.json (next to both src/ and dist/). */
export function cliVersion(): string {
  try {
    return String((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown }).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

export async function version(inv: Invocation, session: Session): Promise<number> {
  if (inv.positionals.length > 0) throw new UsageError('version takes no arguments');
  session.io.out(`Client Version: v${cliVersion()}`);
  if (inv.flags.client === true) return 0;
  const connection = session.connection();
  const me = await session.api().request(MeDocument);
  session.io.out(`Server: ${connection.server} (token ${me.me.name}, role ${me.me.role}${me.me.namespaces.length ? `, namespaces ${me.me.namespaces.join(',')}` : ''})`);
  return 0;
}
