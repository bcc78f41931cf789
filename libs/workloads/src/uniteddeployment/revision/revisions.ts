// UnitedDeployment ControllerRevisions (docs/spec/uniteddeployment.md §6.1). What is versioned is the whole
// spec.template (all four slots) with "$patch":"replace"; topology, replicas, partitions and patches
// are not, so changing them never makes a revision. Revisions carry the template labels of a
// (Advanced) StatefulSet or Deployment template — not of a CloneSet template, so with one they never
// match the selector: the list stays empty, the same revision is found again through AlreadyExists
// every pass and history is never cleaned (Kruise's behaviour, kept). History is cut *before* the
// update revision is resolved, counting live revisions against the limit.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import {
  Selector, subsetTemplateKind, type ControllerRevision, type UnitedDeployment,
} from '@coxswain/kruise-api';
import { claimObjects } from '../../ownership/claim.js';
import { buildRevision, equalRevisionData, type RevisionKind, type RevisionOwner } from '../../revision/cloneset-revision.js';
import { CONTROLLER_REVISION_REF } from '../../revision/revision-store.js';
import { selectCurrentRevision, selectRevisions, sortRevisions } from '../../revision/revision-selection.js';
import { udControllerRef } from '../plan/render.js';

/** Name collisions tolerated in a row before giving up (each needs another revision with other data). */
const MAX_COLLISION_RETRIES = 100;

/** The labels a revision carries besides the hash: the template's, except for a CloneSet template. */
export function revisionTemplateLabels(ud: UnitedDeployment): Record<string, string> {
  const kind = subsetTemplateKind(ud.spec.template);
  if (kind === undefined || kind === 'cloneSetTemplate') return {};
  return { ...(ud.spec.template[kind]?.metadata?.labels ?? {}) };
}

export function newUnitedDeploymentRevision(ud: UnitedDeployment, revisionNumber: number, collisionCount: number): ControllerRevision {
  return buildRevision(ud as unknown as RevisionOwner, revisionNumber, collisionCount, udControllerRef(ud), {}, revisionTemplateLabels(ud));
}

const UD_REVISIONS: RevisionKind<RevisionOwner> = {
  kind: 'UnitedDeployment',
  newRevision: (owner, n, collisionCount) => newUnitedDeploymentRevision(owner as unknown as UnitedDeployment, n, collisionCount),
};

/** The revisions a UnitedDeployment works with: matching its selector, adopting orphans, releasing strays. */
export function claimRevisions(ud: UnitedDeployment, revisionsInNamespace: readonly ControllerRevision[]) {
  const selector = Selector.fromLabelSelector(ud.spec.selector);
  return claimObjects(ud, revisionsInNamespace, (r) => selector.matches(r.metadata.labels ?? {}));
}

/**
 * History truncation before resolving revisions: `exceed = len − limit`; the non-live revisions among
 * the first `exceed` (sorted) are deleted, and the first `exceed` leave the working list regardless.
 */
export function truncateUnitedDeploymentHistory(ud: UnitedDeployment, revisions: readonly ControllerRevision[]): { remove: ControllerRevision[]; kept: ControllerRevision[] } {
  const sorted = sortRevisions(revisions);
  const limit = ud.spec.revisionHistoryLimit ?? 10;
  const exceed = sorted.length - limit;
  if (exceed <= 0) return { remove: [], kept: sorted };
  const live = new Set([ud.status?.currentRevision, ud.status?.updatedRevision].filter((n): n is string => !!n));
  const remove: ControllerRevision[] = [];
  for (const [i, revision] of sorted.entries()) {
    if (live.has(revision.metadata.name!)) continue;
    if (i >= exceed) break;
    remove.push(revision);
  }
  return { remove, kept: sorted.slice(exceed) };
}

export interface UnitedDeploymentRevisions {
  updateRevision: ControllerRevision;
  /** The listed revision status.currentRevision names, else the update revision. */
  currentRevision: ControllerRevision;
}

/** What resolving would give, without writing (planNow): an equal listed revision, else the candidate. */
export function previewUnitedDeploymentRevisions(ud: UnitedDeployment, revisions: readonly ControllerRevision[]): UnitedDeploymentRevisions {
  const kept = truncateUnitedDeploymentHistory(ud, revisions).kept;
  const decision = selectRevisions({ cs: ud as unknown as RevisionOwner, revisions: kept, collisionCount: ud.status?.collisionCount ?? 0, kind: UD_REVISIONS });
  const updateRevision = decision.kind === 'create' ? decision.candidate : decision.update;
  return { updateRevision, currentRevision: selectCurrentRevision(ud as unknown as RevisionOwner, kept, updateRevision) };
}

/**
 * Resolves (and writes) the update revision from the kept revisions: the newest when equal; an older
 * equal one renumbered with one plain update (rollback); else a new one, where a taken name with other
 * data is a collision (new name and hash label) and one with equal data is the revision.
 */
export async function ensureUnitedDeploymentRevision(client: ClusterClient, ud: UnitedDeployment, kept: readonly ControllerRevision[]): Promise<UnitedDeploymentRevisions> {
  let collisionCount = ud.status?.collisionCount ?? 0;
  const decision = selectRevisions({ cs: ud as unknown as RevisionOwner, revisions: kept, collisionCount, kind: UD_REVISIONS });
  let updateRevision: ControllerRevision;
  if (decision.kind === 'reuse-latest') updateRevision = decision.update;
  else if (decision.kind === 'rollback') updateRevision = await client.update<ControllerRevision>(decision.update);
  else {
    let attempt = decision.candidate;
    for (let retries = 0; ; retries++) {
      try {
        updateRevision = await client.create<ControllerRevision>(attempt);
        break;
      } catch (err) {
        if (!isApiError(err, 'AlreadyExists')) throw err;
      }
      const existing = await client.get<ControllerRevision>(CONTROLLER_REVISION_REF, attempt.metadata.namespace, attempt.metadata.name!);
      if (equalRevisionData(existing, attempt)) {
        updateRevision = existing;
        break;
      }
      if (retries >= MAX_COLLISION_RETRIES) throw new Error(`ControllerRevision for UnitedDeployment ${ud.metadata.namespace}/${ud.metadata.name}: too many name collisions`);
      collisionCount += 1;
      attempt = newUnitedDeploymentRevision(ud, decision.candidate.revision, collisionCount);
    }
  }
  return { updateRevision, currentRevision: selectCurrentRevision(ud as unknown as RevisionOwner, kept, updateRevision) };
}
