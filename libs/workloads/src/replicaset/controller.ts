// Wires the ReplicaSet reconciler into a ControllerManager: the ReplicaSet and pod informers, the watch
// handlers that feed the scale expectations and wake the owning ReplicaSet (for an orphan pod, the
// ReplicaSets whose selector matches it), and the last plan per ReplicaSet.
import type { Controller, ControllerManager, EventRecorder, Logger, MapFunc, Request } from '@coxswain/controller-runtime';
import { ScaleExpectations, enqueueObject, enqueueOwner, logRetriedFailure, observeScaleEvents } from '@coxswain/controller-runtime';
import type { KubeObject, Pod, ReplicaSet } from '@coxswain/kruise-api';
import { enqueueOwnerOrSelecting, ownersSelecting } from '../ownership/selecting.js';
import { POD_REF, REPLICASET_REF } from '../refs.js';
import type { ReplicaSetPlan } from './plan/planner.js';
import { ReplicaSetReconciler, type ReplicaSetInformers } from './reconciler.js';
import { LastPlans } from '../plan/last-plans.js';

export const REPLICASET_CONTROLLER_NAME = 'replicaset-controller';

export interface ReplicaSetControllerOptions {
  recorder: EventRecorder;
  log: Logger;
  maxConcurrentReconciles?: number;
  expectationTimeoutMs?: number;
}

export class ReplicaSetController {
  readonly informers: ReplicaSetInformers;
  readonly scaleExpectations: ScaleExpectations;
  readonly controller: Controller;
  private readonly plans: LastPlans<ReplicaSetPlan>;

  constructor(manager: ControllerManager, options: ReplicaSetControllerOptions) {
    this.informers = {
      replicaSets: manager.informerFor<ReplicaSet>(REPLICASET_REF),
      pods: manager.informerFor<Pod>(POD_REF),
    };
    this.plans = new LastPlans(this.informers.replicaSets);
    const clock = manager.clock;
    this.scaleExpectations = new ScaleExpectations({ clock, timeoutMs: options.expectationTimeoutMs });
    this.controller = manager.newController({
      name: REPLICASET_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log, 'sync'),
      reconciler: (context) =>
        new ReplicaSetReconciler({
          client: context.client,
          clock,
          informers: this.informers,
          scaleExpectations: this.scaleExpectations,
          recorder: options.recorder,
          observeOnly: manager.mode === 'observe',
          onPlan: this.plans.record,
          log: options.log,
        }),
    });

    const owner = enqueueOwner<Pod>(REPLICASET_REF);
    this.controller.watches(this.informers.replicaSets, enqueueObject());
    this.controller.watches(this.informers.pods, enqueueOwnerOrSelecting(owner, (pod: Pod) => this.replicaSetsMatching(pod)));
    observeScaleEvents(this.scaleExpectations, this.informers.pods, owner as MapFunc<KubeObject>);
  }

  /** The plan the last sync computed (in observe mode: computed and not applied). */
  lastPlan(namespace: string, name: string): ReplicaSetPlan | undefined {
    return this.plans.get(namespace, name);
  }

  private replicaSetsMatching(pod: Pod): Request[] {
    return ownersSelecting(this.informers.replicaSets.list(pod.metadata.namespace), pod, (rs) => rs.spec.selector);
  }
}
