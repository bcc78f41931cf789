// Writes one audit row for every mutation — GraphQL or REST, successful, refused or failed — when it
// ends. It is registered before the authorization interceptor so that it wraps it and sees refusals.
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { Request } from 'express';
import { workloadKind } from '@coxswain/workloads';
import { catchError, concatMap, from, type Observable } from 'rxjs';
import { operationOf } from '../auth/operation.js';
import { errorCode, publicMessage } from '../errors/known-errors.js';
import { scopeOf } from '../http/request-scope.js';
import { AuditTrail, type AuditDraft, type AuditTarget } from './audit-trail.js';
import { AuditService, type AuditRequest } from './audit.service.js';

@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly trail: AuditTrail,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const operation = operationOf(this.reflector, context);
    if (!operation || operation.kind !== 'mutation') return next.handle();
    const scope = scopeOf(context);
    const draft: AuditDraft = { changes: [], target: targetFromArguments(context, operation.name), idempotencyKey: null, message: null };
    // The principal is read when the row is written: the scope is filled before handlers run.
    const request = (): AuditRequest => ({ action: operation.name, requestId: scope.requestId, principal: scope.principal });
    return this.trail.run(draft, () => next.handle()).pipe(
      concatMap((value) => from(this.audit.record(request(), draft, { result: 'ok' }).then(() => value))),
      catchError((err: unknown) =>
        from(this.audit.record(request(), draft, { result: errorCode(err), message: publicMessage(err) }).then(() => {
          throw err;
        })),
      ),
    );
  }
}

/** Where the mutation was aimed, read from its arguments (kind, namespace, name or pod). */
function targetFromArguments(context: ExecutionContext, operation: string): AuditTarget | null {
  const args: Record<string, unknown> = context.getType<GqlContextType>() === 'graphql'
    ? GqlExecutionContext.create(context).getArgs()
    : { ...context.switchToHttp().getRequest<Request>().params };
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const name = text(args.name) ?? text(args.pod);
  const kind = TOKEN_OPERATIONS.has(operation) ? 'ApiToken' : ROLLOUT_OPERATIONS.has(operation) ? 'Rollout' : WEBHOOK_OPERATIONS.has(operation) ? 'RolloutWebhook' : text(args.kind) ?? (text(args.pod) ? 'Pod' : null);
  if (!kind && !name) return null;
  return { kind: kind ? displayKind(kind) : 'Unknown', namespace: text(args.namespace), name };
}

const TOKEN_OPERATIONS = new Set(['createToken', 'revokeToken']);
const ROLLOUT_OPERATIONS = new Set(['approveRolloutStep', 'jumpToRolloutStep', 'abortRollout']);
const WEBHOOK_OPERATIONS = new Set(['setRolloutWebhook', 'deleteRolloutWebhook']);

/** The contract's WorkloadKind values name Kruise kinds: the row names the cluster kind (CLONE_SET -> CloneSet). */
function displayKind(kind: string): string {
  return workloadKind(kind)?.clusterKind ?? kind;
}
