// Prisma access for Rollout actions by Idempotency-Key (rollout_actions). As for hook acknowledgements
// (hooks/hook-acks.repository.ts), the unique key is the lock: whoever inserts the row first performs the
// action; everyone else finds the row. A claim left in flight by a process that died is taken over by the
// same request after ABANDONED_CLAIM_MS (the hooks' value), so a crash never leaves a key in flight for good.
import { Inject, Injectable } from '@nestjs/common';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { ABANDONED_CLAIM_MS } from '../hooks/hook-acks.repository.js';
import { isUniqueViolation } from '../persistence/prisma-errors.js';
import { PRISMA } from '../tokens.js';

export interface RolloutActionRow {
  id: string;
  idempotencyKey: string;
  actorTokenId: string;
  requestHash: string;
  state: string;
  response: unknown;
  status: number | null;
  namespace: string;
  rollout: string;
  action: string;
  createdAt: Date;
  completedAt: Date | null;
}

export type NewRolloutAction = Pick<RolloutActionRow, 'idempotencyKey' | 'actorTokenId' | 'requestHash' | 'namespace' | 'rollout' | 'action' | 'createdAt'>;

export type ActionClaim = { claimed: true; row: RolloutActionRow; takenOver: boolean } | { claimed: false; existing: RolloutActionRow };

@Injectable()
export class RolloutActionsRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async claim(action: NewRolloutAction): Promise<ActionClaim> {
    // Retried because a losing request may find the row deleted again (a failed attempt releases it).
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return { claimed: true, takenOver: false, row: (await this.prisma.rolloutAction.create({ data: { ...action, state: 'in-flight' } })) as RolloutActionRow };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const taken = await this.prisma.rolloutAction.updateMany({
        where: {
          idempotencyKey: action.idempotencyKey, state: 'in-flight', requestHash: action.requestHash, actorTokenId: action.actorTokenId,
          createdAt: { lt: new Date(action.createdAt.getTime() - ABANDONED_CLAIM_MS) },
        },
        data: { createdAt: action.createdAt },
      });
      const existing = await this.prisma.rolloutAction.findUnique({ where: { idempotencyKey: action.idempotencyKey } });
      if (existing && taken.count > 0) return { claimed: true, takenOver: true, row: existing as RolloutActionRow };
      if (existing) return { claimed: false, existing: existing as RolloutActionRow };
    }
    throw new Error(`could not claim idempotency key ${action.idempotencyKey}`);
  }

  /** Stores the final answer of an in-flight key. */
  async complete(idempotencyKey: string, status: number, response: Prisma.InputJsonValue, completedAt: Date): Promise<void> {
    await this.prisma.rolloutAction.updateMany({ where: { idempotencyKey, state: 'in-flight' }, data: { state: 'done', status, response, completedAt } });
  }

  /** Forgets an in-flight key whose attempt failed without a final answer, so a retry runs again. */
  async release(idempotencyKey: string): Promise<void> {
    await this.prisma.rolloutAction.deleteMany({ where: { idempotencyKey, state: 'in-flight' } });
  }

  /** Forgets keys answered (or claimed and never answered) before `before`; the number forgotten. */
  async forgetBefore(before: Date): Promise<number> {
    const { count } = await this.prisma.rolloutAction.deleteMany({
      where: { OR: [{ state: 'done', completedAt: { lt: before } }, { state: 'in-flight', createdAt: { lt: before } }] },
    });
    return count;
  }
}
