// What the StatefulSet planner reads and what it decides (docs/spec/advanced-statefulset.md §4): the pass's
// operations in the order Kruise performs them, the status to write, the plan's blockers and actions.
import type {
  ControllerRevision, FeatureGates, InPlaceUpdateSpec, PersistentVolumeClaim, Pod, StatefulSetConditionType, StatefulSetStatus,
} from '@coxswain/kruise-api';
import type { LifecycleChange } from '../../lifecycle/transitions.js';
import type { PlannedEvent } from '../../plan/plan-notes.js';
import type { RolloutPlan } from '../../plan/plan-types.js';
import type { StatefulSetView } from './flavor.js';

export interface StatefulSetPlanContext {
  view: StatefulSetView;
  /** The pods the set claims (owned and matching, terminating ones included). */
  pods: readonly Pod[];
  /** PersistentVolumeClaims of the set's namespace, by name. */
  pvcs: ReadonlyMap<string, PersistentVolumeClaim>;
  /** The set's revisions as listed at the start of the reconcile, sorted. */
  revisions: readonly ControllerRevision[];
  currentRevision: ControllerRevision;
  updateRevision: ControllerRevision;
  collisionCount: number;
  /** Pods updated in place earlier whose new revision the cache does not show yet (Kruise's update expectations). */
  pendingInPlaceUpdates: readonly string[];
  now: number;
  gates: FeatureGates;
}

/** Which pass condition a failed write sets (docs/spec/advanced-statefulset.md §4.3): creations FailedCreatePod, pod updates FailedUpdatePod. */
export type FailureCondition = Extract<StatefulSetConditionType, 'FailedCreatePod' | 'FailedUpdatePod'>;

export type StatefulSetOperation =
  /** Missing claims, then the pod (docs/spec/advanced-statefulset.md §4.3 step 3). The claims already carry the retention policy's owners. */
  | { op: 'create'; pod: Pod; claims: PersistentVolumeClaim[]; reason: string }
  /** A Pending pod's missing claims (docs/spec/advanced-statefulset.md §4.3 step 4). */
  | { op: 'createClaims'; pod: Pod; claims: PersistentVolumeClaim[]; reason: string }
  /**
   * `parallel`: one of the condemned pods a Parallel set deletes together (slow-start batches); any
   * other delete is sent on its own, in order. `recreate`: the slot gets a new pod (a failed pod, a
   * specified delete, a ReCreate update), as opposed to a condemned pod going for good.
   */
  | { op: 'delete'; pod: Pod; reason: string; parallel: boolean; recreate: boolean }
  /** A lifecycle move (docs/spec/inplace-and-lifecycle.md §3.4): the KruisePodReady change first, then the state patch. */
  | { op: 'lifecycle'; pod: Pod; change: LifecycleChange; reason: string }
  /** The pod as the in-place refresh (docs/spec/inplace-and-lifecycle.md §2.6) wants it. */
  | { op: 'writePod'; pod: Pod; subresource: 'spec' | 'status'; reason: string }
  /** Identity and storage restored (docs/spec/advanced-statefulset.md §2): name, pod-name and pod-index labels, claim volumes. */
  | { op: 'repairPod'; pod: Pod; reason: string }
  /** A claim's ownerReferences set to the retention policy (docs/spec/advanced-statefulset.md §4.8). */
  | { op: 'updateClaim'; claim: PersistentVolumeClaim; pod: string; condemned: boolean; reason: string; failure?: FailureCondition }
  /** In-place update (docs/spec/inplace-and-lifecycle.md §2.2) to `revision`. */
  | { op: 'updateInPlace'; pod: Pod; spec: InPlaceUpdateSpec; revision: string; reason: string };

/** The numbers of the pass under the spec's names (docs/spec/advanced-statefulset.md §2.1, §4.2–4.6). */
export interface StatefulSetDiff {
  replicas: number;
  startOrdinal: number;
  endOrdinal: number;
  /** Ordinals in [startOrdinal, endOrdinal) skipped by reserveOrdinals. */
  reservedOrdinals: number;
  podManagementPolicy: 'OrderedReady' | 'Parallel';
  /** Pods to create this pass and pods still missing. */
  toCreate: number;
  missing: number;
  /** Pods outside the valid ordinals, still to go. */
  condemned: number;
  /** scaleStrategy.maxUnavailable resolved (null: no budget). */
  scaleMaxUnavailable: number | null;
  partition: number;
  /** spec.replicas − partition: how many pods the rollout may move. */
  maxUpdate: number;
  /** rollingUpdate.maxUnavailable resolved (at least 1). */
  maxUnavailable: number;
  /** Replica pods counted unavailable by the rolling update. */
  unavailable: number;
  /** Pods not at the update revision. */
  outdated: number;
  minReadySeconds: number;
}

export interface PlanError {
  message: string;
  /** The condition Kruise sets for it, when it sets one. */
  condition?: FailureCondition;
}

export interface StatefulSetPlan extends RolloutPlan<StatefulSetDiff> {
  operations: StatefulSetOperation[];
  events: PlannedEvent[];
  /** The status the pass computes (completeRollingUpdate applied), before any write failure adds a condition. */
  status: StatefulSetStatus;
  /** An error the pass stops on before writing it (a claim being deleted, InPlaceOnly, an unreadable annotation). */
  error?: PlanError;
  /** Look again after this long even without events (minReadySeconds, grace periods). */
  requeueAfterMs?: number;
}
