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
import { ANNOTATION_DEPLOYMENT_REVISION, activeReplicaSets, byCreation, revisionOf, specReplicaSum, specReplicas } from '../../deployment-facts/replica-sets.js';
import {
  availableReplicaSum, cleanupUnhealthyReplicas, currentReplicaSetName, isScalingEvent, scaleDownOldReplicaSets, syncReplicaSets,
} from '../../deployment-facts/rolling-steps.js';
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

  /** getAllReplicaSetsAndSyncRevision (rolling-steps.ts). */
  resolve(createIfMissing: boolean): void {
    const synced = syncReplicaSets(this.view, this.replicaSets, this.rollout, createIfMissing, (oldRSs) => {
      // NewRSReplicasLowerBound: without surge the new ReplicaSet starts with one pod (upstream: else the
      // native controller would fight with this one over an empty ReplicaSet).
      const lowerBound = this.maxSurge > 0 ? 0 : Math.min(1, this.replicas);
      return Math.max(this.newReplicaCount(0, specReplicaSum(oldRSs)), lowerBound);
    });
    this.newRS = synced.newRS;
    this.oldRSs = synced.oldRSs;
    this.revision = synced.revision;
    if (synced.note) this.notes.push(synced.note);
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
    const cleaned = cleanupUnhealthyReplicas(this.oldRSs, maxScaledDown, this.rollout);
    this.oldRSs = cleaned.oldRSs;
    // Then available old pods, as long as minAvailable stay available and the partition's share stays old; highest revision first.
    const budget = Math.max(0, Math.min(availableReplicaSum(this.all()) - minAvailable, this.scaleDownLimitForOld()));
    const scaledDown = scaleDownOldReplicaSets(this.oldRSs, budget, bySmallerRevision, this.rollout, `scale down old pods within maxUnavailable (${minAvailable} must stay available) and partition limit ${this.limit}`);
    this.oldRSs = scaledDown.oldRSs;
    return cleaned.total + scaledDown.total > 0;
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
      currentRevision: currentReplicaSetName(this.oldRSs, this.newRS),
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
