// The token command: create, list and revoke API tokens straight in the database, for the first admin
// token of a PostgreSQL deployment and for scripts. `npm run token -- create --name ci --role operator`.
// A created token's secret is printed once, alone on stdout (messages go to stderr), so
// `SECRET=$(npm run -s token -- create ...)` works. Every change is written to the audit log as
// `cli:<os user>`.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { RealClock } from '@coxswain/cluster';
import { AuditTrail, type AuditDraft } from '../audit/audit-trail.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { TokensRepository } from '../auth/tokens.repository.js';
import { TokensService } from '../auth/tokens.service.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { DomainError, isDomainError } from '../errors/domain-error.js';
import { publicMessage } from '../errors/known-errors.js';
import { Database } from '../persistence/database.js';
import { DataDirInUseError } from '../persistence/pglite-lock.js';
import { DEFAULT_MIGRATIONS_DIR } from '../runtime.js';

const USAGE = `usage:
  token create --name <name> --role <viewer|operator|hook-acker|rollout-approver|admin> [--namespaces a,b]
  token list
  token revoke --name <name>
The database is the server's: DATABASE_URL, or PGLITE_DIR (default .data/pglite; stop the server first,
PGlite allows one process).`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseCommandLine(argv);
  const [command, ...rest] = positionals;
  if (values.help || !command) throw new UsageError('');
  if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest.join(' ')}`);
  if (!['create', 'list', 'revoke'].includes(command)) throw new UsageError(`unknown command: ${command}`);
  if (command === 'create' && (!values.name || !values.role)) throw new UsageError('create needs --name and --role');
  if (command === 'revoke' && !values.name) throw new UsageError('revoke needs --name');

  const config = loadConfig();
  if (!config.databaseUrl && config.pgliteDir === 'memory') throw new UsageError('PGLITE_DIR=memory holds no tokens to manage');
  const database = await Database.open(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.pgliteDir },
    process.env.MIGRATIONS_DIR ?? DEFAULT_MIGRATIONS_DIR,
  );
  try {
    const clock = new RealClock();
    const trail = new AuditTrail();
    const tokens = new TokensService(new TokensRepository(database.prisma), clock, trail, { config });
    const audit = new AuditService(new AuditRepository(database.prisma), clock);
    const audited = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
      const draft: AuditDraft = { changes: [], target: { kind: 'ApiToken', namespace: null, name: values.name ?? null }, idempotencyKey: null, message: null };
      const request = { action, requestId: `cli-${randomUUID()}`, principal: { tokenId: 'cli', name: `cli:${userInfo().username}`, role: 'admin' as const, namespaces: [] } };
      try {
        const result = await trail.run(draft, run);
        await audit.record(request, draft, { result: 'ok' });
        return result;
      } catch (err) {
        await audit.record(request, draft, { result: isDomainError(err) ? err.code : 'INTERNAL_SERVER_ERROR', message: publicMessage(err) });
        throw err;
      }
    };

    switch (command) {
      case 'create': {
        const namespaces = values.namespaces ? values.namespaces.split(',').map((n) => n.trim()).filter(Boolean) : [];
        const created = await audited('createToken', () => tokens.create({ name: values.name!, role: values.role!, namespaces }));
        process.stderr.write(`created token ${created.name} (role ${created.role}${created.namespaces.length ? `, namespaces ${created.namespaces.join(',')}` : ''}); its secret, shown once:\n`);
        process.stdout.write(`${created.secret}\n`);
        return 0;
      }
      case 'list': {
        const rows = await tokens.list();
        const lines = rows.map((t) => [t.name, t.role, t.namespaces.join(',') || '*', t.createdAt.toISOString(), t.lastUsedAt?.toISOString() ?? '-', t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active']);
        process.stdout.write(table([['NAME', 'ROLE', 'NAMESPACES', 'CREATED', 'LAST USED', 'STATUS'], ...lines]));
        return 0;
      }
      case 'revoke': {
        const revoked = await audited('revokeToken', () => tokens.revoke(values.name!));
        process.stderr.write(revoked ? `revoked token ${values.name}\n` : `token ${values.name} was already revoked\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } finally {
    await database.close();
  }
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: 'string' }, role: { type: 'string' }, namespaces: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message ? `token: ${err.message}\n` : ''}${USAGE}\n`);
      process.exit(2);
    }
    const known = err instanceof DomainError || err instanceof ConfigError || err instanceof DataDirInUseError;
    process.stderr.write(`token: ${known ? (err as Error).message : String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  },
);
