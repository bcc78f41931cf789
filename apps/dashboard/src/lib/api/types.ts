// The GraphQL shapes the dashboard reads, named for the code that reads them. Every one is derived
// from the generated operation types (generated.ts, from the served schema and operations.graphql), so
// a schema change that breaks the dashboard fails the type check instead of a page at run time.
import type {
  ImagePullJobsQuery,
  MeQuery,
  NodeImagesQuery,
  PendingHooksQuery,
  PodChangedSubscription,
  PodFieldsFragment,
  RolloutFieldsFragment,
  RolloutSummaryFieldsFragment,
  SubsetFieldsFragment,
  TopologyQuery,
  TopologyWorkloadPodsFieldsFragment,
  WorkloadFieldsFragment,
  WorkloadKindsQuery,
  WorkloadPlanQuery,
  WorkloadQuery,
  WorkloadRolloutQuery,
} from './generated';

export type { HealthState, HookPoint, LifecycleState, WorkloadKind } from './generated';

/** A workload as every view reads it (list rows, the page header, workloadChanged events): the WorkloadFields fragment. */
export type Workload = WorkloadFieldsFragment;
/** An Advanced StatefulSet: the workload with ordinals. */
export type StatefulSetWorkload = Extract<Workload, { ordinals: unknown }>;
export type Ordinals = StatefulSetWorkload['ordinals'];
export type WorkloadStatus = Workload['status'];
export type Health = Workload['health'];
export type PrinterColumn = Workload['columns'][number];

export type WorkloadDetail = NonNullable<WorkloadQuery['workload']>;
export type RolloutPlan = NonNullable<WorkloadPlanQuery['workload']>['plan'];
export type Blocker = RolloutPlan['blockers'][number];
export type PlannedAction = RolloutPlan['actions'][number];
export type Revision = WorkloadDetail['revisions'][number];
export type KubeEvent = WorkloadDetail['events'][number];

/** One subset of a UnitedDeployment (only the Workload query asks for them). */
export type Subset = SubsetFieldsFragment;

export type Pod = PodFieldsFragment;
export type ContainerState = Pod['containers'][number];
export type PodEvent = PodChangedSubscription['podChanged'];

export type Me = MeQuery['me'];
export type PendingHook = PendingHooksQuery['pendingHooks'][number];
export type WorkloadKindInfo = WorkloadKindsQuery['workloadKinds'][number];

export type ClusterTopology = TopologyQuery['topology'];
export type TopologyZone = ClusterTopology['zones'][number];
export type TopologyNode = TopologyZone['nodes'][number];
/** Pods of one workload (one subset of a UnitedDeployment) on a node, or Pending. */
export type TopologyWorkloadPods = TopologyWorkloadPodsFieldsFragment;

/** A node's images: what it holds (node.status.images) and its NodeImage's pulls. */
export type NodeImages = NodeImagesQuery['nodeImages'][number];
export type HeldImage = NodeImages['images'][number];
export type NodePull = NodeImages['pulls'][number];
/** An ImagePullJob as the workload page's pre-download line reads it. */
export type ImagePullJob = ImagePullJobsQuery['imagePullJobs'][number];

/** A rollouts.kruise.io Rollout as the workload page's Rollout panel reads it (RolloutFields). */
export type KruiseRollout = RolloutFieldsFragment;
export type RolloutStep = KruiseRollout['steps'][number];
export type RolloutCanaryStatus = NonNullable<KruiseRollout['canaryStatus']>;
export type StepAnalysis = NonNullable<RolloutCanaryStatus['analysis']>;
export type AnalysisCheck = StepAnalysis['checks'][number];
export type CheckSample = AnalysisCheck['history'][number];
/** Where a workload's Rollout stands, as the workloads list reads it (RolloutSummaryFields). */
export type RolloutSummary = RolloutSummaryFieldsFragment;
/** The Rollout with its approvals, jumps and aborts (WorkloadRollout). */
export type RolloutWithHistory = NonNullable<NonNullable<WorkloadRolloutQuery['workload']>['rollout']>;
export type RolloutHistoryEntry = RolloutWithHistory['history'][number];

/** Token roles (the schema serves `Me.role` as a String; apps/api/src/auth/roles.ts names them). */
export type Role = 'viewer' | 'operator' | 'hook-acker' | 'rollout-approver' | 'admin';

/**
 * spec.updateStrategy as the API serves it (a JSON value: Kruise's own spec, not a GraphQL type).
 * CloneSet v1alpha1 kept partition, maxUnavailable, maxSurge and paused at the top level; a
 * UnitedDeployment has type Manual and a partition per subset under manualUpdate.
 */
export interface UpdateStrategy {
  type?: string;
  rollingUpdate?: {
    partition?: number | string;
    maxUnavailable?: number | string;
    maxSurge?: number | string;
    paused?: boolean;
    podUpdatePolicy?: string;
    unorderedUpdate?: unknown;
  };
  partition?: number | string;
  maxUnavailable?: number | string;
  maxSurge?: number | string;
  paused?: boolean;
  manualUpdate?: { partitions?: Record<string, number> };
}

export function isStatefulSet(w: Workload): w is StatefulSetWorkload {
  return 'ordinals' in w && w.ordinals != null;
}

export function isUnitedDeployment(w: Pick<Workload, 'kind'>): boolean {
  return w.kind === 'UNITED_DEPLOYMENT';
}

/** A UnitedDeployment's subsets in topology order (none for other kinds, or before the detail loads). */
export function subsetsOf(w: WorkloadDetail | null): Subset[] {
  return w && 'subsets' in w ? w.subsets : [];
}
