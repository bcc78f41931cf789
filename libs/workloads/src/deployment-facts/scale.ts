// Kubernetes' Deployment scale(): spec.replicas changed (or the Deployment is paused). With one active
// ReplicaSet it simply takes the new size; a saturated new ReplicaSet sends the old ones to 0; during a
// rolling update the change is spread over the active ReplicaSets in proportion to their size (their
// share of the max-replicas they were sized for), the rounding leftover going to the largest. Kruise
// Rollouts' advanced Deployment controller (`advanced`) spreads to spec.replicas, not replicas + maxSurge,
// and when shrinking first takes the old ReplicaSets' unavailable pods (upstream sync.go scale). Pure.
import type { Deployment, ReplicaSet } from '@coxswain/kruise-api';
import { activeReplicaSets, byCreation, desiredReplicasAnnotation, maxReplicasAnnotation, specReplicaSum, specReplicas } from './replica-sets.js';
import type { Rollout } from './replica-set-ops.js';
import { resolveFenceposts } from './strategy.js';

export interface Scaled {
  newRS?: ReplicaSet;
  oldRSs: ReplicaSet[];
}

export function scaleProportionally(d: Deployment, rollout: Rollout, newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[], advanced = false): Scaled {
  const replicas = d.spec.replicas ?? 1;
  const result: Scaled = { ...(newRS ? { newRS } : {}), oldRSs: [...oldRSs] };
  const replace = (before: ReplicaSet, after: ReplicaSet) => {
    if (result.newRS === before) result.newRS = after;
    result.oldRSs = result.oldRSs.map((rs) => (rs === before ? after : rs));
  };

  const only = activeOrLatest(newRS, oldRSs);
  if (only) {
    if (specReplicas(only) !== replicas) replace(only, rollout.scale(only, replicas, 'scale'));
    return result;
  }
  if (newRS && isSaturated(d, newRS)) {
    for (const rs of activeReplicaSets(oldRSs)) replace(rs, rollout.scale(rs, 0, 'the new ReplicaSet is saturated'));
    return result;
  }
  if (d.spec.strategy?.type === 'Recreate') return result;

  let all = activeReplicaSets(newRS ? [...oldRSs, newRS] : oldRSs);
  const allowed = replicas > 0 ? replicas + (advanced ? 0 : resolveFenceposts(d).maxSurge) : 0;
  let toAdd = allowed - specReplicaSum(all);
  if (advanced && toAdd < 0) {
    let cleaned = 0;
    for (const rs of [...result.oldRSs].sort(byCreation)) {
      const size = specReplicas(rs);
      const unavailable = size - (rs.status?.availableReplicas ?? 0);
      if (cleaned >= -toAdd || size === 0 || unavailable <= 0) continue;
      const count = Math.min(-toAdd - cleaned, unavailable);
      cleaned += count;
      replace(rs, rollout.scale(rs, size - count, 'scale down unavailable old pods first'));
    }
    toAdd += cleaned;
    all = activeReplicaSets(result.newRS ? [...result.oldRSs, result.newRS] : result.oldRSs);
  }
  // Larger ReplicaSets first; when growing the newer of equal ones first, when shrinking the older.
  const ordered = [...all].sort((a, b) => specReplicas(b) - specReplicas(a) || (toAdd > 0 ? byCreation(b, a) : byCreation(a, b)));
  const sizes = new Map<ReplicaSet, number>();
  let added = 0;
  for (const rs of ordered) {
    const proportion = toAdd === 0 ? 0 : replicaSetProportion(d, rs, toAdd, added);
    sizes.set(rs, specReplicas(rs) + proportion);
    added += proportion;
  }
  if (toAdd !== 0 && ordered.length > 0) {
    const first = ordered[0]!;
    sizes.set(first, Math.max(0, sizes.get(first)! + toAdd - added));
  }
  for (const rs of ordered) replace(rs, rollout.scale(rs, sizes.get(rs)!, 'proportional scaling'));
  return result;
}

/** FindActiveOrLatest: the only active ReplicaSet; with none, the new one (else the newest old one). */
function activeOrLatest(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ReplicaSet | undefined {
  const active = activeReplicaSets(newRS ? [...oldRSs, newRS] : oldRSs);
  if (active.length === 1) return active[0];
  if (active.length > 1) return undefined;
  return newRS ?? [...oldRSs].sort(byCreation).reverse()[0];
}

/** IsSaturated: the new ReplicaSet was sized for, has and runs available exactly spec.replicas pods. */
function isSaturated(d: Deployment, rs: ReplicaSet): boolean {
  const replicas = d.spec.replicas ?? 1;
  return desiredReplicasAnnotation(rs) === replicas && specReplicas(rs) === replicas && (rs.status?.availableReplicas ?? 0) === replicas;
}

/** GetReplicaSetProportion: this ReplicaSet's share of the change, never beyond what is left to add. */
function replicaSetProportion(d: Deployment, rs: ReplicaSet, toAdd: number, added: number): number {
  if (specReplicas(rs) === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(d, rs);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

function replicaSetFraction(d: Deployment, rs: ReplicaSet): number {
  const replicas = d.spec.replicas ?? 1;
  if (replicas === 0) return -specReplicas(rs);
  const deploymentReplicas = replicas + resolveFenceposts(d).maxSurge;
  const annotated = maxReplicasAnnotation(rs) ?? d.status?.replicas ?? 0;
  if (annotated === 0) return 0;
  return Math.round((specReplicas(rs) * deploymentReplicas) / annotated) - specReplicas(rs);
}
