// The composition root: opens the database (PGlite in a worker thread of its own, or PostgreSQL) and
// starts the cluster worker (the embedded cluster and the controllers, off the API's thread). Nest
// receives the finished runtime; tests build one with their own configuration.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RealClock, ScaledClock, type Clock, type ClusterClient, type StatusSeeder } from '@coxswain/cluster';
import { Metrics } from '@coxswain/controller-runtime';
import type { AppConfig } from './config/config.js';
import { ClusterHost } from './cluster-worker/cluster-host.js';
import type { JsonLogger } from './logging/json-logger.js';
import { Database, type DatabaseTarget } from './persistence/database.js';
import { readClusterState } from './persistence/sql-store-persistence.js';
import { ownThreadId, registerThreadCpuMetric } from './threads/thread-cpu.js';

export interface Runtime {
  config: AppConfig;
  clock: Clock;
  database: Database;
  cluster: ClusterClient;
  /** Embedded mode only: takes Pods and Nodes with status. */
  seeder: StatusSeeder | undefined;
  /** The cluster worker: plans, the controllers' metrics, observe mode's writes. */
  host: ClusterHost;
  /** The API thread's own metrics (process, event loop); the worker's are served beside them. */
  metrics: Metrics;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  migrationsDir?: string;
  logger?: JsonLogger;
}

/**
 * A scaled clock runs ahead of the wall clock; after a restart it resumes from the cluster's time at its
 * last commit (never earlier), so objects made after a restart never look older than those made before.
 */
async function clusterClock(config: AppConfig, database: Database): Promise<Clock> {
  if (config.clock.mode !== 'scaled') return new RealClock();
  const wall = Date.now();
  const { simulatedTime } = await readClusterState(database.sql);
  return new ScaledClock(config.clock.scale, { wall, simulated: Math.max(wall, simulatedTime ?? 0) });
}

export const DEFAULT_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'prisma', 'migrations');

export async function startRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const target: DatabaseTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.pgliteDir };
  const database = await Database.open(target, options.migrationsDir ?? process.env.MIGRATIONS_DIR ?? DEFAULT_MIGRATIONS_DIR, { logLevel: config.logLevel });
  if (database.appliedMigrations.length > 0) {
    options.logger?.log({ msg: 'applied migrations', migrations: database.appliedMigrations }, 'Database');
  }

  let host: ClusterHost;
  let clock: Clock;
  try {
    clock = await clusterClock(config, database);
    host = await ClusterHost.start(config, database, clock);
  } catch (err) {
    await database.close();
    throw err;
  }
  if (host.seeded !== undefined) options.logger?.log({ msg: 'seeded cluster', file: config.cluster.seedFile, created: host.seeded }, 'Cluster');

  const metrics = new Metrics({ defaultProcessMetrics: true });
  registerThreadCpuMetric(metrics.registry, { api: ownThreadId(), cluster: host.threadId, database: database.threadId });
  return {
    config,
    clock,
    database,
    cluster: host.client,
    // Pods and Nodes with status can only be seeded into the embedded cluster (docs/spec/api-contract.md §4).
    seeder: config.cluster.mode === 'embedded' ? host : undefined,
    host,
    metrics,
    async ready() {
      try {
        await database.prisma.$queryRawUnsafe('SELECT 1');
        return await host.ready();
      } catch {
        return false;
      }
    },
    async close() {
      await host.stop();
      await database.close();
    },
  };
}
