// Names the operation a handler serves — the GraphQL root field or the REST operation id — and the
// namespace it addresses, for the access policy and the audit log.
import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { Request } from 'express';
import { policyOf, type OperationKind } from './access-policy.js';
import { PUBLIC_ROUTE, REST_OPERATION } from './decorators.js';

export interface OperationInfo {
  name: string;
  kind: OperationKind;
  /** The namespace argument or path/query parameter, when there is one. */
  namespace: string | undefined;
}

export function isPublicRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]) === true;
}

/** undefined for what is not an operation of the API surface (GraphQL field resolvers). */
export function operationOf(reflector: Reflector, context: ExecutionContext): OperationInfo | undefined {
  if (context.getType<GqlContextType>() === 'graphql') {
    const gql = GqlExecutionContext.create(context);
    const info = gql.getInfo<{ parentType: { name: string }; fieldName: string }>();
    const kind = ROOT_KINDS[info.parentType.name];
    if (!kind) return undefined;
    return { name: info.fieldName, kind, namespace: stringOrUndefined(gql.getArgs<Record<string, unknown>>().namespace) };
  }
  const name = reflector.get<string | undefined>(REST_OPERATION, context.getHandler()) ?? `${context.getClass().name}.${context.getHandler().name}`;
  const req = context.switchToHttp().getRequest<Request>();
  return {
    name,
    kind: policyOf(name)?.kind ?? (req.method === 'GET' ? 'query' : 'mutation'),
    namespace: stringOrUndefined(req.params?.namespace) ?? stringOrUndefined(req.query?.namespace),
  };
}

const ROOT_KINDS: Record<string, OperationKind> = { Query: 'query', Mutation: 'mutation', Subscription: 'subscription' };

/** An empty namespace stays "": it names no namespace, so a namespace-limited token is never let through by it. */
function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
