// Prisma access for the audit log: append, and read newest first by id (ids grow with time).
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { StatementBatcher } from '../persistence/statement-batcher.js';
import { PRISMA } from '../tokens.js';

export interface AuditRow {
  id: bigint;
  at: Date;
  actorName: string;
  actorRole: string;
  action: string;
  targetKind: string | null;
  targetNamespace: string | null;
  targetName: string | null;
  before: unknown;
  after: unknown;
  requestId: string;
  idempotencyKey: string | null;
  result: string;
  message: string | null;
}

export type NewAuditRow = Omit<AuditRow, 'id'>;

export interface AuditQuery {
  namespace?: string;
  /** Only rows older than this id (the page cursor). */
  beforeId?: bigint;
  take: number;
}

@Injectable()
export class AuditRepository {
  /** Rows appended together in one statement (group commit): a busy API writes its rows in batches. */
  private readonly appends: StatementBatcher<NewAuditRow, void>;

  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {
    this.appends = new StatementBatcher((rows) => this.insertMany(rows));
  }

  /** Resolves once the row is stored. */
  append(row: NewAuditRow): Promise<void> {
    return this.appends.submit(row);
  }

  private async insertMany(rows: NewAuditRow[]): Promise<void[]> {
    const records = rows.map((r) => ({
      at: r.at.toISOString(), actor_name: r.actorName, actor_role: r.actorRole, action: r.action, target_kind: r.targetKind,
      target_namespace: r.targetNamespace, target_name: r.targetName, before: r.before ?? null, after: r.after ?? null,
      request_id: r.requestId, idempotency_key: r.idempotencyKey, result: r.result, message: r.message,
    }));
    // Rows are inserted in array order, so ids (the log's order) follow the order they were appended.
    await this.prisma.$executeRawUnsafe(
      `INSERT INTO audit_entries (at, actor_name, actor_role, action, target_kind, target_namespace, target_name, before, after, request_id, idempotency_key, result, message)
       SELECT x.at AT TIME ZONE 'UTC', x.actor_name, x.actor_role, x.action, x.target_kind, x.target_namespace, x.target_name, x.before, x.after, x.request_id, x.idempotency_key, x.result, x.message
       FROM jsonb_to_recordset($1::jsonb) AS x(at timestamptz, actor_name text, actor_role text, action text, target_kind text, target_namespace text, target_name text,
         before jsonb, after jsonb, request_id text, idempotency_key text, result text, message text)`,
      JSON.stringify(records),
    );
    return rows.map(() => undefined);
  }

  async newestFirst(query: AuditQuery): Promise<AuditRow[]> {
    return (await this.prisma.auditEntry.findMany({
      where: { targetNamespace: query.namespace, id: query.beforeId === undefined ? undefined : { lt: query.beforeId } },
      orderBy: { id: 'desc' },
      take: query.take,
    })) as AuditRow[];
  }

  count(namespace?: string): Promise<number> {
    return this.prisma.auditEntry.count({ where: { targetNamespace: namespace } });
  }
}
