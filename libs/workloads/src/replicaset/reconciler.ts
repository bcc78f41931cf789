// The ReplicaSet sync (Kubernetes' syncReplicaSet): claim the active pods matching the selector, plan
// with the pure planner, create pods in slow-start batches (1, 2, 4, ...) or delete the ones the
// ranking picks, then write the status. Creations and deletions the informer has not shown yet hold
// the next sync's writes back (scale expectations), as Kubernetes' ControllerExpectations do.
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ScaleExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import { jsonEqual, type Pod, type ReplicaSet, type ReplicaSetStatus } from '@coxswain/kruise-api';
import { asError, errorMessage } from '../sync/pod-writes.js';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { claimObjects, controllerRefTo, withControllerRef, withoutOwner } from '../ownership/claim.js';
import { isActive } from '../pod/pod-state.js';
import { POD_REF, REPLICASET_REF } from '../refs.js';
import { readableSelector } from '../sync/reconcile-gates.js';
import { planReplicaSet, withReplicaFailure, type ReplicaSetPlan } from './plan/planner.js';

export interface ReplicaSetInformers {
  replicaSets: Informer<ReplicaSet>;
  pods: Informer<Pod>;
}

export interface ReplicaSetReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  informers: ReplicaSetInformers;
  scaleExpectations: ScaleExpectations;
  recorder: EventRecorder;
  observeOnly: boolean;
  onPlan?: (key: string, plan: ReplicaSetPlan) => void;
  log: Logger;
}

export class ReplicaSetReconciler implements Reconciler {
  constructor(private readonly deps: ReplicaSetReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult> {
    const { deps } = this;
    const key = requestKey(request);
    const rs = deps.informers.replicaSets.get(request.namespace, request.name);
    if (!rs) {
      deps.scaleExpectations.deleteExpectations(key);
      return {};
    }
    const selector = readableSelector(rs.spec.selector, deps.log, 'ReplicaSet has an invalid selector; not syncing', key);
    if (!selector) return {};
    const claim = claimObjects(rs, deps.informers.pods.list(rs.metadata.namespace).filter(isActive), (p) => selector.matches(p.metadata.labels ?? {}));
    const now = deps.clock.now();
    const plan = planReplicaSet({ rs, pods: claim.owned, related: this.relatedPods(rs, claim.owned), now });
    deps.onPlan?.(key, plan);
    if (deps.observeOnly) return {};

    for (const pod of claim.release) await deps.client.update<Pod>(withoutOwner(pod, rs.metadata.uid!));
    for (const pod of claim.adopt) await deps.client.update<Pod>(withControllerRef(pod, controllerRefTo(rs)));

    let status = plan.status;
    let failure: Error | undefined;
    if (deps.scaleExpectations.satisfied(key) && !rs.metadata.deletionTimestamp) {
      const outcome = plan.create > 0 ? await this.createPods(key, rs, plan.create) : await this.deletePods(key, rs, plan.delete);
      if (outcome) {
        failure = outcome.error;
        status = withReplicaFailure(rs, status, outcome.reason, outcome.error.message, now);
      }
    }
    if (!jsonEqual(rs.status, status)) await writeStatusWithRetry(deps.client, REPLICASET_REF, rs, status as ReplicaSetStatus);
    if (failure) throw failure;
    return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : {};
  }

  /** Active pods of the ReplicaSets controlled by the same object as `rs` (its own included). */
  private relatedPods(rs: ReplicaSet, own: readonly Pod[]): Pod[] {
    const controller = rs.metadata.ownerReferences?.find((r) => r.controller === true);
    if (!controller) return [...own];
    const siblings = this.deps.informers.replicaSets.list(rs.metadata.namespace)
      .filter((s) => s.metadata.uid !== rs.metadata.uid && s.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === controller.uid));
    return [...own, ...siblings.flatMap((s) => this.deps.informers.pods.byOwner(s.metadata.uid!).filter(isActive))];
  }

  /** Slow start: batches of 1, 2, 4, ... in parallel; the first batch with a failure ends it. */
  private async createPods(key: string, rs: ReplicaSet, count: number): Promise<{ reason: 'FailedCreate'; error: Error } | undefined> {
    let created = 0;
    for (let batch = 1; created < count; batch *= 2) {
      const size = Math.min(batch, count - created);
      const results = await Promise.all(Array.from({ length: size }, () => this.createPod(key, rs)));
      created += size;
      const error = results.find((r): r is Error => r !== undefined);
      if (error) return { reason: 'FailedCreate', error };
    }
    return undefined;
  }

  private async createPod(key: string, rs: ReplicaSet): Promise<Error | undefined> {
    const { deps } = this;
    const template = rs.spec.template;
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: `${rs.metadata.name}-`,
        namespace: rs.metadata.namespace,
        labels: { ...(template.metadata?.labels ?? {}) },
        ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
        ...(template.metadata?.finalizers ? { finalizers: [...template.metadata.finalizers] } : {}),
        ownerReferences: [controllerRefTo(rs)],
      },
      spec: structuredClone(template.spec),
    };
    try {
      const created = await deps.client.create<Pod>(pod);
      // The name is the API server's: expect it now, and count it seen if the cache already has it.
      const name = created.metadata.name!;
      deps.scaleExpectations.expectScale(key, 'create', name);
      if (deps.informers.pods.get(created.metadata.namespace, name)) deps.scaleExpectations.observeScale(key, 'create', name);
      deps.recorder.event(rs, 'Normal', 'SuccessfulCreate', `Created pod: ${name}`);
      return undefined;
    } catch (err) {
      deps.recorder.event(rs, 'Warning', 'FailedCreate', `Error creating: ${errorMessage(err)}`);
      return asError(err);
    }
  }

  private async deletePods(key: string, rs: ReplicaSet, pods: readonly Pod[]): Promise<{ reason: 'FailedDelete'; error: Error } | undefined> {
    const { deps } = this;
    for (const pod of pods) deps.scaleExpectations.expectScale(key, 'delete', pod.metadata.name!);
    const results = await Promise.all(pods.map(async (pod) => {
      const name = pod.metadata.name!;
      try {
        await deps.client.delete(POD_REF, pod.metadata.namespace, name, { preconditions: { uid: pod.metadata.uid } });
        deps.recorder.event(rs, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`);
        return undefined;
      } catch (err) {
        deps.scaleExpectations.observeScale(key, 'delete', name);
        if (isApiError(err, 'NotFound')) return undefined;
        deps.recorder.event(rs, 'Warning', 'FailedDelete', `Error deleting: ${errorMessage(err)}`);
        return asError(err);
      }
    }));
    const error = results.find((r): r is Error => r !== undefined);
    return error ? { reason: 'FailedDelete', error } : undefined;
  }
}
