// Prisma access for hook acknowledgements by Idempotency-Key. The unique key is the lock: whoever
// inserts the row first performs the ack; everyone else finds the row.
import { Inject, Injectable } from '@nestjs/common';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import { isUniqueViolation } from '../persistence/prisma-errors.js';
import { PRISMA } from '../tokens.js';

export type HookAckState = 'in-flight' | 'done';

export interface HookAckRow {
  id: string;
  idempotencyKey: string;
  actorTokenId: string;
  requestHash: string;
  state: HookAckState;
  response: unknown;
  status: number | null;
  namespace: string;
  pod: string;
  podUid: string | null;
  hook: string;
  createdAt: Date;
  completedAt: Date | null;
}

export type NewHookAck = Pick<HookAckRow, 'idempotencyKey' | 'actorTokenId' | 'requestHash' | 'namespace' | 'pod' | 'hook' | 'createdAt'>;

export type Claim = { claimed: true; row: HookAckRow } | { claimed: false; existing: HookAckRow };

export interface Completion {
  status: number;
  response: Prisma.InputJsonValue;
  podUid: string | null;
  completedAt: Date;
}

@Injectable()
export class HookAcksRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /** Inserts the key in flight, or returns the row that already holds it. */
  async claim(ack: NewHookAck): Promise<Claim> {
    // Retried because a losing request may find the row deleted again (a failed attempt releases it).
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return { claimed: true, row: (await this.prisma.hookAck.create({ data: { ...ack, state: 'in-flight' } })) as HookAckRow };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const existing = await this.prisma.hookAck.findUnique({ where: { idempotencyKey: ack.idempotencyKey } });
      if (existing) return { claimed: false, existing: existing as HookAckRow };
    }
    throw new Error(`could not claim idempotency key ${ack.idempotencyKey}`);
  }

  /** Stores the final answer of an in-flight key. */
  async complete(idempotencyKey: string, completion: Completion): Promise<void> {
    await this.prisma.hookAck.updateMany({ where: { idempotencyKey, state: 'in-flight' }, data: { ...completion, state: 'done' } });
  }

  /** Forgets an in-flight key whose attempt failed without a final answer, so a retry runs again. */
  async release(idempotencyKey: string): Promise<void> {
    await this.prisma.hookAck.deleteMany({ where: { idempotencyKey, state: 'in-flight' } });
  }
}
