// GraphQL for Rollouts (docs/rollouts-api.md): reads, approvals/jumps/aborts and the change stream; the
// same use cases as the REST API (rest/rollouts.controller.ts). Thin: arguments in, use case, view out.
import { Args, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { oneOffKey } from '../../idempotency/keyed-request.js';
import { RolloutActionService, type RolloutActionResult } from '../../rollouts/rollout-action.service.js';
import type { RolloutActionName } from '../../rollouts/rollout-actions.js';
import { RolloutsService, type RolloutChange } from '../../rollouts/rollouts.service.js';
import { paginateOrdered, MAX_PAGE } from '../connection.js';
import { rolloutModel, rolloutModelOf } from './rollout-model.js';
import { RolloutActionKind, RolloutActionModel, RolloutConnection, RolloutEventModel, RolloutModel } from './rollout.types.js';

const KEY_DESCRIPTION = 'The same key on a retry replays the first answer; without one the action is not deduplicated (its state precondition still applies).';

@Resolver()
export class RolloutsResolver {
  constructor(
    private readonly service: RolloutsService,
    private readonly actions: RolloutActionService,
  ) {}

  @Query(() => RolloutModel, { nullable: true })
  rollout(@Args('namespace') namespace: string, @Args('name') name: string) {
    const view = this.service.rollout(namespace, name);
    return view && rolloutModel(view);
  }

  @Query(() => RolloutConnection, { description: 'Rollouts sorted by namespace and name (a namespace-limited token: its namespaces).' })
  rollouts(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ) {
    return paginateOrdered(this.service.rollouts(principal, namespace ?? undefined), first, after, MAX_PAGE, rolloutModelOf);
  }

  @Mutation(() => RolloutActionModel, {
    description: "Approves the step a Rollout waits on: refused unless currentStepState is StepPaused (kubectl-kruise's rule) or the step's analysis failed with onFailure Pause, then canaryStatus.currentStepState = StepReady.",
  })
  async approveRolloutStep(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace') namespace: string,
    @Args('name') name: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @Args('idempotencyKey', { type: () => String, nullable: true, description: KEY_DESCRIPTION }) idempotencyKey: string | null,
  ) {
    return this.act(principal, 'approve', namespace, name, null, reason, idempotencyKey);
  }

  @Mutation(() => RolloutActionModel, { description: 'Sets canaryStatus.nextStepIndex: the controller runs that step next (1 to the number of steps; backwards re-runs it).' })
  async jumpToRolloutStep(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace') namespace: string,
    @Args('name') name: string,
    @Args('stepIndex', { type: () => Int }) stepIndex: number,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @Args('idempotencyKey', { type: () => String, nullable: true, description: KEY_DESCRIPTION }) idempotencyKey: string | null,
  ) {
    return this.act(principal, 'jump', namespace, name, stepIndex, reason, idempotencyKey);
  }

  @Mutation(() => RolloutActionModel, {
    description: "Rolls the workload back to the release's stable revision (its template set to that ControllerRevision's); the controller cancels the release.",
  })
  async abortRollout(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace') namespace: string,
    @Args('name') name: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @Args('idempotencyKey', { type: () => String, nullable: true, description: KEY_DESCRIPTION }) idempotencyKey: string | null,
  ) {
    return this.act(principal, 'abort', namespace, name, null, reason, idempotencyKey);
  }

  @Subscription(() => RolloutEventModel, {
    description: 'Every change of a Rollout in the namespace (of the one named, when given), as it is after the change.',
    resolve: (change: RolloutChange) => ({ type: change.type, rollout: rolloutModel(change.rollout) }),
  })
  rolloutChanged(@Args('namespace') namespace: string, @Args('name', { type: () => String, nullable: true }) name: string | null) {
    return this.service.rolloutChanged(namespace, name ?? undefined);
  }

  private async act(
    principal: Principal, action: RolloutActionName, namespace: string, name: string, stepIndex: number | null, reason: string | null | undefined, idempotencyKey: string | null | undefined,
  ): Promise<RolloutActionModel> {
    const result = await this.actions.act(principal, {
      namespace, rollout: name, action, stepIndex, reason: reason ?? null, // an omitted nullable argument arrives as undefined
      idempotencyKey: idempotencyKey ?? oneOffKey(),
    });
    return actionModel(result);
  }
}

export function actionModel({ answer, replayed }: RolloutActionResult): RolloutActionModel {
  const { rollout, action, at, ...rest } = answer;
  return { ...rest, name: rollout, action: action.toUpperCase() as RolloutActionKind, at: new Date(at), replayed };
}
