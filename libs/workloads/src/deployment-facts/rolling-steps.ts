// The steps of a Deployment pass that Kubernetes' Deployment controller and Kruise Rollouts' advanced
// Deployment controller take alike (upstream: both controllers' sync.go and rolling.go): whether a pass
// is a scaling event, the new and old ReplicaSets with the revision synced, the old ReplicaSets' unhealthy
// pods cleaned up, and available old pods scaled down within a budget. What differs between the two (how
// many pods the new ReplicaSet gets, the scale-down budget and order) is the caller's. Pure.
import type { Deployment, ReplicaSet } from '@coxswain/kruise-api';
import type { Rollout } from './replica-set-ops.js';
import {
  ANNOTATION_DEPLOYMENT_REVISION, ANNOTATION_DESIRED_REPLICAS, activeReplicaSets, byCreation, desiredReplicasAnnotation, findNewReplicaSet,
  maxRevision, revisionOf, specReplicas,
} from './replica-sets.js';
import type { ConditionNote } from './status.js';

/** isScalingEvent: an active ReplicaSet's desired-replicas annotation differs from spec.replicas. */
export function isScalingEvent(d: Deployment, replicaSets: readonly ReplicaSet[]): boolean {
  return activeReplicaSets(replicaSets).some((rs) => {
    const desired = desiredReplicasAnnotation(rs);
    return desired !== undefined && desired !== (d.spec.replicas ?? 1);
  });
}

export interface SyncedReplicaSets {
  newRS?: ReplicaSet;
  oldRSs: ReplicaSet[];
  /** The new ReplicaSet's revision annotation. */
  revision?: string;
  note?: ConditionNote;
}

/**
 * getAllReplicaSetsAndSyncRevision: the new ReplicaSet (its revision, desired-replicas annotations and
 * minReadySeconds brought up to date), created with `newReplicas(oldRSs)` pods when asked and missing,
 * and the old ones.
 */
export function syncReplicaSets(
  d: Deployment, replicaSets: readonly ReplicaSet[], rollout: Rollout, createIfMissing: boolean, newReplicas: (oldRSs: ReplicaSet[]) => number,
): SyncedReplicaSets {
  const found = findNewReplicaSet(d, replicaSets);
  const oldRSs = replicaSets.filter((rs) => rs !== found);
  const newRevision = maxRevision(oldRSs) + 1;
  if (found) {
    let rs = found;
    const annotations = { ...(rs.metadata.annotations ?? {}) };
    if (revisionOf(rs) < newRevision) annotations[ANNOTATION_DEPLOYMENT_REVISION] = String(newRevision);
    if (annotations[ANNOTATION_DESIRED_REPLICAS] === undefined) Object.assign(annotations, rollout.replicasAnnotations());
    const minReady = d.spec.minReadySeconds ?? 0;
    if (JSON.stringify(annotations) !== JSON.stringify(rs.metadata.annotations ?? {}) || (rs.spec.minReadySeconds ?? 0) !== minReady) {
      rs = rollout.update(rs, { ...rs, metadata: { ...rs.metadata, annotations }, spec: { ...rs.spec, minReadySeconds: minReady } }, specReplicas(rs), specReplicas(rs), 'revision');
    }
    return { newRS: rs, oldRSs, revision: rs.metadata.annotations?.[ANNOTATION_DEPLOYMENT_REVISION], note: { kind: 'found', rs: rs.metadata.name! } };
  }
  if (!createIfMissing) return { oldRSs };
  const created = rollout.newReplicaSet(newRevision, newReplicas(oldRSs));
  return { newRS: created, oldRSs, revision: String(newRevision), note: { kind: 'created', rs: created.metadata.name! } };
}

export interface ScaledDown {
  oldRSs: ReplicaSet[];
  /** Pods scaled away. */
  total: number;
}

/** cleanupUnhealthyReplicas: old ReplicaSets lose their unavailable pods first, oldest ReplicaSet first, up to `maxCleanup`. */
export function cleanupUnhealthyReplicas(oldRSs: readonly ReplicaSet[], maxCleanup: number, rollout: Rollout): ScaledDown {
  let total = 0;
  const next = [...oldRSs].sort(byCreation).map((rs) => {
    if (total >= maxCleanup) return rs;
    const replicas = specReplicas(rs);
    const available = rs.status?.availableReplicas ?? 0;
    if (replicas === 0 || replicas === available) return rs;
    const count = Math.min(maxCleanup - total, replicas - available);
    total += count;
    return rollout.scale(rs, replicas - count, 'scale down unavailable old pods');
  });
  return { oldRSs: next, total };
}

/** scaleDownOldReplicaSetsForRollingUpdate: up to `budget` old pods go, ReplicaSets taken in `order`. */
export function scaleDownOldReplicaSets(
  oldRSs: readonly ReplicaSet[], budget: number, order: (a: ReplicaSet, b: ReplicaSet) => number, rollout: Rollout, why: string,
): ScaledDown {
  let total = 0;
  const next = [...oldRSs].sort(order).map((rs) => {
    const replicas = specReplicas(rs);
    if (total >= budget || replicas === 0) return rs;
    const count = Math.min(replicas, budget - total);
    total += count;
    return rollout.scale(rs, replicas - count, why);
  });
  return { oldRSs: next, total };
}

/** The pods available across the ReplicaSets (their status). */
export function availableReplicaSum(replicaSets: readonly ReplicaSet[]): number {
  return replicaSets.reduce((sum, rs) => sum + (rs.status?.availableReplicas ?? 0), 0);
}

/** The plan's current revision: the newest old ReplicaSet that still has pods, else the new one. */
export function currentReplicaSetName(oldRSs: readonly ReplicaSet[], newRS: ReplicaSet | undefined): string {
  return [...oldRSs].sort(byCreation).reverse().find((rs) => specReplicas(rs) > 0)?.metadata.name ?? newRS?.metadata.name ?? '';
}
