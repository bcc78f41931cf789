// The PGlite worker's autovacuum: autovacuum's threshold, and on a real PGlite with the project's
// migrations, written through the store's own commit statement, the objects table keeps to the size of
// its live rows instead of growing with every write.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { PersistedChange } from '@coxswain/cluster';
import type { Pod } from '@coxswain/kruise-api';
import { DEFAULT_MIGRATIONS_DIR } from '../runtime.js';
import { readMigrations } from './migrator.js';
import { PgliteAutovacuum, VACUUM_SCALE_FACTOR, VACUUM_THRESHOLD, tablesToVacuum, type SqlRunner } from './pglite-autovacuum.js';
import { SqlStorePersistence } from './sql-store-persistence.js';

describe('tablesToVacuum (autovacuum: dead rows over 50 + 20% of the live ones)', () => {
  it.each([
    { live: 0, dead: 50, due: false },
    { live: 0, dead: 51, due: true },
    { live: 1000, dead: 250, due: false },
    { live: 1000, dead: 251, due: true },
    { live: 150_000, dead: 30_050, due: false },
    { live: 150_000, dead: 30_051, due: true },
    { live: 10, dead: 0, due: false },
  ])('live $live, dead $dead: due $due', ({ live, dead, due }) => {
    expect(tablesToVacuum([{ table: 't', live, dead }])).toEqual(due ? ['t'] : []);
  });

  it('names each table that is due, in the order given', () => {
    expect(tablesToVacuum([
      { table: 'a', live: 100, dead: 100 },
      { table: 'b', live: 100, dead: 10 },
      { table: 'c', live: 0, dead: 1000 },
    ])).toEqual(['a', 'c']);
  });
});

/** A pod of about the size the store keeps (2 KB of JSON), at version `version`. */
function pod(i: number, version: number): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: `web-${i}`, namespace: 'default', uid: `uid-${i}`, resourceVersion: String(version),
      labels: { app: 'web', 'apps.kruise.io/cloneset-instance-id': `id${i}`, 'controller-revision-hash': 'web-7d9f8c6b5', 'lifecycle.apps.kruise.io/state': 'Normal' },
      annotations: { 'apps.kruise.io/runtime-containers-meta': JSON.stringify({ containers: [{ name: 'main', containerID: `sim://${'b'.repeat(64)}`, restartCount: version }] }) },
    },
    spec: { containers: [{ name: 'main', image: `nginx:1.${version}`, imagePullPolicy: 'IfNotPresent' }], nodeName: `node-${i % 7}` },
    status: {
      phase: 'Running', podIP: `10.0.${i >> 8}.${i & 255}`,
      conditions: ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready', 'InPlaceUpdateReady', 'KruisePodReady'].map((type) => ({ type, status: 'True', lastTransitionTime: `2026-11-28T00:00:${String(version % 60).padStart(2, '0')}Z` })),
      containerStatuses: [{ name: 'main', image: `nginx:1.${version}`, imageID: `docker.io/library/nginx@sha256:${'a'.repeat(64)}`, ready: true, restartCount: version, state: { running: { startedAt: '2026-11-28T00:00:00Z' } } }],
    },
  } as Pod;
}

const PODS = 200;

describe('PgliteAutovacuum on a PGlite database', () => {
  let db: PGlite;
  let persistence: SqlStorePersistence;
  let errors: unknown[];
  let autovacuum: PgliteAutovacuum;
  /** The objects table's fillfactor as its migrations leave it (one test fills its pages instead). */
  let migratedFillfactor: number;

  beforeAll(async () => {
    db = await PGlite.create();
    for (const migration of readMigrations(DEFAULT_MIGRATIONS_DIR)) await db.exec(migration.sql);
    persistence = new SqlStorePersistence(await new PrismaPGlite(db).connect());
    const options = await db.query<{ reloptions: string[] }>(`SELECT reloptions FROM pg_class WHERE relname = 'cluster_objects'`);
    migratedFillfactor = Number(options.rows[0]!.reloptions.find((o) => o.startsWith('fillfactor='))!.split('=')[1]);
  });

  beforeEach(async () => {
    // Each test starts from an empty, vacuumed table.
    await db.exec('TRUNCATE cluster_objects, cluster_state');
    await db.exec(`ALTER TABLE cluster_objects SET (fillfactor = ${migratedFillfactor})`);
    await db.exec('VACUUM cluster_objects');
    errors = [];
    autovacuum = new PgliteAutovacuum(db, (err) => errors.push(err));
  });

  afterEach(async () => {
    await autovacuum.stop();
  });

  afterAll(async () => {
    await db.close();
  });

  /** Every pod written once more, through the store's commit, 100 to a commit. */
  async function writeRound(version: number): Promise<void> {
    for (let first = 0; first < PODS; first += 100) {
      const changes: PersistedChange[] = Array.from({ length: 100 }, (_, j) => {
        const object = pod(first + j, version);
        return { type: 'put', key: `pods/default/${object.metadata.name}`, object };
      });
      await persistence.commit(changes, version * PODS + first + 100, 0);
    }
  }

  const objectsTableBytes = async () => Number((await db.query<{ bytes: string }>(`SELECT pg_table_size('cluster_objects')::text AS bytes`)).rows[0]!.bytes);

  it('rewrites pods on their own pages: eleven more versions of each leave the table its size without a vacuum', async () => {
    // The table's fillfactor (50, from its migration) leaves room for a row's next version on its page,
    // where PostgreSQL prunes the old one as it goes (a HOT update); at 100 the table grew ninefold.
    await writeRound(1);
    const live = await objectsTableBytes();
    for (let version = 2; version <= 12; version++) await writeRound(version);
    expect(await objectsTableBytes()).toBeLessThan(1.5 * live);
  });

  it('keeps the objects table near the size of its live rows, where it grew with every write', async () => {
    // Full pages: each new version lands on another page and the old one waits for a vacuum, as it
    // does for rows that outgrow the room their page keeps.
    await db.exec('ALTER TABLE cluster_objects SET (fillfactor = 100)');
    await writeRound(1);
    const live = await objectsTableBytes();
    for (let version = 2; version <= 12; version++) await writeRound(version);
    const unvacuumed = await objectsTableBytes();
    // Without a vacuum, eleven more versions of every pod are all still there.
    expect(unvacuumed).toBeGreaterThan(8 * live);

    expect(await autovacuum.run()).toContain('cluster_objects');
    expect(errors).toEqual([]);
    // Vacuumed as they come, later versions reuse the space the earlier ones left.
    for (let version = 13; version <= 30; version++) {
      await writeRound(version);
      await autovacuum.run();
    }
    expect(errors).toEqual([]);
    expect(await objectsTableBytes()).toBeLessThanOrEqual(unvacuumed);
    const dead = await db.query<{ dead: string }>(`SELECT n_dead_tup::text AS dead FROM pg_stat_user_tables WHERE relname = 'cluster_objects'`);
    expect(Number(dead.rows[0]!.dead)).toBeLessThanOrEqual(VACUUM_THRESHOLD + VACUUM_SCALE_FACTOR * PODS);
    // Nothing acknowledged is lost: the last version of every pod loads back.
    const { objects, resourceVersion } = await persistence.load();
    expect(resourceVersion).toBe(30 * PODS + PODS); // the last commit's counter (writeRound)
    expect(objects).toHaveLength(PODS);
    expect(objects.map((o) => (o as Pod).status?.containerStatuses?.[0]?.restartCount)).toEqual(Array.from({ length: PODS }, () => 30));
  });

  it('vacuums nothing while the dead rows are under the threshold', async () => {
    await writeRound(1);
    await writeRound(2);
    expect(await autovacuum.run()).toEqual(['cluster_objects']);
    expect(await autovacuum.run()).toEqual([]);
  });
});

describe('PgliteAutovacuum passes', () => {
  const errors: unknown[] = [];

  it('reports a failed pass and keeps going', async () => {
    const failing: SqlRunner = { query: () => Promise.reject(new Error('database is closed')), exec: () => Promise.resolve() };
    const broken = new PgliteAutovacuum(failing, (err) => errors.push(err));
    expect(await broken.run()).toEqual([]);
    expect(errors).toEqual([new Error('database is closed')]);
  });

  it('stop() waits for a pass under way, so the database is closed after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const slow: SqlRunner = {
      query: async <T>() => ({ rows: [{ table: 't', live: '0', dead: '1000' }] as T[] }),
      exec: async (sql) => {
        events.push(`start ${sql}`);
        await held;
        events.push('vacuumed');
      },
    };
    const timed = new PgliteAutovacuum(slow, (err) => errors.push(err));
    timed.start(10);
    for (let waited = 0; events.length === 0 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    const stopped = timed.stop().then(() => events.push('stopped'));
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(['start VACUUM "t"']);
    release();
    await stopped;
    expect(events).toEqual(['start VACUUM "t"', 'vacuumed', 'stopped']);
  });
});
