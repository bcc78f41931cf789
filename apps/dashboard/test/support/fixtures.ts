// Small builders for pods and workloads in the shapes the API returns (the generated operation types).
import type {
  Health,
  KruiseRollout,
  Ordinals,
  Pod,
  Revision,
  RolloutCanaryStatus,
  RolloutPlan,
  StatefulSetWorkload,
  Subset,
  WorkloadStatus,
  Workload,
} from '../../src/lib/api/types';

export function pod(name: string, over: Partial<Pod> = {}): Pod {
  return {
    name,
    node: 'sim-a-1',
    zone: 'zone-a',
    subset: null,
    rolloutBatchId: null,
    podIP: '10.0.0.1',
    phase: 'Running',
    ready: true,
    available: true,
    availableAt: null,
    revision: 'web-old',
    isUpdated: false,
    lifecycleState: 'NORMAL',
    pendingHook: null,
    pendingSince: null,
    deleting: false,
    ordinal: null,
    createdAt: '2026-01-01T00:00:00Z',
    containers: [{ name: 'main', image: 'nginx:1', ready: true, restartCount: 0 }],
    ...over,
  };
}

export function status(over: Partial<WorkloadStatus> = {}): WorkloadStatus {
  return {
    observedGeneration: 1,
    replicas: 5,
    readyReplicas: 5,
    availableReplicas: 5,
    currentReplicas: null,
    updatedReplicas: 5,
    updatedReadyReplicas: 5,
    updatedAvailableReplicas: 5,
    expectedUpdatedReplicas: 5,
    currentRevision: 'web-old',
    updateRevision: 'web-old',
    ...over,
  };
}

export function plan(over: Partial<RolloutPlan> = {}): RolloutPlan {
  return { updateRevision: 'web-new', currentRevision: 'web-old', complete: false, diff: {}, actions: [], blockers: [], ...over };
}

export const COMPLETE: Health = { state: 'COMPLETE', reason: 'every pod is at the update revision and available', pods: [], until: null };

/** A CloneSet `web` of 5 replicas; `partitionedReplicas` is what the API resolves `partition` to unless given. */
export function workload(over: Partial<Workload> & { partition?: number | string; paused?: boolean } = {}): Workload {
  const { partition = 0, paused, ...rest } = over;
  return {
    kind: 'CLONE_SET',
    namespace: 'default',
    name: 'web',
    uid: 'u1',
    generation: 1,
    resourceVersion: '10',
    replicas: 5,
    partitionedReplicas: resolved(partition, over.replicas ?? 5),
    images: ['nginx:1'],
    createdAt: '2026-01-01T00:00:00Z',
    updateStrategy: {
      type: 'RollingUpdate',
      rollingUpdate: { partition, maxUnavailable: '20%', maxSurge: 0, podUpdatePolicy: 'ReCreate', ...(paused === undefined ? {} : { paused }) },
    },
    status: status(),
    columns: [],
    health: COMPLETE,
    rollout: null,
    ...rest,
  } as Workload;
}

/** An Advanced StatefulSet `web` with ordinals [start, end) less `reserved`. */
export function statefulSet(over: Partial<StatefulSetWorkload> & { partition?: number; paused?: boolean; ordinals?: Ordinals } = {}): StatefulSetWorkload {
  const { partition = 0, paused, ordinals, ...rest } = over;
  return {
    ...workload(),
    kind: 'STATEFUL_SET',
    partitionedReplicas: resolved(partition, over.replicas ?? 5),
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition, ...(paused === undefined ? {} : { paused }) } },
    ordinals: ordinals ?? { start: 0, end: 5, reserved: [] },
    ...rest,
  } as StatefulSetWorkload;
}

/** A UnitedDeployment subset: 2 CloneSet pods, all ready, none updated, schedulable. */
export function subset(name: string, over: Partial<Subset> = {}): Subset {
  return {
    name,
    kind: 'CloneSet',
    workload: `ud-${name}-x7k2p`,
    replicas: 2,
    reason: 'replicas 2',
    specifiedReplicas: 2,
    minReplicas: null,
    maxReplicas: null,
    partition: 0,
    reservedPods: 0,
    currentReplicas: 2,
    readyReplicas: 2,
    updatedReplicas: 0,
    updatedReadyReplicas: 0,
    schedulable: true,
    schedulableCondition: null,
    recoversAt: null,
    specifiedPartition: null,
    ...over,
  };
}

/**
 * A UnitedDeployment `ud` (its WorkloadFields: the subsets come with the page's detail). Its
 * partitionedReplicas, unless given, is the spec's partitions summed: the API's answer when each fits
 * its subset's replicas.
 */
export function unitedDeployment(over: Partial<Workload> & { partitions?: Record<string, number> } = {}): Workload {
  const { partitions = {}, ...rest } = over;
  return {
    ...workload(),
    kind: 'UNITED_DEPLOYMENT',
    name: 'ud',
    replicas: 6,
    partitionedReplicas: Object.values(partitions).reduce((n, p) => n + p, 0),
    updateStrategy: { type: 'Manual', manualUpdate: { partitions } },
    status: status({
      replicas: 6,
      readyReplicas: 6,
      availableReplicas: 6,
      updatedReplicas: 6,
      updatedReadyReplicas: 6,
      updatedAvailableReplicas: 6,
      expectedUpdatedReplicas: 6,
      currentRevision: 'ud-old',
      updateRevision: 'ud-old',
    }),
    ...rest,
  } as Workload;
}

/** The API's resolution of one partition (a percentage rounds up), capped at replicas. */
function resolved(partition: number | string, replicas: number): number {
  const pods = typeof partition === 'number' ? partition : Math.ceil((replicas * Number.parseInt(partition, 10)) / 100);
  return Math.min(replicas, Math.max(0, pods));
}

/**
 * A Rollout over the CloneSet `web` with docs/spec/kruise-rollout.md §6.1's steps (20% pause{}, 50% pause 60 s,
 * 100%), paused at step 1 waiting for approval with 1 of 1 new pod ready, unless told otherwise.
 */
export function kruiseRollout(over: Partial<KruiseRollout> & { status?: Partial<RolloutCanaryStatus> | null } = {}): KruiseRollout {
  const { status: s, ...rest } = over;
  return {
    namespace: 'default',
    name: 'demo',
    uid: 'r1',
    resourceVersion: '20',
    phase: 'Progressing',
    message: 'Rollout is in step(1/3), and you need manually confirm to enter the next step',
    paused: false,
    disabled: false,
    workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' },
    steps: [
      { index: 1, replicas: '20%', pauseSeconds: null, waitsForApproval: true },
      { index: 2, replicas: '50%', pauseSeconds: 60, waitsForApproval: false },
      { index: 3, replicas: '100%', pauseSeconds: null, waitsForApproval: false },
    ],
    canaryStatus:
      s === null
        ? null
        : {
            currentStepIndex: 1,
            currentStepState: 'StepPaused',
            nextStepIndex: 2,
            canaryReplicas: 1,
            canaryReadyReplicas: 1,
            stableRevision: 'web-old',
            canaryRevision: 'web-new',
            podTemplateHash: 'web-new',
            finalisingStep: null,
            lastUpdateTime: '2026-01-01T00:01:00Z',
            message: null,
            analysis: null,
            // As the API says it: a paused step waits for approval (the fixture's states do not include a paused analysis failure unless given).
            awaitingApproval: (s?.currentStepState ?? 'StepPaused') === 'StepPaused',
            ...s,
          },
    conditions: [],
    ...rest,
  };
}

/** A ControllerRevision of workload `web-…`: its hash is the name's tail, its image nginx:<revision>. */
export function revision(name: string, number: number, over: Partial<Revision> = {}): Revision {
  return {
    name,
    hash: name.replace(/^web-/, ''),
    revision: number,
    createdAt: '2026-01-01T00:00:00Z',
    isCurrent: false,
    isUpdate: false,
    podCount: 0,
    images: [`nginx:${number}`],
    manifest: '',
    ...over,
  };
}
