// Wires Kruise Rollouts' advanced Deployment controller (docs/spec/kruise-rollout.md §3.6, gate
// AdvancedDeployment; upstream pkg/controller/deployment/controller.go) into a ControllerManager:
// Deployments and the ReplicaSets they control (a change wakes the owning Deployment). It runs in the
// embedded cluster and in Kubernetes mode alike: it is Kruise Rollouts' component, not
// kube-controller-manager's, and the Deployments it drives are paused and Recreate for the native one.
import type { Controller, ControllerManager, EventRecorder, Logger } from '@coxswain/controller-runtime';
import { ResourceVersionExpectations, enqueueObject, enqueueOwner, logRetriedFailure } from '@coxswain/controller-runtime';
import type { Deployment, ReplicaSet } from '@coxswain/kruise-api';
import { DEPLOYMENT_REF, REPLICASET_REF } from '../refs.js';
import { AdvancedDeploymentReconciler, type AdvancedDeploymentInformers } from './reconciler.js';

export const ADVANCED_DEPLOYMENT_CONTROLLER_NAME = 'advanced-deployment-controller';

export interface AdvancedDeploymentControllerOptions {
  recorder: EventRecorder;
  log: Logger;
  maxConcurrentReconciles?: number;
  expectationTimeoutMs?: number;
}

export class AdvancedDeploymentController {
  readonly informers: AdvancedDeploymentInformers;
  readonly controller: Controller;

  constructor(manager: ControllerManager, options: AdvancedDeploymentControllerOptions) {
    this.informers = {
      deployments: manager.informerFor<Deployment>(DEPLOYMENT_REF),
      replicaSets: manager.informerFor<ReplicaSet>(REPLICASET_REF),
    };
    const clock = manager.clock;
    const rvExpectations = new ResourceVersionExpectations({ clock, timeoutMs: options.expectationTimeoutMs, cache: this.informers.replicaSets });
    this.controller = manager.newController({
      name: ADVANCED_DEPLOYMENT_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log, 'sync'),
      reconciler: (context) =>
        new AdvancedDeploymentReconciler({
          client: context.client,
          clock,
          informers: this.informers,
          rvExpectations,
          recorder: options.recorder,
          observeOnly: manager.mode === 'observe',
          log: options.log,
        }),
    });
    this.controller.watches(this.informers.deployments, enqueueObject());
    this.controller.watches(this.informers.replicaSets, enqueueOwner<ReplicaSet>(DEPLOYMENT_REF));
  }
}
