// What the CloneSet planner reads and what it decides: operations are concrete writes for the
// reconciler (blockers and events are collected by PlanNotes, plan/plan-notes.ts).
import type { CloneSet, ControllerRevision, InPlaceUpdateSpec, Node, PersistentVolumeClaim, Pod } from '@coxswain/kruise-api';
import type { InPlaceGates } from '../../inplace/calculate-spec.js';
import type { LifecycleUpdatingPolicy } from '../../inplace/update.js';
import type { LifecycleChange } from '../../lifecycle/transitions.js';
import type { NewInstance } from './new-pod.js';

export interface PlannerGates {
  CloneSetShortHash: boolean;
  CloneSetPartitionRollback: boolean;
  PreparingUpdateAsUpdate: boolean;
  inPlace: Required<InPlaceGates>;
}

export interface PlanContext {
  /** The stored CloneSet (v1beta1, defaulted). */
  cs: CloneSet;
  /** `cs` with the current / update revision's template: what new pods of each revision are built from. */
  currentCS: CloneSet;
  updateCS: CloneSet;
  /** Active pods owned by the CloneSet. */
  pods: readonly Pod[];
  /** PVCs owned by the CloneSet, not being deleted. */
  pvcs: readonly PersistentVolumeClaim[];
  /** Nodes, for the topology-spread deletion ranker. */
  nodes: readonly Node[];
  currentRevision: string;
  updateRevision: string;
  /** The revision objects behind the two names (the update revision may be newer than `revisions`). */
  currentRevisionObject: ControllerRevision;
  updateRevisionObject: ControllerRevision;
  /** The CloneSet's revisions as listed at the start of the reconcile. */
  revisions: readonly ControllerRevision[];
  now: number;
  gates: PlannerGates;
  /** The controller flag --cloneset-scaling-exclude-preparing-delete. */
  excludePreparingDeleteFlag: boolean;
}

export type CloneSetOperation =
  | { op: 'create'; instance: NewInstance; revision: string; reason: string }
  | { op: 'delete'; pod: Pod; pvcs: PersistentVolumeClaim[]; reason: string }
  /** A lifecycle move (docs/spec/inplace-and-lifecycle.md §3.4): the KruisePodReady change first, then the state patch. */
  | { op: 'lifecycle'; pod: Pod; change: LifecycleChange; reason: string }
  | { op: 'markSpecifiedDelete'; pod: Pod; revision: string; reason: string }
  | { op: 'setPodTemplateHash'; pod: Pod; value: string; reason: string }
  /** The pod as the in-place refresh (docs/spec/inplace-and-lifecycle.md §2.6) wants it: a full update or a status update, from the cached pod. */
  | { op: 'writePod'; pod: Pod; subresource: 'spec' | 'status'; reason: string }
  | { op: 'updateInPlace'; pod: Pod; spec: InPlaceUpdateSpec; revision: string; lifecycleUpdating: LifecycleUpdatingPolicy; reason: string };
