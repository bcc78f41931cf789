// Assembles the planner's input from what a reconcile (or a read-only view) has listed. The reconciler
// first makes the update revision exist (ensureUpdateRevision); a view only previews which revisions
// the next reconcile would use, writing nothing. Both then plan from the same context.
import type { CloneSet, ControllerRevision, FeatureGates, Node, PersistentVolumeClaim, Pod } from '@coxswain/kruise-api';
import { inPlaceGates } from '../../inplace/calculate-spec.js';
import { applyRevision } from '../../revision/cloneset-revision.js';
import { revisionsForCloneSet, selectCurrentRevision, selectRevisions, sortRevisions } from '../../revision/revision-selection.js';
import type { PlanContext, PlannerGates } from './planner-types.js';

export interface PlanContextInput {
  cs: CloneSet;
  pods: readonly Pod[];
  pvcs: readonly PersistentVolumeClaim[];
  nodes: readonly Node[];
  /** The CloneSet's revisions, sorted (docs/spec/cloneset.md §4.3). */
  revisions: readonly ControllerRevision[];
  updateRevision: ControllerRevision;
  currentRevision: ControllerRevision;
  now: number;
  gates: FeatureGates;
  excludePreparingDeleteFlag: boolean;
}

export function plannerGates(gates: FeatureGates): PlannerGates {
  return {
    CloneSetShortHash: gates.enabled('CloneSetShortHash'),
    CloneSetPartitionRollback: gates.enabled('CloneSetPartitionRollback'),
    PreparingUpdateAsUpdate: gates.enabled('PreparingUpdateAsUpdate'),
    inPlace: inPlaceGates(gates),
  };
}

export function planContext(input: PlanContextInput): PlanContext {
  return {
    cs: input.cs,
    currentCS: applyRevision(input.cs, input.currentRevision),
    updateCS: applyRevision(input.cs, input.updateRevision),
    pods: input.pods,
    pvcs: input.pvcs,
    nodes: input.nodes,
    currentRevision: input.currentRevision.metadata.name!,
    updateRevision: input.updateRevision.metadata.name!,
    currentRevisionObject: input.currentRevision,
    updateRevisionObject: input.updateRevision,
    revisions: input.revisions,
    now: input.now,
    gates: plannerGates(input.gates),
    excludePreparingDeleteFlag: input.excludePreparingDeleteFlag,
  };
}

export interface PreviewedRevisions {
  updateRevision: ControllerRevision;
  currentRevision: ControllerRevision;
  revisions: ControllerRevision[];
  /** True when the update revision does not exist yet: the next reconcile creates it. */
  pending: boolean;
}

/** docs/spec/cloneset.md §4.3 without its write: the revisions the next reconcile would select. */
export function previewRevisions(cs: CloneSet, revisionsInNamespace: readonly ControllerRevision[]): PreviewedRevisions {
  const revisions = sortRevisions(revisionsForCloneSet(cs, revisionsInNamespace));
  const decision = selectRevisions({ cs, revisions, collisionCount: cs.status?.collisionCount ?? 0 });
  const updateRevision = decision.kind === 'create' ? decision.candidate : decision.update;
  return { updateRevision, currentRevision: selectCurrentRevision(cs, revisions, updateRevision), revisions, pending: decision.kind === 'create' };
}
