// The I/O of revision handling: make the update revision exist through the ClusterClient port, following
// the decision selectRevisions computed (docs/spec/cloneset.md §4.3), and delete what history truncation chose.
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { Logger } from '@coxswain/controller-runtime';
import { ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH, type CloneSet, type ControllerRevision } from '@coxswain/kruise-api';
import { CLONESET_REVISIONS, equalRevisionData, hashRevision, revisionName, revisionPayload, type RevisionKind, type RevisionOwner } from './cloneset-revision.js';
import { revisionsToTruncate, type RevisionsToTruncateInput } from './history.js';
import { revisionsForCloneSet, selectCurrentRevision, selectRevisions, sortRevisions } from './revision-selection.js';

export const CONTROLLER_REVISION_REF: KindRef = { apiVersion: 'apps/v1', kind: 'ControllerRevision' };

/** Attempts of the rollback renumbering before a Conflict is given up (client-go's retry.DefaultBackoff has 4 steps). */
const ROLLBACK_ATTEMPTS = 4;

/**
 * Go retries name collisions without bound. Each retry needs yet another existing revision with the
 * next name and different data, which only a broken store produces; stop instead of spinning.
 */
const MAX_COLLISION_RETRIES = 100;

export interface EnsuredRevisions {
  updateRevision: ControllerRevision;
  currentRevision: ControllerRevision;
  /** Write to status.collisionCount (with the status update). */
  collisionCount: number;
  /**
   * The CloneSet's revisions as listed at the start of the reconcile, sorted (docs/spec/cloneset.md §4.3). History
   * truncation (docs/spec/cloneset.md §4.5) and the in-place "old revision" lookup use this list; a revision created in this
   * step is not in it.
   */
  revisions: ControllerRevision[];
}

/**
 * Selects the update and current revisions and writes what that takes: nothing (template unchanged),
 * the renumbered old revision (rollback; retried on Conflict), or a new revision (on AlreadyExists with
 * different data, collisionCount + 1 and a new name, until the create succeeds or finds equal data).
 * `revisions` are the ControllerRevisions of the CloneSet's namespace; they are filtered here with
 * revisionsForCloneSet, so an already filtered list is fine too.
 */
export async function ensureUpdateRevision<O extends RevisionOwner = CloneSet>(
  client: ClusterClient,
  cs: O,
  revisions: readonly ControllerRevision[],
  kind: RevisionKind<O> = CLONESET_REVISIONS as unknown as RevisionKind<O>,
): Promise<EnsuredRevisions> {
  const owned = sortRevisions(revisionsForCloneSet(cs, revisions));
  let collisionCount = cs.status?.collisionCount ?? 0;
  const decision = selectRevisions({ cs, revisions: owned, collisionCount, kind });

  let updateRevision: ControllerRevision;
  switch (decision.kind) {
    case 'reuse-latest':
      updateRevision = decision.update;
      break;
    case 'rollback':
      updateRevision = await persistRollback(client, decision.update);
      break;
    case 'create': {
      const created = await createRevision(client, cs, decision.candidate, collisionCount, kind.kind);
      updateRevision = created.revision;
      collisionCount = created.collisionCount;
      break;
    }
  }

  const currentRevision = selectCurrentRevision(cs, owned, updateRevision);
  return { updateRevision, currentRevision, collisionCount, revisions: owned };
}

/**
 * Creates `candidate`. When the name is taken: the same data means the revision already exists (a
 * previous reconcile created it, or an identical template under this name) and is used; other data is
 * a hash collision, so collisionCount goes up and the name is recomputed. The hash label keeps the
 * value computed with the original collisionCount, as Kubernetes' history does — only the name changes.
 */
async function createRevision(
  client: ClusterClient,
  cs: RevisionOwner,
  candidate: ControllerRevision,
  startCollisionCount: number,
  kind: string,
): Promise<{ revision: ControllerRevision; collisionCount: number }> {
  const payload = revisionPayload(cs);
  let collisionCount = startCollisionCount;
  let attempt = candidate;
  for (let retries = 0; ; retries++) {
    try {
      return { revision: await client.create(attempt), collisionCount };
    } catch (err) {
      if (!isApiError(err, 'AlreadyExists')) throw err;
    }
    const existing = await client.get<ControllerRevision>(CONTROLLER_REVISION_REF, attempt.metadata.namespace, attempt.metadata.name!);
    if (equalRevisionData(existing, attempt)) return { revision: existing, collisionCount };
    if (retries >= MAX_COLLISION_RETRIES) {
      throw new Error(
        `ControllerRevision for ${kind} ${cs.metadata.namespace}/${cs.metadata.name}: ${retries + 1} name collisions in a row (last "${attempt.metadata.name}"), giving up`,
      );
    }
    collisionCount += 1;
    attempt = {
      ...candidate,
      metadata: { ...candidate.metadata, name: revisionName(cs.metadata.name!, hashRevision(payload, collisionCount)) },
    };
  }
}

/**
 * Writes the renumbered revision. On Conflict the fresh object gets the same two changes (new number,
 * current VolumeClaimTemplates hash) and is written again; if another writer already made them, the
 * fresh object is the result.
 */
async function persistRollback(client: ClusterClient, renumbered: ControllerRevision): Promise<ControllerRevision> {
  const vctHash = renumbered.metadata.annotations?.[ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH];
  let desired = renumbered;
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.update(desired);
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= ROLLBACK_ATTEMPTS) throw err;
    }
    const fresh = await client.get<ControllerRevision>(CONTROLLER_REVISION_REF, renumbered.metadata.namespace, renumbered.metadata.name!);
    const annotationsUpToDate = vctHash === undefined || fresh.metadata.annotations?.[ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH] === vctHash;
    if (fresh.revision === renumbered.revision && annotationsUpToDate) return fresh;
    desired = structuredClone(fresh);
    desired.revision = renumbered.revision;
    if (vctHash !== undefined) {
      desired.metadata.annotations = { ...desired.metadata.annotations, [ANNOTATION_VOLUME_CLAIM_TEMPLATES_HASH]: vctHash };
    }
  }
}

/**
 * docs/spec/cloneset.md §4.5 (and docs/spec/advanced-statefulset.md §3), after the status write: deletes
 * the oldest non-live revisions beyond the history limit; failures are only logged.
 */
export async function truncateRevisionHistory(client: ClusterClient, input: RevisionsToTruncateInput, log: Logger): Promise<void> {
  for (const revision of revisionsToTruncate(input)) {
    try {
      await client.delete(CONTROLLER_REVISION_REF, revision.metadata.namespace, revision.metadata.name!);
    } catch (err) {
      if (!isApiError(err, 'NotFound')) log('warn', 'could not delete an old ControllerRevision', { revision: revision.metadata.name, error: String(err) });
    }
  }
}
