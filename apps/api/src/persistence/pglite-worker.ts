// The PGlite worker: embedded PostgreSQL runs its queries synchronously on the thread that calls it, so
// it gets a thread of its own and the API and the cluster never wait on it. It opens the data
// directory (or memory), applies the migrations, then answers Prisma driver-adapter calls from every
// connection it is given: the parent's port, and ports the parent hands over for other threads. A
// transaction belongs to its connection and is rolled back if that connection goes away.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { RpcServer } from '@coxswain/cluster';
import type { SqlDriverAdapter, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { startIdleCollector, type CollectionTurn } from '../memory/idle-collector.js';
import { runAtBackgroundPriority } from '../threads/background-priority.js';
import { ownThreadId } from '../threads/thread-cpu.js';
import { compiledEntry } from './compiled-entry.js';
import type { LogLevel } from '../config/config.js';
import { JsonLogger } from '../logging/json-logger.js';
import { PgliteAutovacuum } from './pglite-autovacuum.js';
import { createDataDir, memoryImage } from './pglite-template.js';
import { applyMigrations, readMigrations, type SqlSession } from './migrator.js';
import type { PgliteFailed, PgliteReady, SqlOutcome } from './sql-wire.js';

export interface PgliteWorkerData {
  dataDir: string | 'memory';
  migrationsDir: string;
  /** The server's LOG_LEVEL, for what the worker logs itself (a failed vacuum). */
  logLevel: LogLevel;
  /** One idle collection at a time across the process's threads. */
  collectionTurn: CollectionTurn | undefined;
}

type Control = { kind: 'connect'; port: MessagePort } | { kind: 'close' };

/**
 * PostgreSQL's buffer pool, in PGlite's WebAssembly memory: resident once touched, never given back.
 * PGlite's default of 128 MB was a tenth of the process with 150,000 pods; at 32 MB the peak fell by
 * about 120 MB, durable writes kept their rate and the 150,000 pods were created no slower (pages the
 * pool misses come from the system's page cache, or the heap for an in-memory database).
 */
const PGLITE_SHARED_BUFFERS = '32MB';
/**
 * Write-ahead log kept between checkpoints. PostgreSQL's default of 1 GB let the directory of a
 * 10,000-pod cluster hold about 400 MB of log beside its tables; at 64 MB a checkpoint comes sooner
 * (its writes are the buffer pool's 32 MB at most) and old segments are reused instead of new ones
 * created. Writes were no slower in alternating runs.
 */
const PGLITE_WAL = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, ...PGLITE_WAL];

async function main(): Promise<void> {
  const port = parentPort!;
  runAtBackgroundPriority();
  // Every commit passes through this thread as JSON text (megabytes for a large batch, in chunks).
  startIdleCollector();
  const { dataDir, migrationsDir, logLevel } = workerData as PgliteWorkerData;
  const logger = new JsonLogger(logLevel);
  let db: PGlite;
  let appliedMigrations: string[];
  try {
    const migrations = readMigrations(migrationsDir);
    if (dataDir !== 'memory' && !existsSync(join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir, initdb);
    const image = dataDir === 'memory' ? await memoryImage(initdb) : undefined;
    const source = dataDir === 'memory' ? (image ? { loadDataDir: new Blob([image]) } : {}) : { dataDir };
    db = await PGlite.create({ ...source, startParams: START_PARAMS });
    appliedMigrations = await applyMigrations(pgliteSession(db), migrations);
  } catch (err) {
    port.postMessage({ kind: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies PgliteFailed);
    return;
  }
  const autovacuum = new PgliteAutovacuum(db, (err) => logger.warn({ msg: 'vacuum failed; retried on the next pass', error: err instanceof Error ? err.message : String(err) }, 'Database'));
  autovacuum.start();
  const adapter = await new PrismaPGlite(db).connect();
  const connections = new Set<Connection>();
  const open = (endpoint: MessagePort | typeof port): Connection => {
    const connection = new Connection(endpoint, adapter, () => connections.delete(connection));
    connections.add(connection);
    return connection;
  };
  open(port);
  port.on('message', (message: Control) => {
    if (message?.kind === 'connect') {
      const connection = open(message.port);
      message.port.on('close', () => void connection.close());
    } else if (message?.kind === 'close') {
      void (async () => {
        await autovacuum.stop();
        for (const connection of [...connections]) await connection.close();
        await db.close();
        port.postMessage({ kind: 'shut-down' });
        port.close();
      })();
    }
  });
  port.postMessage({ kind: 'ready', appliedMigrations, threadId: ownThreadId() } satisfies PgliteReady);
}

/** Runs initdb for a new directory in a child process, so this long-lived thread starts without its leftovers. */
function initdb(dataDir: string, imageFile?: string): Promise<void> {
  const entry = fileURLToPath(compiledEntry('./pglite-initdb.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, dataDir, ...(imageFile ? [imageFile] : [])], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the PGlite directory ${dataDir} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}

class Connection {
  private readonly transactions = new Map<number, Transaction>();
  private nextTx = 1;
  private readonly server: RpcServer;

  constructor(
    endpoint: MessagePort | NonNullable<typeof parentPort>,
    private readonly adapter: SqlDriverAdapter,
    private readonly onClose: () => void,
  ) {
    this.server = new RpcServer(endpoint, {
      methods: {
        queryRaw: (query: SqlQuery, txId?: number) => outcome(() => this.target(txId).queryRaw(query)),
        executeRaw: (query: SqlQuery, txId?: number) => outcome(() => this.target(txId).executeRaw(query)),
        executeScript: (script: string) => outcome(() => this.adapter.executeScript(script)),
        startTransaction: (isolationLevel?: string) =>
          outcome(async () => {
            const tx = await this.adapter.startTransaction(isolationLevel as Parameters<SqlDriverAdapter['startTransaction']>[0]);
            const id = this.nextTx++;
            this.transactions.set(id, tx);
            return id;
          }),
        commit: (txId: number) => outcome(() => this.finish(txId, 'commit')),
        rollback: (txId: number) => outcome(() => this.finish(txId, 'rollback')),
      },
    });
  }

  /** Rolls back what the connection left open and stops answering it. */
  async close(): Promise<void> {
    this.server.close();
    this.onClose();
    for (const id of [...this.transactions.keys()]) await this.finish(id, 'rollback').catch(() => {});
  }

  private target(txId: number | undefined): SqlDriverAdapter | Transaction {
    if (txId === undefined) return this.adapter;
    const tx = this.transactions.get(txId);
    if (!tx) throw new Error(`transaction ${txId} is not open`);
    return tx;
  }

  private async finish(txId: number, how: 'commit' | 'rollback'): Promise<void> {
    const tx = this.transactions.get(txId);
    if (!tx) throw new Error(`transaction ${txId} is not open`);
    this.transactions.delete(txId);
    await tx[how]();
  }
}

/** A database refusal travels as data; anything else is a failure of the worker itself. */
async function outcome<T>(run: () => Promise<T>): Promise<SqlOutcome<T>> {
  try {
    return { ok: await run() };
  } catch (err) {
    if (err instanceof Error && err.name === 'DriverAdapterError' && 'cause' in err) return { driverError: err.cause };
    throw err;
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

void main();
