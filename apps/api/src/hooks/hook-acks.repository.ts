// Prisma access for hook acknowledgements by Idempotency-Key. The unique key is the lock: whoever
// inserts the row first performs the ack; everyone else finds the row.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import { ABANDONED_CLAIM_MS, abandonedClaimOf, claimKey, type KeyClaim, type KeyedRow } from '../idempotency/key-claim.js';
import { StatementBatcher } from '../persistence/statement-batcher.js';
import { PRISMA } from '../tokens.js';

export type HookAckState = 'in-flight' | 'done';


export interface HookAckRow extends KeyedRow {
  state: HookAckState;
  namespace: string;
  pod: string;
  podUid: string | null;
  hook: string;
  completedAt: Date | null;
}

export type NewHookAck = Pick<HookAckRow, 'idempotencyKey' | 'actorTokenId' | 'requestHash' | 'namespace' | 'pod' | 'hook' | 'createdAt'>;

export type Claim = KeyClaim<HookAckRow>;

export interface Completion {
  status: number;
  response: Prisma.InputJsonValue;
  podUid: string | null;
  completedAt: Date;
}

@Injectable()
export class HookAcksRepository {
  /** Claims and completions of concurrent acks share statements (group commit). */
  private readonly claims: StatementBatcher<NewHookAck, Claim | undefined>;
  private readonly completions: StatementBatcher<{ idempotencyKey: string; completion: Completion }, void>;

  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {
    this.claims = new StatementBatcher((acks) => this.claimMany(acks));
    this.completions = new StatementBatcher((items) => this.completeMany(items));
  }

  /** Inserts the key in flight (or takes over an abandoned claim of it), or returns the row that holds it. */
  async claim(ack: NewHookAck): Promise<Claim> {
    return (await this.claims.submit(ack)) ?? this.claimAlone(ack);
  }

  /**
   * One INSERT for the batch; keys taken before (or by an earlier ack of the same batch) are read back.
   * An abandoned claim of the same request is taken over in the same statement (ABANDONED_CLAIM_MS),
   * keeping its id: an id other than the one proposed comes back for a key taken over.
   * An ack whose key was released between the two statements is answered undefined: it claims alone.
   */
  private async claimMany(acks: NewHookAck[]): Promise<(Claim | undefined)[]> {
    const first = new Map<string, { id: string; ack: NewHookAck }>();
    for (const ack of acks) if (!first.has(ack.idempotencyKey)) first.set(ack.idempotencyKey, { id: randomUUID(), ack });
    const rows = [...first.values()].map(({ id, ack }) => ({
      id, idempotency_key: ack.idempotencyKey, actor_token_id: ack.actorTokenId, request_hash: ack.requestHash,
      namespace: ack.namespace, pod: ack.pod, hook: ack.hook, created_at: ack.createdAt.toISOString(),
    }));
    const inserted = await this.prisma.$queryRawUnsafe<{ idempotency_key: string; id: string }[]>(
      `INSERT INTO hook_acks (id, idempotency_key, actor_token_id, request_hash, state, namespace, pod, hook, created_at)
       SELECT x.id, x.idempotency_key, x.actor_token_id, x.request_hash, 'in-flight', x.namespace, x.pod, x.hook, x.created_at AT TIME ZONE 'UTC'
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, idempotency_key text, actor_token_id text, request_hash text, namespace text, pod text, hook text, created_at timestamptz)
       ON CONFLICT (idempotency_key) DO UPDATE SET created_at = EXCLUDED.created_at
         WHERE hook_acks.state = 'in-flight' AND hook_acks.created_at < EXCLUDED.created_at - make_interval(secs => $2)
           AND hook_acks.request_hash = EXCLUDED.request_hash AND hook_acks.actor_token_id = EXCLUDED.actor_token_id
       RETURNING idempotency_key, id`,
      JSON.stringify(rows),
      ABANDONED_CLAIM_MS / 1000,
    );
    const claimed = new Map(inserted.map((r) => [r.idempotency_key, r.id]));
    const taken = acks.map((a) => a.idempotencyKey).filter((key) => !claimed.has(key) || acks.filter((a) => a.idempotencyKey === key).length > 1);
    const existing = taken.length === 0 ? [] : await this.prisma.hookAck.findMany({ where: { idempotencyKey: { in: [...new Set(taken)] } } });
    const byKey = new Map(existing.map((row) => [row.idempotencyKey, row as HookAckRow]));
    return acks.map((ack) => {
      const mine = first.get(ack.idempotencyKey);
      const id = claimed.get(ack.idempotencyKey);
      if (mine?.ack === ack && id !== undefined) {
        return { claimed: true, takenOver: id !== mine.id, row: { ...ack, id, state: 'in-flight', response: null, status: null, podUid: null, completedAt: null } };
      }
      const row = byKey.get(ack.idempotencyKey);
      return row ? { claimed: false, existing: row } : undefined;
    });
  }

  private claimAlone(ack: NewHookAck): Promise<Claim> {
    return claimKey(ack.idempotencyKey, {
      insert: async () => (await this.prisma.hookAck.create({ data: { ...ack, state: 'in-flight' } })) as HookAckRow,
      takeOver: async () => (await this.prisma.hookAck.updateMany({ where: abandonedClaimOf(ack), data: { createdAt: ack.createdAt } })).count,
      find: async () => (await this.prisma.hookAck.findUnique({ where: { idempotencyKey: ack.idempotencyKey } })) as HookAckRow | null,
    });
  }

  /** Stores the final answer of an in-flight key. */
  complete(idempotencyKey: string, completion: Completion): Promise<void> {
    return this.completions.submit({ idempotencyKey, completion });
  }

  private async completeMany(items: { idempotencyKey: string; completion: Completion }[]): Promise<void[]> {
    const rows = items.map(({ idempotencyKey, completion }) => ({
      idempotency_key: idempotencyKey, status: completion.status, response: completion.response, pod_uid: completion.podUid,
      completed_at: completion.completedAt.toISOString(),
    }));
    // The LIMIT tells the planner how many rows the batch holds: it guesses 100 for a set-returning
    // function, and against that guess it scans the whole table rather than probe the key's index 100
    // times until the table holds some 30,000 acks; every completion then cost a scan of every ack.
    await this.prisma.$executeRawUnsafe(
      `UPDATE hook_acks AS h SET state = 'done', status = x.status, response = x.response, pod_uid = x.pod_uid, completed_at = x.completed_at AT TIME ZONE 'UTC'
       FROM (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(idempotency_key text, status int, response jsonb, pod_uid text, completed_at timestamptz)
             LIMIT ${rows.length}) AS x
       WHERE h.idempotency_key = x.idempotency_key AND h.state = 'in-flight'`,
      JSON.stringify(rows),
    );
    return items.map(() => undefined);
  }

  /**
   * Forgets the keys answered before `before`, and those claimed before it and never answered, at most
   * `batch` rows per statement (each a short transaction, whatever the table holds); the number forgotten.
   */
  async forgetBefore(before: Date, batch = 10_000): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const n = await this.prisma.$executeRawUnsafe(
        `DELETE FROM hook_acks WHERE id IN (
           SELECT id FROM hook_acks
           WHERE (state = 'done' AND completed_at < $1::timestamptz AT TIME ZONE 'UTC') OR (state = 'in-flight' AND created_at < $1::timestamptz AT TIME ZONE 'UTC')
           LIMIT $2)`,
        before.toISOString(),
        batch,
      );
      forgotten += n;
      if (n < batch) return forgotten;
    }
  }

  /** Forgets an in-flight key whose attempt failed without a final answer, so a retry runs again. */
  async release(idempotencyKey: string): Promise<void> {
    await this.prisma.hookAck.deleteMany({ where: { idempotencyKey, state: 'in-flight' } });
  }
}
