// Starts Coxswain: configuration, database, embedded cluster, controllers, then the HTTP/WS API.
import './production-mode.js';
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/config.js';
import { KubeApiServer } from './kube-api/kube-api.server.js';
import { JsonLogger } from './logging/json-logger.js';
import { limitHeapGrowth } from './memory/heap-growth.js';
import { countRequests, startIdleCollector } from './memory/idle-collector.js';
import { startRuntime } from './runtime.js';
import { lowerOtherThreads } from './threads/background-priority.js';
import { createServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`coxswain: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = new JsonLogger(config.logLevel);
  limitHeapGrowth();
  // The API thread answers users directly: its idle collection does not compact, and runs in the background.
  startIdleCollector({ compact: false, onCollect: (before, after, pauseMs) => logger.debug({ msg: 'collected garbage while idle', heapBeforeBytes: before, heapAfterBytes: after, pauseMs: Math.round(pauseMs) }, 'Memory') });
  const runtime = await startRuntime(config, { logger });
  const app = await createServer(runtime, logger);
  countRequests(app.getHttpServer());
  await app.listen(config.port, config.host);
  // The workers run at a lower priority; V8's and libuv's threads, shared by all three, join them.
  lowerOtherThreads();
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  logger.log({
    msg: 'coxswain is up',
    graphql: `${url}/graphql`,
    ...(app.get(KubeApiServer).url() ? { kubernetesApi: app.get(KubeApiServer).url() } : {}),
    database: runtime.database.target.kind === 'postgres' ? 'postgresql' : `pglite ${config.pgliteDir}`,
    controllers: config.controllers.mode,
    ...(config.auth.adminTokenFile && existsSync(config.auth.adminTokenFile) ? { adminToken: config.auth.adminTokenFile } : {}),
  }, 'Main');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log({ msg: 'shutting down', signal }, 'Main');
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`coxswain: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
