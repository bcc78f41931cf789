// Makes the embedded cluster durable in the database: each commit writes a batch of object changes and
// the resourceVersion counter in one transaction, so a restart resumes exactly where the last
// acknowledged write left off. A deleted pod's hook-ack stamps go to hook_ack_tombstones in that same
// transaction: the evidence that an ack was applied outlives the pod, whenever the process dies
// (ack-stamp.ts).
//
// Plain SQL on the driver adapter, not the Prisma client: the client serializes a raw statement's
// parameters into one JSON text (megabytes per commit while pods are created, undoing the chunks)
// and its debug module keeps the arguments of its last 100 calls whether or not debugging is on, which
// held the last few commits' rows alive (about 17 MB in a 10,000-pod server at rest).
import { jsonChunks, type PersistedChange, type StorePersistence, type StoreSnapshot } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { ArgType, SqlQueryable } from '@prisma/driver-adapter-utils';
import { tombstonesOf } from '../hooks/ack-stamp.js';

/** Objects read per query at startup: 150,000 pods never sit in one result. */
const LOAD_PAGE = 2000;
const TEXT: ArgType = { scalarType: 'string', arity: 'scalar' };

/**
 * Objects given a parameter of their own in one commit; the rest of a larger batch travel inside JSON
 * chunks. Parameters are held in the database's memory together, where JSON rows past its work_mem go
 * to disk: PGlite's memory keeps its high-water mark, and at 10,000 the 150,000-pod benchmark peaked
 * 60-70 MB higher. At 1,000 the throughput benchmark's database CPU is what it was at 10,000.
 */
export const OBJECT_PARAMETERS = 1_000;

/** The columns beside the object's text, as json_to_recordset reads them. */
const COLUMNS = 'key text, api_version text, kind text, namespace text, name text, uid text, resource_version bigint';

export class SqlStorePersistence implements StorePersistence {
  constructor(
    private readonly sql: SqlQueryable,
    private readonly objectParameters = OBJECT_PARAMETERS,
  ) {}

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
    const deleted = [...last.values()].filter((c) => c.type === 'delete');
    const deletes = deleted.map((c) => c.key);
    const deletedAt = new Date(Math.round(at)).toISOString();
    const tombstones = deleted.flatMap((c) => tombstonesOf(c.object)).map((t) => ({
      ack_id: t.id, namespace: t.namespace, pod: t.pod, pod_uid: t.podUid, hook: t.hook, acked_at: t.at, deleted_at: deletedAt,
    }));

    // One statement: its data-modifying CTEs all run, atomically, whatever the main query reads, so a
    // commit is one round trip to the database (PGlite's thread or a PostgreSQL server) however many
    // objects it carries. Keys are unique within the batch, so the upsert and the delete never meet.
    // Each object's text is a parameter of its own, stored as it is (schema.prisma): inside a JSON
    // document the database would lex every object once more to find where it ends, a fifth of its
    // time per row. Only the small columns travel as JSON, in chunks that die young (young-strings.ts
    // in @coxswain/cluster), numbered to meet their object; objects past the parameter budget ride in
    // those chunks whole.
    const direct = puts.slice(0, this.objectParameters);
    const metaChunks = jsonChunks(direct.map((c, i) => ({ ...columnsOf(c.object, c.key), n: i + 1 })));
    const objectTexts = direct.map((c) => JSON.stringify(c.object));
    const overflowChunks = jsonChunks(puts.slice(this.objectParameters).map((c) => ({ ...columnsOf(c.object, c.key), object: c.object })));
    const deleteChunks = jsonChunks(deletes);
    const params = new ParameterList();
    const metaArray = params.array(metaChunks, 'json');
    const objectArray = params.array(objectTexts, 'text');
    const overflowArray = params.array(overflowChunks, 'json');
    const deleteArray = params.array(deleteChunks, 'json');
    // Rare (only deleted pods an ack wrote), so the statement names the table only when there are some.
    const tombstoned = tombstones.length === 0 ? '' : `, tombstoned AS (
         INSERT INTO hook_ack_tombstones (ack_id, namespace, pod, pod_uid, hook, acked_at, deleted_at)
         SELECT t.ack_id, t.namespace, t.pod, t.pod_uid, t.hook, t.acked_at AT TIME ZONE 'UTC', t.deleted_at AT TIME ZONE 'UTC'
         FROM json_to_recordset(${params.add(JSON.stringify(tombstones))}::json)
           AS t(ack_id text, namespace text, pod text, pod_uid text, hook text, acked_at timestamptz, deleted_at timestamptz)
         ON CONFLICT (ack_id) DO NOTHING
       )`;
    const version = params.add(String(resourceVersion));
    const time = params.add(String(Math.round(at)));
    await this.sql.executeRaw({
      sql: `WITH upserted AS (
         INSERT INTO cluster_objects (key, api_version, kind, namespace, name, uid, resource_version, object)
         SELECT x.key, x.api_version, x.kind, x.namespace, x.name, x.uid, x.resource_version, o.object
         FROM (SELECT x.* FROM unnest(${metaArray}) AS c(rows), json_to_recordset(c.rows) AS x(${COLUMNS}, n bigint)) AS x
           JOIN unnest(${objectArray}) WITH ORDINALITY AS o(object, n) ON o.n = x.n
         UNION ALL
         SELECT x.key, x.api_version, x.kind, x.namespace, x.name, x.uid, x.resource_version, x.object
         FROM unnest(${overflowArray}) AS c(rows), json_to_recordset(c.rows) AS x(${COLUMNS}, object text)
         ON CONFLICT (key) DO UPDATE SET api_version = EXCLUDED.api_version, kind = EXCLUDED.kind,
           namespace = EXCLUDED.namespace, name = EXCLUDED.name, uid = EXCLUDED.uid,
           resource_version = EXCLUDED.resource_version, object = EXCLUDED.object
       ), deleted AS (
         DELETE FROM cluster_objects WHERE key IN (SELECT json_array_elements_text(c.keys) FROM unnest(${deleteArray}) AS c(keys))
       )${tombstoned}
       INSERT INTO cluster_state (id, resource_version, simulated_time) VALUES (1, ${version}::bigint, ${time}::bigint)
       ON CONFLICT (id) DO UPDATE SET resource_version = EXCLUDED.resource_version,
         simulated_time = GREATEST(cluster_state.simulated_time, EXCLUDED.simulated_time)`,
      args: params.values,
      argTypes: params.values.map(() => TEXT),
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

/** A statement's parameters, numbered as they are added. */
export class ParameterList {
  readonly values: string[] = [];

  /** Adds one parameter; answers its placeholder. */
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Adds `values` as parameters; answers `ARRAY[$i::type, ...]`, which unnests to them in order. */
  array(values: readonly string[], type: 'json' | 'text'): string {
    return `ARRAY[${values.map((value) => `${this.add(value)}::${type}`).join(', ')}]::${type}[]`;
  }
}

/** The key and the columns read from the object, beside its text. */
function columnsOf(object: KubeObject, key: string) {
  return {
    key,
    api_version: object.apiVersion,
    kind: object.kind,
    namespace: object.metadata.namespace ?? '',
    name: object.metadata.name ?? '',
    uid: object.metadata.uid ?? '',
    resource_version: Number(object.metadata.resourceVersion ?? 0),
  };
}

/** The rows of a query whose parameters are all text (cast in the SQL where needed). */
async function query(sql: SqlQueryable, text: string, args: string[]): Promise<unknown[][]> {
  return (await sql.queryRaw({ sql: text, args, argTypes: args.map(() => TEXT) })).rows;
}
