// A workload kind as the API, the dashboard and the hook endpoints see it: one descriptor per kind,
// pure data and pure functions over the stored object, so a new kind plugs in by adding one entry to
// the registry. Nothing here reads a cluster or a clock.
import type { KindRef } from '@coxswain/cluster';
import type { ControllerRevision, IntOrString, KubeObject, Lifecycle, NodeSelectorTerm, Pod, SubsetCondition } from '@coxswain/kruise-api';
import type { PodAvailability } from '../pod/pod-state.js';

/** The contract's WorkloadKind values (docs/spec/api-contract.md). */
export type WorkloadKindName = 'CLONE_SET' | 'STATEFUL_SET' | 'UNITED_DEPLOYMENT';

/**
 * One subset of a UnitedDeployment as its stored spec and status show it. Why the subset got its
 * replicas is the controller's to say: UnitedDeploymentController.planNow(...).subsets[].reason.
 */
export interface SubsetSummary {
  name: string;
  /** The replicas allocated to the subset (status), 0 before the first pass. */
  replicas: number;
  readyReplicas: number;
  /** The partition written into the subset workload (ignored by Deployments): the spec's, capped at `replicas`. */
  partition: number;
  /** updateStrategy.manualUpdate.partitions[name] as written; undefined when the spec sets none (0 applies). */
  specifiedPartition?: number;
  reservedPods: number;
  /** As written in the topology: replicas (int or %), minReplicas, maxReplicas. */
  specifiedReplicas?: IntOrString;
  minReplicas?: IntOrString;
  maxReplicas?: IntOrString;
  nodeSelectorTerm?: NodeSelectorTerm;
  schedulable?: SubsetCondition;
  /** Adaptive, while Schedulable=False: when the subset counts as schedulable again (RFC 3339). */
  recoversAt?: string;
  /** A subset status entry whose subset left the topology (entries are never pruned). */
  removed: boolean;
}

export interface WorkloadConditionSummary {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** The status in the contract's shape; absent counters read 0, absent revisions ''. */
export interface WorkloadStatusSummary {
  observedGeneration: number;
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  updatedAvailableReplicas: number;
  /** Only kinds whose status has it (Advanced StatefulSet). */
  currentReplicas?: number;
  /** Only kinds whose status has it (CloneSet). */
  expectedUpdatedReplicas?: number;
  currentRevision: string;
  updateRevision: string;
  conditions: WorkloadConditionSummary[];
}

/** A pod edit a mutation asks for (a merge patch), next to or instead of the workload edit. */
export interface PodPatch {
  pod: string;
  patch: { metadata: { labels?: Record<string, string | null> } };
}

/** The result of deletePods: a new workload object to write, and/or pod patches to send. */
export interface DeletePodsEdit<W> {
  workload?: W;
  podPatches: PodPatch[];
}

/**
 * The changes the API offers, as pure edits of the stored object: each returns a new object (the input
 * is not modified) or throws WorkloadMutationError naming the argument or field that is wrong.
 */
export interface WorkloadMutations<W> {
  setImage(workload: W, container: string, image: string): W;
  /**
   * The kind's own partition: CloneSet pods or share ("40%"), Advanced StatefulSet an ordinal count,
   * UnitedDeployment the `subset`'s manual partition (every subset's without one).
   */
  setPartition(workload: W, partition: IntOrString, subset?: string): W;
  /** Pauses the rollout (the kind's updateStrategy.rollingUpdate.paused); throws for kinds without a pause. */
  pauseRollout(workload: W): W;
  /** Clears that pause. */
  resumeRollout(workload: W): W;
  scaleWorkload(workload: W, replicas: number): W;
  /** `pods` are the workload's active pods to delete, as read by the caller. */
  deletePods(workload: W, pods: readonly Pod[], scaleDown: boolean): DeletePodsEdit<W>;
  /** Restores the pod template stored in one of the workload's ControllerRevisions. */
  rollbackWorkload(workload: W, revision: ControllerRevision): W;
}

export interface WorkloadKindDescriptor<W extends KubeObject = KubeObject> {
  kind: WorkloadKindName;
  /** The cluster kind, e.g. "CloneSet". */
  clusterKind: string;
  /** The storage version the controller reads and writes. */
  ref: KindRef;
  /** Every apiVersion the cluster accepts for it, storage version first. */
  servedVersions: readonly string[];
  /** kubectl's printer columns for the kind, in order (AGE last). */
  printerColumns: readonly string[];
  /** One kubectl row: a value per printer column. `now` is ms since the epoch (for AGE). */
  printRow(workload: W, now: number): string[];
  /**
   * The pod belongs to the workload: its controller ownerReference carries the workload's uid (for a
   * UnitedDeployment, whose pods belong to its subset workloads: the pod carries a subset label and
   * matches the UnitedDeployment's selector).
   */
  ownsPod(workload: W, pod: Pod): boolean;
  status(workload: W): WorkloadStatusSummary;
  /** The number of pods the current rollout moves to the update revision (spec.replicas less the partition). */
  expectedUpdatedReplicas(workload: W): number;
  /**
   * The pods the partition keeps at the current revision as the controller applies it: a percentage
   * resolved, capped at replicas; for a UnitedDeployment each subset's partition capped at the
   * replicas allocated to it, summed (Deployment subsets have none).
   */
  partitionedReplicas(workload: W): number;
  images(workload: W): string[];
  replicas(workload: W): number;
  updateStrategy(workload: W): unknown;
  /** The hook configuration (`spec.lifecycle`) pending hooks are read against. */
  lifecycle(workload: W): Lifecycle | undefined;
  /** The pod's ordinal, for kinds whose pods have one. */
  podOrdinal?(workload: W, pod: Pod): number | undefined;
  /** The pod's instance id, for kinds whose pods have one (CloneSet). */
  podInstanceId?(workload: W, pod: Pod): string | undefined;
  /**
   * The revision a pod runs, for kinds whose revision label is not the pod's controller-revision-hash
   * (a UnitedDeployment's pods carry the subset workload's there, and the UnitedDeployment's in
   * apps.kruise.io/controller-revision-hash).
   */
  podRevision?(pod: Pod): string | undefined;
  /**
   * The images a ControllerRevision of the kind rolls out, for kinds whose revisions do not hold a pod
   * template at data.spec.template (a UnitedDeployment's hold the whole subset-workload template).
   */
  revisionImages?(revision: ControllerRevision): string[];
  /** The subset a pod belongs to, for kinds with subsets (UnitedDeployment). */
  podSubset?(workload: W, pod: Pod): string | undefined;
  /** The subsets, for kinds that have them (UnitedDeployment), from the stored spec and status. */
  subsets?(workload: W): SubsetSummary[];
  /**
   * Whether the pod counts as available by the kind's own rule (minReadySeconds, lifecycle state), and
   * when minReadySeconds alone holds it back, until when.
   */
  podAvailability(workload: W, pod: Pod, now: number): PodAvailability;
  /** The pod is at the workload's update revision, by the kind's own revision matching. */
  isPodUpdated(workload: W, pod: Pod): boolean;
  mutations: WorkloadMutations<W>;
}
