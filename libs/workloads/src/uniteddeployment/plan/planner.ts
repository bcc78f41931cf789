// One UnitedDeployment pass as a pure function (docs/spec/uniteddeployment.md §6.3 steps 2, 4, 6–9): subset
// status entries, the UnitedDeploymentUpdated condition, Adaptive's look at each subset, the
// allocation (with a reason per subset) and the partitions, which subset workloads to create, delete
// and update (docs/spec/uniteddeployment.md §3.3), and the status the pass leads to. The reconciler resolves revisions and discovers
// the subsets before, and applies the operations after.
import {
  ANNOTATION_SUBSET_PATCH, LABEL_KRUISE_CONTROLLER_REVISION_HASH, isAdaptive, rescheduleCriticalMs, shouldReserveUnschedulablePods, unschedulableDurationMs,
  type NodeSelectorTerm, type Pod, type SubsetCondition, type UnitedDeployment, type UnitedDeploymentStatus,
} from '@coxswain/kruise-api';
import type { Blocker, PlannedAction, RolloutPlan } from '../../plan/plan-types.js';
import { PlanNotes } from '../../plan/plan-notes.js';
import { lifecycleTimestamp, timestampMillis } from '../../pod/time.js';
import { allocateReplicas } from './allocation/allocate.js';
import type { Allocation, SubsetFacts } from './allocation/types.js';
import type { SubsetAdapter, SubsetWorkload } from './adapters/types.js';
import { subsetPartitions } from './partitions.js';
import { stuckPods } from './stuck-pods.js';
import { subsetProgress, subsetProgressDeadlineSeconds } from './subset-progress.js';
import { subsetPatchText } from './render.js';
import { assessSchedulability, schedulableCondition, setSubsetCondition, type SubsetSchedulability } from './schedulability.js';
import { completeStatus, setCondition, setUpdatedCondition, workingStatus } from './status.js';
import { subsetCounts, type SubsetCounts, type SubsetObservation } from './subsets.js';

export type UnitedDeploymentOperation =
  | { op: 'labelPod'; subset: string; pod: Pod; reserved: boolean }
  | { op: 'createSubset'; subset: string; replicas: number; partition: number }
  | { op: 'deleteSubset'; subset: string; workload: SubsetWorkload }
  /** An owned workload of another template kind (the template kind changed). */
  | { op: 'deleteOtherKind'; workload: SubsetWorkload }
  /**
   * `stuckPods`: an apps/v1 StatefulSet's pods deleted once the update went through (kubernetes#67250).
   * The update itself may change nothing (Kruise rewrites a workload while its pods lag): the plan's
   * actions say only what it changes.
   */
  | { op: 'updateSubset'; subset: string; workload: SubsetWorkload; replicas: number; partition: number; maxUnavailable?: number; stuckPods: Pod[] };

/** One topology subset as the plan (and the API) shows it. */
export interface SubsetPlan {
  name: string;
  /** The workload kind in words. */
  kind: string;
  /** The subset workload's name; undefined until it is created. */
  workload?: string;
  /** Replicas allocated, and why. */
  replicas: number;
  reason: string;
  minReplicas?: number;
  maxReplicas?: number;
  partition: number;
  nodeSelectorTerm?: NodeSelectorTerm;
  /** What the workload reports now (zeros when it does not exist). */
  counts?: SubsetCounts;
  reservedPods: number;
  schedulable?: SubsetCondition;
  /** While Schedulable=False (Adaptive): when the subset counts as schedulable again. */
  recoversAt?: string;
}

export interface UnitedDeploymentDiff {
  replicas: number;
  allocator?: Allocation['allocator'];
  /** subset -> allocated replicas */
  allocated: Record<string, number>;
  /** subset -> partition written into its workload */
  partitions: Record<string, number>;
}

export interface UnitedDeploymentPlan extends RolloutPlan<UnitedDeploymentDiff> {
  subsets: SubsetPlan[];
  operations: UnitedDeploymentOperation[];
  /** The allocator's refusal; the pass stops after the pod labels (Warning "Failed SpecifySubsetReplicas"). */
  allocationError?: string;
  /** The status to write when every operation succeeds. */
  status: UnitedDeploymentStatus;
  events: PlanNotes['events'];
  requeueAfterMs?: number;
}

export interface UnitedDeploymentPlanInput {
  ud: UnitedDeployment;
  adapter: SubsetAdapter;
  updateRevision: string;
  /** The internal current revision (docs/spec/uniteddeployment.md §6.1): the listed one status.currentRevision names, else the update revision. */
  currentRevision: string;
  /** The discovered subsets by subset name (duplicates already set aside). */
  subsets: ReadonlyMap<string, SubsetObservation>;
  /** Owned workloads of the other template kinds. */
  otherKinds: readonly SubsetWorkload[];
  now: number;
}

export function planUnitedDeployment(input: UnitedDeploymentPlanInput): UnitedDeploymentPlan {
  const { ud, adapter, updateRevision, currentRevision, now } = input;
  const strategy = ud.spec.topology?.scheduleStrategy;
  const reserve = shouldReserveUnschedulablePods(strategy);
  const topology = ud.spec.topology?.subsets ?? [];
  const notes = new PlanNotes();
  const requeue: number[] = [];

  const status = workingStatus(ud, reserve, now);
  setUpdatedCondition(status, currentRevision, updateRevision, now);
  const counts = new Map([...input.subsets].map(([name, s]) => [name, subsetCounts(adapter, s, updateRevision)]));

  const statuses = new Map((status.subsetStatuses ?? []).map((s) => [s.name, s]));
  const assessed = isAdaptive(strategy)
    ? assessSchedulability({
      subsets: [...input.subsets.values()].map((s) => ({ name: s.name, specReplicas: counts.get(s.name)!.specReplicas, replicas: counts.get(s.name)!.replicas, readyReplicas: counts.get(s.name)!.readyReplicas, pods: s.pods })),
      statuses, updateRevision, updatedCondition: status.conditions?.find((c) => c.type === 'UnitedDeploymentUpdated'),
      rescheduleCriticalMs: rescheduleCriticalMs(strategy), unschedulableDurationMs: unschedulableDurationMs(strategy), reserve, now,
    })
    : undefined;
  requeue.push(...(assessed?.requeueAfterMs ?? []));
  const operations: UnitedDeploymentOperation[] = (assessed?.podLabels ?? []).map((w) => ({
    op: 'labelPod', subset: subsetOfPod(input.subsets, w.pod), pod: w.pod, reserved: w.reserved,
  }));
  const schedulability = (name: string): SubsetSchedulability | undefined => assessed?.subsets.get(name);

  const facts: SubsetFacts[] = topology.map((s) => {
    const c = counts.get(s.name);
    const a = schedulability(s.name);
    return {
      name: s.name, exists: input.subsets.has(s.name), specReplicas: c?.specReplicas ?? 0, readyReplicas: c?.readyReplicas ?? 0,
      unschedulable: a?.unschedulable ?? false, marked: a?.marked ?? false, reservedPods: a?.reservedPods ?? 0,
    };
  });
  const result = allocateReplicas(ud, facts);
  const base = { updateRevision, currentRevision, events: notes.events };
  if (!result.ok) {
    notes.event('Warning', 'Failed SpecifySubsetReplicas', `Specified subset replicas is ineffective: ${result.error}`);
    return {
      ...base, complete: false, diff: { replicas: ud.spec.replicas ?? 0, allocated: {}, partitions: {} },
      actions: labelActions(operations), blockers: [{ code: 'SCALE_UP_LIMITED', message: `replicas cannot be allocated: ${result.error}`, pods: [] }],
      subsets: [], operations, allocationError: result.error, status, ...requeueOf(requeue),
    };
  }
  const allocation = result.allocation;
  const allocated = new Map(allocation.subsets.map((s) => [s.name, s.replicas]));

  if (reserve) {
    // A recovered subset still marked that grows gets its new pods reserved at once.
    for (const f of facts) {
      if (f.exists && !f.unschedulable && f.marked && (allocated.get(f.name) ?? 0) > f.specReplicas) {
        setSubsetCondition(statuses.get(f.name)!, 'False', 'reschedule', 'subset just recovered scaled up', now);
      }
    }
  }
  const partitions = subsetPartitions(ud, allocated);
  operations.push(...manageSubsets(input, allocated, partitions, counts, schedulability));
  const actions = describe(input, operations, allocated, partitions, counts);

  const provisioned = operations.some((o) => o.op === 'createSubset' || o.op === 'deleteSubset' || o.op === 'deleteOtherKind');
  if (provisioned) setCondition(status, 'SubsetProvisioned', 'True', '', '', now);
  setCondition(status, 'SubsetUpdated', 'True', '', '', now);
  if (isAdaptive(strategy)) {
    const grows = operations.some((o) => o.op === 'createSubset' || (o.op === 'updateSubset' && o.replicas > (counts.get(o.subset)?.specReplicas ?? 0)));
    if (grows) requeue.push(rescheduleCriticalMs(strategy));
  }
  completeStatus({
    ud, status, allocated, partitions, currentRevision, updateRevision, reserve,
    existing: [...input.subsets.keys()].map((name) => ({ name, counts: counts.get(name)!, reservedPods: reserve ? schedulability(name)?.reservedPods ?? 0 : 0 })),
  });

  const subsets = topology.map((s): SubsetPlan => {
    const a = allocation.subsets.find((x) => x.name === s.name)!;
    const entry = status.subsetStatuses?.find((x) => x.name === s.name);
    const condition = schedulableCondition(entry);
    const recovers = condition?.status === 'False' ? (timestampMillis(condition.lastTransitionTime) ?? now) + unschedulableDurationMs(strategy) : undefined;
    const c = counts.get(s.name);
    return {
      name: s.name, kind: adapter.kindName, ...(input.subsets.get(s.name) ? { workload: input.subsets.get(s.name)!.workload.metadata.name } : {}),
      replicas: a.replicas, reason: a.reason, ...(a.minReplicas !== undefined ? { minReplicas: a.minReplicas, maxReplicas: a.maxReplicas } : {}),
      partition: partitions.get(s.name) ?? 0, ...(s.nodeSelectorTerm ? { nodeSelectorTerm: s.nodeSelectorTerm } : {}),
      ...(c ? { counts: c } : {}), reservedPods: schedulability(s.name)?.reservedPods ?? 0,
      ...(condition ? { schedulable: condition } : {}), ...(isAdaptive(strategy) && recovers !== undefined ? { recoversAt: lifecycleTimestamp(recovers) } : {}),
    };
  });
  const progress = topology.filter((s) => input.subsets.has(s.name)).map((s) => subsetProgress({
    adapter, subset: input.subsets.get(s.name)!, counts: counts.get(s.name)!, replicas: allocated.get(s.name) ?? 0, partition: partitions.get(s.name) ?? 0,
    updateRevision, deadlineSeconds: subsetProgressDeadlineSeconds(ud), now,
  }));
  for (const p of progress) if (p.requeueAfterMs !== undefined) requeue.push(p.requeueAfterMs);
  const total = ud.spec.replicas ?? 0;
  const complete = status.currentRevision === updateRevision
    && subsets.every((s) => (s.counts?.updatedReadyReplicas ?? 0) >= s.replicas && (s.counts?.replicas ?? 0) === s.replicas)
    && !operations.some((o) => o.op !== 'labelPod');
  return {
    ...base, complete,
    diff: { replicas: total, allocator: allocation.allocator, allocated: Object.fromEntries(allocated), partitions: Object.fromEntries(partitions) },
    actions, blockers: [...blockers(input, subsets, counts), ...progress.flatMap((p) => (p.blocker ? [p.blocker] : []))], subsets, operations, status, ...requeueOf(requeue),
  };
}

function requeueOf(delays: number[]): { requeueAfterMs?: number } {
  const positive = delays.filter((d) => d > 0);
  return positive.length > 0 ? { requeueAfterMs: Math.min(...positive) } : {};
}

function subsetOfPod(subsets: ReadonlyMap<string, SubsetObservation>, pod: Pod): string {
  for (const [name, s] of subsets) if (s.pods.includes(pod)) return name;
  return '';
}

/** docs/spec/uniteddeployment.md §3.3: creates and deletes (sorted by name), owned workloads of other kinds, then the updates needed. */
function manageSubsets(
  input: UnitedDeploymentPlanInput, allocated: ReadonlyMap<string, number>, partitions: ReadonlyMap<string, number>,
  counts: ReadonlyMap<string, SubsetCounts>, schedulability: (name: string) => SubsetSchedulability | undefined,
): UnitedDeploymentOperation[] {
  const { ud, updateRevision } = input;
  const expected = new Set((ud.spec.topology?.subsets ?? []).map((s) => s.name));
  const existing = new Set(input.subsets.keys());
  const ops: UnitedDeploymentOperation[] = [];
  for (const name of [...expected].filter((n) => !existing.has(n)).sort()) {
    ops.push({ op: 'createSubset', subset: name, replicas: allocated.get(name) ?? 0, partition: partitions.get(name) ?? 0 });
  }
  for (const name of [...existing].filter((n) => !expected.has(n)).sort()) {
    ops.push({ op: 'deleteSubset', subset: name, workload: input.subsets.get(name)!.workload });
  }
  for (const workload of input.otherKinds) ops.push({ op: 'deleteOtherKind', workload });

  const reserve = shouldReserveUnschedulablePods(ud.spec.topology?.scheduleStrategy);
  for (const name of [...expected].filter((n) => existing.has(n)).sort()) {
    const subset = ud.spec.topology!.subsets!.find((s) => s.name === name)!;
    const observed = input.subsets.get(name)!;
    const c = counts.get(name)!;
    const replicas = allocated.get(name) ?? 0;
    const partition = partitions.get(name) ?? 0;
    const needsUpdate = observed.workload.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== updateRevision
      || c.specReplicas !== replicas || c.partition !== partition
      || (observed.workload.metadata.annotations?.[ANNOTATION_SUBSET_PATCH] ?? '') !== subsetPatchText(subset)
      || c.updatedReplicas < c.replicas;
    if (!needsUpdate) continue;
    const a = schedulability(name);
    const maxUnavailable = reserve && a?.unschedulable ? c.specReplicas - c.readyReplicas + a.updateTimeoutPods : undefined;
    ops.push({
      op: 'updateSubset', subset: name, workload: observed.workload, replicas, partition, ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
      stuckPods: stuckPods(input.adapter, observed, updateRevision, partition),
    });
  }
  return ops;
}

function labelActions(operations: readonly UnitedDeploymentOperation[]): PlannedAction[] {
  return operations.flatMap((o): PlannedAction[] => o.op === 'labelPod'
    ? [{ type: 'LABEL_POD', pod: o.pod.metadata.name!, reason: `subset ${o.subset}: ${o.reserved ? 'reserved (unschedulable)' : 'no longer reserved'}` }]
    : []);
}

function describe(
  input: UnitedDeploymentPlanInput, operations: readonly UnitedDeploymentOperation[], allocated: ReadonlyMap<string, number>,
  partitions: ReadonlyMap<string, number>, counts: ReadonlyMap<string, SubsetCounts>,
): PlannedAction[] {
  const kind = input.adapter.ref.kind;
  const actions = labelActions(operations);
  for (const o of operations) {
    switch (o.op) {
      case 'createSubset':
        actions.push({ type: 'CREATE_WORKLOAD', pod: '', workload: { kind, name: `${o.subset} (new)` }, reason: `subset ${o.subset}: new ${input.adapter.kindName} with ${o.replicas} replicas, partition ${o.partition}`, revision: input.updateRevision });
        break;
      case 'deleteSubset':
        actions.push({ type: 'DELETE_WORKLOAD', pod: '', workload: { kind, name: o.workload.metadata.name! }, reason: `subset ${o.subset} is no longer in the topology` });
        break;
      case 'deleteOtherKind':
        actions.push({ type: 'DELETE_WORKLOAD', pod: '', workload: { kind: o.workload.kind, name: o.workload.metadata.name! }, reason: `the template is no longer a ${o.workload.kind} template` });
        break;
      case 'updateSubset': {
        const c = counts.get(o.subset)!;
        const subset = input.ud.spec.topology!.subsets!.find((x) => x.name === o.subset)!;
        // What the write changes. Kruise also rewrites a workload while its pods lag behind the update
        // revision; the cluster stores nothing then, so that alone is no action of this plan.
        const changes: string[] = [];
        if (o.workload.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== input.updateRevision) changes.push(`template to revision ${input.updateRevision}`);
        if (c.specReplicas !== (allocated.get(o.subset) ?? 0)) changes.push(`replicas ${c.specReplicas} -> ${o.replicas}`);
        if (c.partition !== (partitions.get(o.subset) ?? 0)) changes.push(`partition ${c.partition} -> ${o.partition}`);
        if ((o.workload.metadata.annotations?.[ANNOTATION_SUBSET_PATCH] ?? '') !== subsetPatchText(subset)) changes.push('subset patch changed');
        if (o.maxUnavailable !== undefined) changes.push(`maxUnavailable ${o.maxUnavailable} while unschedulable`);
        if (changes.length > 0) {
          actions.push({
            type: c.specReplicas !== o.replicas ? 'SCALE_WORKLOAD' : 'UPDATE_WORKLOAD', pod: '', workload: { kind, name: o.workload.metadata.name! },
            reason: `subset ${o.subset}: ${changes.join('; ')}`, revision: input.updateRevision,
          });
        }
        for (const pod of o.stuckPods) {
          actions.push({
            type: 'DELETE', pod: pod.metadata.name!,
            reason: `subset ${o.subset}: not Ready and not at revision ${input.updateRevision} at or above partition ${o.partition}: deleted so the StatefulSet can go on (kubernetes#67250)`,
          });
        }
        break;
      }
      case 'labelPod':
        break;
    }
  }
  return actions;
}

function blockers(input: UnitedDeploymentPlanInput, subsets: readonly SubsetPlan[], counts: ReadonlyMap<string, SubsetCounts>): Blocker[] {
  const out: Blocker[] = [];
  for (const s of subsets) {
    if (s.schedulable?.status === 'False') {
      const recovers = timestampMillis(s.recoversAt);
      out.push({
        code: 'UNSCHEDULABLE', message: `subset ${s.name} is unschedulable (${s.schedulable.message ?? s.schedulable.reason})${s.recoversAt ? ` until ${s.recoversAt}` : ''}: ${s.reason}`, pods: [],
        ...(recovers !== undefined ? { until: recovers } : {}),
      });
    }
    const c = counts.get(s.name);
    if (c && input.adapter.hasPartition && s.partition > 0 && c.updatedReplicas < c.replicas) {
      const behind = input.subsets.get(s.name)!.pods.filter((p) => p.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== input.updateRevision).map((p) => p.metadata.name!);
      out.push({ code: 'PARTITION', message: `subset ${s.name}: partition ${s.partition} keeps ${s.partition} of its ${c.replicas} pods on the previous revision (${behind.length} not at ${input.updateRevision} now)`, pods: behind });
    }
  }
  return out;
}
