// Wires the BatchRelease reconciler into a ControllerManager (docs/spec/kruise-rollout.md §3.1): a
// release is woken by its own changes, by a change of the workload it releases (a CloneSet, an Advanced
// StatefulSet, an apps/v1 StatefulSet or an apps/v1 Deployment, matched by group, kind and name in its
// namespace), by a change of one of that workload's pods (their readiness verifies a batch), and by a
// change of a canary Deployment it controls (its status verifies a canary-style batch, docs/spec/kruise-rollout.md §3.7).
import type { Controller, ControllerManager, Logger, Request } from '@coxswain/controller-runtime';
import { enqueueObject, enqueueOwner, logRetriedFailure, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { DEFAULT_FEATURE_GATES, type BatchRelease, type FeatureGates, type KubeObject, type Pod } from '@coxswain/kruise-api';
import { BATCH_RELEASE_REF, DEPLOYMENT_REF, POD_REF } from '../refs.js';
import { referencing, RELEASE_TARGET_REFS } from '../release-target/workload.js';
import { BatchReleaseReconciler } from './reconciler.js';

export const BATCH_RELEASE_CONTROLLER_NAME = 'batchrelease-controller';

export interface BatchReleaseControllerOptions {
  log: Logger;
  /** Kruise Rollouts' gates (KeepWorkloadPausedOnRolloutDeletion); Kruise's defaults when absent. */
  gates?: FeatureGates;
  maxConcurrentReconciles?: number;
}

export class BatchReleaseController {
  readonly controller: Controller;

  constructor(manager: ControllerManager, options: BatchReleaseControllerOptions) {
    const releases = manager.informerFor<BatchRelease>(BATCH_RELEASE_REF);
    const pods = manager.informerFor<Pod>(POD_REF);
    const versions = new ResourceVersionExpectations({ clock: manager.clock, cache: releases });
    this.controller = manager.newController({
      name: BATCH_RELEASE_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) => new BatchReleaseReconciler({ client: context.client, clock: manager.clock, releases, versions, gates: options.gates ?? DEFAULT_FEATURE_GATES, log: options.log }),
    });
    this.controller.watches(releases, enqueueObject());
    for (const ref of RELEASE_TARGET_REFS) {
      const workloads = manager.informerFor<KubeObject>(ref);
      this.controller.watches(workloads, (workload: KubeObject) =>
        referencing(releases.list(workload.metadata.namespace), ref.apiVersion, ref.kind, workload.metadata.name ?? ''));
    }
    this.controller.watches(manager.informerFor<KubeObject>(DEPLOYMENT_REF), enqueueOwner(BATCH_RELEASE_REF));
    this.controller.watches(pods, (pod: Pod): Request[] => {
      const owner = (pod.metadata.ownerReferences ?? []).find((r) => r.controller === true);
      return owner ? referencing(releases.list(pod.metadata.namespace), owner.apiVersion, owner.kind, owner.name) : [];
    });
  }
}
