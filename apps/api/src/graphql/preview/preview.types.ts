// GraphQL shapes of previewRollout (docs/preview.md): the waves, stops, hooks and final state a fork predicts.
import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum PreviewOutcomeValue { COMPLETE = 'COMPLETE', STOPPED = 'STOPPED', TRUNCATED = 'TRUNCATED' }
export enum PodActionValue { UPDATE_IN_PLACE = 'UPDATE_IN_PLACE', DELETE = 'DELETE', CREATE = 'CREATE' }
export enum TimingSourceValue { CONFIGURED = 'CONFIGURED', LEARNED = 'LEARNED', DEFAULT = 'DEFAULT' }
registerEnumType(PreviewOutcomeValue, { name: 'PreviewOutcome', description: 'COMPLETE: every pod rolled; STOPPED: something holds the rollout (see stops); TRUNCATED: the preview hit its bound (see truncated).' });
registerEnumType(PodActionValue, { name: 'PreviewPodAction' });
registerEnumType(TimingSourceValue, { name: 'PreviewTimingSource', description: "CONFIGURED: the embedded cluster's own kubelet timings; LEARNED: from the pods' recent starts; DEFAULT: the simulator's defaults." });

@ObjectType('PreviewWavePod')
export class PreviewWavePodModel {
  @Field() pod!: string;
  @Field(() => PodActionValue) action!: PodActionValue;
  @Field(() => String, { nullable: true, description: 'The UnitedDeployment subset the pod belongs to (null for other kinds).' }) subset!: string | null;
  @Field(() => String, { nullable: true }) node!: string | null;
  @Field(() => String, { nullable: true }) zone!: string | null;
  @Field(() => Int, { nullable: true, description: 'Ms after the change when the pod is at the update revision and ready (null: not within the preview).' }) readyAtMs!: number | null;
}

@ObjectType('PreviewWave')
export class PreviewWaveModel {
  @Field(() => Int, { description: 'Ms after the change when the controllers start this wave.' }) startMs!: number;
  @Field(() => Int, { nullable: true, description: 'Ms after the change when its last pod is ready (null: one never is within the preview).' }) endMs!: number | null;
  @Field(() => [PreviewWavePodModel]) pods!: PreviewWavePodModel[];
}

@ObjectType('PreviewStop')
export class PreviewStopModel {
  @Field({ description: "The controller's blocker code: PARTITION, PAUSED, UNSCHEDULABLE, HOOK_PENDING, MAX_UNAVAILABLE, ..." }) code!: string;
  @Field() message!: string;
  @Field(() => [String]) pods!: string[];
}

@ObjectType('PreviewTimings')
export class PreviewTimingsModel {
  @Field(() => TimingSourceValue) source!: TimingSourceValue;
  @Field(() => Int) samples!: number;
  @Field(() => Int) imagePullMs!: number;
  @Field(() => Int) containerStartMs!: number;
  @Field(() => Int) terminationMs!: number;
}

@ObjectType('PreviewFinalState')
export class PreviewFinalStateModel {
  @Field(() => Int) replicas!: number;
  @Field(() => Int) updatedReplicas!: number;
  @Field(() => Int) updatedReadyReplicas!: number;
  @Field(() => [String]) images!: string[];
  @Field({ description: "The workload's health where the preview ends (WorkloadHealth state)." }) health!: string;
}

@ObjectType('PreviewForked')
export class PreviewForkedModel {
  @Field(() => Int, { description: "The workload's pods." }) pods!: number;
  @Field(() => Int, { description: 'Other pods bound to the nodes, copied as node capacity and never reconciled in the fork (with the workload\'s pods, at most 10,000).' }) otherPods!: number;
  @Field(() => Int, { description: 'Other pods taking room on the nodes beyond that cap: not copied, so the fork sees more room than the cluster has (0 when every one is copied).' }) otherPodsLeftOut!: number;
  @Field(() => Int, { description: "The workload's PersistentVolumeClaims, copied as they are (bound ones stay bound: the fork provisions none the cluster has)." }) volumeClaims!: number;
  @Field(() => Int) nodes!: number;
}

@ObjectType('RolloutPreview')
export class RolloutPreviewModel {
  @Field(() => PreviewOutcomeValue) outcome!: PreviewOutcomeValue;
  @Field(() => String, { nullable: true }) truncated!: string | null;
  @Field(() => Int, { description: 'Ms from the change to COMPLETE, or to where the rollout stops.' }) durationMs!: number;
  @Field(() => [PreviewWaveModel]) waves!: PreviewWaveModel[];
  @Field(() => [PreviewStopModel]) stops!: PreviewStopModel[];
  @Field(() => [PreviewStopModel], { description: 'The HOOK_PENDING stops: the hook each pod waits on and who must act.' }) hooks!: PreviewStopModel[];
  @Field(() => PreviewTimingsModel) timings!: PreviewTimingsModel;
  @Field(() => PreviewFinalStateModel) final!: PreviewFinalStateModel;
  @Field(() => PreviewForkedModel) forked!: PreviewForkedModel;
  @Field(() => Int) wallMs!: number;
}
