// Opens Coxswain's database: embedded PGlite (a directory, or in memory) by default, PostgreSQL when a
// URL is given. Pending migrations are applied before the Prisma client is handed out.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import { applyMigrations, readMigrations, type SqlSession } from './migrator.js';
import { lockDataDir } from './pglite-lock.js';

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | 'memory' };

export class Database {
  private constructor(
    readonly prisma: PrismaClient,
    readonly target: DatabaseTarget,
    readonly appliedMigrations: string[],
    private readonly release: () => Promise<void>,
  ) {}

  static async open(target: DatabaseTarget, migrationsDir: string): Promise<Database> {
    const migrations = readMigrations(migrationsDir);
    if (target.kind === 'postgres') {
      const applied = await withPgSession(target.url, (s) => applyMigrations(s, migrations));
      const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: target.url }) });
      await prisma.$connect();
      return new Database(prisma, target, applied, () => prisma.$disconnect());
    }
    let unlock = () => {};
    if (target.dataDir !== 'memory') {
      mkdirSync(target.dataDir, { recursive: true });
      unlock = lockDataDir(target.dataDir);
    }
    try {
      const db = await PGlite.create(target.dataDir === 'memory' ? {} : { dataDir: target.dataDir });
      const applied = await applyMigrations(pgliteSession(db), migrations);
      const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
      return new Database(prisma, target, applied, async () => {
        await prisma.$disconnect();
        await db.close();
        unlock();
      });
    } catch (err) {
      unlock();
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.release();
  }
}

function pgliteSession(db: PGlite): SqlSession {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    exec: async (script) => void (await db.exec(script)),
    transaction: async (fn) =>
      void (await db.transaction(async (tx) => {
        await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (script) => void (await tx.exec(script)),
        });
      })),
  };
}

/** Runs `fn` on one PostgreSQL connection holding an advisory lock, so concurrent starts migrate once. */
async function withPgSession<T>(url: string, fn: (s: SqlSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const session: SqlSession = {
    query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as R[],
    exec: async (script) => void (await client.query(script)),
    transaction: async (body) => {
      await client.query('BEGIN');
      try {
        await body(session);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
  };
  try {
    await client.query('SELECT pg_advisory_lock(7261536)');
    return await fn(session);
  } finally {
    await client.end();
  }
}
