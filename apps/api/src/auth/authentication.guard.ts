// Every route needs an active API token except the few marked @Public(). GraphQL requests are
// authenticated before execution (graphql/graphql-context.ts), so here they only need a principal;
// REST requests are authenticated from their Authorization header. No token: 401 / UNAUTHENTICATED.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { GqlContextType } from '@nestjs/graphql';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error.js';
import { scopeOf } from '../http/request-scope.js';
import { clientAddress } from './client-address.js';
import { isPublicRoute } from './operation.js';
import { secretFromAuthorization } from './token-secret.js';
import { TokensService } from './tokens.service.js';

@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const scope = scopeOf(context);
    if (!scope.principal && context.getType<GqlContextType>() !== 'graphql') {
      const req = context.switchToHttp().getRequest<Request>();
      scope.principal = await this.tokens.authenticate(secretFromAuthorization(req.headers.authorization), clientAddress(req));
    }
    if (!scope.principal) throw unauthenticated();
    return true;
  }
}

export function unauthenticated(): DomainError {
  return new DomainError('UNAUTHENTICATED', 'a valid API token is required: send "Authorization: Bearer <token>"');
}
