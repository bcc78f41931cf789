// REST for Rollout approvals (docs/rollouts-api.md), in the style of hook acknowledgements
// (rest/hooks.controller.ts): POST .../rollouts/{name}/approve, /jump and /abort, each with an
// Idempotency-Key header and an optional JSON body ({"reason": ...}, and "stepIndex" for a jump). Thin:
// parameters in, RolloutActionService, JSON out; errors become problem documents (http/error.filter.ts).
import { Body, Controller, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import { Operation } from '../auth/decorators.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../errors/domain-error.js';
import { RolloutActionService, type RolloutActionAnswer } from '../rollouts/rollout-action.service.js';
import type { RolloutActionName } from '../rollouts/rollout-actions.js';
import { bodyFields, requireJsonBody } from './json-body.js';

@Controller('api/v1/namespaces/:namespace/rollouts/:name')
export class RolloutsController {
  constructor(private readonly actions: RolloutActionService) {}

  @Post('approve')
  @Operation('approveRolloutStep')
  @HttpCode(200)
  approve(
    @CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) res: Response, @Req() req: Request,
    @Param('namespace') namespace: string, @Param('name') name: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined, @Body() body: unknown,
  ): Promise<RolloutActionAnswer> {
    return this.act(principal, res, req, 'approve', namespace, name, idempotencyKey, body);
  }

  @Post('jump')
  @Operation('jumpToRolloutStep')
  @HttpCode(200)
  jump(
    @CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) res: Response, @Req() req: Request,
    @Param('namespace') namespace: string, @Param('name') name: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined, @Body() body: unknown,
  ): Promise<RolloutActionAnswer> {
    return this.act(principal, res, req, 'jump', namespace, name, idempotencyKey, body);
  }

  @Post('abort')
  @Operation('abortRollout')
  @HttpCode(200)
  abort(
    @CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) res: Response, @Req() req: Request,
    @Param('namespace') namespace: string, @Param('name') name: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined, @Body() body: unknown,
  ): Promise<RolloutActionAnswer> {
    return this.act(principal, res, req, 'abort', namespace, name, idempotencyKey, body);
  }

  private async act(
    principal: Principal, res: Response, req: Request, action: RolloutActionName, namespace: string, name: string, idempotencyKey: string | undefined, body: unknown,
  ): Promise<RolloutActionAnswer> {
    requireJsonBody(req);
    if (!idempotencyKey) {
      throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', `send an Idempotency-Key header (a new UUID per ${action}, the same one on retries)`, { field: 'Idempotency-Key' });
    }
    const fields = bodyFields(body, action === 'jump' ? ['reason', 'stepIndex'] : ['reason'], action === 'jump' ? '{"stepIndex": 3, "reason": "skip the soak"}' : '{"reason": "metrics look good"}');
    const reason = fields.reason;
    if (reason !== undefined && reason !== null && typeof reason !== 'string') throw new DomainError('BAD_USER_INPUT', 'reason must be a string', { field: 'reason' });
    let stepIndex: number | null = null;
    if (action === 'jump') {
      if (typeof fields.stepIndex !== 'number' || !Number.isSafeInteger(fields.stepIndex)) {
        throw new DomainError('BAD_USER_INPUT', 'stepIndex must be given as a whole number, such as {"stepIndex": 3}', { field: 'stepIndex' });
      }
      stepIndex = fields.stepIndex;
    }
    const result = await this.actions.act(principal, { namespace, rollout: name, action, stepIndex, idempotencyKey, reason: (reason as string | null | undefined) ?? null });
    if (result.replayed) res.setHeader('idempotent-replayed', 'true');
    return result.answer;
  }
}
