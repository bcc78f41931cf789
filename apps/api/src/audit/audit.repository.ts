// Prisma access for the audit log: append, and read newest first by id (ids grow with time).
import { Inject, Injectable } from '@nestjs/common';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
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
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async append(row: NewAuditRow): Promise<AuditRow> {
    return (await this.prisma.auditEntry.create({ data: { ...row, before: json(row.before), after: json(row.after) } })) as AuditRow;
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

/** Prisma writes SQL NULL for Prisma.DbNull and JSON null for null; a missing value is SQL NULL. */
function json(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue);
}
