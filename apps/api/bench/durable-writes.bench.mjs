// Durable store throughput: pods created through the embedded store with every write persisted by
// Prisma before it is acknowledged, on embedded PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) PostgreSQL. Run after a build: `npm run bench -w @coxswain/api`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { EmbeddedStore, RealClock } from '@coxswain/cluster';
import { Database } from '../dist/persistence/database.js';
import { SqlStorePersistence } from '../dist/persistence/sql-store-persistence.js';
import { DEFAULT_MIGRATIONS_DIR } from '../dist/runtime.js';

const PODS = Number(process.env.BENCH_PODS ?? 10_000);
const CONCURRENCY = 64;

function pod(i) {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: `bench-${i}`, namespace: 'bench', labels: { app: 'bench', 'apps.kruise.io/cloneset-instance-id': String(i) } },
    spec: { containers: [{ name: 'main', image: 'nginx:1.25', ports: [{ containerPort: 80 }] }] },
  };
}

async function run(label, target) {
  const database = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
  const store = await EmbeddedStore.open({ clock: new RealClock(), persistence: new SqlStorePersistence(database.sql) });
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < PODS) {
      const i = next++;
      const t = performance.now();
      await store.create(pod(i));
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  await store.close();
  const reopenStart = performance.now();
  const reopened = await EmbeddedStore.open({ clock: new RealClock(), persistence: new SqlStorePersistence(database.sql) });
  const reopenMs = performance.now() - reopenStart;
  await reopened.close();
  await database.close();
  return `| ${label} | ${PODS} | ${CONCURRENCY} | ${Math.round(PODS / seconds)} | ${p(0.5)} | ${p(0.99)} | ${Math.round(reopenMs)} |`;
}

const rows = [];
const dir = mkdtempSync(join(tmpdir(), 'coxswain-bench-'));
rows.push(await run('PGlite (directory)', { kind: 'pglite', dataDir: dir }));
rmSync(dir, { recursive: true, force: true });
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await c.end();
  rows.push(await run('PostgreSQL 15 (loopback)', { kind: 'postgres', url }));
}
console.log('\n### Durable store writes (create Pod, acknowledged after commit)\n');
console.log('| database | pods | concurrent writers | writes/s | p50 ms | p99 ms | reload all (ms) |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
