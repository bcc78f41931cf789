// GraphQL for the audit log: newest first, Relay pagination keyed by the entry id.
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { AuditService } from '../../audit/audit.service.js';
import { checkFirst, decodeCursor, encodeCursor, invalidCursor } from '../connection.js';
import { AuditEntryConnection } from './audit.types.js';

@Resolver()
export class AuditResolver {
  constructor(private readonly audit: AuditService) {}

  @Query(() => AuditEntryConnection, { description: 'Mutations and hook acknowledgements, newest first.' })
  async auditLog(
    @Args('namespace', { type: () => String, nullable: true, description: 'Only entries whose target is in this namespace.' }) namespace: string | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ) {
    checkFirst(first);
    const afterId = after ? cursorId(after) : undefined;
    const page = await this.audit.page(namespace ?? undefined, first, afterId);
    const edges = page.entries.map((e) => ({ cursor: encodeCursor(String(e.id)), node: { ...e, id: String(e.id) } }));
    return {
      edges,
      totalCount: page.totalCount,
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: afterId !== undefined,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  }
}

function cursorId(cursor: string): bigint {
  const key = decodeCursor(cursor);
  if (!/^\d+$/.test(key)) throw invalidCursor();
  return BigInt(key);
}
