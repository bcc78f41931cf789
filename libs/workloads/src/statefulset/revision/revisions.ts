// StatefulSet ControllerRevisions (docs/spec/advanced-statefulset.md §3): CloneSet's hashing, naming and
// selection, with the StatefulSet as controller and the set's annotations only (no volumeClaimTemplates
// hash). Orphaned revisions that match the selector are adopted. Pure.
import type { ControllerRevision, StatefulSet } from '@coxswain/kruise-api';
import { Selector } from '@coxswain/kruise-api';
import { buildRevision, type RevisionKind } from '../../revision/cloneset-revision.js';
import { statefulSetControllerRef, type StatefulSetFlavor } from '../plan/flavor.js';

export function statefulSetRevisions(flavor: StatefulSetFlavor): RevisionKind<StatefulSet> {
  return {
    kind: flavor.name === 'native' ? 'StatefulSet.apps' : 'StatefulSet',
    newRevision: (set, revisionNumber, collisionCount) => buildRevision(set, revisionNumber, collisionCount, statefulSetControllerRef(set, flavor)),
  };
}

/** Revisions in the set's namespace matching its selector with no controller: the set adopts them (a controller ref added). */
export function orphanRevisionsToAdopt(set: StatefulSet, flavor: StatefulSetFlavor, revisions: readonly ControllerRevision[]): ControllerRevision[] {
  if (set.metadata.deletionTimestamp) return [];
  const selector = Selector.fromLabelSelector(set.spec.selector);
  return revisions
    .filter((r) => r.metadata.namespace === set.metadata.namespace && selector.matches(r.metadata.labels)
      && !(r.metadata.ownerReferences ?? []).some((ref) => ref.controller === true))
    .map((r) => ({ ...r, metadata: { ...r.metadata, ownerReferences: [...(r.metadata.ownerReferences ?? []), statefulSetControllerRef(set, flavor)] } }));
}
