// Applies prisma/migrations/*/migration.sql at startup, on PGlite and on PostgreSQL alike, recording
// them in Prisma's own `_prisma_migrations` table (same shape and sha256 checksum as `prisma migrate
// deploy`), so either tool sees the same history. Runs without Prisma's native schema engine.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The two operations the migrator needs from a raw SQL connection. */
export interface SqlSession {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction: all of it or none of it. */
  transaction(fn: (tx: Pick<SqlSession, 'query' | 'exec'>) => Promise<void>): Promise<void>;
  /** Runs a multi-statement script. */
  exec(script: string): Promise<void>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  constructor(readonly migration: string, cause: unknown) {
    super(`migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) throw new Error(`migrations directory not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Applies every migration not yet recorded as finished; returns the names applied now. */
export async function applyMigrations(session: SqlSession, migrations: readonly Migration[]): Promise<string[]> {
  await session.exec(HISTORY_TABLE);
  const rows = await session.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  const done: string[] = [];
  for (const m of migrations) {
    const recorded = applied.get(m.name);
    if (recorded !== undefined) {
      if (recorded !== m.checksum) {
        throw new MigrationError(m.name, 'was modified after it was applied (checksum differs); add a new migration instead');
      }
      continue;
    }
    try {
      await session.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
      });
    } catch (err) {
      throw new MigrationError(m.name, err);
    }
    done.push(m.name);
  }
  return done;
}
