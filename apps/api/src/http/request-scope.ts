// What Coxswain knows about one request (an HTTP request, or one graphql-ws operation): its id, echoed
// in `x-request-id` and written to the audit log, and the authenticated caller.
import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { Principal } from '../auth/principal.js';

export interface RequestScope {
  requestId: string;
  principal: Principal | undefined;
}

/** The GraphQL context value (see graphql/graphql-context.ts). */
export interface GraphQLRequestContext {
  scope: RequestScope;
  req?: unknown;
}

const SCOPE = Symbol('coxswain.requestScope');
type WithScope = { [SCOPE]?: RequestScope; headers?: Record<string, string | string[] | undefined> };

/** A caller-chosen request id is kept when it is short and plain, so a gateway's id links the logs. */
const INBOUND_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function newRequestId(inbound?: unknown): string {
  return typeof inbound === 'string' && INBOUND_ID.test(inbound) ? inbound : randomUUID();
}

/** The scope of an HTTP request, created on first use. */
export function httpScope(req: object): RequestScope {
  const r = req as WithScope;
  return (r[SCOPE] ??= { requestId: newRequestId(r.headers?.['x-request-id']), principal: undefined });
}

export function scopeOf(context: ExecutionContext): RequestScope {
  if (context.getType<GqlContextType>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<GraphQLRequestContext>().scope;
  }
  return httpScope(context.switchToHttp().getRequest<object>());
}
