// Wires the Deployment reconciler into a ControllerManager: Deployments, their ReplicaSets (a change
// wakes the owning Deployment; an orphan, the Deployments whose selector matches it) and pods (a pod
// gone can let a Recreate rollout go on), and the last plan per Deployment.
import type { Controller, ControllerManager, EventRecorder, Logger, Request } from '@coxswain/controller-runtime';
import { ResourceVersionExpectations, enqueueObject, enqueueOwner, logRetriedFailure } from '@coxswain/controller-runtime';
import type { Deployment, FeatureGates, Pod, ReplicaSet } from '@coxswain/kruise-api';
import { enqueueOwnerOrSelecting, ownersSelecting } from '../ownership/selecting.js';
import { DEPLOYMENT_REF, POD_REF, REPLICASET_REF } from '../refs.js';
import type { DeploymentPlan } from './plan/planner.js';
import { DeploymentReconciler, type DeploymentInformers } from './reconciler.js';
import { LastPlans } from '../plan/last-plans.js';

export const DEPLOYMENT_CONTROLLER_NAME = 'deployment-controller';

export interface DeploymentControllerOptions {
  recorder: EventRecorder;
  /** AdvancedDeployment on: the Deployments Kruise Rollouts' advanced Deployment controller drives are left to it. */
  gates?: FeatureGates;
  log: Logger;
  maxConcurrentReconciles?: number;
  expectationTimeoutMs?: number;
}

export class DeploymentController {
  readonly informers: DeploymentInformers;
  readonly controller: Controller;
  private readonly plans: LastPlans<DeploymentPlan>;

  constructor(manager: ControllerManager, options: DeploymentControllerOptions) {
    this.informers = {
      deployments: manager.informerFor<Deployment>(DEPLOYMENT_REF),
      replicaSets: manager.informerFor<ReplicaSet>(REPLICASET_REF),
      pods: manager.informerFor<Pod>(POD_REF),
    };
    this.plans = new LastPlans(this.informers.deployments);
    const clock = manager.clock;
    const rvExpectations = new ResourceVersionExpectations({ clock, timeoutMs: options.expectationTimeoutMs, cache: this.informers.replicaSets });
    this.controller = manager.newController({
      name: DEPLOYMENT_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log, 'sync'),
      reconciler: (context) =>
        new DeploymentReconciler({
          client: context.client,
          clock,
          informers: this.informers,
          rvExpectations,
          recorder: options.recorder,
          observeOnly: manager.mode === 'observe',
          onPlan: this.plans.record,
          leaveToAdvanced: options.gates?.enabled('AdvancedDeployment') ?? false,
          log: options.log,
        }),
    });

    const owner = enqueueOwner<ReplicaSet>(DEPLOYMENT_REF);
    this.controller.watches(this.informers.deployments, enqueueObject());
    this.controller.watches(this.informers.replicaSets, enqueueOwnerOrSelecting(owner, (rs: ReplicaSet) => this.deploymentsMatching(rs)));
    this.controller.watches(this.informers.pods, (pod: Pod) => {
      const rsRef = pod.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === 'ReplicaSet');
      const rs = rsRef ? this.informers.replicaSets.get(pod.metadata.namespace, rsRef.name) : undefined;
      return rs ? owner(rs) : [];
    });
  }

  /** The plan the last sync computed (in observe mode: computed and not applied). */
  lastPlan(namespace: string, name: string): DeploymentPlan | undefined {
    return this.plans.get(namespace, name);
  }

  private deploymentsMatching(rs: ReplicaSet): Request[] {
    return ownersSelecting(this.informers.deployments.list(rs.metadata.namespace), rs, (d) => d.spec.selector);
  }
}
