// Makes the embedded cluster durable in the database: each commit writes a batch of object changes and
// the resourceVersion counter in one transaction, so a restart resumes exactly where the last
// acknowledged write left off.
//
// Plain SQL on the driver adapter, not the Prisma client: the client serializes a raw statement's
// parameters into one JSON text (megabytes per commit while pods are created, undoing the chunks)
// and its debug module keeps the arguments of its last 100 calls whether or not debugging is on, which
// held the last few commits' rows alive (about 17 MB in a 10,000-pod server at rest).
import { jsonChunks, type PersistedChange, type StorePersistence, type StoreSnapshot } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { ArgType, SqlQueryable } from '@prisma/driver-adapter-utils';

/** Objects read per query at startup: 150,000 pods never sit in one result. */
const LOAD_PAGE = 2000;
const TEXT: ArgType = { scalarType: 'string', arity: 'scalar' };

export class SqlStorePersistence implements StorePersistence {
  constructor(private readonly sql: SqlQueryable) {}

  async load(): Promise<StoreSnapshot> {
    const state = await readClusterState(this.sql);
    const objects: KubeObject[] = [];
    // Keyset pages of JSON text, parsed here: the database's thread only passes strings along.
    for (let after = ''; ; ) {
      const rows = await query(this.sql, 'SELECT key, object FROM cluster_objects WHERE key > $1 ORDER BY key LIMIT $2::int', [after, String(LOAD_PAGE)]);
      for (const [, object] of rows) objects.push(JSON.parse(object as string) as KubeObject);
      if (rows.length < LOAD_PAGE) break;
      after = rows[rows.length - 1]![0] as string;
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
    // objects it carries, in JSON chunks that die young (young-strings.ts in @coxswain/cluster). Keys are unique within the
    // batch, so the upsert and the delete never meet. The chunks are json, not jsonb: json_to_recordset
    // hands each object over as the text of its slice of the chunk, stored as it is (schema.prisma).
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
    const putArray = jsonArrayOfParameters(1, putChunks.length);
    const deleteArray = jsonArrayOfParameters(1 + putChunks.length, deleteChunks.length);
    const next = 1 + putChunks.length + deleteChunks.length;
    const args = [...putChunks, ...deleteChunks, String(resourceVersion), String(Math.round(at))];
    await this.sql.executeRaw({
      sql: `WITH upserted AS (
         INSERT INTO cluster_objects (key, api_version, kind, namespace, name, uid, resource_version, object)
         SELECT x.key, x.api_version, x.kind, x.namespace, x.name, x.uid, x.resource_version, x.object
         FROM unnest(${putArray}) AS c(rows),
           json_to_recordset(c.rows) AS x(key text, api_version text, kind text, namespace text, name text, uid text, resource_version bigint, object text)
         ON CONFLICT (key) DO UPDATE SET api_version = EXCLUDED.api_version, kind = EXCLUDED.kind,
           namespace = EXCLUDED.namespace, name = EXCLUDED.name, uid = EXCLUDED.uid,
           resource_version = EXCLUDED.resource_version, object = EXCLUDED.object
       ), deleted AS (
         DELETE FROM cluster_objects WHERE key IN (SELECT json_array_elements_text(c.keys) FROM unnest(${deleteArray}) AS c(keys))
       )
       INSERT INTO cluster_state (id, resource_version, simulated_time) VALUES (1, $${next}::bigint, $${next + 1}::bigint)
       ON CONFLICT (id) DO UPDATE SET resource_version = EXCLUDED.resource_version,
         simulated_time = GREATEST(cluster_state.simulated_time, EXCLUDED.simulated_time)`,
      args,
      argTypes: args.map(() => TEXT),
    });
  }

  async close(): Promise<void> {
    // The connection belongs to whoever opened it; closing it is their job.
  }
}

/** The store's counter and clock at its last commit (zero and undefined for a new database). */
export async function readClusterState(sql: SqlQueryable): Promise<{ resourceVersion: number; simulatedTime: number | undefined }> {
  const [row] = await query(sql, 'SELECT resource_version::text, simulated_time::text FROM cluster_state WHERE id = 1', []);
  return {
    resourceVersion: Number(row?.[0] ?? 0),
    simulatedTime: row?.[1] == null ? undefined : Number(row[1]),
  };
}

/**
 * `ARRAY[$first::json, ...]` for `count` parameters numbered from `first`: unnested, it yields the
 * chunks in order (`unnest(...) AS c(rows), json_to_recordset(c.rows)` reads their rows).
 */
export function jsonArrayOfParameters(first: number, count: number): string {
  return `ARRAY[${Array.from({ length: count }, (_, i) => `$${first + i}::json`).join(', ')}]`;
}

/** The rows of a query whose parameters are all text (cast in the SQL where needed). */
async function query(sql: SqlQueryable, text: string, args: string[]): Promise<unknown[][]> {
  return (await sql.queryRaw({ sql: text, args, argTypes: args.map(() => TEXT) })).rows;
}
