// GraphQL shapes of in-place container restarts: a ContainerRecreateRequest and its per-container states
// (docs/spec/image-pull.md §1.4), and the failure policy argument.
import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum RestartFailurePolicy {
  FAIL = 'Fail',
  IGNORE = 'Ignore',
}
registerEnumType(RestartFailurePolicy, {
  name: 'RestartFailurePolicy',
  description: 'FAIL: the request completes at the first container that failed; IGNORE: it goes on with the next.',
});

@ObjectType('ContainerRestartState', { description: "One container's progress, as kruise-daemon reports it." })
export class ContainerRestartStateModel {
  @Field() name!: string;
  @Field({ description: 'Pending, Recreating, Succeeded or Failed.' }) phase!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field({ description: 'The daemon has stopped this container for the request.' }) isKilled!: boolean;
}

@ObjectType('ContainerRestart', { description: 'A ContainerRecreateRequest: containers of one pod restarted in place.' })
export class ContainerRestartModel {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field() pod!: string;
  @Field(() => [String], { description: 'The containers to restart, in order.' }) containers!: string[];
  @Field({ description: 'Empty until kruise-daemon takes the request; then Pending, Recreating, Completed.' }) phase!: string;
  @Field(() => String, { nullable: true, description: 'Why the request completed early (e.g. "pod has gone"); empty when it ran its course.' }) message!: string | null;
  @Field(() => Date, { nullable: true }) completionTime!: Date | null;
  @Field({ description: 'Completed and every container Succeeded.' }) succeeded!: boolean;
  @Field(() => [ContainerRestartStateModel]) states!: ContainerRestartStateModel[];
  @Field() orderedRecreate!: boolean;
  @Field() failurePolicy!: string;
  @Field(() => Int, { nullable: true }) minStartedSeconds!: number | null;
  @Field(() => Int, { nullable: true }) unreadyGracePeriodSeconds!: number | null;
  @Field(() => Int, { nullable: true }) activeDeadlineSeconds!: number | null;
  @Field(() => Int, { nullable: true }) ttlSecondsAfterFinished!: number | null;
  @Field() createdAt!: Date;
}
