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
  Selector,
  type ControllerRevision, type FeatureGates, type KubeObject, type NativeStatefulSet, type PersistentVolumeClaim, type Pod, type StatefulSet,
  type StatefulSetStatus,
} from '@coxswain/kruise-api';
import { revisionsToTruncate } from '../revision/history.js';
import { CONTROLLER_REVISION_REF, ensureUpdateRevision } from '../revision/revision-store.js';
import { lifecycleTimestamp } from '../pod/time.js';
import { planStatefulSet } from './plan/planner.js';
import type { StatefulSetPlan } from './plan/plan-types.js';
import { statefulSetStatusNeedsWrite, storedStatus } from './plan/status.js';
import { orphanRevisionsToAdopt, statefulSetRevisions } from './revision/revisions.js';
import { statefulSetControllerRef, statefulSetView, type StatefulSetFlavor } from './plan/flavor.js';
import { adoptedPod, claimStatefulSetPods, releasedPod } from './plan/pod-adoption.js';
import { executeStatefulSetPlan } from './sync/plan-executor.js';
import type { UpdateExpectations } from './sync/update-expectations.js';

/** Kruise requeues after this long when it drops timed-out expectations (ForceDeleteTimeoutExpectation). */
const FORCED_EXPECTATION_REQUEUE_MS = 10_000;
const STATUS_WRITE_ATTEMPTS = 5;

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
    let selector: Selector;
    try {
      selector = Selector.from(set.spec.selector);
    } catch (err) {
      deps.log('error', 'StatefulSet has an invalid selector; not reconciling', { key, error: String(err) });
      return {};
    }

    // Creations and deletions the cache does not show yet would be repeated.
    const scale = deps.scaleExpectations.check(key);
    if (!scale.satisfied) {
      if (!scale.timedOut) return { requeueAfterMs: deps.scaleExpectations.timeoutMs - scale.elapsedMs };
      if (!deps.gates.enabled('ForceDeleteTimeoutExpectationFeatureGate')) {
        deps.log('warn', 'scale expectations timed out; waiting for the missing events', { key, pending: deps.scaleExpectations.pending(key)?.message });
        return {};
      }
      deps.scaleExpectations.deleteExpectations(key);
      return { requeueAfterMs: FORCED_EXPECTATION_REQUEUE_MS };
    }

    const namespace = set.metadata.namespace;
    let revisionsInNamespace = deps.informers.revisions.list(namespace);
    const claim = claimStatefulSetPods(set, deps.informers.pods.claimable(namespace, set.metadata.uid!), selector);
    if (!deps.observeOnly) {
      revisionsInNamespace = await this.adoptRevisions(set, revisionsInNamespace);
      await this.writeOwnership(key, set, claim.release, claim.adopt);
    }
    const ensured = await ensureUpdateRevision(deps.client, set, revisionsInNamespace, statefulSetRevisions(deps.flavor));
    const updateName = ensured.updateRevision.metadata.name!;
    const pendingInPlaceUpdates = deps.updateExpectations.observe(key, updateName, claim.pods);

    const stale = deps.rvExpectations.pending(key);
    if (stale) {
      deps.log('info', stale.message, { key });
      return { requeueAfterMs: Math.max(1, stale.expiresAt - deps.clock.now()) };
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
    await this.writeStatus(stored, storedStatus(deps.flavor, status));
    await this.truncateHistory(set, ensured.revisions, ensured.currentRevision.metadata.name!, updateName, claim.pods);

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

  private async writeOwnership(key: string, set: StatefulSet, release: Pod[], adopt: Pod[]): Promise<void> {
    const { deps } = this;
    for (const pod of release) deps.rvExpectations.expect(key, await deps.client.update<Pod>(releasedPod(pod, set.metadata.uid!)));
    const ref = statefulSetControllerRef(set, deps.flavor);
    for (const pod of adopt) deps.rvExpectations.expect(key, await deps.client.update<Pod>(adoptedPod(pod, ref)));
  }

  /** Written only when statefulSetStatusNeedsWrite says so: fresh object, replaced status, retried on Conflict. */
  private async writeStatus(stored: StoredStatefulSet, status: StatefulSetStatus): Promise<void> {
    if (!statefulSetStatusNeedsWrite(stored.status as Partial<StatefulSetStatus> | undefined, status)) return;
    let target: KubeObject = stored;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.client.updateStatus<KubeObject>({ ...target, status });
        return;
      } catch (err) {
        if (!isApiError(err, 'Conflict') || attempt >= STATUS_WRITE_ATTEMPTS) throw err;
      }
      target = await this.deps.client.get<KubeObject>(this.deps.flavor.ref, stored.metadata.namespace, stored.metadata.name!);
    }
  }

  /** docs/spec/advanced-statefulset.md §3 history truncation: the oldest non-live revisions beyond revisionHistoryLimit; failures are only logged. */
  private async truncateHistory(set: StatefulSet, revisions: ControllerRevision[], current: string, update: string, pods: readonly Pod[]): Promise<void> {
    const doomed = revisionsToTruncate({
      revisions, currentRevisionName: current, updateRevisionName: update, activePods: pods, revisionHistoryLimit: set.spec.revisionHistoryLimit,
    });
    for (const revision of doomed) {
      try {
        await this.deps.client.delete(CONTROLLER_REVISION_REF, revision.metadata.namespace, revision.metadata.name!);
      } catch (err) {
        if (!isApiError(err, 'NotFound')) this.deps.log('warn', 'could not delete an old ControllerRevision', { revision: revision.metadata.name, error: String(err) });
      }
    }
  }
}
