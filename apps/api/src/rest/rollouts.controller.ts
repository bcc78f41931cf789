// REST for Rollout approvals (docs/rollouts-api.md), in the style of hook acknowledgements
// (rest/hooks.controller.ts): POST .../rollouts/{name}/approve, /jump and /abort, each with an
// Idempotency-Key header and an optional JSON body ({"reason": ...}, and "stepIndex" for a jump). Thin:
// parameters in, RolloutActionService, JSON out; errors become problem documents (http/error.filter.ts).
import { Controller, createParamDecorator, HttpCode, Post, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import { Operation } from '../auth/decorators.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../errors/domain-error.js';
import { RolloutActionService, type RolloutActionAnswer } from '../rollouts/rollout-action.service.js';
import type { RolloutActionName } from '../rollouts/rollout-actions.js';
import { bodyFields, requireJsonBody } from './json-body.js';

/** What every action takes from its request besides the caller: the Rollout, the key, the body, and the response for the replay header. */
interface ActionCall {
  req: Request;
  res: Response;
  namespace: string;
  name: string;
  idempotencyKey: string | undefined;
  body: unknown;
}

/** The route's :namespace and :name, the Idempotency-Key header and the body, as @Param, @Headers and @Body read them. */
const Call = createParamDecorator((_: unknown, context: ExecutionContext): ActionCall => {
  const http = context.switchToHttp();
  const req = http.getRequest<Request>();
  const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
  return { req, res: http.getResponse<Response>(), namespace: req.params.namespace as string, name: req.params.name as string, idempotencyKey, body: req.body as unknown };
});

@Controller('api/v1/namespaces/:namespace/rollouts/:name')
export class RolloutsController {
  constructor(private readonly actions: RolloutActionService) {}

  @Post('approve')
  @Operation('approveRolloutStep')
  @HttpCode(200)
  approve(@CurrentPrincipal() principal: Principal, @Call() call: ActionCall): Promise<RolloutActionAnswer> {
    return this.act(principal, 'approve', call);
  }

  @Post('jump')
  @Operation('jumpToRolloutStep')
  @HttpCode(200)
  jump(@CurrentPrincipal() principal: Principal, @Call() call: ActionCall): Promise<RolloutActionAnswer> {
    return this.act(principal, 'jump', call);
  }

  @Post('abort')
  @Operation('abortRollout')
  @HttpCode(200)
  abort(@CurrentPrincipal() principal: Principal, @Call() call: ActionCall): Promise<RolloutActionAnswer> {
    return this.act(principal, 'abort', call);
  }

  private async act(principal: Principal, action: RolloutActionName, { req, res, namespace, name, idempotencyKey, body }: ActionCall): Promise<RolloutActionAnswer> {
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
