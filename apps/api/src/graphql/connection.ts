// Relay-style cursor pagination over a sorted list: the cursor is the opaque key of the last item seen,
// so pages stay stable while items are added or removed before them.
import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { OrderedSource } from '../cluster/ordered-source.js';
import { DomainError } from '../errors/domain-error.js';

@ObjectType()
export class PageInfo {
  @Field() hasNextPage!: boolean;
  @Field() hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true }) startCursor!: string | null;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: number;
}

// Abstract node types (GraphQL interfaces) are allowed: the edges then hold the interface.
export function Connection<T>(node: abstract new (...args: never[]) => T, name: string) {
  @ObjectType(`${name}Edge`)
  class EdgeType {
    @Field() cursor!: string;
    @Field(() => node) node!: T;
  }
  @ObjectType(`${name}Connection`, { isAbstract: true })
  abstract class ConnectionType {
    @Field(() => [EdgeType]) edges!: EdgeType[];
    @Field(() => PageInfo) pageInfo!: PageInfo;
    @Field(() => Int) totalCount!: number;
  }
  return ConnectionType;
}

export const MAX_PAGE = 1000;

export function checkFirst(first: number, max = MAX_PAGE): void {
  if (!Number.isInteger(first) || first < 1 || first > max) {
    throw new DomainError('BAD_USER_INPUT', `first must be from 1 to ${max}`, { fieldErrors: [{ field: 'first', message: `must be from 1 to ${max}` }] });
  }
}

/**
 * An edge whose cursor is encoded only when read: a page of 100 pods read without `cursor` (the
 * dashboard's and the benchmark's query) spent 3% of the API thread's time encoding cursors nobody asked
 * for. The start and end cursors of pageInfo are encoded eagerly.
 */
class LazyEdge<N> implements Edge<N> {
  constructor(
    private readonly key: string,
    readonly node: N,
  ) {}

  get cursor(): string {
    return encodeCursor(this.key);
  }
}

/** A page of `source` after the cursor `after`, each item made a node by `toNode` (only the page's items are). */
export function paginateOrdered<T, N = T>(source: OrderedSource<T>, first = 100, after?: string | null, max = MAX_PAGE, toNode?: (item: T) => N): Connection<N> {
  checkFirst(first, max);
  const afterKey = after ? decodeCursor(after) : undefined;
  const total = source.count();
  const remaining = afterKey === undefined ? total : source.count(afterKey);
  const items = source.page(afterKey, first);
  const edges = items.map((item): Edge<N> => new LazyEdge(source.keyOf(item), toNode ? toNode(item) : (item as unknown as N)));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      hasNextPage: remaining > edges.length,
      hasPreviousPage: remaining < total,
      startCursor: items.length > 0 ? encodeCursor(source.keyOf(items[0]!)) : null,
      endCursor: items.length > 0 ? encodeCursor(source.keyOf(items[items.length - 1]!)) : null,
    },
  };
}

export function paginate<T>(items: readonly T[], keyOf: (item: T) => string, first = 100, after?: string | null): Connection<T> {
  checkFirst(first);
  let start = 0;
  if (after) {
    const afterKey = decodeCursor(after);
    start = items.findIndex((item) => keyOf(item) > afterKey);
    if (start < 0) start = items.length;
  }
  const page = items.slice(start, start + first);
  const edges = page.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

export function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!key || encodeCursor(key) !== cursor) throw invalidCursor();
  return key;
}

/** An `after` that is no cursor of the list paged. */
export function invalidCursor(): DomainError {
  return new DomainError('BAD_USER_INPUT', 'after is not a cursor from this list', { fieldErrors: [{ field: 'after', message: 'invalid cursor' }] });
}
