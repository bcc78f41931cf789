// Wires the pod-readiness reconciler into a ControllerManager: one pod informer, and only the pods that
// have the KruisePodReady gate and no condition for it are queued (Kruise's watch predicate).
import type { Controller, ControllerManager, Logger } from '@coxswain/controller-runtime';
import { logRetriedFailure } from '@coxswain/controller-runtime';
import type { Pod } from '@coxswain/kruise-api';
import { needsKruisePodReady } from '../lifecycle/pod-ready.js';
import { POD_REF } from '../refs.js';
import { PodReadinessReconciler } from './reconciler.js';

export const POD_READINESS_CONTROLLER_NAME = 'pod-readiness-controller';

export interface PodReadinessControllerOptions {
  log: Logger;
  maxConcurrentReconciles?: number;
}

export class PodReadinessController {
  readonly controller: Controller;

  constructor(manager: ControllerManager, options: PodReadinessControllerOptions) {
    const pods = manager.informerFor<Pod>(POD_REF);
    this.controller = manager.newController({
      name: POD_READINESS_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) => new PodReadinessReconciler({ client: context.client, clock: manager.clock, pods }),
    });
    this.controller.watches(pods, (pod: Pod) => (needsKruisePodReady(pod) ? [{ namespace: pod.metadata.namespace, name: pod.metadata.name! }] : []));
  }
}
