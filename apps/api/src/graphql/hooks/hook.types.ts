// GraphQL shapes of pending hooks and acknowledgements (docs/spec/api-contract.md §1: pendingHooks, ackHook).
import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { HookPointName, LifecycleStateName } from '../../workloads/views.js';
import { HookPoint, LifecycleState, WorkloadKind } from '../workloads/workload.types.js';

@ObjectType('WorkloadRef')
export class WorkloadRefModel {
  @Field(() => WorkloadKind) kind!: WorkloadKind;
  @Field() name!: string;
}

@ObjectType('PendingHook', { description: 'A pod waiting on a lifecycle hook.' })
export class PendingHookModel {
  @Field() namespace!: string;
  @Field() pod!: string;
  @Field(() => ID) podUid!: string;
  @Field(() => WorkloadRefModel) workload!: WorkloadRefModel;
  @Field(() => HookPoint) hook!: HookPointName;
  @Field(() => LifecycleState, { description: 'The state the pod waits in.' }) state!: LifecycleStateName;
  @Field(() => Date, { nullable: true, description: 'When the pod entered that state.' }) since!: Date | null;
  @Field(() => String, { nullable: true }) podIP!: string | null;
  @Field(() => String, { nullable: true }) node!: string | null;
  @Field(() => String, { nullable: true }) zone!: string | null;
}

@ObjectType('HookAck', { description: 'An acknowledgement, as first answered.' })
export class HookAckModel {
  @Field(() => ID) id!: string;
  @Field() namespace!: string;
  @Field() pod!: string;
  @Field(() => ID) podUid!: string;
  @Field(() => HookPoint) hook!: HookPointName;
  @Field({ description: 'The name of the token that acknowledged.' }) acknowledgedBy!: string;
  @Field() at!: Date;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field({ description: 'true when this answer replays an earlier request with the same idempotencyKey; the pod was not written again.' })
  replayed!: boolean;
}
