// The composition root: opens the database, starts the embedded cluster over it, and creates the
// controller manager. Nest receives the finished runtime; tests build one with their own options.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedCluster, kruiseAdmission, RealClock, ScaledClock, type Clock, type ClusterClient, type StatusSeeder } from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager, Metrics } from '@coxswain/controller-runtime';
import { CloneSetController } from '@coxswain/workloads';
import type { AppConfig } from './config/config.js';
import type { JsonLogger } from './logging/json-logger.js';
import { Database, type DatabaseTarget } from './persistence/database.js';
import { PrismaStorePersistence } from './persistence/prisma-store-persistence.js';
import { seedFromFile } from './cluster/seed.js';

export interface Runtime {
  config: AppConfig;
  clock: Clock;
  database: Database;
  cluster: ClusterClient;
  /** Embedded mode only: takes Pods and Nodes with status. */
  seeder: StatusSeeder | undefined;
  embedded: EmbeddedCluster;
  controllers: ControllerManager;
  cloneSets: CloneSetController;
  /** Kubernetes Events written by the controllers. */
  events: ClusterEventRecorder;
  metrics: Metrics;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Overrides the clock chosen by configuration (tests pass a ManualClock). */
  clock?: Clock;
  migrationsDir?: string;
  logger?: JsonLogger;
}

export const DEFAULT_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'prisma', 'migrations');

export async function startRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? (config.clock.mode === 'scaled' ? new ScaledClock(config.clock.scale) : new RealClock());
  const target: DatabaseTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.pgliteDir };
  const database = await Database.open(target, options.migrationsDir ?? process.env.MIGRATIONS_DIR ?? DEFAULT_MIGRATIONS_DIR);
  if (database.appliedMigrations.length > 0) {
    options.logger?.log({ msg: 'applied migrations', migrations: database.appliedMigrations }, 'Database');
  }

  let embedded: EmbeddedCluster | undefined;
  try {
    embedded = await EmbeddedCluster.start({
      clock,
      persistence: new PrismaStorePersistence(database.prisma),
      watchHistory: config.cluster.watchHistory,
      nodes: config.cluster.nodes,
      kubelet: config.cluster.kubelet,
      admission: kruiseAdmission(config.controllers.featureGates),
    });
    if (config.cluster.seedFile) {
      const created = await seedFromFile(embedded, config.cluster.seedFile);
      options.logger?.log({ msg: 'seeded cluster', file: config.cluster.seedFile, created }, 'Cluster');
    }
  } catch (err) {
    await embedded?.stop();
    await database.close();
    throw err;
  }

  const metrics = new Metrics({ defaultProcessMetrics: true });
  const controllers = new ControllerManager({ client: embedded.store, clock, mode: config.controllers.mode, metrics });
  const logger = options.logger;
  const events = new ClusterEventRecorder({
    client: controllers.client,
    clock,
    component: 'kruise-manager',
    onError: (err) => logger?.warn({ msg: 'could not record an event', error: String(err) }, 'Events'),
  });
  const cloneSets = new CloneSetController(controllers, {
    gates: config.controllers.featureGates,
    recorder: events,
    excludePreparingDeleteFlag: config.controllers.scalingExcludePreparingDelete,
    maxConcurrentReconciles: config.controllers.workers,
    log: (level, msg, fields) => logger?.[level === 'info' ? 'debug' : level]?.({ msg, ...fields }, 'CloneSet'),
  });
  await controllers.start();

  const cluster = embedded;
  return {
    config,
    clock,
    database,
    cluster: cluster.store,
    seeder: cluster.store,
    embedded: cluster,
    controllers,
    cloneSets,
    events,
    metrics,
    async ready() {
      try {
        await database.prisma.$queryRawUnsafe('SELECT 1');
        return controllers.informers.hasSynced();
      } catch {
        return false;
      }
    },
    async close() {
      await controllers.stop();
      await events.flush();
      await cluster.stop();
      await database.close();
    },
  };
}
