// Kruise's pod-readiness controller (pkg/controller/podreadiness; docs/spec/inplace-and-lifecycle.md §3.3): a pod born
// with the KruisePodReady readiness gate (Kruise's pod webhook adds it to every pod whose controller is an
// apps.kruise.io workload) has no condition for it, so the kubelet keeps it not Ready until this
// controller writes the condition, True. The workload controllers do not write it: in Kruise this is a
// controller of its own, so a workload's pass makes the same writes as Kruise's.
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { Informer, ReconcileResult, Reconciler, Request } from '@coxswain/controller-runtime';
import type { Pod } from '@coxswain/kruise-api';
import { CONFLICT_ATTEMPTS } from '../sync/pod-writes.js';
import { initialKruisePodReady } from '../lifecycle/pod-ready.js';
import { POD_REF } from '../refs.js';

export interface PodReadinessReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  pods: Informer<Pod>;
}

export class PodReadinessReconciler implements Reconciler {
  constructor(private readonly deps: PodReadinessReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult | void> {
    const { client, clock, pods } = this.deps;
    const cached = pods.get(request.namespace, request.name);
    let desired = cached && initialKruisePodReady(cached, clock.now());
    // Kruise patches the condition in (no resourceVersion); an update under the cached version that
    // meets a newer pod is recomputed from a fresh read, so it lands the same way.
    for (let attempt = 1; desired; attempt++) {
      try {
        await client.updateStatus<Pod>(desired);
        return;
      } catch (err) {
        if (isApiError(err, 'NotFound')) return;
        if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
      }
      try {
        desired = initialKruisePodReady(await client.get<Pod>(POD_REF, request.namespace, request.name), clock.now());
      } catch (err) {
        if (isApiError(err, 'NotFound')) return;
        throw err;
      }
    }
  }
}
