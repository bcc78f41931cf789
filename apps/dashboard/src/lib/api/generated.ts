// Typed GraphQL operations, generated from apps/api/schema.graphql and operations.graphql by
// scripts/graphql-codegen.mjs (GraphQL Code Generator). Do not edit; run `npm run codegen`.
/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

type WorkloadFields_CloneSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null };

type WorkloadFields_StatefulSet_Fragment = { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, ordinals: { start: number, end: number, reserved: Array<{ from: number, to: number }> }, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null };

type WorkloadFields_UnitedDeployment_Fragment = { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null };

export type WorkloadFieldsFragment =
  | WorkloadFields_CloneSet_Fragment
  | WorkloadFields_StatefulSet_Fragment
  | WorkloadFields_UnitedDeployment_Fragment
;

export type PodFieldsFragment = { name: string, node: string | null, zone: string | null, subset: string | null, rolloutBatchId: number | null, podIP: string | null, phase: string, ready: boolean, available: boolean, availableAt: string | null, revision: string, isUpdated: boolean, lifecycleState: LifecycleState, pendingHook: HookPoint | null, pendingSince: string | null, deleting: boolean, ordinal: number | null, createdAt: string, containers: Array<{ name: string, image: string, ready: boolean, restartCount: number }> };

export type SubsetFieldsFragment = { name: string, kind: string, workload: string | null, replicas: number, reason: string, specifiedReplicas: number | string | null, minReplicas: number | null, maxReplicas: number | null, partition: number, specifiedPartition: number | null, reservedPods: number, currentReplicas: number, readyReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, schedulable: boolean, recoversAt: string | null, schedulableCondition: { status: string, reason: string | null, message: string | null, lastTransitionTime: string | null } | null };

export type WorkloadSubsetsFragment = { subsets: Array<{ name: string, kind: string, workload: string | null, replicas: number, reason: string, specifiedReplicas: number | string | null, minReplicas: number | null, maxReplicas: number | null, partition: number, specifiedPartition: number | null, reservedPods: number, currentReplicas: number, readyReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, schedulable: boolean, recoversAt: string | null, schedulableCondition: { status: string, reason: string | null, message: string | null, lastTransitionTime: string | null } | null }> };

export type TopologyWorkloadPodsFieldsFragment = { workloadKind: WorkloadKind | null, kind: string, namespace: string, name: string, subset: string | null, pods: number, readyPods: number };

export type RolloutSummaryFieldsFragment = { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null };

export type RolloutFieldsFragment = { namespace: string, name: string, uid: string, resourceVersion: string, phase: string | null, message: string | null, paused: boolean, disabled: boolean, workloadRef: { apiVersion: string, kind: string, name: string }, steps: Array<{ index: number, replicas: number | string, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean, nextStepIndex: number, canaryReplicas: number, canaryReadyReplicas: number, stableRevision: string | null, canaryRevision: string | null, podTemplateHash: string | null, finalisingStep: string | null, lastUpdateTime: string | null, message: string | null, analysis: { stepIndex: number, canaryRevision: string, phase: string, message: string, startedAt: string, onFailure: string, checks: Array<{ name: string, kind: string, phase: string, measured: unknown, condition: string, reason: string, evaluatedAt: string, consecutiveErrors: number, history: Array<{ at: string, phase: string, measured: unknown }> }> } | null } | null, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { name: string, role: string, namespaces: Array<string> } };

export type WorkloadKindsQueryVariables = Exact<{ [key: string]: never; }>;


export type WorkloadKindsQuery = { workloadKinds: Array<{ kind: WorkloadKind, clusterKind: string, apiVersions: Array<string>, columns: Array<string> }> };

export type PendingHooksQueryVariables = Exact<{
  namespace?: string | null | undefined;
}>;


export type PendingHooksQuery = { pendingHooks: Array<{ namespace: string, pod: string, hook: HookPoint, state: LifecycleState, since: string | null, podIP: string | null, node: string | null, zone: string | null, workload: { kind: WorkloadKind, name: string } }> };

export type WorkloadsQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type WorkloadsQuery = { workloads: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node:
        | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
        | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, ordinals: { start: number, end: number, reserved: Array<{ from: number, to: number }> }, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
        | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
       }> } };

export type WorkloadQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type WorkloadQuery = { workload:
    | { manifest: string, kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, revisions: Array<{ name: string, hash: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string>, manifest: string }>, events: Array<{ type: string, reason: string, message: string, count: number, firstTimestamp: string | null, lastTimestamp: string | null, object: string }>, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
    | { manifest: string, kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, revisions: Array<{ name: string, hash: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string>, manifest: string }>, events: Array<{ type: string, reason: string, message: string, count: number, firstTimestamp: string | null, lastTimestamp: string | null, object: string }>, ordinals: { start: number, end: number, reserved: Array<{ from: number, to: number }> }, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
    | { manifest: string, kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, revisions: Array<{ name: string, hash: string, revision: number, createdAt: string, isCurrent: boolean, isUpdate: boolean, podCount: number, images: Array<string>, manifest: string }>, events: Array<{ type: string, reason: string, message: string, count: number, firstTimestamp: string | null, lastTimestamp: string | null, object: string }>, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null, subsets: Array<{ name: string, kind: string, workload: string | null, replicas: number, reason: string, specifiedReplicas: number | string | null, minReplicas: number | null, maxReplicas: number | null, partition: number, specifiedPartition: number | null, reservedPods: number, currentReplicas: number, readyReplicas: number, updatedReplicas: number, updatedReadyReplicas: number, schedulable: boolean, recoversAt: string | null, schedulableCondition: { status: string, reason: string | null, message: string | null, lastTransitionTime: string | null } | null }> }
   | null };

export type WorkloadPlanQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type WorkloadPlanQuery = { serverTime: string, workload:
    | { resourceVersion: string, plan: { updateRevision: string, currentRevision: string, complete: boolean, diff: unknown, actions: Array<{ type: string, pod: string, reason: string, revision: string | null }>, blockers: Array<{ code: string, message: string, pods: Array<string>, until: string | null }> } }
    | { resourceVersion: string, plan: { updateRevision: string, currentRevision: string, complete: boolean, diff: unknown, actions: Array<{ type: string, pod: string, reason: string, revision: string | null }>, blockers: Array<{ code: string, message: string, pods: Array<string>, until: string | null }> } }
    | { resourceVersion: string, plan: { updateRevision: string, currentRevision: string, complete: boolean, diff: unknown, actions: Array<{ type: string, pod: string, reason: string, revision: string | null }>, blockers: Array<{ code: string, message: string, pods: Array<string>, until: string | null }> } }
   | null };

export type WorkloadPodsQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  first: number;
  after?: string | null | undefined;
}>;


export type WorkloadPodsQuery = { workload:
    | { pods: { totalCount: number, resourceVersion: string, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { name: string, node: string | null, zone: string | null, subset: string | null, rolloutBatchId: number | null, podIP: string | null, phase: string, ready: boolean, available: boolean, availableAt: string | null, revision: string, isUpdated: boolean, lifecycleState: LifecycleState, pendingHook: HookPoint | null, pendingSince: string | null, deleting: boolean, ordinal: number | null, createdAt: string, containers: Array<{ name: string, image: string, ready: boolean, restartCount: number }> } }> } }
    | { pods: { totalCount: number, resourceVersion: string, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { name: string, node: string | null, zone: string | null, subset: string | null, rolloutBatchId: number | null, podIP: string | null, phase: string, ready: boolean, available: boolean, availableAt: string | null, revision: string, isUpdated: boolean, lifecycleState: LifecycleState, pendingHook: HookPoint | null, pendingSince: string | null, deleting: boolean, ordinal: number | null, createdAt: string, containers: Array<{ name: string, image: string, ready: boolean, restartCount: number }> } }> } }
    | { pods: { totalCount: number, resourceVersion: string, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { name: string, node: string | null, zone: string | null, subset: string | null, rolloutBatchId: number | null, podIP: string | null, phase: string, ready: boolean, available: boolean, availableAt: string | null, revision: string, isUpdated: boolean, lifecycleState: LifecycleState, pendingHook: HookPoint | null, pendingSince: string | null, deleting: boolean, ordinal: number | null, createdAt: string, containers: Array<{ name: string, image: string, ready: boolean, restartCount: number }> } }> } }
   | null };

export type TopologyQueryVariables = Exact<{ [key: string]: never; }>;


export type TopologyQuery = { topology: { zones: Array<{ name: string, pods: number, readyPods: number, nodes: Array<{ name: string, zone: string | null, ready: boolean, unschedulable: boolean, taints: Array<string>, labels: Array<string>, pods: number, readyPods: number, workloads: Array<{ workloadKind: WorkloadKind | null, kind: string, namespace: string, name: string, subset: string | null, pods: number, readyPods: number }> }> }>, unscheduled: Array<{ workloadKind: WorkloadKind | null, kind: string, namespace: string, name: string, subset: string | null, pods: number, readyPods: number }> } };

export type NodeImagesQueryVariables = Exact<{
  node?: string | null | undefined;
}>;


export type NodeImagesQuery = { nodeImages: Array<{ node: string, desired: number, pulling: number, succeeded: number, failed: number, diskUsedBytes: number, images: Array<{ names: Array<string>, sizeBytes: number | null }>, pulls: Array<{ image: string, phase: string, progress: number, startTime: string | null, completionTime: string | null, message: string | null, jobs: Array<string> }> }> };

export type ImagePullJobsQueryVariables = Exact<{
  namespace: string;
}>;


export type ImagePullJobsQuery = { imagePullJobs: Array<{ namespace: string, name: string, image: string, desired: number, active: number, succeeded: number, failed: number, message: string | null, completionTime: string | null, revisionHash: string | null, owner: { kind: string, name: string } | null }> };

export type RolloutHistoryFieldsFragment = { at: string, action: RolloutActionKind, actorName: string, actorRole: string, result: string, message: string | null, stepIndex: number | null, fromStepIndex: number | null, reason: string | null };

export type WorkloadRolloutQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type WorkloadRolloutQuery = { workload:
    | { rollout: { namespace: string, name: string, uid: string, resourceVersion: string, phase: string | null, message: string | null, paused: boolean, disabled: boolean, history: Array<{ at: string, action: RolloutActionKind, actorName: string, actorRole: string, result: string, message: string | null, stepIndex: number | null, fromStepIndex: number | null, reason: string | null }>, workloadRef: { apiVersion: string, kind: string, name: string }, steps: Array<{ index: number, replicas: number | string, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean, nextStepIndex: number, canaryReplicas: number, canaryReadyReplicas: number, stableRevision: string | null, canaryRevision: string | null, podTemplateHash: string | null, finalisingStep: string | null, lastUpdateTime: string | null, message: string | null, analysis: { stepIndex: number, canaryRevision: string, phase: string, message: string, startedAt: string, onFailure: string, checks: Array<{ name: string, kind: string, phase: string, measured: unknown, condition: string, reason: string, evaluatedAt: string, consecutiveErrors: number, history: Array<{ at: string, phase: string, measured: unknown }> }> } | null } | null, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> } | null }
    | { rollout: { namespace: string, name: string, uid: string, resourceVersion: string, phase: string | null, message: string | null, paused: boolean, disabled: boolean, history: Array<{ at: string, action: RolloutActionKind, actorName: string, actorRole: string, result: string, message: string | null, stepIndex: number | null, fromStepIndex: number | null, reason: string | null }>, workloadRef: { apiVersion: string, kind: string, name: string }, steps: Array<{ index: number, replicas: number | string, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean, nextStepIndex: number, canaryReplicas: number, canaryReadyReplicas: number, stableRevision: string | null, canaryRevision: string | null, podTemplateHash: string | null, finalisingStep: string | null, lastUpdateTime: string | null, message: string | null, analysis: { stepIndex: number, canaryRevision: string, phase: string, message: string, startedAt: string, onFailure: string, checks: Array<{ name: string, kind: string, phase: string, measured: unknown, condition: string, reason: string, evaluatedAt: string, consecutiveErrors: number, history: Array<{ at: string, phase: string, measured: unknown }> }> } | null } | null, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> } | null }
    | { rollout: { namespace: string, name: string, uid: string, resourceVersion: string, phase: string | null, message: string | null, paused: boolean, disabled: boolean, history: Array<{ at: string, action: RolloutActionKind, actorName: string, actorRole: string, result: string, message: string | null, stepIndex: number | null, fromStepIndex: number | null, reason: string | null }>, workloadRef: { apiVersion: string, kind: string, name: string }, steps: Array<{ index: number, replicas: number | string, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean, nextStepIndex: number, canaryReplicas: number, canaryReadyReplicas: number, stableRevision: string | null, canaryRevision: string | null, podTemplateHash: string | null, finalisingStep: string | null, lastUpdateTime: string | null, message: string | null, analysis: { stepIndex: number, canaryRevision: string, phase: string, message: string, startedAt: string, onFailure: string, checks: Array<{ name: string, kind: string, phase: string, measured: unknown, condition: string, reason: string, evaluatedAt: string, consecutiveErrors: number, history: Array<{ at: string, phase: string, measured: unknown }> }> } | null } | null, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> } | null }
   | null };

export type RolloutsQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type RolloutsQuery = { rollouts: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { namespace: string, name: string, uid: string, resourceVersion: string, phase: string | null, message: string | null, paused: boolean, disabled: boolean, history: Array<{ at: string, action: RolloutActionKind, actorName: string, actorRole: string, result: string, message: string | null, stepIndex: number | null, fromStepIndex: number | null, reason: string | null }>, workloadRef: { apiVersion: string, kind: string, name: string }, steps: Array<{ index: number, replicas: number | string, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean, nextStepIndex: number, canaryReplicas: number, canaryReadyReplicas: number, stableRevision: string | null, canaryRevision: string | null, podTemplateHash: string | null, finalisingStep: string | null, lastUpdateTime: string | null, message: string | null, analysis: { stepIndex: number, canaryRevision: string, phase: string, message: string, startedAt: string, onFailure: string, checks: Array<{ name: string, kind: string, phase: string, measured: unknown, condition: string, reason: string, evaluatedAt: string, consecutiveErrors: number, history: Array<{ at: string, phase: string, measured: unknown }> }> } | null } | null, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> } }> } };

export type RolloutChangedSubscriptionVariables = Exact<{
  namespace: string;
}>;


export type RolloutChangedSubscription = { rolloutChanged: { type: string, rollout: { namespace: string, name: string, uid: string, resourceVersion: string, phase: string | null, message: string | null, paused: boolean, disabled: boolean, workloadRef: { apiVersion: string, kind: string, name: string }, steps: Array<{ index: number, replicas: number | string, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean, nextStepIndex: number, canaryReplicas: number, canaryReadyReplicas: number, stableRevision: string | null, canaryRevision: string | null, podTemplateHash: string | null, finalisingStep: string | null, lastUpdateTime: string | null, message: string | null, analysis: { stepIndex: number, canaryRevision: string, phase: string, message: string, startedAt: string, onFailure: string, checks: Array<{ name: string, kind: string, phase: string, measured: unknown, condition: string, reason: string, evaluatedAt: string, consecutiveErrors: number, history: Array<{ at: string, phase: string, measured: unknown }> }> } | null } | null, conditions: Array<{ type: string, status: string, reason: string | null, message: string | null, lastTransitionTime: string | null }> } } };

export type RolloutSummaryChangedSubscriptionVariables = Exact<{
  namespace: string;
}>;


export type RolloutSummaryChangedSubscription = { rolloutChanged: { type: string, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } } };

export type WorkloadChangedSubscriptionVariables = Exact<{
  kind?: WorkloadKind | null | undefined;
  namespace?: string | null | undefined;
  name?: string | null | undefined;
}>;


export type WorkloadChangedSubscription = { workloadChanged:
    | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
    | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, ordinals: { start: number, end: number, reserved: Array<{ from: number, to: number }> }, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
    | { kind: WorkloadKind, namespace: string, name: string, uid: string, generation: number, resourceVersion: string, replicas: number, partitionedReplicas: number, images: Array<string>, createdAt: string, updateStrategy: unknown, status: { observedGeneration: number, replicas: number, readyReplicas: number, availableReplicas: number, currentReplicas: number | null, updatedReplicas: number, updatedReadyReplicas: number, updatedAvailableReplicas: number, expectedUpdatedReplicas: number, currentRevision: string, updateRevision: string }, columns: Array<{ name: string, value: string }>, health: { state: HealthState, reason: string, pods: Array<string>, until: string | null }, rollout: { namespace: string, name: string, resourceVersion: string, phase: string | null, paused: boolean, steps: Array<{ index: number, pauseSeconds: number | null, waitsForApproval: boolean }>, canaryStatus: { currentStepIndex: number, currentStepState: string, awaitingApproval: boolean } | null } | null }
   };

export type PodChangedSubscriptionVariables = Exact<{
  namespace: string;
  workload?: string | null | undefined;
  resourceVersion?: string | null | undefined;
}>;


export type PodChangedSubscription = { podChanged: { type: string, pod: { name: string, node: string | null, zone: string | null, subset: string | null, rolloutBatchId: number | null, podIP: string | null, phase: string, ready: boolean, available: boolean, availableAt: string | null, revision: string, isUpdated: boolean, lifecycleState: LifecycleState, pendingHook: HookPoint | null, pendingSince: string | null, deleting: boolean, ordinal: number | null, createdAt: string, containers: Array<{ name: string, image: string, ready: boolean, restartCount: number }> } } };

export type SetPartitionMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  partition: number | string;
  subset?: string | null | undefined;
  expectedGeneration?: number | null | undefined;
}>;


export type SetPartitionMutation = { setPartition:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type SetImageMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  container: string;
  image: string;
  expectedGeneration?: number | null | undefined;
}>;


export type SetImageMutation = { setImage:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type ScaleWorkloadMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  replicas: number;
  expectedGeneration?: number | null | undefined;
}>;


export type ScaleWorkloadMutation = { scaleWorkload:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type PauseRolloutMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type PauseRolloutMutation = { pauseRollout:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type ResumeRolloutMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
}>;


export type ResumeRolloutMutation = { resumeRollout:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type DeletePodsMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  pods: Array<string> | string;
  scaleDown?: boolean | null | undefined;
}>;


export type DeletePodsMutation = { deletePods:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type RollbackWorkloadMutationVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  revision: string;
}>;


export type RollbackWorkloadMutation = { rollbackWorkload:
    | { generation: number }
    | { generation: number }
    | { generation: number }
   };

export type AckHookMutationVariables = Exact<{
  namespace: string;
  pod: string;
  hook: HookPoint;
  idempotencyKey?: string | null | undefined;
  reason?: string | null | undefined;
}>;


export type AckHookMutation = { ackHook: { pod: string, hook: HookPoint, acknowledgedBy: string, at: string, reason: string | null, replayed: boolean } };

export type RestartContainersMutationVariables = Exact<{
  namespace: string;
  pod: string;
  containers: Array<string> | string;
  orderedRecreate?: boolean | null | undefined;
}>;


export type RestartContainersMutation = { restartContainers: { name: string } };

export type ApproveRolloutStepMutationVariables = Exact<{
  namespace: string;
  name: string;
  reason?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type ApproveRolloutStepMutation = { approveRolloutStep: { action: RolloutActionKind, stepIndex: number, actedBy: string, at: string, replayed: boolean } };

export type JumpToRolloutStepMutationVariables = Exact<{
  namespace: string;
  name: string;
  stepIndex: number;
  reason?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type JumpToRolloutStepMutation = { jumpToRolloutStep: { action: RolloutActionKind, stepIndex: number, fromStepIndex: number | null, actedBy: string, at: string, replayed: boolean } };

export type AbortRolloutMutationVariables = Exact<{
  namespace: string;
  name: string;
  reason?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type AbortRolloutMutation = { abortRollout: { action: RolloutActionKind, stepIndex: number, revision: string | null, actedBy: string, at: string, replayed: boolean } };

export type ContainerRestartsQueryVariables = Exact<{
  namespace: string;
  pod: string;
}>;


export type ContainerRestartsQuery = { containerRestarts: Array<{ name: string, pod: string, containers: Array<string>, phase: string, message: string | null, succeeded: boolean, states: Array<{ name: string, phase: string, isKilled: boolean, message: string | null }> }> };

export type PreviewRolloutQueryVariables = Exact<{
  kind: WorkloadKind;
  namespace: string;
  name: string;
  container?: string | null | undefined;
  image?: string | null | undefined;
  partition?: number | string | null | undefined;
  replicas?: number | null | undefined;
  paused?: boolean | null | undefined;
}>;


export type PreviewRolloutQuery = { previewRollout: { outcome: PreviewOutcome, truncated: string | null, durationMs: number, waves: Array<{ startMs: number, endMs: number | null, pods: Array<{ pod: string, action: PreviewPodAction, node: string | null, zone: string | null, readyAtMs: number | null }> }>, stops: Array<{ code: string, message: string, pods: Array<string> }>, hooks: Array<{ code: string, message: string, pods: Array<string> }>, timings: { source: PreviewTimingSource, samples: number }, final: { replicas: number, updatedReadyReplicas: number, images: Array<string>, health: string } } };

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
export const RolloutSummaryFieldsFragmentDoc = new TypedDocumentString(`
    fragment RolloutSummaryFields on Rollout {
  namespace
  name
  resourceVersion
  phase
  paused
  steps {
    index
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
  }
}
    `, {"fragmentName":"RolloutSummaryFields"}) as unknown as TypedDocumentString<RolloutSummaryFieldsFragment, unknown>;
export const WorkloadFieldsFragmentDoc = new TypedDocumentString(`
    fragment WorkloadFields on Workload {
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
  }
  columns {
    name
    value
  }
  health {
    state
    reason
    pods
    until
  }
  rollout {
    ...RolloutSummaryFields
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
}
    fragment RolloutSummaryFields on Rollout {
  namespace
  name
  resourceVersion
  phase
  paused
  steps {
    index
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
  }
}`, {"fragmentName":"WorkloadFields"}) as unknown as TypedDocumentString<WorkloadFieldsFragment, unknown>;
export const PodFieldsFragmentDoc = new TypedDocumentString(`
    fragment PodFields on Pod {
  name
  node
  zone
  subset
  rolloutBatchId
  podIP
  phase
  ready
  available
  availableAt
  revision
  isUpdated
  lifecycleState
  pendingHook
  pendingSince
  deleting
  ordinal
  createdAt
  containers {
    name
    image
    ready
    restartCount
  }
}
    `, {"fragmentName":"PodFields"}) as unknown as TypedDocumentString<PodFieldsFragment, unknown>;
export const SubsetFieldsFragmentDoc = new TypedDocumentString(`
    fragment SubsetFields on Subset {
  name
  kind
  workload
  replicas
  reason
  specifiedReplicas
  minReplicas
  maxReplicas
  partition
  specifiedPartition
  reservedPods
  currentReplicas
  readyReplicas
  updatedReplicas
  updatedReadyReplicas
  schedulable
  schedulableCondition {
    status
    reason
    message
    lastTransitionTime
  }
  recoversAt
}
    `, {"fragmentName":"SubsetFields"}) as unknown as TypedDocumentString<SubsetFieldsFragment, unknown>;
export const WorkloadSubsetsFragmentDoc = new TypedDocumentString(`
    fragment WorkloadSubsets on Workload {
  ... on UnitedDeployment {
    subsets {
      ...SubsetFields
    }
  }
}
    fragment SubsetFields on Subset {
  name
  kind
  workload
  replicas
  reason
  specifiedReplicas
  minReplicas
  maxReplicas
  partition
  specifiedPartition
  reservedPods
  currentReplicas
  readyReplicas
  updatedReplicas
  updatedReadyReplicas
  schedulable
  schedulableCondition {
    status
    reason
    message
    lastTransitionTime
  }
  recoversAt
}`, {"fragmentName":"WorkloadSubsets"}) as unknown as TypedDocumentString<WorkloadSubsetsFragment, unknown>;
export const TopologyWorkloadPodsFieldsFragmentDoc = new TypedDocumentString(`
    fragment TopologyWorkloadPodsFields on TopologyWorkloadPods {
  workloadKind
  kind
  namespace
  name
  subset
  pods
  readyPods
}
    `, {"fragmentName":"TopologyWorkloadPodsFields"}) as unknown as TypedDocumentString<TopologyWorkloadPodsFieldsFragment, unknown>;
export const RolloutFieldsFragmentDoc = new TypedDocumentString(`
    fragment RolloutFields on Rollout {
  namespace
  name
  uid
  resourceVersion
  phase
  message
  paused
  disabled
  workloadRef {
    apiVersion
    kind
    name
  }
  steps {
    index
    replicas
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
    nextStepIndex
    canaryReplicas
    canaryReadyReplicas
    stableRevision
    canaryRevision
    podTemplateHash
    finalisingStep
    lastUpdateTime
    message
    analysis {
      stepIndex
      canaryRevision
      phase
      message
      startedAt
      onFailure
      checks {
        name
        kind
        phase
        measured
        condition
        reason
        evaluatedAt
        consecutiveErrors
        history {
          at
          phase
          measured
        }
      }
    }
  }
  conditions {
    type
    status
    reason
    message
    lastTransitionTime
  }
}
    `, {"fragmentName":"RolloutFields"}) as unknown as TypedDocumentString<RolloutFieldsFragment, unknown>;
export const RolloutHistoryFieldsFragmentDoc = new TypedDocumentString(`
    fragment RolloutHistoryFields on RolloutHistoryEntry {
  at
  action
  actorName
  actorRole
  result
  message
  stepIndex
  fromStepIndex
  reason
}
    `, {"fragmentName":"RolloutHistoryFields"}) as unknown as TypedDocumentString<RolloutHistoryFieldsFragment, unknown>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    name
    role
    namespaces
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const WorkloadKindsDocument = new TypedDocumentString(`
    query WorkloadKinds {
  workloadKinds {
    kind
    clusterKind
    apiVersions
    columns
  }
}
    `) as unknown as TypedDocumentString<WorkloadKindsQuery, WorkloadKindsQueryVariables>;
export const PendingHooksDocument = new TypedDocumentString(`
    query PendingHooks($namespace: String) {
  pendingHooks(namespace: $namespace) {
    namespace
    pod
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
export const WorkloadsDocument = new TypedDocumentString(`
    query Workloads($after: String) {
  workloads(first: 1000, after: $after) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...WorkloadFields
      }
    }
  }
}
    fragment WorkloadFields on Workload {
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
  }
  columns {
    name
    value
  }
  health {
    state
    reason
    pods
    until
  }
  rollout {
    ...RolloutSummaryFields
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
}
fragment RolloutSummaryFields on Rollout {
  namespace
  name
  resourceVersion
  phase
  paused
  steps {
    index
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
  }
}`) as unknown as TypedDocumentString<WorkloadsQuery, WorkloadsQueryVariables>;
export const WorkloadDocument = new TypedDocumentString(`
    query Workload($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    ...WorkloadFields
    ...WorkloadSubsets
    manifest
    revisions {
      name
      hash
      revision
      createdAt
      isCurrent
      isUpdate
      podCount
      images
      manifest
    }
    events(first: 100) {
      type
      reason
      message
      count
      firstTimestamp
      lastTimestamp
      object
    }
  }
}
    fragment WorkloadFields on Workload {
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
  }
  columns {
    name
    value
  }
  health {
    state
    reason
    pods
    until
  }
  rollout {
    ...RolloutSummaryFields
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
}
fragment SubsetFields on Subset {
  name
  kind
  workload
  replicas
  reason
  specifiedReplicas
  minReplicas
  maxReplicas
  partition
  specifiedPartition
  reservedPods
  currentReplicas
  readyReplicas
  updatedReplicas
  updatedReadyReplicas
  schedulable
  schedulableCondition {
    status
    reason
    message
    lastTransitionTime
  }
  recoversAt
}
fragment WorkloadSubsets on Workload {
  ... on UnitedDeployment {
    subsets {
      ...SubsetFields
    }
  }
}
fragment RolloutSummaryFields on Rollout {
  namespace
  name
  resourceVersion
  phase
  paused
  steps {
    index
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
  }
}`) as unknown as TypedDocumentString<WorkloadQuery, WorkloadQueryVariables>;
export const WorkloadPlanDocument = new TypedDocumentString(`
    query WorkloadPlan($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  serverTime
  workload(kind: $kind, namespace: $namespace, name: $name) {
    resourceVersion
    plan {
      updateRevision
      currentRevision
      complete
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
  }
}
    `) as unknown as TypedDocumentString<WorkloadPlanQuery, WorkloadPlanQueryVariables>;
export const WorkloadPodsDocument = new TypedDocumentString(`
    query WorkloadPods($kind: WorkloadKind!, $namespace: String!, $name: String!, $first: Int!, $after: String) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    pods(first: $first, after: $after) {
      totalCount
      resourceVersion
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          ...PodFields
        }
      }
    }
  }
}
    fragment PodFields on Pod {
  name
  node
  zone
  subset
  rolloutBatchId
  podIP
  phase
  ready
  available
  availableAt
  revision
  isUpdated
  lifecycleState
  pendingHook
  pendingSince
  deleting
  ordinal
  createdAt
  containers {
    name
    image
    ready
    restartCount
  }
}`) as unknown as TypedDocumentString<WorkloadPodsQuery, WorkloadPodsQueryVariables>;
export const TopologyDocument = new TypedDocumentString(`
    query Topology {
  topology {
    zones {
      name
      pods
      readyPods
      nodes {
        name
        zone
        ready
        unschedulable
        taints
        labels
        pods
        readyPods
        workloads {
          ...TopologyWorkloadPodsFields
        }
      }
    }
    unscheduled {
      ...TopologyWorkloadPodsFields
    }
  }
}
    fragment TopologyWorkloadPodsFields on TopologyWorkloadPods {
  workloadKind
  kind
  namespace
  name
  subset
  pods
  readyPods
}`) as unknown as TypedDocumentString<TopologyQuery, TopologyQueryVariables>;
export const NodeImagesDocument = new TypedDocumentString(`
    query NodeImages($node: String) {
  nodeImages(node: $node) {
    node
    desired
    pulling
    succeeded
    failed
    diskUsedBytes
    images {
      names
      sizeBytes
    }
    pulls {
      image
      phase
      progress
      startTime
      completionTime
      message
      jobs
    }
  }
}
    `) as unknown as TypedDocumentString<NodeImagesQuery, NodeImagesQueryVariables>;
export const ImagePullJobsDocument = new TypedDocumentString(`
    query ImagePullJobs($namespace: String!) {
  imagePullJobs(namespace: $namespace) {
    namespace
    name
    image
    desired
    active
    succeeded
    failed
    message
    completionTime
    owner {
      kind
      name
    }
    revisionHash
  }
}
    `) as unknown as TypedDocumentString<ImagePullJobsQuery, ImagePullJobsQueryVariables>;
export const WorkloadRolloutDocument = new TypedDocumentString(`
    query WorkloadRollout($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    rollout {
      ...RolloutFields
      history(first: 20) {
        ...RolloutHistoryFields
      }
    }
  }
}
    fragment RolloutFields on Rollout {
  namespace
  name
  uid
  resourceVersion
  phase
  message
  paused
  disabled
  workloadRef {
    apiVersion
    kind
    name
  }
  steps {
    index
    replicas
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
    nextStepIndex
    canaryReplicas
    canaryReadyReplicas
    stableRevision
    canaryRevision
    podTemplateHash
    finalisingStep
    lastUpdateTime
    message
    analysis {
      stepIndex
      canaryRevision
      phase
      message
      startedAt
      onFailure
      checks {
        name
        kind
        phase
        measured
        condition
        reason
        evaluatedAt
        consecutiveErrors
        history {
          at
          phase
          measured
        }
      }
    }
  }
  conditions {
    type
    status
    reason
    message
    lastTransitionTime
  }
}
fragment RolloutHistoryFields on RolloutHistoryEntry {
  at
  action
  actorName
  actorRole
  result
  message
  stepIndex
  fromStepIndex
  reason
}`) as unknown as TypedDocumentString<WorkloadRolloutQuery, WorkloadRolloutQueryVariables>;
export const RolloutsDocument = new TypedDocumentString(`
    query Rollouts($after: String) {
  rollouts(first: 100, after: $after) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...RolloutFields
        history(first: 10) {
          ...RolloutHistoryFields
        }
      }
    }
  }
}
    fragment RolloutFields on Rollout {
  namespace
  name
  uid
  resourceVersion
  phase
  message
  paused
  disabled
  workloadRef {
    apiVersion
    kind
    name
  }
  steps {
    index
    replicas
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
    nextStepIndex
    canaryReplicas
    canaryReadyReplicas
    stableRevision
    canaryRevision
    podTemplateHash
    finalisingStep
    lastUpdateTime
    message
    analysis {
      stepIndex
      canaryRevision
      phase
      message
      startedAt
      onFailure
      checks {
        name
        kind
        phase
        measured
        condition
        reason
        evaluatedAt
        consecutiveErrors
        history {
          at
          phase
          measured
        }
      }
    }
  }
  conditions {
    type
    status
    reason
    message
    lastTransitionTime
  }
}
fragment RolloutHistoryFields on RolloutHistoryEntry {
  at
  action
  actorName
  actorRole
  result
  message
  stepIndex
  fromStepIndex
  reason
}`) as unknown as TypedDocumentString<RolloutsQuery, RolloutsQueryVariables>;
export const RolloutChangedDocument = new TypedDocumentString(`
    subscription RolloutChanged($namespace: String!) {
  rolloutChanged(namespace: $namespace) {
    type
    rollout {
      ...RolloutFields
    }
  }
}
    fragment RolloutFields on Rollout {
  namespace
  name
  uid
  resourceVersion
  phase
  message
  paused
  disabled
  workloadRef {
    apiVersion
    kind
    name
  }
  steps {
    index
    replicas
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
    nextStepIndex
    canaryReplicas
    canaryReadyReplicas
    stableRevision
    canaryRevision
    podTemplateHash
    finalisingStep
    lastUpdateTime
    message
    analysis {
      stepIndex
      canaryRevision
      phase
      message
      startedAt
      onFailure
      checks {
        name
        kind
        phase
        measured
        condition
        reason
        evaluatedAt
        consecutiveErrors
        history {
          at
          phase
          measured
        }
      }
    }
  }
  conditions {
    type
    status
    reason
    message
    lastTransitionTime
  }
}`) as unknown as TypedDocumentString<RolloutChangedSubscription, RolloutChangedSubscriptionVariables>;
export const RolloutSummaryChangedDocument = new TypedDocumentString(`
    subscription RolloutSummaryChanged($namespace: String!) {
  rolloutChanged(namespace: $namespace) {
    type
    rollout {
      ...RolloutSummaryFields
    }
  }
}
    fragment RolloutSummaryFields on Rollout {
  namespace
  name
  resourceVersion
  phase
  paused
  steps {
    index
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
  }
}`) as unknown as TypedDocumentString<RolloutSummaryChangedSubscription, RolloutSummaryChangedSubscriptionVariables>;
export const WorkloadChangedDocument = new TypedDocumentString(`
    subscription WorkloadChanged($kind: WorkloadKind, $namespace: String, $name: String) {
  workloadChanged(kind: $kind, namespace: $namespace, name: $name) {
    ...WorkloadFields
  }
}
    fragment WorkloadFields on Workload {
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
  }
  columns {
    name
    value
  }
  health {
    state
    reason
    pods
    until
  }
  rollout {
    ...RolloutSummaryFields
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
}
fragment RolloutSummaryFields on Rollout {
  namespace
  name
  resourceVersion
  phase
  paused
  steps {
    index
    pauseSeconds
    waitsForApproval
  }
  canaryStatus {
    currentStepIndex
    currentStepState
    awaitingApproval
  }
}`) as unknown as TypedDocumentString<WorkloadChangedSubscription, WorkloadChangedSubscriptionVariables>;
export const PodChangedDocument = new TypedDocumentString(`
    subscription PodChanged($namespace: String!, $workload: String, $resourceVersion: String) {
  podChanged(
    namespace: $namespace
    workload: $workload
    resourceVersion: $resourceVersion
  ) {
    type
    pod {
      ...PodFields
    }
  }
}
    fragment PodFields on Pod {
  name
  node
  zone
  subset
  rolloutBatchId
  podIP
  phase
  ready
  available
  availableAt
  revision
  isUpdated
  lifecycleState
  pendingHook
  pendingSince
  deleting
  ordinal
  createdAt
  containers {
    name
    image
    ready
    restartCount
  }
}`) as unknown as TypedDocumentString<PodChangedSubscription, PodChangedSubscriptionVariables>;
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
    generation
  }
}
    `) as unknown as TypedDocumentString<SetPartitionMutation, SetPartitionMutationVariables>;
export const SetImageDocument = new TypedDocumentString(`
    mutation SetImage($kind: WorkloadKind!, $namespace: String!, $name: String!, $container: String!, $image: String!, $expectedGeneration: Int) {
  setImage(
    kind: $kind
    namespace: $namespace
    name: $name
    container: $container
    image: $image
    expectedGeneration: $expectedGeneration
  ) {
    generation
  }
}
    `) as unknown as TypedDocumentString<SetImageMutation, SetImageMutationVariables>;
export const ScaleWorkloadDocument = new TypedDocumentString(`
    mutation ScaleWorkload($kind: WorkloadKind!, $namespace: String!, $name: String!, $replicas: Int!, $expectedGeneration: Int) {
  scaleWorkload(
    kind: $kind
    namespace: $namespace
    name: $name
    replicas: $replicas
    expectedGeneration: $expectedGeneration
  ) {
    generation
  }
}
    `) as unknown as TypedDocumentString<ScaleWorkloadMutation, ScaleWorkloadMutationVariables>;
export const PauseRolloutDocument = new TypedDocumentString(`
    mutation PauseRollout($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  pauseRollout(kind: $kind, namespace: $namespace, name: $name) {
    generation
  }
}
    `) as unknown as TypedDocumentString<PauseRolloutMutation, PauseRolloutMutationVariables>;
export const ResumeRolloutDocument = new TypedDocumentString(`
    mutation ResumeRollout($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  resumeRollout(kind: $kind, namespace: $namespace, name: $name) {
    generation
  }
}
    `) as unknown as TypedDocumentString<ResumeRolloutMutation, ResumeRolloutMutationVariables>;
export const DeletePodsDocument = new TypedDocumentString(`
    mutation DeletePods($kind: WorkloadKind!, $namespace: String!, $name: String!, $pods: [String!]!, $scaleDown: Boolean) {
  deletePods(
    kind: $kind
    namespace: $namespace
    name: $name
    pods: $pods
    scaleDown: $scaleDown
  ) {
    generation
  }
}
    `) as unknown as TypedDocumentString<DeletePodsMutation, DeletePodsMutationVariables>;
export const RollbackWorkloadDocument = new TypedDocumentString(`
    mutation RollbackWorkload($kind: WorkloadKind!, $namespace: String!, $name: String!, $revision: String!) {
  rollbackWorkload(
    kind: $kind
    namespace: $namespace
    name: $name
    revision: $revision
  ) {
    generation
  }
}
    `) as unknown as TypedDocumentString<RollbackWorkloadMutation, RollbackWorkloadMutationVariables>;
export const AckHookDocument = new TypedDocumentString(`
    mutation AckHook($namespace: String!, $pod: String!, $hook: HookPoint!, $idempotencyKey: String, $reason: String) {
  ackHook(
    namespace: $namespace
    pod: $pod
    hook: $hook
    idempotencyKey: $idempotencyKey
    reason: $reason
  ) {
    pod
    hook
    acknowledgedBy
    at
    reason
    replayed
  }
}
    `) as unknown as TypedDocumentString<AckHookMutation, AckHookMutationVariables>;
export const RestartContainersDocument = new TypedDocumentString(`
    mutation RestartContainers($namespace: String!, $pod: String!, $containers: [String!]!, $orderedRecreate: Boolean) {
  restartContainers(
    namespace: $namespace
    pod: $pod
    containers: $containers
    orderedRecreate: $orderedRecreate
  ) {
    name
  }
}
    `) as unknown as TypedDocumentString<RestartContainersMutation, RestartContainersMutationVariables>;
export const ApproveRolloutStepDocument = new TypedDocumentString(`
    mutation ApproveRolloutStep($namespace: String!, $name: String!, $reason: String, $idempotencyKey: String) {
  approveRolloutStep(
    namespace: $namespace
    name: $name
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    action
    stepIndex
    actedBy
    at
    replayed
  }
}
    `) as unknown as TypedDocumentString<ApproveRolloutStepMutation, ApproveRolloutStepMutationVariables>;
export const JumpToRolloutStepDocument = new TypedDocumentString(`
    mutation JumpToRolloutStep($namespace: String!, $name: String!, $stepIndex: Int!, $reason: String, $idempotencyKey: String) {
  jumpToRolloutStep(
    namespace: $namespace
    name: $name
    stepIndex: $stepIndex
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    action
    stepIndex
    fromStepIndex
    actedBy
    at
    replayed
  }
}
    `) as unknown as TypedDocumentString<JumpToRolloutStepMutation, JumpToRolloutStepMutationVariables>;
export const AbortRolloutDocument = new TypedDocumentString(`
    mutation AbortRollout($namespace: String!, $name: String!, $reason: String, $idempotencyKey: String) {
  abortRollout(
    namespace: $namespace
    name: $name
    reason: $reason
    idempotencyKey: $idempotencyKey
  ) {
    action
    stepIndex
    revision
    actedBy
    at
    replayed
  }
}
    `) as unknown as TypedDocumentString<AbortRolloutMutation, AbortRolloutMutationVariables>;
export const ContainerRestartsDocument = new TypedDocumentString(`
    query ContainerRestarts($namespace: String!, $pod: String!) {
  containerRestarts(namespace: $namespace, pod: $pod) {
    name
    pod
    containers
    phase
    message
    succeeded
    states {
      name
      phase
      isKilled
      message
    }
  }
}
    `) as unknown as TypedDocumentString<ContainerRestartsQuery, ContainerRestartsQueryVariables>;
export const PreviewRolloutDocument = new TypedDocumentString(`
    query PreviewRollout($kind: WorkloadKind!, $namespace: String!, $name: String!, $container: String, $image: String, $partition: IntOrPercent, $replicas: Int, $paused: Boolean) {
  previewRollout(
    kind: $kind
    namespace: $namespace
    name: $name
    container: $container
    image: $image
    partition: $partition
    replicas: $replicas
    paused: $paused
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
    }
    final {
      replicas
      updatedReadyReplicas
      images
      health
    }
  }
}
    `) as unknown as TypedDocumentString<PreviewRolloutQuery, PreviewRolloutQueryVariables>;
