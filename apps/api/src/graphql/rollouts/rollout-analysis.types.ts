// GraphQL shapes of a step's analysis (docs/analysis.md §5), Coxswain's extension of a Rollout's status:
// status.canaryStatus.analysis, read-only, with the names of StepAnalysisStatus (libs/kruise-api).
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from '../scalars/json.scalar.js';

@ObjectType('RolloutCheckSample', { description: 'One evaluation of a check, for the chart of its values over time.' })
export class RolloutCheckSampleModel {
  @Field() at!: Date;
  @Field({ description: 'Passed, Failed, Pending or Error.' }) phase!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'The value measured: a number, a string or a boolean; null when nothing was measured.' })
  measured!: number | string | boolean | null;
}

@ObjectType('RolloutCheckStatus', { description: "One check's last verdict (docs/analysis.md §4)." })
export class RolloutCheckStatusModel {
  @Field() name!: string;
  @Field({ description: 'prometheus, http or pods.' }) kind!: string;
  @Field({ description: 'Passed, Failed, Pending or Error.' }) phase!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'The value last measured: a number, a string or a boolean; null when nothing was measured.' })
  measured!: number | string | boolean | null;
  @Field({ description: 'The success condition in words, e.g. "< 0.05".' }) condition!: string;
  @Field({ description: 'Why, in words.' }) reason!: string;
  @Field() evaluatedAt!: Date;
  @Field(() => Int, { description: 'Error verdicts in a row.' }) consecutiveErrors!: number;
  @Field(() => [RolloutCheckSampleModel], { description: 'The latest evaluations, oldest first (bounded).' }) history!: RolloutCheckSampleModel[];
}

@ObjectType('RolloutStepAnalysis', { description: "status.canaryStatus.analysis: the current step's analysis (docs/analysis.md §5)." })
export class RolloutStepAnalysisModel {
  @Field(() => Int, { description: '1-based, as currentStepIndex.' }) stepIndex!: number;
  @Field() canaryRevision!: string;
  @Field({ description: 'Running (a check is Pending or not evaluated yet), Passed (every check passed) or Failed (one failed).' }) phase!: string;
  @Field({ description: "Why, in words (the deciding check's reason when Failed)." }) message!: string;
  @Field() startedAt!: Date;
  @Field({ description: 'What a failure did or will do: Abort or Pause.' }) onFailure!: string;
  @Field(() => [RolloutCheckStatusModel]) checks!: RolloutCheckStatusModel[];
}
