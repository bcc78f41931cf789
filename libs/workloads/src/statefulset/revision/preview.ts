// docs/spec/advanced-statefulset.md §3 without its write: the revisions the next reconcile would use, for the `plan` query and planNow.
import type { ControllerRevision, StatefulSet } from '@coxswain/kruise-api';
import { revisionsForCloneSet, selectCurrentRevision, selectRevisions, sortRevisions } from '../../revision/revision-selection.js';
import { statefulSetRevisions } from './revisions.js';
import type { StatefulSetFlavor } from '../plan/flavor.js';

export interface PreviewedStatefulSetRevisions {
  updateRevision: ControllerRevision;
  currentRevision: ControllerRevision;
  revisions: ControllerRevision[];
  /** True when the update revision does not exist yet: the next reconcile creates it. */
  pending: boolean;
}

export function previewStatefulSetRevisions(set: StatefulSet, flavor: StatefulSetFlavor, revisionsInNamespace: readonly ControllerRevision[]): PreviewedStatefulSetRevisions {
  const revisions = sortRevisions(revisionsForCloneSet(set, revisionsInNamespace));
  const decision = selectRevisions({ cs: set, revisions, collisionCount: set.status?.collisionCount ?? 0, kind: statefulSetRevisions(flavor) });
  const updateRevision = decision.kind === 'create' ? decision.candidate : decision.update;
  return { updateRevision, currentRevision: selectCurrentRevision(set, revisions, updateRevision), revisions, pending: decision.kind === 'create' };
}
