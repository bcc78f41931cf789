// Makes the embedded cluster durable in the database: each commit writes a batch of object changes and
// the resourceVersion counter in one transaction, so a restart resumes exactly where the last
// acknowledged write left off.
import type { PersistedChange, StorePersistence, StoreSnapshot } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { PrismaClient } from '../generated/prisma/client.js';
import { jsonbArrayOfParameters, jsonChunks } from './json-chunks.js';

/** Objects read per query at startup: 150,000 pods never sit in one result. */
const LOAD_PAGE = 2000;

export class PrismaStorePersistence implements StorePersistence {
  constructor(private readonly prisma: PrismaClient) {}

  async load(): Promise<StoreSnapshot> {
    const state = await readClusterState(this.prisma);
    const objects: KubeObject[] = [];
    // Keyset pages of JSON text, parsed here: the database's thread only passes strings along.
    for (let after = ''; ; ) {
      const rows = await this.prisma.$queryRawUnsafe<{ key: string; object: string }[]>(
        'SELECT key, object::text AS object FROM cluster_objects WHERE key > $1 ORDER BY key LIMIT $2',
        after,
        LOAD_PAGE,
      );
      for (const row of rows) objects.push(JSON.parse(row.object) as KubeObject);
      if (rows.length < LOAD_PAGE) break;
      after = rows[rows.length - 1]!.key;
    }
    return { resourceVersion: state.resourceVersion, objects, time: state.simulatedTime };
  }

  async commit(changes: readonly PersistedChange[], resourceVersion: number, at: number): Promise<void> {
    // A batch may touch one key several times (create then delete); only its final state matters.
    const last = new Map<string, PersistedChange>();
    for (const c of changes) last.set(c.key, c);
    const puts = [...last.values()].filter((c) => c.type === 'put');
    const deletes = [...last.values()].filter((c) => c.type === 'delete').map((c) => c.key);

    // One statement: its data-modifying CTEs all run, atomically, whatever the main query reads, so a
    // commit is one round trip to the database (PGlite's thread or a PostgreSQL server) however many
    // objects it carries, in JSON chunks of bounded size (json-chunks.ts). Keys are unique within the
    // batch, so the upsert and the delete never meet.
    const rows = puts.map((c) => ({
      key: c.key,
      api_version: c.object.apiVersion,
      kind: c.object.kind,
      namespace: c.object.metadata.namespace ?? '',
      name: c.object.metadata.name ?? '',
      uid: c.object.metadata.uid ?? '',
      resource_version: Number(c.object.metadata.resourceVersion ?? 0),
      object: c.object,
    }));
    const putChunks = jsonChunks(rows);
    const deleteChunks = jsonChunks(deletes);
    const putArray = jsonbArrayOfParameters(1, putChunks.length);
    const deleteArray = jsonbArrayOfParameters(1 + putChunks.length, deleteChunks.length);
    const next = 1 + putChunks.length + deleteChunks.length;
    await this.prisma.$executeRawUnsafe(
      `WITH upserted AS (
         INSERT INTO cluster_objects (key, api_version, kind, namespace, name, uid, resource_version, object)
         SELECT x.key, x.api_version, x.kind, x.namespace, x.name, x.uid, x.resource_version, x.object
         FROM unnest(${putArray}) AS c(rows),
           jsonb_to_recordset(c.rows) AS x(key text, api_version text, kind text, namespace text, name text, uid text, resource_version bigint, object jsonb)
         ON CONFLICT (key) DO UPDATE SET api_version = EXCLUDED.api_version, kind = EXCLUDED.kind,
           namespace = EXCLUDED.namespace, name = EXCLUDED.name, uid = EXCLUDED.uid,
           resource_version = EXCLUDED.resource_version, object = EXCLUDED.object
       ), deleted AS (
         DELETE FROM cluster_objects WHERE key IN (SELECT jsonb_array_elements_text(c.keys) FROM unnest(${deleteArray}) AS c(keys))
       )
       INSERT INTO cluster_state (id, resource_version, simulated_time) VALUES (1, $${next}::bigint, $${next + 1}::bigint)
       ON CONFLICT (id) DO UPDATE SET resource_version = EXCLUDED.resource_version,
         simulated_time = GREATEST(cluster_state.simulated_time, EXCLUDED.simulated_time)`,
      ...putChunks,
      ...deleteChunks,
      String(resourceVersion),
      String(Math.round(at)),
    );
  }

  async close(): Promise<void> {
    // The Database owns the connection; closing it is the app's shutdown job.
  }
}

/** The store's counter and clock at its last commit (zero and undefined for a new database). */
export async function readClusterState(prisma: PrismaClient): Promise<{ resourceVersion: number; simulatedTime: number | undefined }> {
  const state = await prisma.clusterState.findUnique({ where: { id: 1 } });
  return {
    resourceVersion: Number(state?.resourceVersion ?? 0n),
    simulatedTime: state?.simulatedTime == null ? undefined : Number(state.simulatedTime),
  };
}
