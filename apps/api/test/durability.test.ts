// Every acknowledged write survives a restart of the store, on PGlite and on PostgreSQL.
import { describe, expect, it } from '@jest/globals';
import { EmbeddedStore, ManualClock, type ClusterClient } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { formatStamp, stampAnnotation } from '../src/hooks/ack-stamp.js';
import { AckTombstonesRepository } from '../src/hooks/ack-tombstones.repository.js';
import { Database, type DatabaseTarget } from '../src/persistence/database.js';
import { OBJECT_PARAMETERS, SqlStorePersistence } from '../src/persistence/sql-store-persistence.js';
import { DEFAULT_MIGRATIONS_DIR } from '../src/runtime.js';
import { testDatabases } from './support/databases.js';

const POD = { apiVersion: 'v1', kind: 'Pod' } as const;
const CLONESET = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' } as const;

async function openStore(database: Database, clock: ManualClock) {
  return EmbeddedStore.open({ clock, persistence: new SqlStorePersistence(database.sql) });
}

/** The database at `target` (migrated) and a store over it: a first start, or a restart. */
async function start(target: DatabaseTarget, clock: ManualClock): Promise<{ database: Database; store: EmbeddedStore }> {
  const database = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
  return { database, store: await openStore(database, clock) };
}

async function stop({ database, store }: { database: Database; store: EmbeddedStore }): Promise<void> {
  await store.close();
  await database.close();
}

/**
 * A store over `database` that counts its commits: a batch the database refused is committed again one
 * write at a time, which would hide a broken batch statement behind many small commits.
 */
async function countingStore(database: Database, clock: ManualClock, objectParameters?: number): Promise<{ store: EmbeddedStore; commits: () => number }> {
  const persistence = new SqlStorePersistence(database.sql, objectParameters);
  let commits = 0;
  const store = await EmbeddedStore.open({
    clock,
    persistence: { load: () => persistence.load(), close: () => persistence.close(), commit: (...args) => (commits++, persistence.commit(...args)) },
  });
  return { store, commits: () => commits };
}

async function everything(client: ClusterClient): Promise<KubeObject[]> {
  const kinds = [POD, CLONESET, { apiVersion: 'v1', kind: 'Namespace' }, { apiVersion: 'v1', kind: 'Node' }];
  const lists = await Promise.all(kinds.map((k) => client.list(k)));
  return lists.flatMap((l) => l.items);
}

describe.each(testDatabases())('durability on $name', (db) => {
  it('reloads every object and the resourceVersion counter after a restart', async () => {
    const target = await db.fresh();
    const clock = new ManualClock();
    let { database, store } = await start(target, clock);

    const cs = await store.create({
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet',
      metadata: { name: 'sample', namespace: 'demo', labels: { app: 'sample' } },
      spec: { replicas: 5, selector: { matchLabels: { app: 'sample' } }, template: { metadata: { labels: { app: 'sample' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:alpine' }] } } },
    });
    await store.updateStatus({ ...cs, status: { replicas: 0, observedGeneration: 1 } });
    for (let i = 0; i < 20; i++) {
      await store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'demo', finalizers: i % 5 === 0 ? ['example.com/hold'] : undefined }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    }
    await store.seed([{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'topology.kubernetes.io/zone': 'zone-a' } }, status: { conditions: [{ type: 'Ready', status: 'True' }] } }]);
    await store.patch(POD, 'demo', 'p-3', { metadata: { labels: { touched: 'yes' } } });
    await store.delete(POD, 'demo', 'p-4'); // gone at once: unscheduled, no finalizers
    await store.delete(POD, 'demo', 'p-5'); // held by its finalizer: marked only
    const before = await everything(store);
    const counter = Number(store.currentResourceVersion());
    expect(before.find((o) => o.metadata.name === 'p-5')?.metadata.deletionTimestamp).toBeDefined();
    expect(before.some((o) => o.metadata.name === 'p-4')).toBe(false);

    await stop({ database, store });
    ({ database, store } = await start(target, clock));
    expect(database.appliedMigrations).toEqual([]); // already applied on first open

    const after = await everything(store);
    expect(after).toEqual(before);
    expect(store.currentResourceVersion()).toBe(String(counter));
    const next = await store.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'after-restart', namespace: 'demo' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    expect(Number(next.metadata.resourceVersion)).toBeGreaterThan(counter);
    await stop({ database, store });
  });

  it('persists a burst of concurrent writes exactly once each', async () => {
    const target = await db.fresh();
    const clock = new ManualClock();
    let { database, store } = await start(target, clock);
    const created = await Promise.all(
      Array.from({ length: 300 }, (_, i) => store.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `burst-${i}`, namespace: 'load' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } })),
    );
    expect(new Set(created.map((p) => p.metadata.resourceVersion)).size).toBe(300);
    await stop({ database, store });
    ({ database, store } = await start(target, clock));
    const { items } = await store.list(POD, { namespace: 'load' });
    expect(items.map((p) => p.metadata.resourceVersion).sort()).toEqual(created.map((p) => p.metadata.resourceVersion).sort());
    await stop({ database, store });
  });

  it('commits a batch larger than one JSON chunk, creates and deletes alike', async () => {
    const target = await db.fresh();
    const clock = new ManualClock();
    let database = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
    // Counted: a refused batch retried write by write would hide a broken multi-chunk statement behind 1,990 small commits.
    let { store, commits } = await countingStore(database, clock);
    // Long names, so that 2,000 keys to delete (about 150 KB) and the created pods span several chunks.
    const name = (i: number) => `a-pod-with-a-long-name-for-the-chunked-commit-${String(i).padStart(5, '0')}`;
    await Promise.all(
      Array.from({ length: 2000 }, (_, i) => store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: name(i), namespace: 'load' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } })),
    );
    const before = commits();
    await Promise.all(Array.from({ length: 1990 }, (_, i) => store.delete(POD, 'load', name(i + 10))));
    expect(commits() - before).toBe(1);
    await stop({ database, store });
    ({ database, store } = await start(target, clock));
    const { items } = await store.list(POD, { namespace: 'load' });
    expect(items.map((p) => p.metadata.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => name(i)));
    await stop({ database, store });
  });

  it('keeps the ack stamps of a deleted pod in the commit that deletes it, and only well-formed ones', async () => {
    const target = await db.fresh();
    const clock = new ManualClock('2026-11-28T10:00:00Z');
    let database = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
    let { store, commits } = await countingStore(database, clock);
    const at = '2026-11-28T09:59:00.250Z';
    const annotations: Record<string, string> = {
      [stampAnnotation('preUpdate')]: formatStamp({ id: 'ack-update', at }),
      [stampAnnotation('preDelete')]: formatStamp({ id: 'ack-delete', at }),
      [stampAnnotation('preNormal')]: '{"id":"by hand","at":"yesterday"}', // not an ack's: kept out
    };
    const pod = (name: string, extra: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'acked', annotations: extra }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    const stamped = await store.create<KubeObject>(pod('stamped', annotations));
    await store.create(pod('plain'));
    const before = commits();
    await Promise.all([store.delete(POD, 'acked', 'stamped'), store.delete(POD, 'acked', 'plain'), store.create(pod('new'))]);
    expect(commits() - before).toBe(1);
    await stop({ database, store });

    database = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
    const tombstones = new AckTombstonesRepository(database.prisma);
    const kept = { at, namespace: 'acked', pod: 'stamped', podUid: stamped.metadata.uid };
    expect(await tombstones.find('ack-delete')).toEqual({ ...kept, id: 'ack-delete', hook: 'preDelete' });
    expect(await tombstones.find('ack-update')).toEqual({ ...kept, id: 'ack-update', hook: 'preUpdate' });
    expect(await database.prisma.hookAckTombstone.count()).toBe(2);
    expect((await database.prisma.hookAckTombstone.findUnique({ where: { ackId: 'ack-delete' } }))?.deletedAt).toEqual(new Date('2026-11-28T10:00:00Z'));
    store = await openStore(database, clock);
    expect((await store.list(POD, { namespace: 'acked' })).items.map((p) => p.metadata.name)).toEqual(['new']);
    await stop({ database, store });
  });

  it.each([
    ['each object its own parameter', OBJECT_PARAMETERS],
    ['objects past the parameter budget inside the JSON chunks', 3],
  ])('stores every object text exactly, %s', async (_, objectParameters) => {
    const target = await db.fresh();
    const clock = new ManualClock();
    let database = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
    let { store, commits } = await countingStore(database, clock, objectParameters);
    // Text a careless encoding would change: quotes, backslashes, a JSON document in a string, and
    // characters outside the Basic Multilingual Plane.
    const note = (i: number) => `"quoted" \\ back\\slash {"json":[${i}]} zone-🚀-${'é'.repeat(i)}`;
    const pod = (i: number) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `text-${i}`, namespace: 'text', annotations: { note: note(i) } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    await store.create(pod(0));
    await store.create(pod(1));
    const before = commits();
    // One batch: creations, updates and a deletion, more objects than the budget when it is 3.
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => store.create(pod(i + 2))),
      store.patch(POD, 'text', 'text-0', { metadata: { labels: { patched: 'yes' } } }),
      store.delete(POD, 'text', 'text-1'),
    ]);
    expect(commits() - before).toBe(1);
    const expected = (await store.list(POD, { namespace: 'text' })).items;
    expect(expected.map((p) => p.metadata.name).sort()).toEqual(['text-0', ...Array.from({ length: 8 }, (_, i) => `text-${i + 2}`)].sort());
    expect(expected.find((p) => p.metadata.name === 'text-0')?.metadata.labels).toEqual({ patched: 'yes' });
    await stop({ database, store });

    ({ database, store } = await start(target, clock));
    expect((await store.list(POD, { namespace: 'text' })).items).toEqual(expected);
    expect((await store.get<KubeObject>(POD, 'text', 'text-9')).metadata.annotations?.note).toBe(note(9));
    await stop({ database, store });
  });
});
