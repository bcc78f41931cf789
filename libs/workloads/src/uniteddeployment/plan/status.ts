// A UnitedDeployment's status (docs/spec/uniteddeployment.md §6.2, §6.3 step 2): subset status entries
// appended for every topology subset ever seen, the UnitedDeployment conditions, and the totals over
// the subsets that existed at the start of the pass. Pure.
import {
  LABEL_RESERVED_POD, Selector,
  type UnitedDeployment, type UnitedDeploymentCondition, type UnitedDeploymentConditionType, type UnitedDeploymentStatus,
  type UnitedDeploymentSubsetStatus,
} from '@coxswain/kruise-api';
import { lifecycleTimestamp } from '../../pod/time.js';
import { setSubsetCondition } from './schedulability.js';
import type { SubsetCounts } from './subsets.js';

export const RESERVED_SELECTOR_SUFFIX = `,${LABEL_RESERVED_POD}=false`;

/**
 * The status to work on: a copy with an entry for every topology subset. With reservation, a subset
 * added to a UnitedDeployment that already had subset statuses starts Schedulable=False ("created"),
 * so its first pods start reserved.
 */
export function workingStatus(ud: UnitedDeployment, reserve: boolean, now: number): UnitedDeploymentStatus {
  const status: UnitedDeploymentStatus = structuredClone(ud.status ?? { replicas: 0, updatedReplicas: 0 });
  const entries = status.subsetStatuses ?? [];
  const hadEntries = entries.length > 0;
  for (const subset of ud.spec.topology?.subsets ?? []) {
    if (entries.some((e) => e.name === subset.name)) continue;
    const entry: UnitedDeploymentSubsetStatus = { name: subset.name, replicas: 0, readyReplicas: 0, partition: 0 };
    if (reserve && hadEntries) setSubsetCondition(entry, 'False', 'created', 'new subset created', now);
    entries.push(entry);
  }
  status.subsetStatuses = entries;
  return status;
}

/** SetUnitedDeploymentCondition: same status and reason keeps the condition; same status keeps its transition time. */
export function setCondition(status: UnitedDeploymentStatus, type: UnitedDeploymentConditionType, value: UnitedDeploymentCondition['status'], reason: string, message: string, now: number): void {
  const conditions = status.conditions ?? [];
  const current = conditions.find((c) => c.type === type);
  if (current && current.status === value && (current.reason ?? '') === reason) return;
  const next: UnitedDeploymentCondition = {
    type, status: value, lastTransitionTime: current && current.status === value ? current.lastTransitionTime : lifecycleTimestamp(now),
    ...(reason !== '' ? { reason } : {}), ...(message !== '' ? { message } : {}),
  };
  status.conditions = [...conditions.filter((c) => c.type !== type), next];
}

export function removeCondition(status: UnitedDeploymentStatus, type: UnitedDeploymentConditionType): void {
  if (status.conditions?.some((c) => c.type === type)) status.conditions = status.conditions.filter((c) => c.type !== type);
}

/** UnitedDeploymentUpdated: True once the current revision is the update revision; replaced only when its status changes. */
export function setUpdatedCondition(status: UnitedDeploymentStatus, currentRevision: string, updateRevision: string, now: number): void {
  const value = currentRevision === updateRevision ? 'True' : 'False';
  if (status.conditions?.find((c) => c.type === 'UnitedDeploymentUpdated')?.status === value) return;
  if (value === 'True') setCondition(status, 'UnitedDeploymentUpdated', 'True', 'UnitedDeploymentRevisionUpdated', `updated to revision ${updateRevision}`, now);
  else setCondition(status, 'UnitedDeploymentUpdated', 'False', 'UnitedDeploymentRevisionUpdating', `updating to revision ${updateRevision}`, now);
}

export interface ExistingSubsetStatus {
  name: string;
  counts: SubsetCounts;
  reservedPods: number;
}

export interface StatusTotalsInput {
  ud: UnitedDeployment;
  status: UnitedDeploymentStatus;
  /** Subsets that existed at the start of the pass (new ones are counted next time). */
  existing: readonly ExistingSubsetStatus[];
  allocated: ReadonlyMap<string, number>;
  partitions: ReadonlyMap<string, number>;
  currentRevision: string;
  updateRevision: string;
  reserve: boolean;
}

/** docs/spec/uniteddeployment.md §6.2: totals, subset entries, revisions and the label selector, written into `status`. */
export function completeStatus({ ud, status, existing, allocated, partitions, currentRevision, updateRevision, reserve }: StatusTotalsInput): UnitedDeploymentStatus {
  let replicas = 0;
  let reservedPods = 0;
  let readyReplicas = 0;
  let updatedReplicas = 0;
  let updatedReadyReplicas = 0;
  for (const subset of existing) {
    replicas += subset.counts.replicas - subset.reservedPods;
    reservedPods += subset.reservedPods;
    readyReplicas += subset.counts.readyReplicas;
    updatedReplicas += subset.counts.updatedReplicas;
    updatedReadyReplicas += subset.counts.updatedReadyReplicas;
    const entry = status.subsetStatuses?.find((s) => s.name === subset.name);
    if (!entry) continue;
    entry.replicas = allocated.get(subset.name) ?? 0;
    entry.readyReplicas = subset.counts.readyReplicas;
    entry.partition = partitions.get(subset.name) ?? 0;
    entry.reservedPods = subset.reservedPods;
  }
  Object.assign(status, { replicas, reservedPods, readyReplicas, updatedReplicas, updatedReadyReplicas });
  if (!status.currentRevision) status.currentRevision = currentRevision;
  status.updatedRevision = updateRevision;
  if (updateRevision !== status.currentRevision && updatedReadyReplicas >= replicas) status.currentRevision = updateRevision;
  // No subset workload reports failures (SubsetFailure would be True/"Error" otherwise).
  removeCondition(status, 'SubsetFailure');
  status.labelSelector = Selector.fromLabelSelector(ud.spec.selector).toString() + (reserve ? RESERVED_SELECTOR_SUFFIX : '');
  status.observedGeneration = ud.metadata.generation ?? 0;
  return status;
}
