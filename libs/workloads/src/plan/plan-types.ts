// The rollout plan: what one reconcile of a workload does next and what holds it back, in the
// contract's vocabulary (docs/spec/api-contract.md `RolloutPlan`), the same shape for every workload kind.
// The reconciler applies `actions`; the `plan` query shows the same object; observe mode computes it
// and writes nothing.

export type PlannedActionType =
  | 'CREATE'
  | 'DELETE'
  | 'MARK_SPECIFIED_DELETE'
  | 'UPDATE_IN_PLACE'
  | 'RECREATE'
  | 'LIFECYCLE_TRANSITION'
  /** Advanced StatefulSet: a pod's identity or storage (names, pod-name label, claim volumes) rewritten. */
  | 'REPAIR_POD'
  /** Advanced StatefulSet: a PVC's ownerReferences set to the retention policy. */
  | 'UPDATE_PVC'
  /** Workload-level actions (UnitedDeployment's subset workloads, a Deployment's ReplicaSets): `workload` names the object, `pod` is ''. */
  | 'CREATE_WORKLOAD'
  | 'UPDATE_WORKLOAD'
  | 'SCALE_WORKLOAD'
  | 'DELETE_WORKLOAD'
  /** UnitedDeployment, reserveUnschedulablePods: a pod's reserved label set or changed. */
  | 'LABEL_POD';

export interface PlannedAction {
  type: PlannedActionType;
  /** The pod acted on (for CREATE: the name the new pod will get); '' for a workload-level action. */
  pod: string;
  /** The workload a workload-level action acts on. */
  workload?: { kind: string; name: string };
  /** Why, in plain words: "scale up 5 -> 6", "partition 3: update to web-6c9f", ... */
  reason: string;
  /** The revision a created or updated pod ends up at. */
  revision?: string;
}

export type BlockerCode =
  | 'MAX_UNAVAILABLE'
  | 'PAUSED'
  | 'PARTITION'
  | 'HOOK_PENDING'
  | 'MIN_READY_SECONDS'
  | 'SCALE_EXPECTATIONS'
  | 'SCALE_UP_LIMITED'
  | 'WAITING_FOR_DELETIONS'
  | 'ON_DELETE'
  /** A pod the scheduler cannot place (PodScheduled False/Unschedulable); the message carries the scheduler's. */
  | 'UNSCHEDULABLE'
  /** A container whose image cannot be pulled (ErrImagePull, ImagePullBackOff, ...). */
  | 'IMAGE_PULL_FAILED'
  /** A pod whose in-place update is not finished: what it waits on (grace period, container, next batch). */
  | 'IN_PLACE_UPDATING'
  /** A pod that is not Ready (or not scheduled yet) for any other reason: starting, probes. */
  | 'POD_NOT_READY'
  /** A pod that fails: phase Failed, or a container crash-looping or unable to start. */
  | 'POD_FAILING'
  /** Advanced StatefulSet OrderedReady: a pod waits for its predecessor (or a terminating pod). */
  | 'ORDERED_READY'
  /** Advanced StatefulSet: pods updated in place are not yet seen at the update revision. */
  | 'UPDATE_EXPECTATIONS'
  /** Advanced StatefulSet: a PVC of the ordinal still belongs to a previous pod (retention whenScaled Delete). */
  | 'STALE_PVC'
  /**
   * UnitedDeployment: a subset workload has not yet brought its pods to what was written into it (pods
   * missing or extra, or not at the revision its partition lets through); its own controller acts.
   */
  | 'WAITING_FOR_SUBSET'
  /** UnitedDeployment: a subset workload that no controller ever reported on still has no pod after the progress deadline. */
  | 'PODS_NOT_CREATED';

export interface Blocker {
  code: BlockerCode;
  /** Why, in words that do not depend on when the plan was computed (no "in 12 s": that is `until`). */
  message: string;
  /** The pods the blocker is about (the ones to look at first). */
  pods: string[];
  /**
   * When the blocker lifts by itself, with nothing else changed (minReadySeconds, an in-place grace
   * period, an unschedulable subset's recovery), in ms of the cluster's clock. Absent otherwise.
   */
  until?: number;
}

/**
 * What every workload kind's plan has: the revisions, whether the rollout is complete, the kind's diff
 * numbers under the spec's names, the actions with their reasons and the blockers in words.
 */
export interface RolloutPlan<Diff extends object = object> {
  updateRevision: string;
  currentRevision: string;
  complete: boolean;
  diff: Diff;
  actions: PlannedAction[];
  blockers: Blocker[];
}
