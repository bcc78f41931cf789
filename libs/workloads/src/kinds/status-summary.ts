// A workload's stored status in the contract's shape (WorkloadStatusSummary), one mapping for every kind:
// absent counters read 0, absent revisions '', conditions with their transition time.
import type { WorkloadConditionSummary, WorkloadStatusSummary } from './types.js';

/** The status fields the kinds share, as their stored statuses name them. */
export interface StoredWorkloadStatus<C extends WorkloadConditionSummary = WorkloadConditionSummary> {
  observedGeneration?: number;
  replicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  updatedReplicas?: number;
  updatedReadyReplicas?: number;
  updatedAvailableReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  conditions?: readonly C[];
}

/** Only the counters a kind's status has besides the shared ones. */
type ExtraCounters = Pick<WorkloadStatusSummary, 'currentReplicas' | 'expectedUpdatedReplicas'>;

/**
 * `extra` lands between the counters and the revisions, as in the contract; `transitionTime` reads a
 * condition's time (CloneSet's fall back to lastUpdateTime).
 */
export function statusSummary<C extends WorkloadConditionSummary>(
  s: StoredWorkloadStatus<C> | undefined,
  extra: ExtraCounters = {},
  transitionTime: (c: C) => string | undefined = (c) => c.lastTransitionTime,
): WorkloadStatusSummary {
  return {
    observedGeneration: s?.observedGeneration ?? 0,
    replicas: s?.replicas ?? 0,
    readyReplicas: s?.readyReplicas ?? 0,
    availableReplicas: s?.availableReplicas ?? 0,
    updatedReplicas: s?.updatedReplicas ?? 0,
    updatedReadyReplicas: s?.updatedReadyReplicas ?? 0,
    updatedAvailableReplicas: s?.updatedAvailableReplicas ?? 0,
    ...extra,
    currentRevision: s?.currentRevision ?? '',
    updateRevision: s?.updateRevision ?? '',
    conditions: (s?.conditions ?? []).map((c) => ({ type: c.type, status: c.status, reason: c.reason, message: c.message, lastTransitionTime: transitionTime(c) })),
  };
}
