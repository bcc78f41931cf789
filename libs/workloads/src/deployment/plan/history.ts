// cleanupDeployment: old ReplicaSets beyond revisionHistoryLimit are deleted, lowest revision first,
// but only those with no pods (spec and status), fully observed and not already being deleted. Pure.
import type { ReplicaSet } from '@coxswain/kruise-api';
import { byCreation, revisionOf } from '../../deployment-facts/replica-sets.js';

export function pruneHistory(oldRSs: readonly ReplicaSet[], revisionHistoryLimit: number | undefined): ReplicaSet[] {
  if (revisionHistoryLimit === undefined) return [];
  const cleanable = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
  const excess = cleanable.length - revisionHistoryLimit;
  if (excess <= 0) return [];
  const byRevision = [...cleanable].sort((a, b) => revisionOf(a) - revisionOf(b) || byCreation(a, b));
  return byRevision.slice(0, excess).filter((rs) =>
    (rs.spec.replicas ?? 1) === 0 && (rs.status?.replicas ?? 0) === 0 && (rs.metadata.generation ?? 0) <= (rs.status?.observedGeneration ?? 0));
}
