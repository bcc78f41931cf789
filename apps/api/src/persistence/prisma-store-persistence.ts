// Makes the embedded cluster durable in the database: each commit writes a batch of object changes and
// the resourceVersion counter in one transaction, so a restart resumes exactly where the last
// acknowledged write left off.
import type { PersistedChange, StorePersistence, StoreSnapshot } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { PrismaClient } from '../generated/prisma/client.js';

export class PrismaStorePersistence implements StorePersistence {
  constructor(private readonly prisma: PrismaClient) {}

  async load(): Promise<StoreSnapshot> {
    const [rows, state] = await Promise.all([
      this.prisma.clusterObject.findMany({ orderBy: { resourceVersion: 'asc' } }),
      this.prisma.clusterState.findUnique({ where: { id: 1 } }),
    ]);
    return {
      resourceVersion: Number(state?.resourceVersion ?? 0n),
      objects: rows.map((r) => r.object as unknown as KubeObject),
    };
  }

  async commit(changes: readonly PersistedChange[], resourceVersion: number): Promise<void> {
    // A batch may touch one key several times (create then delete); only its final state matters.
    const last = new Map<string, PersistedChange>();
    for (const c of changes) last.set(c.key, c);
    const puts = [...last.values()].filter((c) => c.type === 'put');
    const deletes = [...last.values()].filter((c) => c.type === 'delete').map((c) => c.key);

    // One JSON parameter per statement keeps a 1,000-object batch to three round trips on any driver.
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
    const statements = [];
    if (rows.length > 0) {
      statements.push(this.prisma.$executeRawUnsafe(
        `INSERT INTO cluster_objects (key, api_version, kind, namespace, name, uid, resource_version, object)
         SELECT key, api_version, kind, namespace, name, uid, resource_version, object
         FROM jsonb_to_recordset($1::jsonb) AS x(key text, api_version text, kind text, namespace text, name text, uid text, resource_version bigint, object jsonb)
         ON CONFLICT (key) DO UPDATE SET api_version = EXCLUDED.api_version, kind = EXCLUDED.kind,
           namespace = EXCLUDED.namespace, name = EXCLUDED.name, uid = EXCLUDED.uid,
           resource_version = EXCLUDED.resource_version, object = EXCLUDED.object`,
        JSON.stringify(rows),
      ));
    }
    if (deletes.length > 0) {
      statements.push(this.prisma.$executeRawUnsafe(
        `DELETE FROM cluster_objects WHERE key IN (SELECT jsonb_array_elements_text($1::jsonb))`,
        JSON.stringify(deletes),
      ));
    }
    statements.push(this.prisma.$executeRawUnsafe(
      `INSERT INTO cluster_state (id, resource_version) VALUES (1, $1::bigint)
       ON CONFLICT (id) DO UPDATE SET resource_version = EXCLUDED.resource_version`,
      String(resourceVersion),
    ));
    await this.prisma.$transaction(statements);
  }

  async close(): Promise<void> {
    // The Database owns the connection; closing it is the app's shutdown job.
  }
}
