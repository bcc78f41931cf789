// Child process for the crash test: writes pods one after another into a PGlite directory and prints
// each name once the store has acknowledged it, until the parent kills it with SIGKILL.
import { EmbeddedStore, RealClock } from '@coxswain/cluster';
import { Database } from '../../dist/persistence/database.js';
import { SqlStorePersistence } from '../../dist/persistence/sql-store-persistence.js';

const [dataDir, migrationsDir] = process.argv.slice(2);
const database = await Database.open({ kind: 'pglite', dataDir }, migrationsDir);
const store = await EmbeddedStore.open({ clock: new RealClock(), persistence: new SqlStorePersistence(database.sql) });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const name = `crash-${i}`;
  // Two writers at once, so the kill can land in the middle of a group commit.
  await Promise.all([
    store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'crash' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }),
    store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `${name}-b`, namespace: 'crash' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }),
  ]);
  process.stdout.write(`acked ${name} ${name}-b\n`);
}
