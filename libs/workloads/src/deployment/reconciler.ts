// The Deployment sync (Kubernetes' syncDeployment): claim the ReplicaSets matching the selector, plan
// one pass with the pure planner, apply its ReplicaSet writes in order, record the revision annotation,
// write the status. A new ReplicaSet's name is the Deployment's plus the template hash, so a create
// repeated from a stale cache meets AlreadyExists: the same template is the same ReplicaSet, another one
// is a hash collision (status.collisionCount + 1 and a new hash next time).
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import { jsonEqual, type Deployment, type Pod, type ReplicaSet } from '@coxswain/kruise-api';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { claimObjects, controllerRefTo, withControllerRef, withoutOwner } from '../ownership/claim.js';
import { DEPLOYMENT_REF, REPLICASET_REF } from '../refs.js';
import { readableSelector } from '../sync/reconcile-gates.js';
import { planDeployment, type DeploymentPlan } from './plan/planner.js';
import { ANNOTATION_DEPLOYMENT_REVISION, equalIgnoreHash } from '../deployment-facts/replica-sets.js';
import type { DeploymentOperation } from './plan/rollout.js';

export interface DeploymentInformers {
  deployments: Informer<Deployment>;
  replicaSets: Informer<ReplicaSet>;
  pods: Informer<Pod>;
}

export interface DeploymentReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  informers: DeploymentInformers;
  rvExpectations: ResourceVersionExpectations;
  recorder: EventRecorder;
  observeOnly: boolean;
  onPlan?: (key: string, plan: DeploymentPlan) => void;
  log: Logger;
}

export class DeploymentReconciler implements Reconciler {
  constructor(private readonly deps: DeploymentReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult> {
    const { deps } = this;
    const key = requestKey(request);
    const d = deps.informers.deployments.get(request.namespace, request.name);
    if (!d) {
      deps.rvExpectations.deleteExpectations(key);
      return {};
    }
    const selector = readableSelector(d.spec.selector, deps.log, 'Deployment has an invalid selector; not syncing', key);
    if (!selector) return {};
    // A sync from ReplicaSets the cache shows before this controller's own last writes would undo them.
    const stale = deps.rvExpectations.pending(key);
    if (stale) return { requeueAfterMs: Math.max(1, stale.expiresAt - deps.clock.now()) };

    const claim = claimObjects(d, deps.informers.replicaSets.list(d.metadata.namespace), (rs) => selector.matches(rs.metadata.labels ?? {}));
    const pods = claim.owned.flatMap((rs) => deps.informers.pods.byOwner(rs.metadata.uid!));
    const plan = planDeployment({ d, replicaSets: claim.owned, pods, now: deps.clock.now() });
    deps.onPlan?.(key, plan);
    if (deps.observeOnly) return {};

    for (const rs of claim.release) deps.rvExpectations.expect(key, await deps.client.update<ReplicaSet>(withoutOwner(rs, d.metadata.uid!)));
    for (const rs of claim.adopt) deps.rvExpectations.expect(key, await deps.client.update<ReplicaSet>(withControllerRef(rs, controllerRefTo(d))));
    for (const operation of plan.operations) await this.apply(key, d, operation);

    let current: Deployment = d;
    if (plan.revisionAnnotation !== undefined) {
      current = await deps.client.patch<Deployment>(DEPLOYMENT_REF, d.metadata.namespace, d.metadata.name!, {
        metadata: { annotations: { [ANNOTATION_DEPLOYMENT_REVISION]: plan.revisionAnnotation } },
      });
    }
    if (!jsonEqual(d.status, plan.status)) await writeStatusWithRetry(deps.client, DEPLOYMENT_REF, current, plan.status);
    return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : {};
  }

  private async apply(key: string, d: Deployment, operation: DeploymentOperation): Promise<void> {
    const { deps } = this;
    const name = operation.rs.metadata.name!;
    switch (operation.op) {
      case 'createReplicaSet': {
        try {
          await deps.client.create<ReplicaSet>(operation.rs);
        } catch (err) {
          if (!isApiError(err, 'AlreadyExists')) throw err;
          await this.onNameTaken(d, operation.rs);
          return;
        }
        const replicas = operation.rs.spec.replicas ?? 1;
        if (replicas > 0) deps.recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${name} from 0 to ${replicas}`);
        return;
      }
      case 'updateReplicaSet': {
        deps.rvExpectations.expect(key, await deps.client.update<ReplicaSet>(operation.rs));
        if (operation.from !== operation.to) {
          const direction = operation.to > operation.from ? 'up' : 'down';
          deps.recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled ${direction} replica set ${name} from ${operation.from} to ${operation.to}`);
        }
        return;
      }
      case 'deleteReplicaSet':
        try {
          await deps.client.delete(REPLICASET_REF, operation.rs.metadata.namespace, name, { preconditions: { uid: operation.rs.metadata.uid } });
        } catch (err) {
          if (!isApiError(err, 'NotFound')) throw err;
        }
    }
  }

  /** The same template under that name is our ReplicaSet already; anything else is a hash collision. */
  private async onNameTaken(d: Deployment, wanted: ReplicaSet): Promise<void> {
    const { deps } = this;
    const existing = await deps.client.get<ReplicaSet>(REPLICASET_REF, wanted.metadata.namespace, wanted.metadata.name!);
    const ours = existing.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === d.metadata.uid);
    if (ours && equalIgnoreHash(existing.spec.template, d.spec.template)) return;
    const collisionCount = (d.status?.collisionCount ?? 0) + 1;
    await writeStatusWithRetry(deps.client, DEPLOYMENT_REF, d, { ...(d.status ?? {}), collisionCount });
    throw new Error(`ReplicaSet ${wanted.metadata.name} exists with another template: hash collision, collisionCount is now ${collisionCount}`);
  }
}
