// What the workload did since the BatchRelease last looked (docs/spec/kruise-rollout.md §3.3; Go:
// SyncWorkloadInformation of the partition-style control plane), in Go's order: a deleting release reads
// nothing, a workload whose status lags is still reconciling, a workload with every replica updated is
// normal (promoted: the checks 7–10 do not fire), then scaling, a rollback to the stable revision, a new
// update revision. Pure.
import type { BatchReleaseStatus } from '@coxswain/kruise-api';
import type { WorkloadEvent } from './pre-execution.js';

export interface WorkloadEventFacts {
  replicas: number;
  generation: number;
  observedGeneration: number;
  statusReplicas: number;
  updatedReplicas: number;
  /** The revisions the BatchRelease speaks of: the workload's current and update revision. */
  stableRevision: string;
  updateRevision: string;
}

export function workloadEvent(deleting: boolean, workload: WorkloadEventFacts | undefined, status: BatchReleaseStatus): WorkloadEvent {
  if (deleting) return 'Normal';
  if (!workload) return 'Gone';
  if (workload.observedGeneration < workload.generation) return 'StillReconciling';
  if (workload.statusReplicas === workload.updatedReplicas) return 'Normal';
  const observed = status.observedWorkloadReplicas ?? -1;
  if (observed !== -1 && workload.replicas !== observed) return 'ReplicasChanged';
  const stable = status.stableRevision ?? '';
  const update = status.updateRevision ?? '';
  if (workload.updateRevision === workload.stableRevision && stable === workload.updateRevision && stable !== update) return 'RollbackInBatch';
  if (workload.updateRevision !== update) return 'PodTemplateChanged';
  return 'Normal';
}
