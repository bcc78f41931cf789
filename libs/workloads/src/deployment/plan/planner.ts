// The Deployment controller's sync as a pure function (Kubernetes' syncDeployment with sync.go,
// rolling.go and recreate.go): the ReplicaSet writes of one pass, in order, and the status they lead
// to. A pass makes one step: a rolling update scales the new ReplicaSet up within maxSurge, or the old
// ones down within maxUnavailable, and the next pass (woken by the ReplicaSets' status) goes on.
import type { Deployment, DeploymentStatus, Pod, ReplicaSet } from '@coxswain/kruise-api';
import type { Blocker, RolloutPlan } from '../../plan/plan-types.js';
import { pruneHistory } from './history.js';
import { ANNOTATION_DEPLOYMENT_REVISION, byCreation, specReplicaSum, specReplicas } from '../../deployment-facts/replica-sets.js';
import { Rollout, type DeploymentOperation } from '../../deployment-facts/replica-set-ops.js';
import {
  availableReplicaSum, cleanupUnhealthyReplicas, currentReplicaSetName, isScalingEvent, scaleDownOldReplicaSets, syncReplicaSets,
} from '../../deployment-facts/rolling-steps.js';
import { scaleProportionally } from '../../deployment-facts/scale.js';
import { deploymentStatus, type ConditionNote } from '../../deployment-facts/status.js';
import { resolveFenceposts } from '../../deployment-facts/strategy.js';

export interface DeploymentPlanInput {
  d: Deployment;
  /** The ReplicaSets the Deployment controls (after adoption). */
  replicaSets: readonly ReplicaSet[];
  /** Pods of those ReplicaSets, terminating ones included (Recreate waits for them to be gone). */
  pods: readonly Pod[];
  now: number;
}

export interface DeploymentDiff {
  replicas: number;
  maxSurge: number;
  maxUnavailable: number;
  newReplicaSet: string;
  newReplicas: number;
  oldReplicas: number;
  availableReplicas: number;
}

export interface DeploymentPlan extends RolloutPlan<DeploymentDiff> {
  operations: DeploymentOperation[];
  /** The revision annotation the Deployment should carry; undefined leaves it. */
  revisionAnnotation?: string;
  status: DeploymentStatus;
  requeueAfterMs?: number;
}

export function planDeployment({ d, replicaSets, pods, now }: DeploymentPlanInput): DeploymentPlan {
  const pass = new Pass(d, replicaSets);
  if (d.metadata.deletionTimestamp) {
    pass.resolve(false);
  } else if (d.spec.paused || isScalingEvent(d, replicaSets)) {
    pass.sync();
  } else if (d.spec.strategy?.type === 'Recreate') {
    pass.recreate(pods);
  } else {
    pass.rolling();
  }
  return pass.plan(now);
}

class Pass {
  private readonly rollout: Rollout;
  private newRS?: ReplicaSet;
  private oldRSs: ReplicaSet[] = [];
  private revision?: string;
  private readonly notes: ConditionNote[] = [];
  private readonly blockers: Blocker[] = [];
  private readonly paused: boolean;

  constructor(private readonly d: Deployment, private readonly replicaSets: readonly ReplicaSet[]) {
    this.rollout = new Rollout(d);
    this.paused = d.spec.paused === true;
  }

  private get replicas(): number {
    return this.d.spec.replicas ?? 1;
  }

  /** getAllReplicaSetsAndSyncRevision (rolling-steps.ts). */
  resolve(createIfMissing: boolean): void {
    const synced = syncReplicaSets(this.d, this.replicaSets, this.rollout, createIfMissing, (oldRSs) => {
      this.oldRSs = oldRSs;
      return this.newReplicaCount(undefined);
    });
    this.newRS = synced.newRS;
    this.oldRSs = synced.oldRSs;
    this.revision = synced.revision;
    if (synced.note) this.notes.push(synced.note);
  }

  /** NewRSNewReplicas: RollingUpdate grows the new ReplicaSet up to replicas + maxSurge pods in total. */
  private newReplicaCount(newRS: ReplicaSet | undefined): number {
    const current = newRS ? specReplicas(newRS) : 0;
    if (this.d.spec.strategy?.type === 'Recreate') return this.replicas;
    const all = newRS ? [...this.oldRSs, newRS] : this.oldRSs;
    const maxTotal = this.replicas + resolveFenceposts(this.d).maxSurge;
    const total = specReplicaSum(all);
    if (total >= maxTotal) return current;
    return current + Math.min(maxTotal - total, this.replicas - current);
  }

  private all(): ReplicaSet[] {
    return this.newRS ? [...this.oldRSs, this.newRS] : [...this.oldRSs];
  }

  /** sync: scaling (and, when paused, history cleanup) without rolling anything out. */
  sync(): void {
    this.resolve(false);
    const scaled = scaleProportionally(this.d, this.rollout, this.newRS, this.oldRSs);
    this.newRS = scaled.newRS;
    this.oldRSs = scaled.oldRSs;
    if (this.paused) {
      this.blockers.push({ code: 'PAUSED', message: 'paused: the Deployment scales but does not roll out', pods: [] });
      this.cleanup();
    }
  }

  /** rolloutRolling: scale the new ReplicaSet up, else the old ones down; clean history once complete. */
  rolling(): void {
    this.resolve(true);
    if (this.reconcileNewReplicaSet()) return;
    if (this.reconcileOldReplicaSets()) return;
    this.cleanupIfComplete();
  }

  private reconcileNewReplicaSet(): boolean {
    const rs = this.newRS!;
    const current = specReplicas(rs);
    if (current === this.replicas) return false;
    if (current > this.replicas) {
      this.newRS = this.rollout.scale(rs, this.replicas, 'scale down the new ReplicaSet to replicas');
      return true;
    }
    const target = this.newReplicaCount(rs);
    if (target === current) {
      this.blockers.push({ code: 'MAX_UNAVAILABLE', message: `maxSurge ${resolveFenceposts(this.d).maxSurge}: ${specReplicaSum(this.all())} pods already, the new ReplicaSet ${rs.metadata.name} waits for old pods to go`, pods: [] });
      return false;
    }
    this.newRS = this.rollout.scale(rs, target, `scale up the new ReplicaSet within maxSurge ${resolveFenceposts(this.d).maxSurge}`);
    return true;
  }

  private reconcileOldReplicaSets(): boolean {
    const oldPods = specReplicaSum(this.oldRSs);
    if (oldPods === 0) return false;
    const { maxUnavailable } = resolveFenceposts(this.d);
    const minAvailable = this.replicas - maxUnavailable;
    const newRS = this.newRS!;
    const newUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
    const maxScaledDown = specReplicaSum(this.all()) - minAvailable - newUnavailable;
    if (maxScaledDown <= 0) {
      this.blockers.push({ code: 'MAX_UNAVAILABLE', message: `maxUnavailable ${maxUnavailable}: ${newUnavailable} new pods are not available yet, no old pod may go`, pods: [] });
      return false;
    }
    const cleaned = cleanupUnhealthyReplicas(this.oldRSs, maxScaledDown, this.rollout);
    this.oldRSs = cleaned.oldRSs;
    // Then available old pods, as long as minAvailable pods stay available, oldest ReplicaSet first.
    const budget = Math.max(0, availableReplicaSum(this.all()) - minAvailable);
    const scaledDown = scaleDownOldReplicaSets(this.oldRSs, budget, byCreation, this.rollout, `scale down old pods within maxUnavailable (${minAvailable} must stay available)`);
    this.oldRSs = scaledDown.oldRSs;
    return cleaned.total + scaledDown.total > 0;
  }

  /** rolloutRecreate: every old ReplicaSet to 0, wait until their pods are gone, then the new one to replicas. */
  recreate(pods: readonly Pod[]): void {
    this.resolve(false);
    let scaledDown = false;
    this.oldRSs = this.oldRSs.map((rs) => {
      if (specReplicas(rs) === 0) return rs;
      scaledDown = true;
      return this.rollout.scale(rs, 0, 'Recreate: scale the old ReplicaSet down to 0');
    });
    if (scaledDown) return;
    const oldUids = new Set(this.oldRSs.map((rs) => rs.metadata.uid));
    const running = pods.filter((p) => {
      const owner = p.metadata.ownerReferences?.find((r) => r.controller === true)?.uid;
      return oldUids.has(owner) && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';
    });
    if (running.length > 0) {
      this.blockers.push({ code: 'WAITING_FOR_DELETIONS', message: `Recreate: waiting for ${running.length} old pods to be gone`, pods: running.map((p) => p.metadata.name!) });
      return;
    }
    if (!this.newRS) this.resolve(true);
    if (specReplicas(this.newRS!) !== this.replicas) {
      this.newRS = this.rollout.scale(this.newRS!, this.replicas, 'Recreate: scale the new ReplicaSet up');
    }
    this.cleanupIfComplete();
  }

  /** Old ReplicaSets are pruned once the stored status says the rollout is complete (DeploymentComplete). */
  private cleanupIfComplete(): void {
    const s = this.d.status;
    const n = this.replicas;
    if (s?.updatedReplicas === n && s.replicas === n && s.availableReplicas === n && (s.observedGeneration ?? 0) >= (this.d.metadata.generation ?? 0)) this.cleanup();
  }

  private cleanup(): void {
    for (const rs of pruneHistory(this.oldRSs, this.d.spec.revisionHistoryLimit)) this.rollout.remove(rs, 'beyond revisionHistoryLimit');
  }

  plan(now: number): DeploymentPlan {
    const { d } = this;
    const fence = resolveFenceposts(d);
    const all = this.all();
    const deleted = new Set(this.rollout.operations.filter((o) => o.op === 'deleteReplicaSet').map((o) => o.rs.metadata.name));
    const { status, requeueAfterMs } = deploymentStatus({ d, all: all.filter((rs) => !deleted.has(rs.metadata.name)), newRS: this.newRS, notes: this.notes, now });
    const newReplicas = this.newRS ? specReplicas(this.newRS) : 0;
    return {
      updateRevision: this.newRS?.metadata.name ?? '',
      currentRevision: currentReplicaSetName(this.oldRSs, this.newRS),
      complete: status.updatedReplicas === this.replicas && status.replicas === this.replicas && status.availableReplicas === this.replicas,
      diff: {
        replicas: this.replicas, maxSurge: fence.maxSurge, maxUnavailable: fence.maxUnavailable, newReplicaSet: this.newRS?.metadata.name ?? '',
        newReplicas, oldReplicas: specReplicaSum(this.oldRSs), availableReplicas: status.availableReplicas ?? 0,
      },
      actions: this.rollout.actions,
      blockers: this.blockers,
      operations: this.rollout.operations,
      ...(this.revision !== undefined && this.revision !== d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_REVISION] ? { revisionAnnotation: this.revision } : {}),
      status,
      ...(requeueAfterMs !== undefined ? { requeueAfterMs } : {}),
    };
  }
}
