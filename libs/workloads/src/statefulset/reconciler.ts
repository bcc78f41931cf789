// The StatefulSet reconcile loop (docs/spec/advanced-statefulset.md §4.1, Kruise's sync + UpdateStatefulSet):
// read the set, its pods, claims and revisions from the informer caches, adopt orphaned revisions and
// pods, make the update revision exist, wait for the cache to show the controller's own writes, plan one
// pass with the pure planner, apply it, write the status, then trim the revision history.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import { isApiError } from '@coxswain/cluster';
import type {
  EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ResourceVersionExpectations, ScaleExpectations,
} from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import {
  type ControllerRevision, type FeatureGates, type ImagePullJob, type KubeObject, type NativeStatefulSet, type PersistentVolumeClaim, type Pod, type StatefulSet,
  type StatefulSetStatus,
} from '@coxswain/kruise-api';
import { calculateInPlaceUpdateSpec, inPlaceGates } from '../inplace/calculate-spec.js';
import { withControllerRef } from '../ownership/claim.js';
import { intOrPercentRoundDown, planPreDownload, type PreDownloadWorkload } from '../predownload/plan.js';
import { applyPreDownload } from '../predownload/writes.js';
import { ensureUpdateRevision, truncateRevisionHistory } from '../revision/revision-store.js';
import { awaitResourceVersions, awaitScaleExpectations, readableSelector } from '../sync/reconcile-gates.js';
import { writePodOwnership } from '../sync/pod-writes.js';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { lifecycleTimestamp } from '../pod/time.js';
import { planStatefulSet } from './plan/planner.js';
import type { StatefulSetPlan } from './plan/plan-types.js';
import { statefulSetStatusNeedsWrite, storedStatus } from './plan/status.js';
import { orphanRevisionsToAdopt, statefulSetRevisions } from './revision/revisions.js';
import { statefulSetControllerRef, statefulSetView, type StatefulSetFlavor } from './plan/flavor.js';
import { claimStatefulSetPods } from './plan/pod-adoption.js';
import { executeStatefulSetPlan } from './sync/plan-executor.js';
import type { UpdateExpectations } from './sync/update-expectations.js';


export type StoredStatefulSet = StatefulSet | NativeStatefulSet;

export interface StatefulSetInformers {
  sets: Informer<StoredStatefulSet>;
  pods: Informer<Pod>;
  pvcs: Informer<PersistentVolumeClaim>;
  revisions: Informer<ControllerRevision>;
}

export interface StatefulSetReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  flavor: StatefulSetFlavor;
  informers: StatefulSetInformers;
  /** Advanced StatefulSet with PreDownloadImageForInPlaceUpdate on: the ImagePullJobs (docs/spec/image-pull.md §6). */
  preDownloadJobs?: Informer<ImagePullJob>;
  scaleExpectations: ScaleExpectations;
  rvExpectations: ResourceVersionExpectations;
  updateExpectations: UpdateExpectations;
  recorder: EventRecorder;
  gates: FeatureGates;
  /** Observe mode: compute and keep the plan, write nothing. */
  observeOnly: boolean;
  onPlan?: (key: string, plan: StatefulSetPlan) => void;
  log: Logger;
}

export class StatefulSetReconciler implements Reconciler {
  constructor(private readonly deps: StatefulSetReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult> {
    const { deps } = this;
    const key = requestKey(request);
    const stored = deps.informers.sets.get(request.namespace, request.name);
    if (!stored) {
      deps.scaleExpectations.deleteExpectations(key);
      deps.rvExpectations.deleteExpectations(key);
      deps.updateExpectations.delete(key);
      return {};
    }
    const view = statefulSetView(stored, deps.flavor);
    const set = view.set;
    const selector = readableSelector(set.spec.selector, deps.log, 'StatefulSet has an invalid selector; not reconciling', key);
    if (!selector) return {};

    // Creations and deletions the cache does not show yet would be repeated.
    const waitScale = awaitScaleExpectations(deps.scaleExpectations, key, deps.gates, deps.log);
    if (waitScale) return waitScale;

    const namespace = set.metadata.namespace;
    let revisionsInNamespace = deps.informers.revisions.list(namespace);
    const claim = claimStatefulSetPods(set, deps.informers.pods.claimable(namespace, set.metadata.uid!), selector);
    if (!deps.observeOnly) {
      revisionsInNamespace = await this.adoptRevisions(set, revisionsInNamespace);
      const ref = statefulSetControllerRef(set, deps.flavor);
      await writePodOwnership(deps, key, set.metadata.uid!, claim.release, claim.adopt, (pod) => withControllerRef(pod, ref));
    }
    const ensured = await ensureUpdateRevision(deps.client, set, revisionsInNamespace, statefulSetRevisions(deps.flavor));
    const updateName = ensured.updateRevision.metadata.name!;
    const pendingInPlaceUpdates = deps.updateExpectations.observe(key, updateName, claim.pods);

    const waitCache = awaitResourceVersions(deps.rvExpectations, key, deps.clock, deps.log);
    if (waitCache) return waitCache;

    // Image pre-download for the rollout (Kruise's doPreDownload, docs/spec/image-pull.md §6.1).
    if (deps.preDownloadJobs && !deps.observeOnly) {
      const preDownload = planPreDownload({
        workload: preDownloadWorkload(set as StatefulSet, ensured.currentRevision, ensured.updateRevision, deps.gates),
        currentRevision: ensured.currentRevision, updateRevision: ensured.updateRevision,
        jobs: deps.preDownloadJobs.list(namespace),
      });
      await applyPreDownload(deps.client, deps.recorder, deps.log, stored, namespace, preDownload);
    }

    const now = deps.clock.now();
    const plan = planStatefulSet({
      view, pods: claim.pods, pvcs: new Map(deps.informers.pvcs.list(namespace).map((c) => [c.metadata.name!, c])),
      revisions: ensured.revisions, currentRevision: ensured.currentRevision, updateRevision: ensured.updateRevision,
      collisionCount: ensured.collisionCount, pendingInPlaceUpdates, now, gates: deps.gates,
    });
    deps.onPlan?.(key, plan);
    if (deps.observeOnly) return {};

    for (const e of plan.events) deps.recorder.event(stored, e.type, e.reason, e.message);
    const executed = await executeStatefulSetPlan(
      {
        client: deps.client, scaleExpectations: deps.scaleExpectations, rvExpectations: deps.rvExpectations,
        updateExpectations: deps.updateExpectations, recorder: deps.recorder, now: () => deps.clock.now(), gates: deps.gates,
      },
      key, stored, set, updateName, plan.operations,
    );

    const error = executed.error ?? (plan.error ? new Error(plan.error.message) : undefined);
    const failure = executed.error ? executed.failure : plan.error?.condition;
    let status = plan.status;
    if (error && failure) {
      status = { ...status, conditions: [{ type: failure, status: 'True', reason: '', message: error.message, lastTransitionTime: lifecycleTimestamp(now) }] };
    }
    const written = storedStatus(deps.flavor, status);
    if (statefulSetStatusNeedsWrite(stored.status as Partial<StatefulSetStatus> | undefined, written)) await writeStatusWithRetry(deps.client, deps.flavor.ref, stored, written);
    await truncateRevisionHistory(deps.client, {
      revisions: ensured.revisions, currentRevisionName: ensured.currentRevision.metadata.name!, updateRevisionName: updateName,
      activePods: claim.pods, revisionHistoryLimit: set.spec.revisionHistoryLimit,
    }, deps.log);

    const requeue = [plan.requeueAfterMs, executed.requeueAfterMs].filter((ms): ms is number => ms !== undefined && ms > 0);
    if (error) throw error;
    return requeue.length > 0 ? { requeueAfterMs: Math.min(...requeue) } : {};
  }

  /** docs/spec/advanced-statefulset.md §3: orphaned revisions matching the selector get the set as controller, after re-reading the set's uid. */
  private async adoptRevisions(set: StatefulSet, revisions: ControllerRevision[]): Promise<ControllerRevision[]> {
    const orphans = orphanRevisionsToAdopt(set, this.deps.flavor, revisions);
    if (orphans.length === 0) return revisions;
    const fresh = await this.deps.client.get<KubeObject>(this.deps.flavor.ref, set.metadata.namespace, set.metadata.name!).catch(() => undefined);
    if (fresh?.metadata.uid !== set.metadata.uid) return revisions;
    const adopted = new Map<string, ControllerRevision>();
    for (const revision of orphans) {
      try {
        adopted.set(revision.metadata.name!, await this.deps.client.update<ControllerRevision>(revision));
      } catch (err) {
        if (!isApiError(err, 'Conflict') && !isApiError(err, 'NotFound')) throw err;
      }
    }
    return revisions.map((r) => adopted.get(r.metadata.name!) ?? r);
  }
}

/**
 * The Advanced StatefulSet as pre-download reads it (docs/spec/image-pull.md §6.2): OnDelete, no
 * rollingUpdate or podUpdatePolicy ReCreate never pre-download; the integer partition; maxUnavailable
 * read as Kruise reads it there (its default "1" is no percentage: 0).
 */
function preDownloadWorkload(set: StatefulSet, current: ControllerRevision, update: ControllerRevision, gates: FeatureGates): PreDownloadWorkload {
  const replicas = set.spec.replicas ?? 1;
  const strategy = set.spec.updateStrategy;
  const rolling = strategy?.rollingUpdate;
  return {
    owner: { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', name: set.metadata.name ?? '', uid: set.metadata.uid ?? '' },
    metadata: set.metadata,
    replicas,
    selector: set.spec.selector,
    template: set.spec.template,
    updatedReadyReplicas: set.status?.updatedReadyReplicas ?? 0,
    statusUpdateRevision: set.status?.updateRevision,
    notInPlaceStrategy: strategy?.type === 'OnDelete' || !rolling || (rolling.podUpdatePolicy ?? 'ReCreate') === 'ReCreate',
    partition: rolling?.partition ?? 0,
    maxUnavailable: intOrPercentRoundDown(rolling?.maxUnavailable ?? '1', replicas),
    canUpdateInPlace: calculateInPlaceUpdateSpec(current, update, {
      gates: inPlaceGates(gates), gracePeriodSeconds: rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds,
    }) !== undefined,
  };
}
