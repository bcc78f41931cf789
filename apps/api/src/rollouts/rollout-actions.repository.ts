// Prisma access for Rollout actions by Idempotency-Key (rollout_actions), claimed as hook acknowledgements
// are (idempotency/key-claim.ts): the unique key is the lock, and a claim left in flight by a process that
// died is taken over by the same request after ABANDONED_CLAIM_MS, so a crash never leaves a key in flight.
import { Inject, Injectable } from '@nestjs/common';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { abandonedClaimOf, claimKey, type KeyClaim, type KeyedRow } from '../idempotency/key-claim.js';
import { PRISMA } from '../tokens.js';

export interface RolloutActionRow extends KeyedRow {
  namespace: string;
  rollout: string;
  action: string;
  completedAt: Date | null;
}

export type NewRolloutAction = Pick<RolloutActionRow, 'idempotencyKey' | 'actorTokenId' | 'requestHash' | 'namespace' | 'rollout' | 'action' | 'createdAt'>;

export type ActionClaim = KeyClaim<RolloutActionRow>;

@Injectable()
export class RolloutActionsRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  claim(action: NewRolloutAction): Promise<ActionClaim> {
    return claimKey(action.idempotencyKey, {
      insert: async () => (await this.prisma.rolloutAction.create({ data: { ...action, state: 'in-flight' } })) as RolloutActionRow,
      takeOver: async () => (await this.prisma.rolloutAction.updateMany({ where: abandonedClaimOf(action), data: { createdAt: action.createdAt } })).count,
      find: async () => (await this.prisma.rolloutAction.findUnique({ where: { idempotencyKey: action.idempotencyKey } })) as RolloutActionRow | null,
    });
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
