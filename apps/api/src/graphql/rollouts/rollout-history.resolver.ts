// Rollout.history: the Rollout's approvals, jumps and aborts from the audit log, newest first
// (rollouts/rollout-history.service.ts), for the dashboard's Rollout panel.
import { Args, Field, Int, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { RolloutHistoryService } from '../../rollouts/rollout-history.service.js';
import { checkFirst } from '../connection.js';
import { RolloutActionKind, RolloutModel } from './rollout.types.js';

/** At most this many entries in one answer. */
export const MAX_HISTORY = 100;

@ObjectType('RolloutHistoryEntry', { description: 'An approval, jump or abort of a Rollout as the audit log recorded it, refusals included.' })
export class RolloutHistoryEntryModel {
  @Field() at!: Date;
  @Field(() => RolloutActionKind) action!: RolloutActionKind;
  @Field({ description: 'The name of the token that asked.' }) actorName!: string;
  @Field() actorRole!: string;
  @Field({ description: '"ok", or the error code the caller received (FORBIDDEN, STEP_NOT_PAUSED, ...).' }) result!: string;
  @Field(() => String, { nullable: true, description: "The audit row's message: the reason given, and the error in words when refused." }) message!: string | null;
  @Field(() => Int, { nullable: true, description: 'APPROVE: the step approved; JUMP: the step jumped to; ABORT: the step the release was at. Null once no longer known.' })
  stepIndex!: number | null;
  @Field(() => Int, { nullable: true, description: 'JUMP: the step the release was at, while the answer is kept.' }) fromStepIndex!: number | null;
  @Field(() => String, { nullable: true, description: "The caller's reason, while the answer is kept (the message always repeats it)." }) reason!: string | null;
}

@Resolver(() => RolloutModel)
export class RolloutHistoryFieldResolver {
  constructor(private readonly entries: RolloutHistoryService) {}

  @ResolveField(() => [RolloutHistoryEntryModel], { description: "The Rollout's approvals, jumps and aborts (refusals included), newest first, from the audit log." })
  async history(@Parent() rollout: RolloutModel, @Args('first', { type: () => Int, nullable: true, defaultValue: 20 }) first: number): Promise<RolloutHistoryEntryModel[]> {
    checkFirst(first, MAX_HISTORY);
    const entries = await this.entries.history(rollout, first);
    return entries.map((e) => ({ ...e, action: e.action.toUpperCase() as RolloutActionKind }));
  }
}
