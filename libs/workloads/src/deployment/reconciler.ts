// The Deployment sync (Kubernetes' syncDeployment): claim the ReplicaSets matching the selector, plan
// one pass with the pure planner, apply its ReplicaSet writes in order, record the revision annotation,
// write the status (the writes: sync/replica-set-writes.ts). A Deployment the advanced Deployment
// controller drives (docs/spec/kruise-rollout.md §3.6) is left to it, as the Recreate strategy and
// spec.paused keep kube-controller-manager's controller away from it upstream.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import { jsonEqual, type Deployment, type Pod, type ReplicaSet } from '@coxswain/kruise-api';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { claimObjects, controllerRefTo, withControllerRef, withoutOwner } from '../ownership/claim.js';
import { DEPLOYMENT_REF } from '../refs.js';
import { applyReplicaSetOperation } from '../sync/replica-set-writes.js';
import { awaitResourceVersions, readableSelector } from '../sync/reconcile-gates.js';
import { planDeployment, type DeploymentPlan } from './plan/planner.js';
import { ANNOTATION_DEPLOYMENT_REVISION } from '../deployment-facts/replica-sets.js';
import { advancedStrategyOf } from '../deployment-facts/advanced-strategy.js';

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
  /** The advanced Deployment controller runs (gate AdvancedDeployment): the Deployments it drives are its. */
  leaveToAdvanced?: boolean;
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
    if (deps.leaveToAdvanced && advancedStrategyOf(d)) return {};
    const selector = readableSelector(d.spec.selector, deps.log, 'Deployment has an invalid selector; not syncing', key);
    if (!selector) return {};
    // A sync from ReplicaSets the cache shows before this controller's own last writes would undo them.
    const waitCache = awaitResourceVersions(deps.rvExpectations, key, deps.clock);
    if (waitCache) return waitCache;

    const claim = claimObjects(d, deps.informers.replicaSets.list(d.metadata.namespace), (rs) => selector.matches(rs.metadata.labels ?? {}));
    const pods = claim.owned.flatMap((rs) => deps.informers.pods.byOwner(rs.metadata.uid!));
    const plan = planDeployment({ d, replicaSets: claim.owned, pods, now: deps.clock.now() });
    deps.onPlan?.(key, plan);
    if (deps.observeOnly) return {};

    for (const rs of claim.release) deps.rvExpectations.expect(key, await deps.client.update<ReplicaSet>(withoutOwner(rs, d.metadata.uid!)));
    for (const rs of claim.adopt) deps.rvExpectations.expect(key, await deps.client.update<ReplicaSet>(withControllerRef(rs, controllerRefTo(d))));
    for (const operation of plan.operations) await applyReplicaSetOperation(deps, key, d, operation);

    let current: Deployment = d;
    if (plan.revisionAnnotation !== undefined) {
      current = await deps.client.patch<Deployment>(DEPLOYMENT_REF, d.metadata.namespace, d.metadata.name!, {
        metadata: { annotations: { [ANNOTATION_DEPLOYMENT_REVISION]: plan.revisionAnnotation } },
      });
    }
    if (!jsonEqual(d.status, plan.status)) await writeStatusWithRetry(deps.client, DEPLOYMENT_REF, current, plan.status);
    return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : {};
  }
}
