// GraphQL shapes of Rollouts (docs/rollouts-api.md): the step plan, the canary status and the conditions
// with Kruise Rollouts' field names (docs/spec/kruise-rollout.md §1.1, §1.2, §1.6); the answer of an
// approval, jump or abort; outgoing webhooks and their deliveries.
import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '../connection.js';
import { IntOrPercentScalar } from '../scalars/int-or-percent.scalar.js';
import type { IntOrPercent } from '../scalars/int-or-percent.scalar.js';

export enum RolloutEventType {
  STEP_REACHED = 'STEP_REACHED',
  PAUSED = 'PAUSED',
  ANALYSIS_FAILED = 'ANALYSIS_FAILED',
  ABORTED = 'ABORTED',
  COMPLETED = 'COMPLETED',
}
registerEnumType(RolloutEventType, {
  name: 'RolloutEventType',
  description: 'What an outgoing Rollout webhook is told about.',
  valuesMap: {
    STEP_REACHED: { description: 'A release reached a step (canaryStatus.currentStepIndex changed).' },
    PAUSED: { description: 'A step waits for approveRolloutStep (StepPaused on a step without pause.duration).' },
    ANALYSIS_FAILED: { description: "The step's analysis failed (canaryStatus.analysis.phase became Failed, docs/analysis.md §5); with onFailure Abort an ABORTED follows." },
    ABORTED: { description: 'The release is being cancelled: the Progressing condition reason became Cancelling (a rollback to the stable revision).' },
    COMPLETED: { description: 'The release succeeded: the Succeeded condition became True.' },
  },
});

export enum RolloutActionKind {
  APPROVE = 'APPROVE',
  JUMP = 'JUMP',
  ABORT = 'ABORT',
}
registerEnumType(RolloutActionKind, { name: 'RolloutActionKind' });

@ObjectType('RolloutWorkloadRef', { description: 'spec.workloadRef: the workload the Rollout releases.' })
export class RolloutWorkloadRefModel {
  @Field() apiVersion!: string;
  @Field() kind!: string;
  @Field() name!: string;
}

@ObjectType('RolloutStep', { description: 'One step of spec.strategy.canary.steps.' })
export class RolloutStepModel {
  @Field(() => Int, { description: '1-based, as currentStepIndex counts.' }) index!: number;
  @Field(() => IntOrPercentScalar, { description: 'Pods on the new revision after this step: a count or a percentage of the workload\'s replicas (rounded up).' })
  replicas!: IntOrPercent;
  @Field(() => Int, { nullable: true, description: 'pause.duration in seconds; null: the step waits for approveRolloutStep.' }) pauseSeconds!: number | null;
  @Field({ description: 'Whether the step, once its pods are ready, waits for approveRolloutStep (a last "100%" step never does).' }) waitsForApproval!: boolean;
}

@ObjectType('RolloutCanaryStatus', { description: 'status.canaryStatus: where the release is.' })
export class RolloutCanaryStatusModel {
  @Field(() => Int) currentStepIndex!: number;
  @Field({ description: 'BeforeStepUpgrade, StepUpgrade, StepTrafficRouting, StepMetricsAnalysis, StepPaused, StepReady or Completed.' }) currentStepState!: string;
  @Field({ description: 'approveRolloutStep would be accepted now: StepPaused, or the step\'s analysis failed with onFailure Pause (docs/analysis.md §5).' }) awaitingApproval!: boolean;
  @Field(() => Int, { description: 'The step after this one (-1 after the last); a jump sets it.' }) nextStepIndex!: number;
  @Field(() => Int) canaryReplicas!: number;
  @Field(() => Int) canaryReadyReplicas!: number;
  @Field(() => String, { nullable: true, description: 'The workload\'s revision when the release began; abortRollout goes back to it.' }) stableRevision!: string | null;
  @Field(() => String, { nullable: true, description: 'The revision being released.' }) canaryRevision!: string | null;
  @Field(() => String, { nullable: true }) podTemplateHash!: string | null;
  @Field(() => String, { nullable: true }) finalisingStep!: string | null;
  @Field(() => Date, { nullable: true, description: 'The last step-state transition.' }) lastUpdateTime!: Date | null;
  @Field(() => String, { nullable: true }) message!: string | null;
}

@ObjectType('RolloutCondition')
export class RolloutConditionModel {
  @Field() type!: string;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => Date, { nullable: true }) lastUpdateTime!: Date | null;
  @Field(() => Date, { nullable: true }) lastTransitionTime!: Date | null;
}

@ObjectType('Rollout', { description: 'A rollouts.kruise.io Rollout, stored as v1beta1.' })
export class RolloutModel {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => ID) uid!: string;
  @Field(() => Int) generation!: number;
  @Field() resourceVersion!: string;
  @Field(() => Date, { nullable: true }) createdAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'Initial, Healthy, Progressing, Terminating, Disabling or Disabled; null before the controller has seen it.' }) phase!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => RolloutWorkloadRefModel) workloadRef!: RolloutWorkloadRefModel;
  @Field({ description: 'spec.strategy.paused' }) paused!: boolean;
  @Field({ description: 'spec.disabled' }) disabled!: boolean;
  @Field(() => [RolloutStepModel]) steps!: RolloutStepModel[];
  @Field(() => RolloutCanaryStatusModel, { nullable: true, description: 'null before the first release.' }) canaryStatus!: RolloutCanaryStatusModel | null;
  @Field(() => [RolloutConditionModel]) conditions!: RolloutConditionModel[];
}

@ObjectType()
export class RolloutConnection extends Connection(RolloutModel, 'Rollout') {}

@ObjectType('RolloutEvent', { description: 'A change of a Rollout.' })
export class RolloutEventModel {
  @Field({ description: 'ADDED, MODIFIED or DELETED' }) type!: string;
  @Field(() => RolloutModel, { description: 'The Rollout after the change (as it was last, when deleted).' }) rollout!: RolloutModel;
}

@ObjectType('RolloutAction', { description: 'An approval, jump or abort, as first answered.' })
export class RolloutActionModel {
  @Field(() => ID) id!: string;
  @Field(() => RolloutActionKind) action!: RolloutActionKind;
  @Field() namespace!: string;
  @Field({ description: 'The Rollout\'s name.' }) name!: string;
  @Field(() => ID) rolloutUid!: string;
  @Field(() => Int, { description: 'APPROVE: the step approved; JUMP: the step jumped to; ABORT: the step the release was at.' }) stepIndex!: number;
  @Field(() => Int, { nullable: true, description: 'JUMP: the step the release was at.' }) fromStepIndex!: number | null;
  @Field(() => String, { nullable: true, description: 'ABORT: the stable revision the workload was set back to.' }) revision!: string | null;
  @Field({ description: 'The name of the token that acted.' }) actedBy!: string;
  @Field() at!: Date;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field({ description: 'true when this answer replays an earlier request with the same idempotencyKey; nothing was written again.' }) replayed!: boolean;
}

@ObjectType('RolloutWebhook', { description: 'An outgoing webhook of a namespace. Its secret is never served back.' })
export class RolloutWebhookModel {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field() url!: string;
  @Field(() => [RolloutEventType], { description: 'The event types delivered; empty: every type.' }) events!: RolloutEventType[];
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('RolloutWebhookDelivery', { description: 'One event sent to one webhook, with its attempts.' })
export class RolloutWebhookDeliveryModel {
  @Field(() => ID, { description: 'Also the body\'s id and the X-Coxswain-Delivery header.' }) id!: string;
  @Field() namespace!: string;
  @Field({ description: 'The webhook\'s name.' }) webhook!: string;
  @Field(() => RolloutEventType) event!: RolloutEventType;
  @Field({ description: 'The Rollout\'s name.' }) rollout!: string;
  @Field({ description: 'pending (attempts left), delivered or failed (attempts exhausted).' }) state!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => Int, { nullable: true, description: 'The last attempt\'s HTTP status; null when it got no answer.' }) lastStatus!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field({ description: 'The JSON body POSTed on every attempt.' }) body!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
}
