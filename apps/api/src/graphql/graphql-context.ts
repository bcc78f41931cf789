// Authentication for GraphQL. Over HTTP the bearer token is checked before anything executes (so an
// unauthenticated request gets 401 / UNAUTHENTICATED, introspection included). Over graphql-ws the
// token in connectionParams.authorization is checked at connection_init (a bad one closes the socket
// with 4403) and again for every operation, so a token revoked mid-connection stops working.
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLError } from 'graphql';
import type { Socket } from 'node:net';
import type { Request } from 'express';
import type { WebSocket } from 'ws';
import { secretFromAuthorization } from '../auth/token-secret.js';
import { clientAddress } from '../auth/client-address.js';
import type { TokensService } from '../auth/tokens.service.js';
import { isDomainError } from '../errors/domain-error.js';
import { httpScope, newRequestId, type GraphQLRequestContext } from '../http/request-scope.js';
import { coalesceFrames } from './frame-coalescing.js';

interface WsContext {
  connectionParams?: Readonly<Record<string, unknown>>;
  /** graphql-ws over ws: `{ socket, request }`, the upgrade request carrying the client's address. */
  extra?: unknown;
}

/** What graphql-ws's ws server passes as `extra`: the WebSocket, and the upgrade request on its socket. */
interface WsExtra {
  socket?: WebSocket;
  request?: { socket?: Socket & { remoteAddress?: string } };
}

interface HttpContext {
  req: Request;
}

export function graphqlAuthentication(tokens: TokensService): Pick<ApolloDriverConfig, 'context' | 'subscriptions'> {
  // A rate-limited address is refused like a bad token (the socket closes with 4403).
  const wsPrincipal = (ctx: WsContext) =>
    tokens
      .authenticate(secretFromAuthorization(ctx.connectionParams?.authorization, true), clientAddress((ctx.extra as WsExtra | undefined)?.request ?? {}))
      .catch((err: unknown) => {
        if (isDomainError(err, 'RATE_LIMITED')) return undefined;
        throw err;
      });
  return {
    context: async (arg: HttpContext | WsContext): Promise<GraphQLRequestContext> => {
      if (!('req' in arg) || !arg.req) {
        // One graphql-ws operation: its own request id.
        return { scope: { requestId: newRequestId(), principal: await wsPrincipal(arg as WsContext) } };
      }
      const scope = httpScope(arg.req);
      try {
        scope.principal ??= await tokens.authenticate(secretFromAuthorization(arg.req.headers.authorization), clientAddress(arg.req));
      } catch (err) {
        if (!isDomainError(err, 'RATE_LIMITED')) throw err;
        const retryAfter = String(err.options.retryAfterSeconds ?? 1);
        throw new GraphQLError(err.message, {
          extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: new Map([['retry-after', retryAfter]]) } },
        });
      }
      if (!scope.principal) {
        throw new GraphQLError('a valid API token is required: send "Authorization: Bearer <token>"', {
          extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: new Map([['www-authenticate', 'Bearer']]) } },
        });
      }
      return { req: arg.req, scope };
    },
    subscriptions: {
      'graphql-ws': {
        // false makes graphql-ws close the socket with 4403 Forbidden.
        onConnect: async (ctx: WsContext) => {
          const { socket, request } = (ctx.extra ?? {}) as WsExtra;
          if (socket && request?.socket) coalesceFrames(socket, request.socket);
          return (await wsPrincipal(ctx)) !== undefined;
        },
      },
    },
  };
}
