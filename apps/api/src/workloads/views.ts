// What the API shows of a workload (any kind of the registry), its pods and revisions, computed from
// cluster objects through the kind's descriptor. Pure: the service passes in the objects and the time;
// the GraphQL types mirror these shapes.
import {
  ANNOTATION_INPLACE_UPDATE_STATE, ANNOTATION_POD_DELETION_COST, CONDITION_READY,
  LABEL_CONTROLLER_HASH, LABEL_CONTROLLER_REVISION_HASH, LABEL_ROLLOUT_BATCH_ID, LABEL_TOPOLOGY_ZONE,
  type ControllerRevision, type KubeObject, type Node, type Pod,
} from '@coxswain/kruise-api';
import {
  isRunningAndReady, lifecycleState, pendingHook, podCondition, revisionTemplate, timestampMillis,
  type HookPoint, type SubsetPlan, type SubsetSummary, type WorkloadHealth, type WorkloadKindDescriptor, type WorkloadStatusSummary,
} from '@coxswain/workloads';
import type { PlanSummary } from '../cluster-worker/protocol.js';
import { kindOfDescriptor, type WorkloadKind } from './workload-kind.js';

export type LifecycleStateName = 'PREPARING_NORMAL' | 'NORMAL' | 'PREPARING_UPDATE' | 'UPDATING' | 'UPDATED' | 'PREPARING_DELETE';
export type HookPointName = 'PRE_NORMAL' | 'PRE_UPDATE' | 'POST_UPDATE' | 'PRE_DELETE';

export const LIFECYCLE_NAMES: Record<string, LifecycleStateName> = {
  '': 'NORMAL',
  Normal: 'NORMAL',
  PreparingNormal: 'PREPARING_NORMAL',
  PreparingUpdate: 'PREPARING_UPDATE',
  Updating: 'UPDATING',
  Updated: 'UPDATED',
  PreparingDelete: 'PREPARING_DELETE',
};

export const HOOK_NAMES: Record<HookPoint, HookPointName> = {
  preNormal: 'PRE_NORMAL',
  preUpdate: 'PRE_UPDATE',
  postUpdate: 'POST_UPDATE',
  preDelete: 'PRE_DELETE',
};

/** The contract's name of a pod's lifecycle state; a pod without the label counts as NORMAL. */
export function lifecycleStateName(pod: Pod): LifecycleStateName {
  return LIFECYCLE_NAMES[lifecycleState(pod)] ?? 'NORMAL';
}

export interface WorkloadView {
  kind: WorkloadKind;
  namespace: string;
  name: string;
  uid: string;
  generation: number;
  resourceVersion: string;
  replicas: number;
  /** Pods the partition keeps at the current revision as the controller applies it (the kind's own resolution). */
  partitionedReplicas: number;
  images: string[];
  createdAt: Date;
  status: WorkloadStatusView;
  updateStrategy: unknown;
  /** kubectl's printer columns of the kind, with this workload's values. */
  columns: { name: string; value: string }[];
  /** The kind's descriptor and the stored object, for the fields resolved on demand. */
  descriptor: WorkloadKindDescriptor;
  object: KubeObject;
}

export interface ConditionView {
  type: string;
  status: string;
  reason: string | null;
  message: string | null;
  lastTransitionTime: Date | null;
}

/**
 * The status as the API shows it (GraphQL's WorkloadStatus implements it): the registry's status
 * summary with every counter present — expectedUpdatedReplicas computed for kinds whose status lacks
 * it, currentReplicas null for kinds without it — and conditions with their times read.
 */
export interface WorkloadStatusView extends Omit<WorkloadStatusSummary, 'expectedUpdatedReplicas' | 'currentReplicas' | 'conditions'> {
  expectedUpdatedReplicas: number;
  /** Kinds whose status counts pods at the current revision (Advanced StatefulSet); null otherwise. */
  currentReplicas: number | null;
  conditions: ConditionView[];
}

export function workloadView(descriptor: WorkloadKindDescriptor, object: KubeObject, now: number): WorkloadView {
  const s = descriptor.status(object);
  const row = descriptor.printRow(object, now);
  return {
    kind: kindOfDescriptor(descriptor),
    namespace: object.metadata.namespace ?? 'default',
    name: object.metadata.name!,
    uid: object.metadata.uid!,
    generation: object.metadata.generation ?? 0,
    resourceVersion: object.metadata.resourceVersion ?? '',
    replicas: descriptor.replicas(object),
    partitionedReplicas: descriptor.partitionedReplicas(object),
    images: descriptor.images(object),
    createdAt: new Date(object.metadata.creationTimestamp ?? 0),
    updateStrategy: descriptor.updateStrategy(object),
    columns: descriptor.printerColumns.map((name, i) => ({ name, value: row[i] ?? '' })),
    descriptor,
    object,
    status: {
      observedGeneration: s.observedGeneration,
      replicas: s.replicas,
      readyReplicas: s.readyReplicas,
      availableReplicas: s.availableReplicas,
      updatedReplicas: s.updatedReplicas,
      updatedReadyReplicas: s.updatedReadyReplicas,
      updatedAvailableReplicas: s.updatedAvailableReplicas,
      expectedUpdatedReplicas: s.expectedUpdatedReplicas ?? descriptor.expectedUpdatedReplicas(object),
      currentReplicas: s.currentReplicas ?? null,
      currentRevision: s.currentRevision,
      updateRevision: s.updateRevision,
      conditions: s.conditions.map((c) => ({
        type: c.type,
        status: c.status,
        reason: c.reason ?? null,
        message: c.message ?? null,
        lastTransitionTime: date(c.lastTransitionTime),
      })),
    },
  };
}

export interface ContainerStateView {
  name: string;
  image: string;
  imageId: string | null;
  ready: boolean;
  restartCount: number;
}

export interface PodView {
  namespace: string;
  name: string;
  uid: string;
  node: string | null;
  zone: string | null;
  podIP: string | null;
  phase: string;
  ready: boolean;
  available: boolean;
  /** When only minReadySeconds holds the pod back: the moment after which it is available. */
  availableAt: Date | null;
  revision: string;
  isUpdated: boolean;
  lifecycleState: LifecycleStateName;
  pendingHook: HookPointName | null;
  pendingSince: Date | null;
  instanceId: string | null;
  ordinal: number | null;
  deletionCost: number | null;
  containers: ContainerStateView[];
  inPlaceUpdateState: unknown;
  createdAt: Date;
  readySince: Date | null;
  deleting: boolean;
  subset: string | null;
  /** The Rollout batch (1-based) the pod was updated in: its rollouts.kruise.io/rollout-batch-id label (docs/spec/kruise-rollout.md §3.9). */
  rolloutBatchId: number | null;
}

/**
 * @param toWall the wall-clock time at which the cluster's clock reads a given time (availableAt is for a
 *   browser's timer); identity on a real clock.
 */
export function podView(pod: Pod, owner: WorkloadView, nodes: ReadonlyMap<string, Node>, now: number, toWall: (at: number) => number = (at) => at): PodView {
  const { descriptor, object } = owner;
  const labels = pod.metadata.labels ?? {};
  const nodeName = pod.spec.nodeName ?? null;
  const ready = isRunningAndReady(pod);
  const availability = descriptor.podAvailability(object, pod, now);
  const hook = pendingHook(pod, descriptor.lifecycle(object));
  const statuses = new Map((pod.status?.containerStatuses ?? []).map((c) => [c.name, c]));
  const cost = Number(pod.metadata.annotations?.[ANNOTATION_POD_DELETION_COST]);
  return {
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name!,
    uid: pod.metadata.uid!,
    node: nodeName,
    zone: (nodeName && nodes.get(nodeName)?.metadata.labels?.[LABEL_TOPOLOGY_ZONE]) || null,
    podIP: pod.status?.podIP ?? null,
    phase: pod.status?.phase ?? 'Pending',
    ready,
    available: availability.available,
    availableAt: instant(availability.at, toWall),
    revision: descriptor.podRevision?.(pod) ?? labels[LABEL_CONTROLLER_REVISION_HASH] ?? '',
    isUpdated: descriptor.isPodUpdated(object, pod),
    lifecycleState: lifecycleStateName(pod),
    pendingHook: hook ? HOOK_NAMES[hook.hook] : null,
    pendingSince: hook ? date(hook.since) : null,
    instanceId: descriptor.podInstanceId?.(object, pod) ?? null,
    ordinal: descriptor.podOrdinal?.(object, pod) ?? null,
    // Kubernetes reads the annotation as an int32 (strconv.ParseInt(s, 10, 32)); GraphQL's Int is one too.
    deletionCost: Number.isInteger(cost) && cost >= -(2 ** 31) && cost < 2 ** 31 ? cost : null,
    containers: pod.spec.containers.map((c) => {
      const status = statuses.get(c.name);
      return { name: c.name, image: c.image ?? '', imageId: status?.imageID || null, ready: status?.ready ?? false, restartCount: status?.restartCount ?? 0 };
    }),
    inPlaceUpdateState: parseJson(pod.metadata.annotations?.[ANNOTATION_INPLACE_UPDATE_STATE]),
    createdAt: new Date(pod.metadata.creationTimestamp ?? 0),
    readySince: ready ? date(podCondition(pod, CONDITION_READY)?.lastTransitionTime) : null,
    deleting: Boolean(pod.metadata.deletionTimestamp),
    subset: descriptor.podSubset?.(object, pod) ?? null,
    rolloutBatchId: batchIdOf(labels[LABEL_ROLLOUT_BATCH_ID]),
  };
}

/** A batch id label as the BatchRelease writes it (a positive integer); anything else is no batch. */
function batchIdOf(label: string | undefined): number | null {
  if (label === undefined || !/^[1-9]\d{0,8}$/.test(label)) return null;
  return Number(label);
}

/**
 * The views of pods read lately, reused while nothing they show can have changed: the same pod object
 * (a stored object is frozen; a new version is a new object), the same owner spec (generation) and
 * update revision, the same nodes map. Only `available` moves with time alone, once, from false to
 * true after minReadySeconds: re-checked while false. Two generations of entries bound what is kept
 * (at most 2 x generationSize pods, the pages read most recently).
 */
export class PodViews {
  private young = new Map<Pod, PodViewEntry>();
  private old = new Map<Pod, PodViewEntry>();

  constructor(
    private readonly generationSize = 4096,
    /** podView's toWall. */
    private readonly toWall: (at: number) => number = (at) => at,
  ) {}

  view(pod: Pod, owner: WorkloadView, nodes: ReadonlyMap<string, Node>, now: number): PodView {
    return this.viewAs(pod, owner, ownerKey(owner), nodes, now);
  }

  /** The views of one owner's pods for one read: what they are keyed on is worked out once, not per pod. */
  viewer(owner: WorkloadView, nodes: ReadonlyMap<string, Node>, now: number): (pod: Pod) => PodView {
    const key = ownerKey(owner);
    return (pod) => this.viewAs(pod, owner, key, nodes, now);
  }

  private viewAs(pod: Pod, owner: WorkloadView, key: string, nodes: ReadonlyMap<string, Node>, now: number): PodView {
    const entry = this.young.get(pod) ?? this.old.get(pod);
    if (entry && entry.owner === key && entry.nodes === nodes) {
      if (!entry.view.available && entry.view.ready && owner.descriptor.podAvailability(owner.object, pod, now).available) entry.view = { ...entry.view, available: true, availableAt: null };
      this.remember(pod, entry);
      return entry.view;
    }
    const view = podView(pod, owner, nodes, now, this.toWall);
    this.remember(pod, { owner: key, nodes, view });
    return view;
  }

  private remember(pod: Pod, entry: PodViewEntry): void {
    if (this.young.get(pod) === entry) return;
    this.young.set(pod, entry);
    if (this.young.size >= this.generationSize) {
      this.old = this.young;
      this.young = new Map();
    }
  }
}

/** What a pod's view depends on of its owner: its identity, its spec (generation) and its update revision. */
function ownerKey(owner: WorkloadView): string {
  return `${owner.uid}\0${owner.generation}\0${owner.status.updateRevision}`;
}

interface PodViewEntry {
  owner: string;
  nodes: ReadonlyMap<string, Node>;
  view: PodView;
}

export interface RevisionView {
  name: string;
  hash: string;
  revision: number;
  createdAt: Date;
  isCurrent: boolean;
  isUpdate: boolean;
  podCount: number;
  images: string[];
  object: ControllerRevision;
}

/** `podCount`: the workload's active pods at this revision. */
export function revisionView(revision: ControllerRevision, owner: WorkloadView, podCount: number): RevisionView {
  const status = owner.status;
  const name = revision.metadata.name!;
  let images: string[] = [];
  try {
    images = owner.descriptor.revisionImages?.(revision) ?? revisionTemplate(revision).spec.containers.map((c) => c.image ?? '');
  } catch {
    // Not a pod-template revision: shown without images rather than failing the whole list.
  }
  return {
    name,
    hash: revision.metadata.labels?.[LABEL_CONTROLLER_HASH] ?? name.slice(name.lastIndexOf('-') + 1),
    revision: revision.revision,
    createdAt: new Date(revision.metadata.creationTimestamp ?? 0),
    isCurrent: status.currentRevision === name,
    isUpdate: status.updateRevision === name,
    podCount,
    images,
    object: revision,
  };
}

export interface PlanView {
  updateRevision: string;
  currentRevision: string;
  complete: boolean;
  diff: unknown;
  actions: { type: string; pod: string; reason: string; revision: string | null }[];
  blockers: { code: string; message: string; pods: string[]; until: Date | null }[];
}

/** @param toWall as podView's: the blockers' moments are for a client's countdown. */
export function planView(plan: PlanSummary, toWall: (at: number) => number = (at) => at): PlanView {
  const blockers = plan.blockers.map((b) => ({ code: b.code, message: b.message, pods: b.pods, until: instant(b.until, toWall) }));
  if (plan.pendingScale) blockers.unshift({ code: 'SCALE_EXPECTATIONS', message: plan.pendingScale, pods: [], until: null });
  return {
    updateRevision: plan.updateRevision,
    currentRevision: plan.currentRevision,
    complete: plan.complete,
    diff: plan.diff,
    actions: plan.actions.map((a) => ({ type: a.type, pod: a.pod, reason: a.reason, revision: a.revision ?? null })),
    blockers,
  };
}

function date(value: string | undefined | null): Date | null {
  const ms = timestampMillis(value ?? undefined);
  return ms === undefined ? null : new Date(ms);
}

function instant(ms: number | undefined, toWall: (at: number) => number): Date | null {
  return ms === undefined ? null : new Date(Math.round(toWall(ms)));
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface SubsetView {
  name: string;
  kind: string;
  workload: string | null;
  replicas: number;
  reason: string;
  specifiedReplicas: number | string | null;
  minReplicas: number | null;
  maxReplicas: number | null;
  partition: number;
  specifiedPartition: number | null;
  reservedPods: number;
  nodeSelectorTerm: unknown;
  currentReplicas: number;
  readyReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  schedulable: boolean;
  schedulableCondition: ConditionView | null;
  recoversAt: Date | null;
}

/**
 * The subsets in topology order: the controller's plan says what each got and why, and what its
 * workload reports; the stored spec says what was asked. Without a plan (the controller has not seen
 * the workload yet) the stored status answers, and the reason says so.
 */
export function subsetViews(stored: readonly SubsetSummary[], planned: readonly SubsetPlan[] | undefined, toWall: (at: number) => number = (at) => at): SubsetView[] {
  return stored.filter((s) => !s.removed).map((s): SubsetView => {
    const plan = planned?.find((p) => p.name === s.name);
    const condition = plan?.schedulable ?? s.schedulable;
    return {
      name: s.name,
      kind: plan?.kind ?? '',
      workload: plan?.workload ?? null,
      replicas: plan?.replicas ?? s.replicas,
      reason: plan?.reason ?? 'not planned by the controller yet: the replicas last written to status',
      specifiedReplicas: s.specifiedReplicas ?? null,
      minReplicas: plan?.minReplicas ?? null,
      maxReplicas: plan?.maxReplicas ?? null,
      partition: plan?.partition ?? s.partition,
      specifiedPartition: s.specifiedPartition ?? null,
      reservedPods: plan?.reservedPods ?? s.reservedPods,
      nodeSelectorTerm: s.nodeSelectorTerm ?? null,
      currentReplicas: plan?.counts?.replicas ?? 0,
      readyReplicas: plan?.counts?.readyReplicas ?? s.readyReplicas,
      updatedReplicas: plan?.counts?.updatedReplicas ?? 0,
      updatedReadyReplicas: plan?.counts?.updatedReadyReplicas ?? 0,
      schedulable: condition?.status !== 'False',
      schedulableCondition: condition
        ? { type: condition.type, status: condition.status, reason: condition.reason ?? null, message: condition.message ?? null, lastTransitionTime: date(condition.lastTransitionTime) }
        : null,
      recoversAt: instant(timestampMillis(plan?.recoversAt ?? s.recoversAt), toWall),
    };
  });
}

export interface HealthView {
  state: WorkloadHealth['state'];
  reason: string;
  pods: string[];
  /** When the state may change by itself, as a wall-clock instant for a client's countdown. */
  until: Date | null;
}

/** @param toWall as podView's. */
export function healthView(health: WorkloadHealth, toWall: (at: number) => number = (at) => at): HealthView {
  return { state: health.state, reason: health.reason, pods: health.pods, until: instant(health.until, toWall) };
}
