// GraphQL types of the observe-mode comparison (shadow.resolver.ts).
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { WorkloadKind } from '../workloads/workload.types.js';

@ObjectType('ShadowPlannedAction', { description: 'An action of Coxswain\'s plan (as in RolloutPlan.actions).' })
export class ShadowPlannedActionModel {
  @Field() type!: string;
  @Field() pod!: string;
  @Field() reason!: string;
  @Field(() => String, { nullable: true }) revision!: string | null;
}

@ObjectType('ShadowBlocker', { description: 'What holds Coxswain\'s plan back (as in RolloutPlan.blockers).' })
export class ShadowBlockerModel {
  @Field() code!: string;
  @Field() message!: string;
  @Field(() => [String]) pods!: string[];
}

@ObjectType('ShadowPlan', { description: 'What Coxswain would do next, computed from the live cluster and not applied.' })
export class ShadowPlanModel {
  @Field(() => [ShadowPlannedActionModel]) actions!: ShadowPlannedActionModel[];
  @Field(() => [ShadowBlockerModel]) blockers!: ShadowBlockerModel[];
}

@ObjectType('ClusterAction', { description: 'Something the cluster\'s own controller did to a pod of the workload, set against the plan Coxswain had just before.' })
export class ClusterActionModel {
  @Field() at!: Date;
  @Field({ description: 'CREATE, DELETE, UPDATE_IN_PLACE or LIFECYCLE_TRANSITION.' }) type!: string;
  @Field() pod!: string;
  @Field(() => String, { nullable: true, description: 'The revision (CREATE, UPDATE_IN_PLACE) or lifecycle state (LIFECYCLE_TRANSITION) the pod went to.' })
  to!: string | null;
  @Field(() => String, { nullable: true, description: 'What Coxswain\'s plan said about this pod at that moment (CREATE: any creation it planned).' })
  plannedAs!: string | null;
  @Field({ description: 'The cluster did what Coxswain had planned.' }) matched!: boolean;
}

@ObjectType('ShadowComparison', { description: 'Observe mode (CONTROLLER_MODE=observe): the workload\'s plan next to what the cluster actually did.' })
export class ShadowComparisonModel {
  @Field(() => WorkloadKind) kind!: WorkloadKind;
  @Field() namespace!: string;
  @Field() name!: string;
  @Field({ description: 'Whether the controllers run in observe mode; when false nothing is recorded.' }) observing!: boolean;
  @Field(() => ShadowPlanModel, { nullable: true, description: 'Coxswain\'s plan as last computed; null before the first reconcile.' })
  plan!: ShadowPlanModel | null;
  @Field(() => [ClusterActionModel], { description: 'Newest first, at most the last 200.' }) clusterActions!: ClusterActionModel[];
  @Field(() => Int, { description: 'Cluster actions that carried out what Coxswain had planned.' }) matched!: number;
  @Field(() => Int, { description: 'Cluster actions Coxswain had not planned (another pod, another kind of action, or nothing planned).' }) unplanned!: number;
  @Field({ description: 'Since when the actions are counted (this process\'s start or the first action).' }) since!: Date;
}
