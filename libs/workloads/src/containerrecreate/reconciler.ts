// The ContainerRecreateRequest reconcile (docs/spec/image-pull.md §7.1): read the request and its pod
// from the informers, plan, make the writes in order, come back when the plan says.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import type { Informer, ReconcileResult, Reconciler, Request } from '@coxswain/controller-runtime';
import type { ContainerRecreateRequest, Pod } from '@coxswain/kruise-api';
import { planContainerRecreate } from './plan/planner.js';
import { applyCrrWrite } from './sync/crr-writes.js';

export interface ContainerRecreateReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  requests: Informer<ContainerRecreateRequest>;
  pods: Informer<Pod>;
}

export class ContainerRecreateReconciler implements Reconciler {
  constructor(private readonly deps: ContainerRecreateReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult | void> {
    const { client, clock, requests, pods } = this.deps;
    const crr = requests.get(request.namespace, request.name);
    if (!crr) return;
    const pod = pods.get(crr.metadata.namespace, crr.spec.podName);
    const plan = planContainerRecreate(crr, pod, clock.now());
    for (const write of plan.writes) await applyCrrWrite({ client, now: () => clock.now() }, crr, pod, write);
    return plan.requeueAfterMs === undefined ? undefined : { requeueAfterMs: plan.requeueAfterMs };
  }
}
