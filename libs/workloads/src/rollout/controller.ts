// Wires the Rollout reconciler into a ControllerManager (docs/spec/kruise-rollout.md §2.7): a Rollout is
// woken by its own changes, by a change of the BatchRelease it owns, and by a change of the workload it
// references (a CloneSet, an Advanced StatefulSet or an apps/v1 StatefulSet, matched by group, kind and
// name in its namespace).
import type { Controller, ControllerManager, EventRecorder, Logger } from '@coxswain/controller-runtime';
import { enqueueObject, enqueueOwner, logRetriedFailure, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import type { BatchRelease, KubeObject, Rollout } from '@coxswain/kruise-api';
import { BATCH_RELEASE_REF, ROLLOUT_REF } from '../refs.js';
import { referencing, RELEASE_TARGET_REFS } from '../release-target/workload.js';
import { RolloutReconciler } from './reconciler.js';

export const ROLLOUT_CONTROLLER_NAME = 'rollout-controller';

export interface RolloutControllerOptions {
  log: Logger;
  recorder?: EventRecorder;
  maxConcurrentReconciles?: number;
}

export class RolloutController {
  readonly controller: Controller;

  constructor(manager: ControllerManager, options: RolloutControllerOptions) {
    const rollouts = manager.informerFor<Rollout>(ROLLOUT_REF);
    const releases = manager.informerFor<BatchRelease>(BATCH_RELEASE_REF);
    const versions = new ResourceVersionExpectations({ clock: manager.clock, cache: rollouts });
    this.controller = manager.newController({
      name: ROLLOUT_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) => new RolloutReconciler({
        client: context.client, clock: manager.clock, rollouts, versions, log: options.log, ...(options.recorder ? { recorder: options.recorder } : {}),
      }),
    });
    this.controller.watches(rollouts, enqueueObject());
    this.controller.watches(releases, enqueueOwner(ROLLOUT_REF));
    for (const ref of RELEASE_TARGET_REFS) {
      const workloads = manager.informerFor<KubeObject>(ref);
      this.controller.watches(workloads, (workload: KubeObject) =>
        referencing(rollouts.list(workload.metadata.namespace), ref.apiVersion, ref.kind, workload.metadata.name ?? ''));
    }
  }
}
