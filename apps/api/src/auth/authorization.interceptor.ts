// Applies ACCESS_POLICY to every operation. It is an interceptor rather than a guard on purpose: it
// runs inside the audit interceptor, so a refused mutation is written to the audit log like any other
// outcome (guards run before interceptors, and their refusals would never reach the audit).
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import { scopeOf } from '../http/request-scope.js';
import { decideAccess } from './access-policy.js';
import { unauthenticated } from './authentication.guard.js';
import { isPublicRoute, operationOf } from './operation.js';

@Injectable()
export class AuthorizationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (isPublicRoute(this.reflector, context)) return next.handle();
    const operation = operationOf(this.reflector, context);
    if (!operation) return next.handle(); // a field resolver: its root field was authorized
    const principal = scopeOf(context).principal;
    if (!principal) throw unauthenticated();
    const decision = decideAccess(principal, operation.name, operation.namespace);
    if (!decision.allowed) throw new DomainError('FORBIDDEN', decision.reason);
    return next.handle();
  }
}
