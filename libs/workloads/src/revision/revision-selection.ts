// Choosing a CloneSet's current and update revisions (docs/spec/cloneset.md §4.3), the pure part: which
// revisions belong to the CloneSet, their order, and what the reconciler must write to make the update
// revision exist. revision-store.ts performs the writes.
import {
  ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH,
  Selector,
  type CloneSet,
  type ControllerRevision,
} from '@coxswain/kruise-api';
import { compareCodePoints } from './canonical-json.js';
import { CLONESET_REVISIONS, revisionData, type RevisionKind, type RevisionOwner } from './cloneset-revision.js';

/**
 * The CloneSet's revisions among `allRevisionsInNamespace`: in its namespace, matching spec.selector,
 * and either controlled by this CloneSet (by uid) or by nobody. Orphans are listed but not adopted —
 * nothing here (or in Kruise) writes an ownerReference onto them.
 */
export function revisionsForCloneSet(cs: RevisionOwner, allRevisionsInNamespace: readonly ControllerRevision[]): ControllerRevision[] {
  // A nil selector selects nothing (metav1.LabelSelectorAsSelector); validation makes it non-empty anyway.
  if (!cs.spec.selector) return [];
  const selector = Selector.fromLabelSelector(cs.spec.selector);
  return allRevisionsInNamespace.filter((r) => {
    if (r.metadata.namespace !== cs.metadata.namespace) return false;
    if (!selector.matches(r.metadata.labels)) return false;
    const controller = r.metadata.ownerReferences?.find((ref) => ref.controller === true);
    return controller === undefined || controller.uid === cs.metadata.uid;
  });
}

/** Ascending by `.revision`; ties: older creationTimestamp first (absent = oldest), then name. Returns a new array. */
export function sortRevisions(revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return [...revisions].sort((a, b) => {
    if (a.revision !== b.revision) return a.revision - b.revision;
    const ta = creationTime(a);
    const tb = creationTime(b);
    if (ta !== tb) return ta < tb ? -1 : 1;
    return compareCodePoints(a.metadata.name ?? '', b.metadata.name ?? '');
  });
}

/** 1 for an empty history, else the highest revision number + 1. */
export function nextRevisionNumber(sortedRevisions: readonly ControllerRevision[]): number {
  const last = sortedRevisions[sortedRevisions.length - 1];
  return last === undefined ? 1 : last.revision + 1;
}

/**
 * What the reconciler writes to obtain the update revision:
 * - `reuse-latest`: the template is unchanged; `update` is the newest revision as listed; nothing to write.
 * - `rollback`: the template equals an older revision's; `update` is that revision renumbered to the
 *   next number (and carrying the current VolumeClaimTemplates hash), to be written with update()
 *   (its resourceVersion is the listed one).
 * - `create`: the template is new; `candidate` is to be created (see ensureUpdateRevision for
 *   name collisions).
 */
export type RevisionDecision =
  | { kind: 'reuse-latest'; update: ControllerRevision }
  | { kind: 'rollback'; update: ControllerRevision }
  | { kind: 'create'; candidate: ControllerRevision };

export interface SelectRevisionsInput<O extends RevisionOwner = CloneSet> {
  /** The workload (a CloneSet unless `kind` says otherwise). */
  cs: O;
  /** The CloneSet's revisions (revisionsForCloneSet), in any order. */
  revisions: readonly ControllerRevision[];
  /** Defaults to status.collisionCount, else 0. */
  collisionCount?: number;
  /** How the kind builds its revisions; default CloneSet's. */
  kind?: RevisionKind<O>;
}

export function selectRevisions<O extends RevisionOwner = CloneSet>({ cs, revisions, collisionCount, kind }: SelectRevisionsInput<O>): RevisionDecision {
  const sorted = sortRevisions(revisions);
  const next = nextRevisionNumber(sorted);
  const build = (kind ?? (CLONESET_REVISIONS as unknown as RevisionKind<O>)).newRevision;
  const candidate = build(cs, next, collisionCount ?? cs.status?.collisionCount ?? 0);
  // Equality is by payload bytes, never by name or hash label: a revision created under another
  // collisionCount has a different name but is the same template.
  const candidateData = revisionData(candidate);
  let lastEqual = -1;
  sorted.forEach((r, i) => {
    if (revisionData(r) === candidateData) lastEqual = i;
  });

  if (lastEqual < 0) return { kind: 'create', candidate };
  if (lastEqual === sorted.length - 1) return { kind: 'reuse-latest', update: sorted[lastEqual]! };

  // Rolling back to an older template: that revision becomes the newest by taking the next number.
  const update = structuredClone(sorted[lastEqual]!);
  // Only CloneSet revisions carry the volumeClaimTemplates hash.
  const vctHash = candidate.metadata.annotations?.[ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH];
  if (vctHash !== undefined && update.metadata.annotations?.[ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH] !== vctHash) {
    update.metadata.annotations = { ...update.metadata.annotations, [ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH]: vctHash };
  }
  update.revision = next;
  return { kind: 'rollback', update };
}

/**
 * The current revision: the listed revision named by status.currentRevision, else (a new CloneSet, or
 * that revision is gone) the update revision — the history starts at the update revision.
 */
export function selectCurrentRevision(
  cs: RevisionOwner,
  revisions: readonly ControllerRevision[],
  updateRevision: ControllerRevision,
): ControllerRevision {
  const name = cs.status?.currentRevision;
  return (name !== undefined && revisions.find((r) => r.metadata.name === name)) || updateRevision;
}

/** The name selectCurrentRevision would pick. */
export function currentRevisionName(cs: RevisionOwner, revisions: readonly ControllerRevision[], updateRevisionName: string): string {
  const name = cs.status?.currentRevision;
  return name !== undefined && revisions.some((r) => r.metadata.name === name) ? name : updateRevisionName;
}

function creationTime(r: ControllerRevision): number {
  const t = r.metadata.creationTimestamp === undefined ? NaN : Date.parse(r.metadata.creationTimestamp);
  // Go's zero time (absent or unparsable timestamp) is earlier than any real one.
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}
