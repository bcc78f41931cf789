// Prisma access for API tokens; the rules live in TokensService.
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { isUniqueViolation } from '../persistence/prisma-errors.js';
import { PRISMA } from '../tokens.js';
import type { ActiveTokenRow, NewTokenRow, TokenRow } from './token-rows.js';

const COLUMNS = { id: true, name: true, role: true, namespaces: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

@Injectable()
export class TokensRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /** Inserts the token; false when the name (or, astronomically unlikely, the hash) is taken. */
  async insert(row: NewTokenRow): Promise<TokenRow | undefined> {
    try {
      return await this.prisma.apiToken.create({ data: row, select: COLUMNS });
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  /** Every token not revoked, with the hash of its secret (a handful of rows). */
  listActive(): Promise<ActiveTokenRow[]> {
    return this.prisma.apiToken.findMany({ where: { revokedAt: null }, select: { ...COLUMNS, tokenHash: true } });
  }

  findActiveByHash(tokenHash: string): Promise<TokenRow | null> {
    return this.prisma.apiToken.findFirst({ where: { tokenHash, revokedAt: null }, select: COLUMNS });
  }

  findByName(name: string): Promise<TokenRow | null> {
    return this.prisma.apiToken.findUnique({ where: { name }, select: COLUMNS });
  }

  list(): Promise<TokenRow[]> {
    return this.prisma.apiToken.findMany({ orderBy: { createdAt: 'asc' }, select: COLUMNS });
  }

  count(): Promise<number> {
    return this.prisma.apiToken.count();
  }

  /**
   * Marks the token revoked: 'revoked', 'not-active' when it does not exist or already was, or
   * 'last-admin' (nothing changed) when it is the only active admin token. The active admin rows are
   * locked first, so two admins revoking each other at once cannot leave none.
   */
  async revoke(name: string, at: Date): Promise<'revoked' | 'not-active' | 'last-admin'> {
    return this.prisma.$transaction(async (tx) => {
      const admins = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM api_tokens WHERE role = 'admin' AND revoked_at IS NULL FOR UPDATE`;
      if (admins.length === 1 && admins[0]!.name === name) return 'last-admin';
      const { count } = await tx.apiToken.updateMany({ where: { name, revokedAt: null }, data: { revokedAt: at } });
      return count > 0 ? 'revoked' : 'not-active';
    });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.apiToken.update({ where: { id }, data: { lastUsedAt: at } });
  }
}
