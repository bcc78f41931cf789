// Typed GraphQL operations, generated from apps/api/schema.graphql and operations.graphql by
// scripts/graphql-codegen.mjs (GraphQL Code Generator). Do not edit; run `npm run codegen`.
/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** What a write does with fields the kind's schema does not declare and keys a manifest repeats (the Kubernetes API's fieldValidation). */
export type FieldValidation =
  /** Drop unknown fields, keep the last of a repeated key, and write the rest, as fieldValidation=Ignore does. */
  | 'IGNORE'
  /** Refuse the write, naming each unknown field and repeated key (the default: automation fails loudly). */
  | 'STRICT';

export type HealthState =
  /** Every pod at the update revision and available, exactly replicas of them. */
  | 'COMPLETE'
  /** Pods fail, cannot be scheduled or pulled, or the rollout missed its progress deadline. */
  | 'DEGRADED'
  /** A partition or a pause keeps the rest back: a person must step it. */
  | 'HELD'
  /** Advancing as the strategy allows (maxUnavailable waves, minReadySeconds, creations). */
  | 'PROGRESSING'
  /** Pods wait for a lifecycle hook to be acknowledged. */
  | 'WAITING_ON_HOOK';

export type HookPoint =
  | 'POST_UPDATE'
  | 'PRE_DELETE'
  | 'PRE_NORMAL'
  | 'PRE_UPDATE';

/** lifecycle.apps.kruise.io/state; a pod without the label counts as NORMAL. */
export type LifecycleState =
  | 'NORMAL'
  | 'PREPARING_DELETE'
  | 'PREPARING_NORMAL'
  | 'PREPARING_UPDATE'
  | 'UPDATED'
  | 'UPDATING';

/** COMPLETE: every pod rolled; STOPPED: something holds the rollout (see stops); TRUNCATED: the preview hit its bound (see truncated). */
export type PreviewOutcome =
  | 'COMPLETE'
  | 'STOPPED'
  | 'TRUNCATED';

export type PreviewPodAction =
  | 'CREATE'
  | 'DELETE'
  | 'UPDATE_IN_PLACE';

/** CONFIGURED: the embedded cluster's own kubelet timings; LEARNED: from the pods' recent starts; DEFAULT: the simulator's defaults. */
export type PreviewTimingSource =
  | 'CONFIGURED'
  | 'DEFAULT'
  | 'LEARNED';

export type RolloutActionKind =
  | 'ABORT'
  | 'APPROVE'
  | 'JUMP';

export type WorkloadKind =
  | 'CLONE_SET'
  /** Advanced StatefulSet, apps.kruise.io/v1beta1 */
  | 'STATEFUL_SET'
  | 'UNITED_DEPLOYMENT';

type WorkloadRow_CloneSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> };

type WorkloadRow_StatefulSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> };

type WorkloadRow_UnitedDeployment_Fragment = { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> };

export type WorkloadRowFragment =
  | WorkloadRow_CloneSet_Fragment
  | WorkloadRow_StatefulSet_Fragment
  | WorkloadRow_UnitedDeployment_Fragment
;

type RolloutState_CloneSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } };

type RolloutState_StatefulSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } };

type RolloutState_UnitedDeployment_Fragment = { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } };

export type RolloutStateFragment =
  | RolloutState_CloneSet_Fragment
  | RolloutState_StatefulSet_Fragment
  | RolloutState_UnitedDeployment_Fragment
;

type Changed_CloneSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> };

type Changed_StatefulSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> };

type Changed_UnitedDeployment_Fragment = { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> };

export type ChangedFragment =
  | Changed_CloneSet_Fragment
  | Changed_StatefulSet_Fragment
  | Changed_UnitedDeployment_Fragment
;

export type WorkloadsQueryVariables = Exact<{
  kind?: WorkloadKind | null | undefined;
  namespace?: string | null | undefined;
  first: number;
  after?: string | null | undefined;
  withManifest: boolean;
}>;


export type WorkloadsQuery = { workloads: { edges: Array<{ node:
        | { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> }
        | { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> }
        | { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> }
       }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type WorkloadQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  withManifest: boolean;
}>;


export type WorkloadQuery = { workload:
    | { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> }
    | { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> }
    | { kind: WorkloadKind, namespace: string, name: string, images: Array<string>, manifest?: string, columns: Array<{ name: string, value: string }> }
   | null };

export type DescribeQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  events: number;
}>;


export type DescribeQuery = { serverTime: string, workload:
    | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, revisions: Array<{ name: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string> }>, plan: { complete: boolean, currentRevision: string, updateRevision: string, diff: unknown, actions: Array<{ type: string, pod: string, reason: string, revision: string | null }>, blockers: Array<{ code: string, message: string, pods: Array<string>, until: string | null }> }, events: Array<{ type: string, reason: string, message: string, count: number, firstTimestamp: string | null, lastTimestamp: string | null }> }
    | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, ordinals: { start: number, end: number, reserved: Array<{ from: number, to: number }> }, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, revisions: Array<{ name: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string> }>, plan: { complete: boolean, currentRevision: string, updateRevision: string, diff: unknown, actions: Array<{ type: string, pod: string, reason: string, revision: string | null }>, blockers: Array<{ code: string, message: string, pods: Array<string>, until: string | null }> }, events: Array<{ type: string, reason: string, message: string, count: number, firstTimestamp: string | null, lastTimestamp: string | null }> }
    | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, subsets: Array<{ name: string, kind: string, workload: string | null, replicas: number, reason: string, partition: number, specifiedPartition: number | null, readyReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, schedulable: boolean, recoversAt: string | null }>, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, revisions: Array<{ name: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string> }>, plan: { complete: boolean, currentRevision: string, updateRevision: string, diff: unknown, actions: Array<{ type: string, pod: string, reason: string, revision: string | null }>, blockers: Array<{ code: string, message: string, pods: Array<string>, until: string | null }> }, events: Array<{ type: string, reason: string, message: string, count: number, firstTimestamp: string | null, lastTimestamp: string | null }> }
   | null };

export type RolloutQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type RolloutQuery = { serverTime: string, workload:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } }
   | null };

export type RolloutChangedSubscriptionVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type RolloutChangedSubscription = { workloadChanged:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null } }
   };

export type HistoryQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  withManifest: boolean;
}>;


export type HistoryQuery = { serverTime: string, workload:
    | { kind: WorkloadKind, namespace: string, name: string, revisions: Array<{ name: string, hash: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string>, manifest?: string }> }
    | { kind: WorkloadKind, namespace: string, name: string, revisions: Array<{ name: string, hash: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string>, manifest?: string }> }
    | { kind: WorkloadKind, namespace: string, name: string, revisions: Array<{ name: string, hash: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string>, manifest?: string }> }
   | null };

export type PartitionStateQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type PartitionStateQuery = { workload:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, subsets: Array<{ name: string, kind: string, replicas: number, partition: number, specifiedPartition: number | null }> }
   | null };

export type ApplyManifestMutationVariables = Exact<{
  yaml: string;
  dryRun: boolean;
  fieldValidation: FieldValidation;
}>;


export type ApplyManifestMutation = { applyManifest: Array<{ apiVersion: string, kind: string, namespace: string | null, name: string, action: string }> };

export type SetImageMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  container: string;
  image: string;
}>;


export type SetImageMutation = { setImage:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
   };

export type SetPartitionMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  partition: number | string;
  subset?: string | null | undefined;
  expectedGeneration?: number | null | undefined;
}>;


export type SetPartitionMutation = { setPartition:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
   };

export type PauseRolloutMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type PauseRolloutMutation = { pauseRollout:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
   };

export type ResumeRolloutMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type ResumeRolloutMutation = { resumeRollout:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
   };

export type ScaleWorkloadMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  replicas: number;
}>;


export type ScaleWorkloadMutation = { scaleWorkload:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
   };

export type RollbackWorkloadMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  revision: string;
}>;


export type RollbackWorkloadMutation = { rollbackWorkload:
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
    | { kind: WorkloadKind, namespace: string, name: string, generation: number, replicas: number, partitionedReplicas: number, images: Array<string> }
   };

export type PendingHooksQueryVariables = Exact<{
  namespace?: string | null | undefined;
  hook?: HookPoint | null | undefined;
}>;


export type PendingHooksQuery = { serverTime: string, pendingHooks: Array<{ namespace: string, pod: string, podUid: string, hook: HookPoint, state: LifecycleState, since: string | null, podIP: string | null, node: string | null, zone: string | null, workload: { kind: WorkloadKind, name: string } }> };

export type AckHookMutationVariables = Exact<{
  namespace: string;
  pod: string;
  hook: HookPoint;
  reason?: string | null | undefined;
  idempotencyKey: string;
}>;


export type AckHookMutation = { ackHook: { id: string, namespace: string, pod: string, podUid: string, hook: HookPoint, acknowledgedBy: string, at: string, reason: string | null, replayed: boolean } };

export type AuditLogQueryVariables = Exact<{
  namespace?: string | null | undefined;
  first: number;
}>;


export type AuditLogQuery = { auditLog: { totalCount: number, edges: Array<{ node: { at: string, actorName: string, actorRole: string, action: string, targetKind: string | null, targetNamespace: string | null, targetName: string | null, result: string, message: string | null, requestId: string, idempotencyKey: string | null, before: unknown, after: unknown } }> } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { name: string, role: string, namespaces: Array<string> } };

export type PreviewRolloutQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  container?: string | null | undefined;
  image?: string | null | undefined;
  partition?: number | string | null | undefined;
  subset?: string | null | undefined;
  replicas?: number | null | undefined;
  paused?: boolean | null | undefined;
  manifest?: string | null | undefined;
}>;


export type PreviewRolloutQuery = { previewRollout: { outcome: PreviewOutcome, truncated: string | null, durationMs: number, wallMs: number, waves: Array<{ startMs: number, endMs: number | null, pods: Array<{ pod: string, action: PreviewPodAction, subset: string | null, node: string | null, zone: string | null, readyAtMs: number | null }> }>, stops: Array<{ code: string, message: string, pods: Array<string> }>, hooks: Array<{ code: string, message: string, pods: Array<string> }>, timings: { source: PreviewTimingSource, samples: number, imagePullMs: number, containerStartMs: number, terminationMs: number }, final: { replicas: number, updatedReplicas: number, updatedReadyReplicas: number, images: Array<string>, health: string }, forked: { pods: number, otherPods: number, otherPodsLeftOut: number, volumeClaims: number, nodes: number } } };

export type RolloutActionDoneFragment = { id: string, action: RolloutActionKind, namespace: string, name: string, stepIndex: number, fromStepIndex: number | null, revision: string | null, actedBy: string, at: string, reason: string | null, replayed: boolean };

export type ApproveRolloutStepMutationVariables = Exact<{
  namespace: string;
  name: string;
  reason?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type ApproveRolloutStepMutation = { approveRolloutStep: { id: string, action: RolloutActionKind, namespace: string, name: string, stepIndex: number, fromStepIndex: number | null, revision: string | null, actedBy: string, at: string, reason: string | null, replayed: boolean } };

export type JumpToRolloutStepMutationVariables = Exact<{
  namespace: string;
  name: string;
  stepIndex: number;
  reason?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type JumpToRolloutStepMutation = { jumpToRolloutStep: { id: string, action: RolloutActionKind, namespace: string, name: string, stepIndex: number, fromStepIndex: number | null, revision: string | null, actedBy: string, at: string, reason: string | null, replayed: boolean } };

export type AbortRolloutMutationVariables = Exact<{
  namespace: string;
  name: string;
  reason?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type AbortRolloutMutation = { abortRollout: { id: string, action: RolloutActionKind, namespace: string, name: string, stepIndex: number, fromStepIndex: number | null, revision: string | null, actedBy: string, at: string, reason: string | null, replayed: boolean } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const WorkloadRowFragmentDoc = new TypedDocumentString(`
    fragment WorkloadRow on Workload {
  kind
  namespace
  name
  images
  columns {
    name
    value
  }
  manifest @include(if: $withManifest)
}
    `, {"fragmentName":"WorkloadRow"}) as unknown as TypedDocumentString<WorkloadRowFragment, unknown>;
export const RolloutStateFragmentDoc = new TypedDocumentString(`
    fragment RolloutState on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  status {
    observedGeneration
    replicas
    readyReplicas
    availableReplicas
    updatedReplicas
    updatedReadyReplicas
    expectedUpdatedReplicas
    currentRevision
    updateRevision
  }
  health {
    state
    reason
    pods
    until
  }
}
    `, {"fragmentName":"RolloutState"}) as unknown as TypedDocumentString<RolloutStateFragment, unknown>;
export const ChangedFragmentDoc = new TypedDocumentString(`
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}
    `, {"fragmentName":"Changed"}) as unknown as TypedDocumentString<ChangedFragment, unknown>;
export const RolloutActionDoneFragmentDoc = new TypedDocumentString(`
    fragment RolloutActionDone on RolloutAction {
  id
  action
  namespace
  name
  stepIndex
  fromStepIndex
  revision
  actedBy
  at
  reason
  replayed
}
    `, {"fragmentName":"RolloutActionDone"}) as unknown as TypedDocumentString<RolloutActionDoneFragment, unknown>;
export const WorkloadsDocument = new TypedDocumentString(`
    query Workloads($kind: WorkloadKind, $namespace: String, $first: Int!, $after: String, $withManifest: Boolean!) {
  workloads(kind: $kind, namespace: $namespace, first: $first, after: $after) {
    edges {
      node {
        ...WorkloadRow
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment WorkloadRow on Workload {
  kind
  namespace
  name
  images
  columns {
    name
    value
  }
  manifest @include(if: $withManifest)
}`) as unknown as TypedDocumentString<WorkloadsQuery, WorkloadsQueryVariables>;
export const WorkloadDocument = new TypedDocumentString(`
    query Workload($kind: WorkloadKind!, $namespace: String!, $name: String!, $withManifest: Boolean!) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    ...WorkloadRow
  }
}
    fragment WorkloadRow on Workload {
  kind
  namespace
  name
  images
  columns {
    name
    value
  }
  manifest @include(if: $withManifest)
}`) as unknown as TypedDocumentString<WorkloadQuery, WorkloadQueryVariables>;
export const DescribeDocument = new TypedDocumentString(`
    query Describe($kind: WorkloadKind!, $namespace: String!, $name: String!, $events: Int!) {
  serverTime
  workload(kind: $kind, namespace: $namespace, name: $name) {
    kind
    namespace
    name
    uid
    generation
    resourceVersion
    replicas
    partitionedReplicas
    images
    createdAt
    updateStrategy
    status {
      observedGeneration
      replicas
      readyReplicas
      availableReplicas
      currentReplicas
      updatedReplicas
      updatedReadyReplicas
      updatedAvailableReplicas
      expectedUpdatedReplicas
      currentRevision
      updateRevision
      conditions {
        type
        status
        reason
        message
        lastTransitionTime
      }
    }
    health {
      state
      reason
      pods
      until
    }
    revisions {
      name
      revision
      createdAt
      isCurrent
      isUpdate
      podCount
      images
    }
    plan {
      complete
      currentRevision
      updateRevision
      diff
      actions {
        type
        pod
        reason
        revision
      }
      blockers {
        code
        message
        pods
        until
      }
    }
    events(first: $events) {
      type
      reason
      message
      count
      firstTimestamp
      lastTimestamp
    }
    ... on StatefulSet {
      ordinals {
        start
        end
        reserved {
          from
          to
        }
      }
    }
    ... on UnitedDeployment {
      subsets {
        name
        kind
        workload
        replicas
        reason
        partition
        specifiedPartition
        readyReplicas
        updatedReplicas
        updatedReadyReplicas
        schedulable
        recoversAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DescribeQuery, DescribeQueryVariables>;
export const RolloutDocument = new TypedDocumentString(`
    query Rollout($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  serverTime
  workload(kind: $kind, namespace: $namespace, name: $name) {
    ...RolloutState
  }
}
    fragment RolloutState on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  status {
    observedGeneration
    replicas
    readyReplicas
    availableReplicas
    updatedReplicas
    updatedReadyReplicas
    expectedUpdatedReplicas
    currentRevision
    updateRevision
  }
  health {
    state
    reason
    pods
    until
  }
}`) as unknown as TypedDocumentString<RolloutQuery, RolloutQueryVariables>;
export const RolloutChangedDocument = new TypedDocumentString(`
    subscription RolloutChanged($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  workloadChanged(kind: $kind, namespace: $namespace, name: $name) {
    ...RolloutState
  }
}
    fragment RolloutState on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  status {
    observedGeneration
    replicas
    readyReplicas
    availableReplicas
    updatedReplicas
    updatedReadyReplicas
    expectedUpdatedReplicas
    currentRevision
    updateRevision
  }
  health {
    state
    reason
    pods
    until
  }
}`) as unknown as TypedDocumentString<RolloutChangedSubscription, RolloutChangedSubscriptionVariables>;
export const HistoryDocument = new TypedDocumentString(`
    query History($kind: WorkloadKind!, $namespace: String!, $name: String!, $withManifest: Boolean!) {
  serverTime
  workload(kind: $kind, namespace: $namespace, name: $name) {
    kind
    namespace
    name
    revisions {
      name
      hash
      revision
      createdAt
      isCurrent
      isUpdate
      podCount
      images
      manifest @include(if: $withManifest)
    }
  }
}
    `) as unknown as TypedDocumentString<HistoryQuery, HistoryQueryVariables>;
export const PartitionStateDocument = new TypedDocumentString(`
    query PartitionState($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    kind
    namespace
    name
    generation
    replicas
    partitionedReplicas
    ... on UnitedDeployment {
      subsets {
        name
        kind
        replicas
        partition
        specifiedPartition
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PartitionStateQuery, PartitionStateQueryVariables>;
export const ApplyManifestDocument = new TypedDocumentString(`
    mutation ApplyManifest($yaml: String!, $dryRun: Boolean!, $fieldValidation: FieldValidation!) {
  applyManifest(yaml: $yaml, dryRun: $dryRun, fieldValidation: $fieldValidation) {
    apiVersion
    kind
    namespace
    name
    action
  }
}
    `) as unknown as TypedDocumentString<ApplyManifestMutation, ApplyManifestMutationVariables>;
export const SetImageDocument = new TypedDocumentString(`
    mutation SetImage($kind: WorkloadKind!, $namespace: String!, $name: String!, $container: String!, $image: String!) {
  setImage(
    kind: $kind
    namespace: $namespace
    name: $name
    container: $container
    image: $image
  ) {
    ...Changed
  }
}
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}`) as unknown as TypedDocumentString<SetImageMutation, SetImageMutationVariables>;
export const SetPartitionDocument = new TypedDocumentString(`
    mutation SetPartition($kind: WorkloadKind!, $namespace: String!, $name: String!, $partition: IntOrPercent!, $subset: String, $expectedGeneration: Int) {
  setPartition(
    kind: $kind
    namespace: $namespace
    name: $name
    partition: $partition
    subset: $subset
    expectedGeneration: $expectedGeneration
  ) {
    ...Changed
  }
}
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}`) as unknown as TypedDocumentString<SetPartitionMutation, SetPartitionMutationVariables>;
export const PauseRolloutDocument = new TypedDocumentString(`
    mutation PauseRollout($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  pauseRollout(kind: $kind, namespace: $namespace, name: $name) {
    ...Changed
  }
}
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}`) as unknown as TypedDocumentString<PauseRolloutMutation, PauseRolloutMutationVariables>;
export const ResumeRolloutDocument = new TypedDocumentString(`
    mutation ResumeRollout($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  resumeRollout(kind: $kind, namespace: $namespace, name: $name) {
    ...Changed
  }
}
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}`) as unknown as TypedDocumentString<ResumeRolloutMutation, ResumeRolloutMutationVariables>;
export const ScaleWorkloadDocument = new TypedDocumentString(`
    mutation ScaleWorkload($kind: WorkloadKind!, $namespace: String!, $name: String!, $replicas: Int!) {
  scaleWorkload(
    kind: $kind
    namespace: $namespace
    name: $name
    replicas: $replicas
  ) {
    ...Changed
  }
}
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}`) as unknown as TypedDocumentString<ScaleWorkloadMutation, ScaleWorkloadMutationVariables>;
export const RollbackWorkloadDocument = new TypedDocumentString(`
    mutation RollbackWorkload($kind: WorkloadKind!, $namespace: String!, $name: String!, $revision: String!) {
  rollbackWorkload(
    kind: $kind
    namespace: $namespace
    name: $name
    revision: $revision
  ) {
    ...Changed
  }
}
    fragment Changed on Workload {
  kind
  namespace
  name
  generation
  replicas
  partitionedReplicas
  images
}`) as unknown as TypedDocumentString<RollbackWorkloadMutation, RollbackWorkloadMutationVariables>;
export const PendingHooksDocument = new TypedDocumentString(`
    query PendingHooks($namespace: String, $hook: HookPoint) {
  serverTime
  pendingHooks(namespace: $namespace, hook: $hook) {
    namespace
    pod
    podUid
    workload {
      kind
      name
    }
    hook
    state
    since
    podIP
    node
    zone
  }
}
    `) as unknown as TypedDocumentString<PendingHooksQuery, PendingHooksQueryVariables>;
export const AckHookDocument = new TypedDocumentString(`
    mutation AckHook($namespace: String!, $pod: String!, $hook: HookPoint!, $reason: String, $idempotencyKey: String!) {
  ackHook(
    namespace: $namespace
    pod: $pod
    hook: $hook
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    id
    namespace
    pod
    podUid
    hook
    acknowledgedBy
    at
    reason
    replayed
  }
}
    `) as unknown as TypedDocumentString<AckHookMutation, AckHookMutationVariables>;
export const AuditLogDocument = new TypedDocumentString(`
    query AuditLog($namespace: String, $first: Int!) {
  auditLog(namespace: $namespace, first: $first) {
    totalCount
    edges {
      node {
        at
        actorName
        actorRole
        action
        targetKind
        targetNamespace
        targetName
        result
        message
        requestId
        idempotencyKey
        before
        after
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AuditLogQuery, AuditLogQueryVariables>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    name
    role
    namespaces
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const PreviewRolloutDocument = new TypedDocumentString(`
    query PreviewRollout($kind: WorkloadKind!, $namespace: String!, $name: String!, $container: String, $image: String, $partition: IntOrPercent, $subset: String, $replicas: Int, $paused: Boolean, $manifest: String) {
  previewRollout(
    kind: $kind
    namespace: $namespace
    name: $name
    container: $container
    image: $image
    partition: $partition
    subset: $subset
    replicas: $replicas
    paused: $paused
    manifest: $manifest
  ) {
    outcome
    truncated
    durationMs
    waves {
      startMs
      endMs
      pods {
        pod
        action
        subset
        node
        zone
        readyAtMs
      }
    }
    stops {
      code
      message
      pods
    }
    hooks {
      code
      message
      pods
    }
    timings {
      source
      samples
      imagePullMs
      containerStartMs
      terminationMs
    }
    final {
      replicas
      updatedReplicas
      updatedReadyReplicas
      images
      health
    }
    forked {
      pods
      otherPods
      otherPodsLeftOut
      volumeClaims
      nodes
    }
    wallMs
  }
}
    `) as unknown as TypedDocumentString<PreviewRolloutQuery, PreviewRolloutQueryVariables>;
export const ApproveRolloutStepDocument = new TypedDocumentString(`
    mutation ApproveRolloutStep($namespace: String!, $name: String!, $reason: String, $idempotencyKey: String) {
  approveRolloutStep(
    namespace: $namespace
    name: $name
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    ...RolloutActionDone
  }
}
    fragment RolloutActionDone on RolloutAction {
  id
  action
  namespace
  name
  stepIndex
  fromStepIndex
  revision
  actedBy
  at
  reason
  replayed
}`) as unknown as TypedDocumentString<ApproveRolloutStepMutation, ApproveRolloutStepMutationVariables>;
export const JumpToRolloutStepDocument = new TypedDocumentString(`
    mutation JumpToRolloutStep($namespace: String!, $name: String!, $stepIndex: Int!, $reason: String, $idempotencyKey: String) {
  jumpToRolloutStep(
    namespace: $namespace
    name: $name
    stepIndex: $stepIndex
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    ...RolloutActionDone
  }
}
    fragment RolloutActionDone on RolloutAction {
  id
  action
  namespace
  name
  stepIndex
  fromStepIndex
  revision
  actedBy
  at
  reason
  replayed
}`) as unknown as TypedDocumentString<JumpToRolloutStepMutation, JumpToRolloutStepMutationVariables>;
export const AbortRolloutDocument = new TypedDocumentString(`
    mutation AbortRollout($namespace: String!, $name: String!, $reason: String, $idempotencyKey: String) {
  abortRollout(
    namespace: $namespace
    name: $name
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    ...RolloutActionDone
  }
}
    fragment RolloutActionDone on RolloutAction {
  id
  action
  namespace
  name
  stepIndex
  fromStepIndex
  revision
  actedBy
  at
  reason
  replayed
}`) as unknown as TypedDocumentString<AbortRolloutMutation, AbortRolloutMutationVariables>;
