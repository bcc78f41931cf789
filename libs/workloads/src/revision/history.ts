// ControllerRevision history truncation for CloneSet (docs/spec/cloneset.md §4.5). Pure: returns what to
// delete; the reconciler deletes after the status update and only logs failures.
import type { ControllerRevision, Pod } from '@coxswain/kruise-api';
import { podAtRevision } from './revision-match.js';
import { sortRevisions } from './revision-selection.js';

export const DEFAULT_REVISION_HISTORY_LIMIT = 10;

export interface RevisionsToTruncateInput {
  /** The CloneSet's revisions as listed at the start of the reconcile (sorted again here, so any order works). */
  revisions: readonly ControllerRevision[];
  currentRevisionName: string;
  updateRevisionName: string;
  /** Active pods of the CloneSet: a revision any of them is at (short-hash aware) is live. */
  activePods: readonly Pick<Pod, 'metadata'>[];
  /** spec.revisionHistoryLimit; absent means 10. */
  revisionHistoryLimit?: number;
}

/**
 * The oldest non-live revisions beyond the history limit, oldest first. Live = the current and update
 * revisions and every revision an active pod is at; live revisions never count against the limit.
 */
export function revisionsToTruncate({
  revisions,
  currentRevisionName,
  updateRevisionName,
  activePods,
  revisionHistoryLimit,
}: RevisionsToTruncateInput): ControllerRevision[] {
  const nonLive = sortRevisions(revisions).filter((r) => {
    const name = r.metadata.name ?? '';
    if (name === currentRevisionName || name === updateRevisionName) return false;
    return !activePods.some((pod) => podAtRevision(pod, name));
  });
  // A negative limit (rejected by no validation, a panic in Go) is read as keeping none.
  const limit = Math.max(0, revisionHistoryLimit ?? DEFAULT_REVISION_HISTORY_LIMIT);
  return nonLive.length > limit ? nonLive.slice(0, nonLive.length - limit) : [];
}
