// Kruise Rollouts' advanced Deployment sync (docs/spec/kruise-rollout.md §3.6; upstream
// pkg/controller/deployment/controller.go Reconcile): a Deployment under rollout control in partition
// style (deployment-facts/advanced-strategy.ts) is planned from the ReplicaSets it controls, the plan's
// ReplicaSet writes applied (sync/replica-set-writes.ts), then the revision and deployment-extra-status
// annotations and the status written; while it is not at its partition it is looked at again in 2 s.
// Any other Deployment is not this controller's.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import { ANNOTATION_DEPLOYMENT_EXTRA_STATUS, formatFieldErrors, jsonEqual, type Deployment, type ReplicaSet } from '@coxswain/kruise-api';
import { advancedStrategyOf } from '../deployment-facts/advanced-strategy.js';
import { ANNOTATION_DEPLOYMENT_REVISION } from '../deployment-facts/replica-sets.js';
import { DEPLOYMENT_REF } from '../refs.js';
import { readableSelector } from '../sync/reconcile-gates.js';
import { applyReplicaSetOperation } from '../sync/replica-set-writes.js';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { planAdvancedDeployment } from './plan/planner.js';
import { isControlledBy } from '../ownership/controller-ref.js';

export interface AdvancedDeploymentInformers {
  deployments: Informer<Deployment>;
  replicaSets: Informer<ReplicaSet>;
}

export interface AdvancedDeploymentReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  informers: AdvancedDeploymentInformers;
  rvExpectations: ResourceVersionExpectations;
  recorder: EventRecorder;
  observeOnly: boolean;
  log: Logger;
}

export class AdvancedDeploymentReconciler implements Reconciler {
  constructor(private readonly deps: AdvancedDeploymentReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult> {
    const { deps } = this;
    const key = requestKey(request);
    const d = deps.informers.deployments.get(request.namespace, request.name);
    if (!d) {
      deps.rvExpectations.deleteExpectations(key);
      return {};
    }
    const control = advancedStrategyOf(d);
    if (!control) return {};
    if (control.problems.length > 0) {
      // Rolling on a guess could update more pods than the release allows: wait, and say why (the
      // BatchRelease rewrites the annotation at its next batch; so may the person who wrote it).
      deps.recorder.event(d, 'Warning', 'InvalidDeploymentStrategy', `not rolling: ${formatFieldErrors(control.problems)}`);
      return {};
    }
    const { strategy } = control;
    const selector = readableSelector(d.spec.selector, deps.log, 'Deployment has an invalid selector; not syncing', key);
    if (!selector) return {};
    const stale = deps.rvExpectations.pending(key);
    if (stale) return { requeueAfterMs: Math.max(1, stale.expiresAt - deps.clock.now()) };

    // getReplicaSetsForDeployment: the ones it controls, matching its selector, not being deleted (no adoption).
    const replicaSets = deps.informers.replicaSets.list(d.metadata.namespace).filter((rs) =>
      !rs.metadata.deletionTimestamp && selector.matches(rs.metadata.labels ?? {})
      && isControlledBy(rs, d.metadata.uid));
    const plan = planAdvancedDeployment({ d, strategy, replicaSets, now: deps.clock.now() });
    if (deps.observeOnly) return {};

    for (const operation of plan.operations) await applyReplicaSetOperation(deps, key, d, operation);
    let current: Deployment = d;
    const annotations: Record<string, string> = {};
    if (plan.revisionAnnotation !== undefined) annotations[ANNOTATION_DEPLOYMENT_REVISION] = plan.revisionAnnotation;
    if (d.metadata.annotations?.[ANNOTATION_DEPLOYMENT_EXTRA_STATUS] !== plan.extraStatus) annotations[ANNOTATION_DEPLOYMENT_EXTRA_STATUS] = plan.extraStatus;
    if (Object.keys(annotations).length > 0) {
      current = await deps.client.patch<Deployment>(DEPLOYMENT_REF, d.metadata.namespace, d.metadata.name!, { metadata: { annotations } });
    }
    if (!jsonEqual(d.status, plan.status)) await writeStatusWithRetry(deps.client, DEPLOYMENT_REF, current, plan.status);
    return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : {};
  }
}
