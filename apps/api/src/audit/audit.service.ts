// The audit log: one row per mutation request, written here and nowhere else (the audit interceptor
// calls record() when a mutation ends, whatever the outcome), and read newest first.
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import { storableText } from '@coxswain/kruise-api';
import type { Principal } from '../auth/principal.js';
import { CLOCK } from '../tokens.js';
import type { AuditDraft } from './audit-trail.js';
import { AuditRepository, type AuditRow, type NewAuditRow } from './audit.repository.js';

export interface AuditOutcome {
  /** "ok", or the error code the caller received. */
  result: string;
  message?: string;
}

export interface AuditRequest {
  action: string;
  requestId: string;
  principal: Principal | undefined;
}

export type AuditEntry = AuditRow;

export interface AuditPage {
  entries: AuditEntry[];
  hasNextPage: boolean;
  totalCount: number;
}

@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly repository: AuditRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Appends the row, together with the writes the mutation left to be awaited alongside it. A failure is
   * logged with the whole row rather than failing the request: the change it describes has already
   * happened and the caller must learn that.
   */
  async record(request: AuditRequest, draft: AuditDraft, outcome: AuditOutcome): Promise<void> {
    const row = storableRow(auditRow(request, draft, outcome, new Date(this.clock.now())));
    await Promise.all([this.append(row), ...(draft.alongside ?? [])]);
  }

  private async append(row: NewAuditRow): Promise<void> {
    try {
      await this.repository.append(row);
    } catch (err) {
      this.logger.error({ msg: 'could not write the audit row', error: err instanceof Error ? err.message : String(err), row });
    }
  }

  async page(namespace: string | undefined, first: number, afterId: bigint | undefined): Promise<AuditPage> {
    const [rows, totalCount] = await Promise.all([
      this.repository.newestFirst({ namespace, beforeId: afterId, take: first + 1 }),
      this.repository.count(namespace),
    ]);
    return { entries: rows.slice(0, first), hasNextPage: rows.length > first, totalCount };
  }
}

/**
 * The row with every NUL and lone surrogate replaced by U+FFFD: a refused request may carry them in its
 * arguments (the target) or its message, and the database would refuse the whole row.
 */
export function storableRow(row: NewAuditRow): NewAuditRow {
  return storableValue(row, 0) as NewAuditRow;
}

/** Rows are small, flat-ish JSON (field changes are already flattened); deeper values are cut. */
const MAX_STORED_DEPTH = 16;

function storableValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (depth >= MAX_STORED_DEPTH) return '(nested too deep)';
  if (Array.isArray(value)) return value.map((item) => storableValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableValue(item, depth + 1)]));
}

/** One row: a single change names its object; several (a multi-document manifest) are keyed by object. */
export function auditRow(request: AuditRequest, draft: AuditDraft, outcome: AuditOutcome, at: Date): NewAuditRow {
  const base = {
    at,
    actorName: request.principal?.name ?? 'anonymous',
    actorRole: request.principal?.role ?? 'none',
    action: request.action,
    requestId: request.requestId,
    idempotencyKey: draft.idempotencyKey,
    result: outcome.result,
    message: [draft.message, outcome.message].filter(Boolean).join(': ') || null,
  };
  const [only, ...more] = draft.changes;
  if (only && more.length === 0) {
    return { ...base, targetKind: only.target.kind, targetNamespace: only.target.namespace, targetName: only.target.name, before: only.before, after: only.after };
  }
  if (only) {
    const namespaces = new Set(draft.changes.map((c) => c.target.namespace));
    const keyed = (side: 'before' | 'after') =>
      Object.fromEntries(draft.changes.map((c) => [`${c.target.kind} ${c.target.namespace ? `${c.target.namespace}/` : ''}${c.target.name}`, c[side]]));
    return {
      ...base,
      targetKind: 'List',
      targetNamespace: namespaces.size === 1 ? [...namespaces][0]! : null,
      targetName: null,
      before: keyed('before'),
      after: keyed('after'),
    };
  }
  return {
    ...base,
    targetKind: draft.target?.kind ?? null,
    targetNamespace: draft.target?.namespace ?? null,
    targetName: draft.target?.name ?? null,
    before: null,
    after: null,
  };
}
