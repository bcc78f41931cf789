// The state one planning pass shares between its steps (replicas, condemned pods, rolling update): what
// the pass read and derived, and what it accumulates — operations, blockers, events, the error it stops
// on, the soonest it wants to look again, and the status decrements of docs/spec/advanced-statefulset.md §4.5 and §4.7.
import type { Lifecycle, Pod, StatefulSet } from '@coxswain/kruise-api';
import { PlanNotes } from '../../plan/plan-notes.js';
import type { OrdinalRange } from '../utils/identity.js';
import type { PlanError, StatefulSetDiff, StatefulSetOperation, StatefulSetPlanContext } from './plan-types.js';
import type { PassRefresh } from './refresh.js';
import type { Slot } from './slots.js';

export class Pass {
  readonly ops: StatefulSetOperation[] = [];
  readonly notes = new PlanNotes();
  error: PlanError | undefined;
  requeueAfterMs: number | undefined;

  /** Kruise's durationStore.Push: the smallest positive delay wins. */
  push(ms: number | undefined): void {
    if (ms !== undefined && ms > 0 && (this.requeueAfterMs === undefined || ms < this.requeueAfterMs)) this.requeueAfterMs = ms;
  }

  fail(error: PlanError): void {
    this.error ??= error;
  }
}

export interface PassState {
  ctx: StatefulSetPlanContext;
  pass: Pass;
  refresh: PassRefresh;
  range: OrdinalRange;
  /** One per valid ordinal, ascending. */
  slots: Slot[];
  /** Pods outside the valid ordinals, highest ordinal first. */
  condemned: Pod[];
  /** The lowest-ordinal pod, among slots and condemned pods, that is not healthy. */
  firstUnhealthy: Pod | undefined;
  /** spec.lifecycle (none for an apps/v1 set). */
  lifecycle: Lifecycle | undefined;
  /** OrderedReady. */
  monotonic: boolean;
  /** The retention policy applies (gate StatefulSetAutoDeletePVC; always for apps/v1). */
  honoursRetention: boolean;
  /** The set with the update revision's template. */
  updateSet: StatefulSet;
  currentName: string;
  updateName: string;
  diff: StatefulSetDiff;
  /** A pod deleted or updated in place this pass no longer counts as current / updated (docs/spec/advanced-statefulset.md §4.5, §4.7). */
  currentDecrement: number;
  updatedDecrement: number;
}
