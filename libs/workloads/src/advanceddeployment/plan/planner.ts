// Kruise Rollouts' advanced Deployment controller as a pure function (docs/spec/kruise-rollout.md §3.6;
// upstream pkg/controller/deployment/: deployment_controller.go syncDeployment, rolling.go, sync.go,
// util/deployment_util.go): a Deployment released in partition style rolls like a RollingUpdate one
// with the fenceposts of its strategy annotation, except that the new ReplicaSet never grows beyond
// newRSReplicasLimit(partition) and the old ones never shrink below what that leaves them (they grow
// back when they are below it). One pass makes one step, as Kubernetes' controller: scale the new
// ReplicaSet up, else the old ones down; the next pass (woken by the ReplicaSets' status) goes on. The
// pass ends with the status and the deployment-extra-status annotation. A paused strategy or a change of
// spec.replicas only scales (proportionally); nothing here prunes the revision history (upstream's
// advanced controller does not).
import {
  deploymentExtraStatusJson, newRSReplicasLimit, type AdvancedDeploymentStrategy, type Deployment, type DeploymentStatus, type ReplicaSet,
} from '@coxswain/kruise-api';
import type { Blocker, RolloutPlan } from '../../plan/plan-types.js';
import { rollingView } from '../../deployment-facts/advanced-strategy.js';
import { Rollout, type DeploymentOperation } from '../../deployment-facts/replica-set-ops.js';
import {
  ANNOTATION_DEPLOYMENT_REVISION, ANNOTATION_DESIRED_REPLICAS, activeReplicaSets, byCreation, desiredReplicasAnnotation, findNewReplicaSet, maxRevision,
  revisionOf, specReplicaSum, specReplicas,
} from '../../deployment-facts/replica-sets.js';
import { scaleProportionally } from '../../deployment-facts/scale.js';
import { deploymentStatus, type ConditionNote } from '../../deployment-facts/status.js';
import { resolveFenceposts } from '../../deployment-facts/strategy.js';

/** Upstream DefaultRetryDuration: a Deployment not yet at its partition is looked at again after 2 s. */
export const ADVANCED_REQUEUE_MS = 2000;

export interface AdvancedDeploymentPlanInput {
  d: Deployment;
  /** The strategy annotation (deployment-facts/advanced-strategy.ts advancedStrategyOf). */
  strategy: AdvancedDeploymentStrategy;
  /** The ReplicaSets the Deployment controls, none being deleted. */
  replicaSets: readonly ReplicaSet[];
  now: number;
}

export interface AdvancedDeploymentDiff {
  replicas: number;
  maxSurge: number;
  maxUnavailable: number;
  /** newRSReplicasLimit of the partition. */
  newRSReplicasLimit: number;
  newReplicaSet: string;
  newReplicas: number;
  oldReplicas: number;
  availableReplicas: number;
}

export interface AdvancedDeploymentPlan extends RolloutPlan<AdvancedDeploymentDiff> {
  operations: DeploymentOperation[];
  /** The revision annotation the Deployment should carry; undefined leaves it. */
  revisionAnnotation?: string;
  status: DeploymentStatus;
  /** The value of rollouts.kruise.io/deployment-extra-status. */
  extraStatus: string;
  requeueAfterMs?: number;
}

export function planAdvancedDeployment({ d, strategy, replicaSets, now }: AdvancedDeploymentPlanInput): AdvancedDeploymentPlan {
  const pass = new AdvancedPass(rollingView(d, strategy), d, strategy, replicaSets);
  if (d.metadata.deletionTimestamp) pass.resolve(false);
  else if (strategy.paused === true || isScalingEvent(d, replicaSets)) pass.sync();
  else pass.rolling();
  return pass.plan(now);
}

function isScalingEvent(d: Deployment, replicaSets: readonly ReplicaSet[]): boolean {
  const replicas = d.spec.replicas ?? 1;
  return activeReplicaSets(replicaSets).some((rs) => {
    const desired = desiredReplicasAnnotation(rs);
    return desired !== undefined && desired !== replicas;
  });
}

/** ReplicaSetsBySmallerRevision: the highest revision first (the middle revisions go before the oldest), ties oldest first. */
function bySmallerRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revisionOf(a);
  const rb = revisionOf(b);
  return ra === rb ? byCreation(a, b) : rb - ra;
}

/** ReplicaSetsBySizeOlder: the largest first, ties oldest first. */
function bySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  return specReplicas(b) - specReplicas(a) || byCreation(a, b);
}

class AdvancedPass {
  private readonly rollout: Rollout;
  private newRS?: ReplicaSet;
  private oldRSs: ReplicaSet[] = [];
  private revision?: string;
  private readonly notes: ConditionNote[] = [];
  private readonly blockers: Blocker[] = [];
  private readonly replicas: number;
  private readonly maxSurge: number;
  private readonly maxUnavailable: number;
  readonly limit: number;

  constructor(private readonly view: Deployment, private readonly d: Deployment, private readonly strategy: AdvancedDeploymentStrategy, private readonly replicaSets: readonly ReplicaSet[]) {
    this.rollout = new Rollout(view);
    this.replicas = d.spec.replicas ?? 1;
    const fence = resolveFenceposts(view);
    this.maxSurge = fence.maxSurge;
    // MaxUnavailable: 0 for 0 replicas, never above replicas.
    this.maxUnavailable = this.replicas === 0 ? 0 : Math.min(fence.maxUnavailable, this.replicas);
    this.limit = newRSReplicasLimit(strategy.partition, this.replicas);
  }

  /** getAllReplicaSetsAndSyncRevision: the new ReplicaSet (created when asked and missing) and the old ones. */
  resolve(createIfMissing: boolean): void {
    const found = findNewReplicaSet(this.view, this.replicaSets);
    this.oldRSs = this.replicaSets.filter((rs) => rs !== found);
    const newRevision = maxRevision(this.oldRSs) + 1;
    if (found) {
      let rs = found;
      const annotations = { ...(rs.metadata.annotations ?? {}) };
      if (revisionOf(rs) < newRevision) annotations[ANNOTATION_DEPLOYMENT_REVISION] = String(newRevision);
      if (annotations[ANNOTATION_DESIRED_REPLICAS] === undefined) Object.assign(annotations, this.rollout.replicasAnnotations());
      const minReady = this.d.spec.minReadySeconds ?? 0;
      if (JSON.stringify(annotations) !== JSON.stringify(rs.metadata.annotations ?? {}) || (rs.spec.minReadySeconds ?? 0) !== minReady) {
        rs = this.rollout.update(rs, { ...rs, metadata: { ...rs.metadata, annotations }, spec: { ...rs.spec, minReadySeconds: minReady } }, specReplicas(rs), specReplicas(rs), 'revision');
      }
      this.newRS = rs;
      this.revision = rs.metadata.annotations?.[ANNOTATION_DEPLOYMENT_REVISION];
      this.notes.push({ kind: 'found', rs: rs.metadata.name! });
      return;
    }
    if (!createIfMissing) return;
    // NewRSReplicasLowerBound: without surge the new ReplicaSet starts with one pod (upstream: else the
    // native controller would fight with this one over an empty ReplicaSet).
    const lowerBound = this.maxSurge > 0 ? 0 : Math.min(1, this.replicas);
    const replicas = Math.max(this.newReplicaCount(0, specReplicaSum(this.oldRSs)), lowerBound);
    this.newRS = this.rollout.newReplicaSet(newRevision, replicas);
    this.revision = String(newRevision);
    this.notes.push({ kind: 'created', rs: this.newRS.metadata.name! });
  }

  /** NewRSNewReplicas under the partition: up to replicas + maxSurge pods in all, never beyond the limit. */
  private newReplicaCount(current: number, allPods: number): number {
    if (allPods <= current) return this.replicas;
    if (current >= this.limit) return current;
    const maxTotal = this.replicas + this.maxSurge;
    if (allPods >= maxTotal) return current;
    const up = Math.min(maxTotal - allPods, this.replicas - current);
    return Math.min(current + up, this.limit);
  }

  private all(): ReplicaSet[] {
    return this.newRS ? [...this.oldRSs, this.newRS] : [...this.oldRSs];
  }

  /** sync: a scaling event or a paused strategy only scales, proportionally. */
  sync(): void {
    this.resolve(false);
    const scaled = scaleProportionally(this.view, this.rollout, this.newRS, this.oldRSs, true);
    this.newRS = scaled.newRS;
    this.oldRSs = scaled.oldRSs;
    if (this.strategy.paused === true) this.blockers.push({ code: 'PAUSED', message: 'the deployment-strategy annotation is paused: the Deployment scales but does not roll', pods: [] });
  }

  /** rolloutRolling: scale the new ReplicaSet up, else the old ones down (or back up, to the partition). */
  rolling(): void {
    this.resolve(true);
    if (this.reconcileNewReplicaSet()) return;
    this.reconcileOldReplicaSets();
  }

  private reconcileNewReplicaSet(): boolean {
    const rs = this.newRS!;
    const current = specReplicas(rs);
    if (current === this.replicas) return false;
    const target = current > this.replicas ? this.replicas : this.newReplicaCount(current, specReplicaSum(this.all()));
    if (target === current) {
      if (current >= this.limit) this.blockers.push({ code: 'PARTITION', message: `partition ${String(this.strategy.partition ?? 0)}: the new ReplicaSet ${rs.metadata.name} is at its limit of ${this.limit} pods`, pods: [] });
      else this.blockers.push({ code: 'MAX_UNAVAILABLE', message: `maxSurge ${this.maxSurge}: ${specReplicaSum(this.all())} pods already, the new ReplicaSet ${rs.metadata.name} waits for old pods to go`, pods: [] });
      return false;
    }
    this.newRS = this.rollout.scale(rs, target, target > current ? `scale up the new ReplicaSet within maxSurge ${this.maxSurge} and partition limit ${this.limit}` : 'scale down the new ReplicaSet to replicas');
    return true;
  }

  /** ScaleDownLimitForOld: how many old pods may go so that the old ReplicaSets keep what the partition leaves them (negative: they lack pods). */
  private scaleDownLimitForOld(): number {
    const newDesired = Math.max(this.limit, specReplicas(this.newRS!));
    return specReplicaSum(this.oldRSs) - (this.replicas - newDesired);
  }

  private reconcileOldReplicaSets(): boolean {
    if (specReplicaSum(activeReplicaSets(this.oldRSs)) === 0) return false;
    const limit = this.scaleDownLimitForOld();
    if (limit <= 0) return this.scaleUpOldReplicaSets(-limit);
    const minAvailable = this.replicas - this.maxUnavailable;
    const newRS = this.newRS!;
    const newUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
    const maxScaledDown = Math.min(specReplicaSum(this.all()) - minAvailable - newUnavailable, limit);
    if (maxScaledDown <= 0) {
      this.blockers.push({ code: 'MAX_UNAVAILABLE', message: `maxUnavailable ${this.maxUnavailable}: ${newUnavailable} new pods are not available yet, no old pod may go`, pods: [] });
      return false;
    }
    const cleaned = this.cleanupUnhealthyReplicas(maxScaledDown);
    const scaledDown = this.scaleDownOldForRollingUpdate(minAvailable);
    return cleaned + scaledDown > 0;
  }

  /** scaleUpOldReplicaSets: the largest (then oldest) active old ReplicaSet gets the missing pods. */
  private scaleUpOldReplicaSets(count: number): boolean {
    const active = activeReplicaSets(this.oldRSs).sort(bySizeOlder);
    const target = active[0];
    if (count <= 0 || !target) return false;
    const next = this.rollout.scale(target, specReplicas(target) + count, `scale the old ReplicaSet back up to what partition ${String(this.strategy.partition ?? 0)} leaves it`);
    this.oldRSs = this.oldRSs.map((rs) => (rs === target ? next : rs));
    return true;
  }

  /** Old ReplicaSets lose their unavailable pods first, oldest ReplicaSet first. */
  private cleanupUnhealthyReplicas(maxCleanup: number): number {
    let total = 0;
    this.oldRSs = [...this.oldRSs].sort(byCreation).map((rs) => {
      if (total >= maxCleanup) return rs;
      const replicas = specReplicas(rs);
      const available = rs.status?.availableReplicas ?? 0;
      if (replicas === 0 || replicas === available) return rs;
      const count = Math.min(maxCleanup - total, replicas - available);
      total += count;
      return this.rollout.scale(rs, replicas - count, 'scale down unavailable old pods');
    });
    return total;
  }

  /** Then available old pods, as long as minAvailable stay available and the partition's share stays old; highest revision first. */
  private scaleDownOldForRollingUpdate(minAvailable: number): number {
    const available = this.all().reduce((sum, rs) => sum + (rs.status?.availableReplicas ?? 0), 0);
    if (available <= minAvailable) return 0;
    const budget = Math.min(available - minAvailable, this.scaleDownLimitForOld());
    let total = 0;
    this.oldRSs = [...this.oldRSs].sort(bySmallerRevision).map((rs) => {
      const replicas = specReplicas(rs);
      if (total >= budget || replicas === 0) return rs;
      const count = Math.min(replicas, budget - total);
      total += count;
      return this.rollout.scale(rs, replicas - count, `scale down old pods within maxUnavailable (${minAvailable} must stay available) and partition limit ${this.limit}`);
    });
    return total;
  }

  plan(now: number): AdvancedDeploymentPlan {
    const all = this.all();
    const { status } = deploymentStatus({ d: this.view, all, newRS: this.newRS, notes: this.notes, now });
    const newReplicas = this.newRS ? specReplicas(this.newRS) : 0;
    const extraStatus = deploymentExtraStatusJson({ updatedReadyReplicas: this.newRS?.status?.readyReplicas ?? 0, expectedUpdatedReplicas: this.limit });
    // DeploymentRolloutSatisfied: observed, all replicas there and the new revision at its limit.
    const satisfied = (this.d.status?.observedGeneration ?? 0) >= (this.d.metadata.generation ?? 0)
      && (this.d.status?.replicas ?? 0) === this.replicas && (this.d.status?.updatedReplicas ?? 0) >= this.limit;
    return {
      updateRevision: this.newRS?.metadata.name ?? '',
      currentRevision: [...this.oldRSs].sort(byCreation).reverse().find((rs) => specReplicas(rs) > 0)?.metadata.name ?? this.newRS?.metadata.name ?? '',
      complete: status.updatedReplicas === this.limit && status.replicas === this.replicas && status.availableReplicas === this.replicas,
      diff: {
        replicas: this.replicas, maxSurge: this.maxSurge, maxUnavailable: this.maxUnavailable, newRSReplicasLimit: this.limit,
        newReplicaSet: this.newRS?.metadata.name ?? '', newReplicas, oldReplicas: specReplicaSum(this.oldRSs), availableReplicas: status.availableReplicas ?? 0,
      },
      actions: this.rollout.actions,
      blockers: this.blockers,
      operations: this.rollout.operations,
      ...(this.revision !== undefined && this.revision !== this.d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_REVISION] ? { revisionAnnotation: this.revision } : {}),
      status,
      extraStatus,
      ...(satisfied ? {} : { requeueAfterMs: ADVANCED_REQUEUE_MS }),
    };
  }
}
