// GraphQL shapes of the workload surface (docs/spec/api-contract.md): Workload, its status, pods,
// revisions, rollout plan and events. Field names follow OpenKruise exactly.
import { ArgsType, Field, ID, Int, InterfaceType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '../connection.js';
import { IntOrPercentScalar } from '../scalars/int-or-percent.scalar.js';
import { JSONScalar } from '../scalars/json.scalar.js';
import { WorkloadKind } from '../../workloads/workload-kind.js';
import type { WorkloadAddress } from '../../workloads/workloads.service.js';
import type {
  ConditionView, ContainerStateView, HookPointName, LifecycleStateName, PodView, RevisionView, SubsetView, WorkloadStatusView, WorkloadView,
} from '../../workloads/views.js';

registerEnumType(WorkloadKind, {
  name: 'WorkloadKind',
  valuesMap: { STATEFUL_SET: { description: 'Advanced StatefulSet, apps.kruise.io/v1beta1' } },
});
/** The contract's kinds, registered as GraphQL's WorkloadKind: GraphQL types take it from here. */
export { WorkloadKind };

/** The arguments that name one workload, shared by the operations on one (workload, setImage, ...). */
@ArgsType()
export class WorkloadArgs implements WorkloadAddress {
  @Field(() => WorkloadKind) kind!: WorkloadKind;
  @Field() namespace!: string;
  @Field() name!: string;
}

export enum LifecycleState {
  PREPARING_NORMAL = 'PREPARING_NORMAL',
  NORMAL = 'NORMAL',
  PREPARING_UPDATE = 'PREPARING_UPDATE',
  UPDATING = 'UPDATING',
  UPDATED = 'UPDATED',
  PREPARING_DELETE = 'PREPARING_DELETE',
}
registerEnumType(LifecycleState, { name: 'LifecycleState', description: 'lifecycle.apps.kruise.io/state; a pod without the label counts as NORMAL.' });

export enum HookPoint {
  PRE_NORMAL = 'PRE_NORMAL',
  PRE_UPDATE = 'PRE_UPDATE',
  POST_UPDATE = 'POST_UPDATE',
  PRE_DELETE = 'PRE_DELETE',
}
registerEnumType(HookPoint, { name: 'HookPoint' });

@ObjectType('Condition')
export class ConditionModel implements ConditionView {
  @Field() type!: string;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => Date, { nullable: true }) lastTransitionTime!: Date | null;
}

@ObjectType('WorkloadStatus')
export class WorkloadStatusModel implements WorkloadStatusView {
  @Field(() => Int) observedGeneration!: number;
  @Field(() => Int) replicas!: number;
  @Field(() => Int) readyReplicas!: number;
  @Field(() => Int) availableReplicas!: number;
  @Field(() => Int) updatedReplicas!: number;
  @Field(() => Int) updatedReadyReplicas!: number;
  @Field(() => Int) updatedAvailableReplicas!: number;
  @Field(() => Int) expectedUpdatedReplicas!: number;
  @Field(() => Int, { nullable: true, description: 'Pods at the current revision (Advanced StatefulSet); null for kinds without it.' }) currentReplicas!: number | null;
  @Field() currentRevision!: string;
  @Field() updateRevision!: string;
  @Field(() => [ConditionModel]) conditions!: ConditionModel[];
}

export enum HealthState {
  COMPLETE = 'COMPLETE',
  PROGRESSING = 'PROGRESSING',
  HELD = 'HELD',
  WAITING_ON_HOOK = 'WAITING_ON_HOOK',
  DEGRADED = 'DEGRADED',
}
registerEnumType(HealthState, {
  name: 'HealthState',
  valuesMap: {
    COMPLETE: { description: 'Every pod at the update revision and available, exactly replicas of them.' },
    PROGRESSING: { description: 'Advancing as the strategy allows (maxUnavailable waves, minReadySeconds, creations).' },
    HELD: { description: 'A partition or a pause keeps the rest back: a person must step it.' },
    WAITING_ON_HOOK: { description: 'Pods wait for a lifecycle hook to be acknowledged.' },
    DEGRADED: { description: 'Pods fail, cannot be scheduled or pulled, or the rollout missed its progress deadline.' },
  },
});

@ObjectType('WorkloadHealth', { description: 'The workload as an SRE reads it: a state, why, and the pods to look at.' })
export class WorkloadHealthModel {
  @Field(() => HealthState) state!: HealthState;
  @Field() reason!: string;
  @Field(() => [String]) pods!: string[];
  @Field(() => Date, {
    nullable: true,
    description: 'When the state may change by itself, with nothing else changed: the earliest `until` of the blockers the reason names, in wall-clock time (count down with serverTime). Null otherwise.',
  }) until!: Date | null;
}

@ObjectType('WorkloadKindInfo', { description: 'A workload kind this server runs a controller for.' })
export class WorkloadKindInfoModel {
  @Field(() => WorkloadKind) kind!: WorkloadKind;
  @Field({ description: 'The Kubernetes kind, e.g. CloneSet.' }) clusterKind!: string;
  @Field(() => [String], { description: 'apiVersions the cluster accepts for it, storage version first.' }) apiVersions!: string[];
  @Field(() => [String], { description: "kubectl's printer columns, in order." }) columns!: string[];
}

@ObjectType('PrinterColumn', { description: "One of kubectl's columns for the kind (DESIRED, UPDATED, READY, AGE, ...)." })
export class PrinterColumnModel {
  @Field() name!: string;
  @Field() value!: string;
}

/** The GraphQL object type of each workload kind. */
const TYPE_OF_KIND: Record<WorkloadKind, string | undefined> = {
  [WorkloadKind.CLONE_SET]: 'CloneSet',
  [WorkloadKind.STATEFUL_SET]: 'StatefulSet',
  [WorkloadKind.UNITED_DEPLOYMENT]: 'UnitedDeployment',
};

@InterfaceType('Workload', { resolveType: (value: { kind: WorkloadKind }) => TYPE_OF_KIND[value.kind] })
export abstract class WorkloadModel implements Omit<WorkloadView, 'descriptor' | 'object'> {
  @Field(() => WorkloadKind) kind!: WorkloadKind;
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => ID) uid!: string;
  @Field(() => Int) generation!: number;
  @Field() resourceVersion!: string;
  @Field(() => Int, { description: 'spec.replicas' }) replicas!: number;
  @Field(() => Int, {
    description: "Pods the partition keeps at the current revision, as the controller applies it: a percentage resolved (rounded up), capped at replicas; for a UnitedDeployment each subset's partition capped at the replicas allocated to it, summed (Deployment subsets have none).",
  }) partitionedReplicas!: number;
  @Field(() => [String], { description: 'Images of the pod template, in container order.' }) images!: string[];
  @Field() createdAt!: Date;
  @Field(() => WorkloadStatusModel) status!: WorkloadStatusModel;
  @Field(() => JSONScalar, { description: 'spec.updateStrategy as stored (v1beta1).' }) updateStrategy!: unknown;
  @Field(() => [PrinterColumnModel], { description: "kubectl's columns for the kind, with this workload's values." }) columns!: PrinterColumnModel[];
}

@ObjectType('CloneSet', { implements: () => [WorkloadModel], description: 'An apps.kruise.io CloneSet, stored as v1beta1.' })
export class CloneSetModel extends WorkloadModel {}

@ObjectType('OrdinalRange', { description: 'Ordinals from..to, inclusive.' })
export class OrdinalRangeModel {
  @Field(() => Int) from!: number;
  @Field(() => Int) to!: number;
}

@ObjectType('Ordinals', { description: "The ordinals an Advanced StatefulSet's pods run at: [start, end) less the reserved ones." })
export class OrdinalsModel {
  @Field(() => Int) start!: number;
  @Field(() => Int, { description: 'One past the last ordinal.' }) end!: number;
  @Field(() => [OrdinalRangeModel], { description: 'reserveOrdinals within [start, end): gaps no pod runs at.' }) reserved!: OrdinalRangeModel[];
}

@ObjectType('StatefulSet', { implements: () => [WorkloadModel], description: 'An apps.kruise.io Advanced StatefulSet, stored as v1beta1.' })
export class StatefulSetModel extends WorkloadModel {}

@ObjectType('UnitedDeployment', { implements: () => [WorkloadModel], description: 'An apps.kruise.io UnitedDeployment, stored as v1beta1.' })
export class UnitedDeploymentModel extends WorkloadModel {}

@ObjectType('Subset', { description: 'One subset of a UnitedDeployment.' })
export class SubsetModel implements SubsetView {
  @Field() name!: string;
  @Field({ description: "The subset workload's kind in words: CloneSet, Advanced StatefulSet, StatefulSet or Deployment." }) kind!: string;
  @Field(() => String, { nullable: true, description: "The subset workload's name; null until the controller has created it." }) workload!: string | null;
  @Field(() => Int, { description: 'Replicas allocated to the subset by the controller.' }) replicas!: number;
  @Field({ description: "Why the subset got its replicas (the allocator's words)." }) reason!: string;
  @Field(() => IntOrPercentScalar, { nullable: true, description: 'topology.subsets[].replicas as written (an Int, a "50%" string, or null).' }) specifiedReplicas!: number | string | null;
  @Field(() => Int, { nullable: true, description: 'minReplicas resolved to a pod count (null when the subset sets none).' }) minReplicas!: number | null;
  @Field(() => Int, { nullable: true, description: 'maxReplicas resolved to a pod count (null when the subset sets none).' }) maxReplicas!: number | null;
  @Field(() => Int, { description: "The partition written into the subset workload (pods kept at the previous revision): the spec's, capped at the subset's replicas." }) partition!: number;
  @Field(() => Int, { nullable: true, description: 'updateStrategy.manualUpdate.partitions[subset] as written; null when the spec sets none. Above the subset\'s replicas it holds no more than `partition`.' }) specifiedPartition!: number | null;
  @Field(() => Int, { description: 'Pods reserved as unschedulable (Adaptive with reserveUnschedulablePods).' }) reservedPods!: number;
  @Field(() => JSONScalar, { nullable: true }) nodeSelectorTerm!: unknown;
  @Field(() => Int, { description: 'Pods the subset workload reports now (0 before it exists).' }) currentReplicas!: number;
  @Field(() => Int) readyReplicas!: number;
  @Field(() => Int, { description: "Pods at the UnitedDeployment's update revision." }) updatedReplicas!: number;
  @Field(() => Int, { description: "Pods at the UnitedDeployment's update revision and ready." }) updatedReadyReplicas!: number;
  @Field({ description: 'False while the subset is marked Schedulable=False (Adaptive).' }) schedulable!: boolean;
  @Field(() => ConditionModel, { nullable: true }) schedulableCondition!: ConditionModel | null;
  @Field(() => Date, { nullable: true, description: 'While unschedulable (Adaptive): when the subset counts as schedulable again.' }) recoversAt!: Date | null;
}

@ObjectType()
export class WorkloadConnection extends Connection(WorkloadModel, 'Workload') {}

@ObjectType('ContainerState')
export class ContainerStateModel implements ContainerStateView {
  @Field() name!: string;
  @Field() image!: string;
  @Field(() => String, { nullable: true }) imageId!: string | null;
  @Field() ready!: boolean;
  @Field(() => Int) restartCount!: number;
}

@ObjectType('Pod')
export class PodModel implements PodView {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => ID) uid!: string;
  @Field(() => String, { nullable: true }) node!: string | null;
  @Field(() => String, { nullable: true }) zone!: string | null;
  @Field(() => String, { nullable: true }) podIP!: string | null;
  @Field() phase!: string;
  @Field({ description: 'Running and Ready (with the InPlaceUpdateReady gate, when present).' }) ready!: boolean;
  @Field({ description: 'Ready for minReadySeconds and in lifecycle state Normal.' }) available!: boolean;
  @Field(() => Date, { nullable: true, description: 'When minReadySeconds alone keeps the pod from being available: the moment after which it is, with nothing else changed (no event marks it), in wall-clock time (with CLOCK_MODE=scaled, when the cluster\'s clock gets there). Null otherwise.' }) availableAt!: Date | null;
  @Field({ description: 'The controller-revision-hash label.' }) revision!: string;
  @Field({ description: 'At the update revision.' }) isUpdated!: boolean;
  @Field(() => LifecycleState) lifecycleState!: LifecycleStateName;
  @Field(() => HookPoint, { nullable: true, description: 'The lifecycle hook the pod waits on, if any.' }) pendingHook!: HookPointName | null;
  @Field(() => Date, { nullable: true }) pendingSince!: Date | null;
  @Field(() => String, { nullable: true }) instanceId!: string | null;
  @Field(() => Int, { nullable: true }) ordinal!: number | null;
  @Field(() => Int, { nullable: true }) deletionCost!: number | null;
  @Field(() => [ContainerStateModel]) containers!: ContainerStateModel[];
  @Field(() => JSONScalar, { nullable: true }) inPlaceUpdateState!: unknown;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) readySince!: Date | null;
  @Field({ description: 'Terminating: deletion has started.' }) deleting!: boolean;
  @Field(() => String, { nullable: true, description: 'The UnitedDeployment subset the pod belongs to (apps.kruise.io/subset-name); null for other kinds.' }) subset!: string | null;
  @Field(() => Int, { nullable: true, description: 'The Rollout batch (1-based) the pod was updated in: its rollouts.kruise.io/rollout-batch-id label; null without one.' }) rolloutBatchId!: number | null;
}

@ObjectType()
export class PodConnection extends Connection(PodModel, 'Pod') {
  @Field({ description: 'The pod cache\'s resourceVersion when this page was read: podChanged(resourceVersion:) given it replays every change since.' })
  resourceVersion!: string;
}

@ObjectType('PodEvent')
export class PodEventModel {
  @Field({ description: 'ADDED, MODIFIED or DELETED' }) type!: string;
  @Field(() => PodModel) pod!: PodModel;
}

@ObjectType('Revision')
export class RevisionModel implements Omit<RevisionView, 'object'> {
  @Field() name!: string;
  @Field() hash!: string;
  @Field(() => Int) revision!: number;
  @Field() createdAt!: Date;
  @Field() isCurrent!: boolean;
  @Field() isUpdate!: boolean;
  @Field(() => Int, { description: 'Pods of the workload at this revision.' }) podCount!: number;
  @Field(() => [String]) images!: string[];
  manifest!: string;
}

@ObjectType('PlannedAction')
export class PlannedActionModel {
  @Field({ description: 'CREATE, DELETE, MARK_SPECIFIED_DELETE, UPDATE_IN_PLACE, RECREATE or LIFECYCLE_TRANSITION' }) type!: string;
  @Field() pod!: string;
  @Field() reason!: string;
  @Field(() => String, { nullable: true }) revision!: string | null;
}

@ObjectType('Blocker')
export class BlockerModel {
  @Field({ description: 'MAX_UNAVAILABLE, PAUSED, PARTITION, HOOK_PENDING, MIN_READY_SECONDS, SCALE_EXPECTATIONS, ...' }) code!: string;
  @Field({ description: 'Why, in words that hold whenever they are read: how long is `until`.' }) message!: string;
  @Field(() => [String]) pods!: string[];
  @Field(() => Date, {
    nullable: true,
    description: "When the blocker lifts by itself, with nothing else changed (minReadySeconds, an in-place grace period, an unschedulable subset's recovery), in wall-clock time (count down with serverTime). Null otherwise.",
  }) until!: Date | null;
}

@ObjectType('RolloutPlan')
export class RolloutPlanModel {
  @Field() updateRevision!: string;
  @Field() currentRevision!: string;
  @Field() complete!: boolean;
  @Field(() => JSONScalar, { description: 'The spec diff numbers under their spec names (scaleUpNum, updateNum, ...).' }) diff!: unknown;
  @Field(() => [PlannedActionModel]) actions!: PlannedActionModel[];
  @Field(() => [BlockerModel]) blockers!: BlockerModel[];
}

@ObjectType('Event')
export class EventModel {
  @Field({ description: 'Normal or Warning' }) type!: string;
  @Field() reason!: string;
  @Field() message!: string;
  @Field(() => Int) count!: number;
  @Field(() => Date, { nullable: true }) firstTimestamp!: Date | null;
  @Field(() => Date, { nullable: true }) lastTimestamp!: Date | null;
  @Field({ description: 'The object the event is about, as Kind/name.' }) object!: string;
}
