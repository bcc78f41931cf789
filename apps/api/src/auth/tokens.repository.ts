// Prisma access for API tokens; the rules live in TokensService.
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { isUniqueViolation } from '../persistence/prisma-errors.js';
import { PRISMA } from '../tokens.js';

export interface TokenRow {
  id: string;
  name: string;
  role: string;
  namespaces: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface NewTokenRow {
  name: string;
  role: string;
  namespaces: string[];
  tokenHash: string;
  createdAt: Date;
}

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

  /** Marks the token revoked; false when it does not exist or already was. */
  async revoke(name: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.apiToken.updateMany({ where: { name, revokedAt: null }, data: { revokedAt: at } });
    return count > 0;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.apiToken.update({ where: { id }, data: { lastUsedAt: at } });
  }
}
