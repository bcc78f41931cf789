// The CloneSet reconcile loop (docs/spec/cloneset.md §5.1): read the CloneSet's pods, PVCs and revisions from
// the informer caches, wait for the cache to show the controller's own writes, plan one step with the
// pure planner, apply it, write status, then trim podsToDelete and the revision history.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import { isApiError } from '@coxswain/cluster';
import type {
  EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ResourceVersionExpectations, ScaleExpectations,
} from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import {
  calculatePartitionReplicas, DEFAULT_MAX_UNAVAILABLE,
  type CloneSet, type CloneSetStatus, type ControllerRevision, type FeatureGates, type ImagePullJob, type Node, type PersistentVolumeClaim, type Pod,
} from '@coxswain/kruise-api';
import { calculateInPlaceUpdateSpec, inPlaceGates } from '../inplace/calculate-spec.js';
import { intOrPercentRoundDown, planPreDownload, type PreDownloadWorkload } from '../predownload/plan.js';
import { applyPreDownload } from '../predownload/writes.js';
import { ensureUpdateRevision, truncateRevisionHistory } from '../revision/revision-store.js';
import { CLONESET_REF, PVC_REF } from '../refs.js';
import { awaitResourceVersions, awaitScaleExpectations, readableSelector } from '../sync/reconcile-gates.js';
import { deleteExpectingScale, writePodOwnership } from '../sync/pod-writes.js';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { claimPods } from './plan/pod-adoption.js';
import { handOverPvc, planPvcCleanup } from './plan/pvc-cleanup.js';
import { executeOperations, type SlowStarts } from './sync/plan-executor.js';
import { planContext } from './plan/plan-context.js';
import { planCloneSet, type CloneSetPlan } from './plan/planner.js';
import { computeStatus, minReadyRequeueMs, setFailedCondition, statusNeedsWrite } from './plan/status.js';
import type { RandomSource } from './plan/sort/instance-ids.js';

/** How soon a podsToDelete truncation that met a newer CloneSet is tried again. */
const TRUNCATE_RETRY_MS = 100;

export interface CloneSetInformers {
  cloneSets: Informer<CloneSet>;
  pods: Informer<Pod>;
  pvcs: Informer<PersistentVolumeClaim>;
  revisions: Informer<ControllerRevision>;
  nodes: Informer<Node>;
}

export interface CloneSetReconcilerDeps {
  /** The client to write through (the manager's: an observing one in observe mode). */
  client: ClusterClient;
  clock: Clock;
  informers: CloneSetInformers;
  /** With PreDownloadImageForInPlaceUpdate on: the ImagePullJobs (docs/spec/image-pull.md §6). */
  preDownloadJobs?: Informer<ImagePullJob>;
  scaleExpectations: ScaleExpectations;
  rvExpectations: ResourceVersionExpectations;
  /** Shared by the controller's reconcilers, as the expectations are. */
  slowStarts: SlowStarts;
  recorder: EventRecorder;
  gates: FeatureGates;
  /** The controller flag --cloneset-scaling-exclude-preparing-delete. */
  excludePreparingDeleteFlag: boolean;
  random: RandomSource;
  /** Observe mode: compute and keep the plan, write nothing. */
  observeOnly: boolean;
  onPlan?: (key: string, plan: CloneSetPlan) => void;
  log: Logger;
}

/** The minimum positive delay pushed during one reconcile (Kruise's per-key durationStore). */
class Requeue {
  private ms: number | undefined;
  push(ms: number | undefined): void {
    if (ms !== undefined && ms > 0 && (this.ms === undefined || ms < this.ms)) this.ms = ms;
  }
  result(): ReconcileResult {
    return this.ms === undefined ? {} : { requeueAfterMs: this.ms };
  }
}

export class CloneSetReconciler implements Reconciler {
  constructor(private readonly deps: CloneSetReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult> {
    const { deps } = this;
    const key = requestKey(request);
    const cs = deps.informers.cloneSets.get(request.namespace, request.name);
    if (!cs) {
      deps.scaleExpectations.deleteExpectations(key);
      deps.rvExpectations.deleteExpectations(key);
      deps.slowStarts.forget(key);
      return {};
    }
    const selector = readableSelector(cs.spec.selector, deps.log, 'CloneSet has an invalid selector; not reconciling', key);
    if (!selector) return {};
    const requeue = new Requeue();

    // 1. Scale expectations: a reconcile before the cache shows our creates/deletes would repeat them.
    const waitScale = awaitScaleExpectations(deps.scaleExpectations, key, deps.gates, deps.log);
    if (waitScale) return waitScale;

    // 2. Objects.
    const owned = deps.informers.pods.byOwner(cs.metadata.uid!);
    const claim = claimPods(cs, owned, selector);
    let pvcs = deps.informers.pvcs.byOwner(cs.metadata.uid!).filter((c) => !c.metadata.deletionTimestamp);
    if (!deps.observeOnly) {
      if (!cs.spec.scaleStrategy?.enablePVCReuse) pvcs = await this.cleanupPvcs(key, cs, claim.active, claim.inactive, pvcs);
      const uid = cs.metadata.uid!;
      await writePodOwnership(deps, key, uid, claim.release, claim.adopt, (pod) => ({
        ...pod, metadata: { ...pod.metadata, ownerReferences: (pod.metadata.ownerReferences ?? []).map((r) => (r.uid === uid ? { ...r, controller: true, blockOwnerDeletion: true } : r)) },
      }));
    }
    const active = claim.active;

    // 3. Revisions (the one write before planning: the update revision must exist for pods to point at it).
    const ensured = await ensureUpdateRevision(deps.client, cs, deps.informers.revisions.list(cs.metadata.namespace));

    // 4. ResourceVersion expectations: the cache must show the pods as we last wrote them.
    const waitCache = awaitResourceVersions(deps.rvExpectations, key, deps.clock, deps.log);
    if (waitCache) return waitCache;

    // Image pre-download for the rollout, before scaling and updating (docs/spec/image-pull.md §6.1).
    if (deps.preDownloadJobs && !deps.observeOnly) {
      const preDownload = planPreDownload({
        workload: preDownloadWorkload(cs, ensured.currentRevision, ensured.updateRevision, deps.gates),
        currentRevision: ensured.currentRevision, updateRevision: ensured.updateRevision,
        jobs: deps.preDownloadJobs.list(cs.metadata.namespace),
      });
      await applyPreDownload(deps.client, deps.recorder, deps.log, cs, cs.metadata.namespace, preDownload);
    }

    // 5–6. Plan and apply.
    const now = deps.clock.now();
    const plan = planCloneSet(
      planContext({
        cs, pods: active, pvcs, nodes: deps.informers.nodes.list(), revisions: ensured.revisions,
        updateRevision: ensured.updateRevision, currentRevision: ensured.currentRevision, now,
        gates: deps.gates, excludePreparingDeleteFlag: deps.excludePreparingDeleteFlag,
      }),
      deps.random,
    );
    deps.onPlan?.(key, plan);
    if (deps.observeOnly) return {};

    for (const e of plan.events) deps.recorder.event(cs, e.type, e.reason, e.message);
    const executed = await executeOperations(
      {
        client: deps.client, scaleExpectations: deps.scaleExpectations, rvExpectations: deps.rvExpectations, recorder: deps.recorder,
        now: () => deps.clock.now(), shortHash: deps.gates.enabled('CloneSetShortHash'),
        verticalScaling: deps.gates.enabled('InPlaceWorkloadVerticalScaling'),
      },
      key, cs, plan.operations, deps.slowStarts.take(key),
    );
    if (plan.creationsFollow && executed.nextSlowStartBatch !== undefined) deps.slowStarts.continueWith(key, executed.nextSlowStartBatch);
    const syncError = executed.error?.message ?? plan.updateError;

    // 7. Status over the pods listed at the start (nothing is re-read), then the spec and history trims.
    const computed = computeStatus({
      cs, activePods: active, currentRevision: ensured.currentRevision.metadata.name!, updateRevision: ensured.updateRevision.metadata.name!,
      collisionCount: ensured.collisionCount, now,
    });
    let status = computed.status;
    if (syncError) status = setFailedCondition(status, plan.phase === 'scale' ? 'FailedScale' : 'FailedUpdate', syncError, now);
    requeue.push(computed.requeueAfterMs);
    if (statusNeedsWrite(cs.status, status)) await writeStatusWithRetry(deps.client, CLONESET_REF, cs, status);
    if (await this.truncatePodsToDelete(cs, active)) requeue.push(TRUNCATE_RETRY_MS);
    await truncateRevisionHistory(deps.client, {
      revisions: ensured.revisions, currentRevisionName: status.currentRevision ?? '', updateRevisionName: status.updateRevision ?? '',
      activePods: active, revisionHistoryLimit: cs.spec.revisionHistoryLimit,
    }, deps.log);

    if (!syncError) requeue.push(minReadyRequeueMs(cs, status));
    requeue.push(plan.requeueAfterMs);
    requeue.push(executed.requeueAfterMs);
    if (executed.error) throw executed.error;
    return requeue.result();
  }

  /** docs/spec/cloneset.md §5.4 with reuse disabled: PVCs of terminating pods go with them; PVCs nobody carries are deleted. */
  private async cleanupPvcs(key: string, cs: CloneSet, active: Pod[], inactive: Pod[], pvcs: PersistentVolumeClaim[]): Promise<PersistentVolumeClaim[]> {
    const { deps } = this;
    const cleanup = planPvcCleanup(active, inactive, pvcs);
    for (const { pvc, pod } of cleanup.handOver) {
      await deps.client.update(handOverPvc(cs, pvc, pod));
    }
    for (const pvc of cleanup.remove) {
      await deleteExpectingScale(deps, key, PVC_REF, pvc).catch((err: unknown) => {
        if (!isApiError(err, 'NotFound')) throw err;
      });
    }
    return cleanup.keep;
  }

  /**
   * docs/spec/cloneset.md §5.5: names in podsToDelete that match no active pod are dropped from the spec. The patch carries
   * the CloneSet's resourceVersion, so a name someone adds to podsToDelete meanwhile is never dropped.
   * Its own status write usually moved the CloneSet on, so a Conflict is the normal case: the next
   * reconcile (soon) truncates from the fresh object. Other errors are logged and retried the same way.
   * Returns whether to come back.
   */
  private async truncatePodsToDelete(cs: CloneSet, active: Pod[]): Promise<boolean> {
    const listed = cs.spec.scaleStrategy?.podsToDelete ?? [];
    if (listed.length === 0) return false;
    const names = new Set(active.map((p) => p.metadata.name));
    const kept = listed.filter((n) => names.has(n));
    if (kept.length === listed.length) return false;
    try {
      await this.deps.client.patch(CLONESET_REF, cs.metadata.namespace, cs.metadata.name!, {
        metadata: { resourceVersion: cs.metadata.resourceVersion },
        spec: { scaleStrategy: { podsToDelete: kept } },
      });
      return false;
    } catch (err) {
      if (isApiError(err, 'Conflict')) return true;
      this.deps.log('warn', 'could not truncate podsToDelete', { cloneSet: cs.metadata.name, error: String(err) });
      return true;
    }
  }
}

/**
 * The CloneSet as pre-download reads it (docs/spec/image-pull.md §6.2): Kruise's v1alpha1 update type
 * ReCreate is podUpdatePolicy ReCreate (its default) here; the partition as the controller scales it;
 * maxUnavailable (default 20%) rounded down; in place as the CloneSet's update options say.
 */
function preDownloadWorkload(cs: CloneSet, current: ControllerRevision, update: ControllerRevision, gates: FeatureGates): PreDownloadWorkload {
  const replicas = cs.spec.replicas ?? 1;
  const rolling = cs.spec.updateStrategy?.rollingUpdate;
  const policy = rolling?.podUpdatePolicy ?? 'ReCreate';
  return {
    owner: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: cs.metadata.name ?? '', uid: cs.metadata.uid ?? '' },
    metadata: cs.metadata,
    replicas,
    selector: cs.spec.selector,
    template: cs.spec.template,
    updatedReadyReplicas: cs.status?.updatedReadyReplicas ?? 0,
    statusUpdateRevision: cs.status?.updateRevision,
    notInPlaceStrategy: policy === 'ReCreate',
    partition: calculatePartitionReplicas(rolling?.partition, cs.spec.replicas).value,
    maxUnavailable: intOrPercentRoundDown(rolling?.maxUnavailable ?? DEFAULT_MAX_UNAVAILABLE, replicas),
    canUpdateInPlace: calculateInPlaceUpdateSpec(current, update, {
      gates: inPlaceGates(gates), ignoreVolumeClaimTemplatesHashDiff: policy === 'InPlaceOnly',
      gracePeriodSeconds: rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds,
    }) !== undefined,
  };
}
