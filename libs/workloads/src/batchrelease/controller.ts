// Wires the BatchRelease reconciler into a ControllerManager (docs/spec/kruise-rollout.md §3.1): a
// release is woken by its own changes, by a change of the workload it releases (a CloneSet, an Advanced
// StatefulSet or an apps/v1 StatefulSet, matched by group, kind and name in its namespace) and by a
// change of one of that workload's pods (their readiness verifies a batch).
import type { Controller, ControllerManager, Informer, Logger, Request } from '@coxswain/controller-runtime';
import { enqueueObject, logRetriedFailure, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { groupOf, type BatchRelease, type KubeObject, type Pod } from '@coxswain/kruise-api';
import { BATCH_RELEASE_REF, CLONESET_REF, POD_REF } from '../refs.js';
import { KRUISE_STATEFULSET, NATIVE_STATEFULSET } from '../statefulset/plan/flavor.js';
import { BatchReleaseReconciler } from './reconciler.js';

export const BATCH_RELEASE_CONTROLLER_NAME = 'batchrelease-controller';

export interface BatchReleaseControllerOptions {
  log: Logger;
  maxConcurrentReconciles?: number;
}

/** The releases of a namespace whose workloadRef names this group, kind and name. */
export function releasesOf<T extends KubeObject & { spec: { workloadRef?: { apiVersion: string; kind: string; name: string } } }>(
  informer: Informer<T>, namespace: string | undefined, apiVersion: string, kind: string, name: string,
): Request[] {
  const group = groupOf(apiVersion);
  return informer.list(namespace)
    .filter((r) => r.spec.workloadRef && groupOf(r.spec.workloadRef.apiVersion) === group && r.spec.workloadRef.kind === kind && r.spec.workloadRef.name === name)
    .map((r) => ({ namespace: r.metadata.namespace, name: r.metadata.name ?? '' }));
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
      reconciler: (context) => new BatchReleaseReconciler({ client: context.client, clock: manager.clock, releases, versions, log: options.log }),
    });
    this.controller.watches(releases, enqueueObject());
    for (const ref of [CLONESET_REF, KRUISE_STATEFULSET.ref, NATIVE_STATEFULSET.ref]) {
      const workloads = manager.informerFor<KubeObject>(ref);
      this.controller.watches(workloads, (workload: KubeObject) =>
        releasesOf(releases, workload.metadata.namespace, ref.apiVersion, ref.kind, workload.metadata.name ?? ''));
    }
    this.controller.watches(pods, (pod: Pod): Request[] => {
      const owner = (pod.metadata.ownerReferences ?? []).find((r) => r.controller === true);
      return owner ? releasesOf(releases, pod.metadata.namespace, owner.apiVersion, owner.kind, owner.name) : [];
    });
  }
}
