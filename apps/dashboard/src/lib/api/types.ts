// The GraphQL shapes the dashboard reads, as spec/api-contract.md names them.
export type WorkloadKind = 'CLONE_SET' | 'STATEFUL_SET' | 'UNITED_DEPLOYMENT';
export type LifecycleState = 'PREPARING_NORMAL' | 'NORMAL' | 'PREPARING_UPDATE' | 'UPDATING' | 'UPDATED' | 'PREPARING_DELETE';
export type HookPoint = 'PRE_NORMAL' | 'PRE_UPDATE' | 'POST_UPDATE' | 'PRE_DELETE';
export type Role = 'viewer' | 'operator' | 'hook-acker' | 'admin';

export interface WorkloadStatus {
  observedGeneration: number;
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  updatedAvailableReplicas: number;
  expectedUpdatedReplicas: number;
  currentRevision: string;
  updateRevision: string;
}

export interface UpdateStrategy {
  type?: string;
  rollingUpdate?: {
    partition?: number | string;
    maxUnavailable?: number | string;
    maxSurge?: number | string;
    paused?: boolean;
    podUpdatePolicy?: string;
  };
  // CloneSet v1alpha1 keeps these at the top level of updateStrategy.
  partition?: number | string;
  maxUnavailable?: number | string;
  maxSurge?: number | string;
  paused?: boolean;
}

export interface Blocker { code: string; message: string; pods: string[] }
export interface PlannedAction { type: string; pod: string; reason: string; revision: string | null }
export interface RolloutPlan {
  updateRevision: string;
  currentRevision: string;
  complete: boolean;
  diff: Record<string, number>;
  actions: PlannedAction[];
  blockers: Blocker[];
}

/** What every workload view carries: the workloadChanged subscription delivers exactly this. */
export interface WorkloadSummary {
  kind: WorkloadKind;
  namespace: string;
  name: string;
  uid: string;
  generation: number;
  resourceVersion: string;
  replicas: number;
  images: string[];
  createdAt: string;
  updateStrategy: UpdateStrategy;
  status: WorkloadStatus;
}

export interface WorkloadRow extends WorkloadSummary {
  plan: Pick<RolloutPlan, 'complete' | 'blockers'> & { actions: Pick<PlannedAction, 'type'>[] };
}

export interface ContainerState { name: string; image: string; ready: boolean; restartCount: number }

export interface Pod {
  name: string;
  node: string | null;
  zone: string | null;
  podIP: string | null;
  phase: string;
  ready: boolean;
  available: boolean;
  revision: string;
  isUpdated: boolean;
  lifecycleState: LifecycleState;
  pendingHook: HookPoint | null;
  pendingSince: string | null;
  deleting: boolean;
  createdAt: string;
  containers: ContainerState[];
}

export interface PodEvent { type: 'ADDED' | 'MODIFIED' | 'DELETED'; pod: Pod }

export interface Revision {
  name: string;
  hash: string;
  revision: number;
  createdAt: string;
  isCurrent: boolean;
  isUpdate: boolean;
  podCount: number;
  images: string[];
  manifest: string;
}

export interface KubeEvent {
  type: string;
  reason: string;
  message: string;
  count: number;
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  object: string;
}

export interface WorkloadDetail extends WorkloadSummary {
  manifest: string;
  plan: RolloutPlan;
  revisions: Revision[];
  events: KubeEvent[];
}

export interface Me { name: string; role: Role; namespaces: string[] | null }

export interface PendingHook {
  namespace: string;
  pod: string;
  workload: { kind: WorkloadKind; name: string };
  hook: HookPoint;
  state: LifecycleState;
  since: string | null;
  podIP: string | null;
  node: string | null;
  zone: string | null;
}
