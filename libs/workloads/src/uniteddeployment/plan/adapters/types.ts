// One adapter per template kind (docs/spec/uniteddeployment.md §1.1 table, docs/spec/uniteddeployment.md §3, §5): which workload a
// UnitedDeployment creates for it, how that workload's replicas, status and partition read, and how
// the partition and (reservation) maxUnavailable are written in the workload's own semantics. Pure.
import type { KindRef } from '@coxswain/cluster';
import type { KubeObject, Pod, SubsetTemplateKind } from '@coxswain/kruise-api';

/** A subset workload's spec as the adapters edit it (any of the four kinds). */
export type WorkloadSpec = Record<string, unknown> & { replicas?: number };

/** A subset workload as stored: CloneSet, Advanced StatefulSet, apps/v1 StatefulSet or Deployment. */
export interface SubsetWorkload extends KubeObject {
  spec: WorkloadSpec;
  status?: { observedGeneration?: number; replicas?: number; readyReplicas?: number };
}

export interface SubsetAdapter {
  templateKind: SubsetTemplateKind;
  /** The workload kind the subsets are, as the cluster addresses it. */
  ref: KindRef;
  /** The kind in words: "CloneSet", "Advanced StatefulSet", "StatefulSet", "Deployment". */
  kindName: string;
  /** Whether the workload has a partition the UnitedDeployment writes (Deployment has none). */
  hasPartition: boolean;
  specReplicas(workload: SubsetWorkload): number;
  /** The workload status' replicas and readyReplicas (0 when not reported yet). */
  status(workload: SubsetWorkload): { replicas: number; readyReplicas: number };
  /** The partition the workload has now (docs/spec/uniteddeployment.md §5 "read back"); `pods` are the subset's pods. */
  currentPartition(workload: SubsetWorkload, pods: readonly Pod[]): number;
  /** Writes `partition` into a rendered spec (docs/spec/uniteddeployment.md §5 "write"); `spec` is the template's copy. */
  applyPartition(spec: WorkloadSpec, partition: number): void;
  /** Reservation strategy: overrides the workload's max unavailable with an integer (docs/spec/uniteddeployment.md §3.2). */
  setMaxUnavailable(spec: WorkloadSpec, value: number): void;
}
