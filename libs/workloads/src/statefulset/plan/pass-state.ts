// The state one planning pass shares between its steps (replicas, condemned pods, rolling update): what
// the pass read and derived, its accumulator (Pass), its refresh, and the status decrements of docs/spec/advanced-statefulset.md §4.5 and
// §4.7. Apart from pass.ts so that the refresh, which writes into the Pass, need not import this file.
import type { Lifecycle, Pod, StatefulSet } from '@coxswain/kruise-api';
import type { OrdinalRange } from './identity.js';
import type { Pass } from './pass.js';
import type { StatefulSetDiff, StatefulSetPlanContext } from './plan-types.js';
import type { PassRefresh } from './refresh.js';
import type { Slot } from './slot.js';

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
