// REST for the teams that acknowledge hooks (docs/spec/api-contract.md §3): list the pods waiting on a hook,
// acknowledge one. Thin: parameters in, HookAckService / PendingHooksService, JSON out; errors become
// problem documents (http/error.filter.ts).
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import { Operation } from '../auth/decorators.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../errors/domain-error.js';
import { HookAckService, type HookAckAnswer } from '../hooks/hook-ack.service.js';
import { HOOK_POINT_NAMES, isHookPoint } from '../hooks/hook-points.js';
import { PendingHooksService, type PendingHookView } from '../hooks/pending-hooks.service.js';
import { bodyFields, requireJsonBody } from './json-body.js';

@Controller('api/v1')
export class HooksController {
  constructor(
    private readonly pending: PendingHooksService,
    private readonly acks: HookAckService,
  ) {}

  @Get('hooks')
  @Operation('listHooks')
  async list(@CurrentPrincipal() principal: Principal, @Query('namespace') namespace?: unknown, @Query('hook') hook?: unknown): Promise<PendingHookView[]> {
    if (hook !== undefined && !isHookPoint(hook)) throw badHook();
    if (namespace !== undefined && typeof namespace !== 'string') throw new DomainError('BAD_USER_INPUT', 'namespace must be given once', { field: 'namespace' });
    return this.pending.list(principal, namespace || undefined, hook);
  }

  @Post('namespaces/:namespace/pods/:pod/hooks/:hook/ack')
  @Operation('ackHook')
  @HttpCode(200)
  async ack(
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) res: Response,
    @Param('namespace') namespace: string,
    @Param('pod') pod: string,
    @Param('hook') hook: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: Request,
    @Body() body: unknown,
  ): Promise<HookAckAnswer> {
    if (!isHookPoint(hook)) throw badHook();
    requireJsonBody(req);
    if (!idempotencyKey) {
      throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', 'send an Idempotency-Key header (a new UUID per acknowledgement, the same one on retries)', { field: 'Idempotency-Key' });
    }
    const result = await this.acks.ack(principal, { namespace, pod, hook, idempotencyKey, reason: reasonOf(body) });
    if (result.replayed) res.setHeader('idempotent-replayed', 'true');
    return result.answer;
  }
}

function badHook(): DomainError {
  return new DomainError('BAD_USER_INPUT', `hook must be one of ${HOOK_POINT_NAMES.join(', ')}`, { field: 'hook' });
}

/** The optional `{ "reason": "..." }` body; an empty body is no reason. Any other field is refused. */
function reasonOf(body: unknown): string | null {
  const reason = bodyFields(body, ['reason'], '{"reason": "deregistered"}').reason;
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string') throw new DomainError('BAD_USER_INPUT', 'reason must be a string', { field: 'reason' });
  return reason;
}
