// Opens Coxswain's database: embedded PGlite (a directory, or in memory) by default, PostgreSQL when a
// URL is given. Pending migrations are applied before the Prisma client is handed out. PGlite runs in a
// worker thread of its own (pglite-worker.ts); other threads reach it through `connect()`. Besides the
// Prisma client, `sql` is its driver adapter itself, for the few statements that pass plain SQL text
// (the cluster's persistence, sql-store-persistence.ts); the two share one connection pool.
import { mkdirSync } from 'node:fs';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { RpcClient } from '@coxswain/cluster';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import type { LogLevel } from '../config/config.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { collectionTurn } from '../memory/idle-collector.js';
import { compiledEntry } from './compiled-entry.js';
import { applyMigrations, readMigrations, type SqlSession } from './migrator.js';
import { lockDataDir } from './pglite-lock.js';
import type { PgliteWorkerData } from './pglite-worker.js';
import { RemoteSqlAdapterFactory } from './remote-sql-adapter.js';
import type { PgliteFailed, PgliteReady } from './sql-wire.js';

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | 'memory' };

/** How another thread reaches the same database: a URL, or a port to the PGlite worker (to transfer). */
export type DatabaseConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; port: MessagePort };

export class Database {
  private constructor(
    readonly prisma: PrismaClient,
    readonly sql: SqlDriverAdapter,
    readonly target: DatabaseTarget,
    readonly appliedMigrations: string[],
    private readonly release: () => Promise<void>,
    private readonly worker?: Worker,
    /** The PGlite worker's thread (threads/thread-cpu.ts); undefined with PostgreSQL. */
    readonly threadId?: number,
  ) {}

  static async open(target: DatabaseTarget, migrationsDir: string, { logLevel = 'warn' }: { logLevel?: LogLevel } = {}): Promise<Database> {
    if (target.kind === 'postgres') {
      const migrations = readMigrations(migrationsDir);
      const applied = await withPgSession(target.url, (s) => applyMigrations(s, migrations));
      const sql = await new PrismaPg({ connectionString: target.url }).connect();
      const prisma = new PrismaClient({ adapter: connected(sql) });
      await prisma.$connect();
      return new Database(prisma, sql, target, applied, () => prisma.$disconnect());
    }
    let unlock = () => {};
    if (target.dataDir !== 'memory') {
      mkdirSync(target.dataDir, { recursive: true });
      unlock = lockDataDir(target.dataDir);
    }
    try {
      const { worker, appliedMigrations, threadId } = await startPgliteWorker({ dataDir: target.dataDir, migrationsDir, logLevel, collectionTurn: collectionTurn() });
      const rpc = new RpcClient(worker);
      worker.once('exit', (code) => rpc.close(`the PGlite worker exited (code ${code})`));
      const sql = await new RemoteSqlAdapterFactory(rpc).connect();
      const prisma = new PrismaClient({ adapter: connected(sql) });
      return new Database(prisma, sql, target, appliedMigrations, async () => {
        await prisma.$disconnect();
        await stopPgliteWorker(worker);
        rpc.close('the database is closed');
        unlock();
      }, worker, threadId);
    } catch (err) {
      unlock();
      throw err;
    }
  }

  /** A connection for another thread; a PGlite port must be passed in that thread's transfer list. */
  connect(): DatabaseConnection {
    if (this.target.kind === 'postgres') return { kind: 'postgres', url: this.target.url };
    const { port1, port2 } = new MessageChannel();
    this.worker!.postMessage({ kind: 'connect', port: port2 }, [port2]);
    return { kind: 'pglite', port: port1 };
  }

  async close(): Promise<void> {
    await this.release();
  }
}

/** Plain SQL over a connection made by `Database.connect()` in another thread; `dispose()` closes it. */
export function sqlOver(connection: DatabaseConnection): Promise<SqlDriverAdapter> {
  if (connection.kind === 'postgres') return new PrismaPg({ connectionString: connection.url }).connect();
  return new RemoteSqlAdapterFactory(new RpcClient(connection.port)).connect();
}

/** A factory handing Prisma an adapter already connected, so the client and `Database.sql` share it. */
function connected(adapter: SqlDriverAdapter): SqlDriverAdapterFactory {
  return { provider: adapter.provider, adapterName: adapter.adapterName, connect: async () => adapter };
}

async function startPgliteWorker(data: PgliteWorkerData): Promise<{ worker: Worker; appliedMigrations: string[]; threadId: number | undefined }> {
  const worker = new Worker(compiledEntry('./pglite-worker.js', import.meta.url), { workerData: data });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the PGlite worker exited during start (code ${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (message: PgliteReady | PgliteFailed) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (message.kind === 'ready') resolve({ worker, appliedMigrations: message.appliedMigrations, threadId: message.threadId });
      else {
        void worker.terminate();
        reject(new Error(message.message));
      }
    });
  });
}

/** Lets the worker roll back and close PGlite (flushing the directory), then waits for it to end. */
async function stopPgliteWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ kind: 'close' });
  const timeout = setTimeout(() => void worker.terminate(), 10_000);
  await exited;
  clearTimeout(timeout);
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
