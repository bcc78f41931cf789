// Wires the UnitedDeployment reconciler into a ControllerManager: UnitedDeployments, the workloads of
// all four template kinds (a change wakes the owning UnitedDeployment), the ReplicaSets and pods the
// subsets are read from, and the ControllerRevisions; keeps the last plan per UnitedDeployment and
// computes one on demand (planNow) from the caches without writing.
import type { Clock } from '@coxswain/cluster';
import type { Controller, ControllerManager, EventRecorder, Informer, Logger, Request } from '@coxswain/controller-runtime';
import { ResourceVersionExpectations, ScaleExpectations, enqueueObject, enqueueOwner, logRetriedFailure, requestKey } from '@coxswain/controller-runtime';
import { jsonEqual, type ControllerRevision, type KubeObject, type Pod, type ReplicaSet, type UnitedDeployment } from '@coxswain/kruise-api';
import { enqueueOwnerOrSelecting, ownersSelecting } from '../ownership/selecting.js';
import { POD_REF, REPLICASET_REF, UNITED_DEPLOYMENT_REF } from '../refs.js';
import { CONTROLLER_REVISION_REF } from '../revision/revision-store.js';
import { SUBSET_ADAPTERS } from './plan/adapters/registry.js';
import type { SubsetAdapter, SubsetWorkload } from './plan/adapters/types.js';
import { planUnitedDeployment, type UnitedDeploymentPlan } from './plan/planner.js';
import {
  readUnitedDeployment, UnitedDeploymentReconciler, type UnitedDeploymentInformers,
} from './reconciler.js';
import { claimRevisions, previewUnitedDeploymentRevisions } from './revision/revisions.js';
import { LastPlans } from '../plan/last-plans.js';

/** Only the status (and the resourceVersion) differ. */
function statusOnly(old: UnitedDeployment, next: UnitedDeployment): boolean {
  const { resourceVersion: _a, ...oldMeta } = old.metadata;
  const { resourceVersion: _b, ...nextMeta } = next.metadata;
  return (old.spec === next.spec || jsonEqual(old.spec, next.spec)) && jsonEqual(oldMeta, nextMeta);
}

export const UNITED_DEPLOYMENT_CONTROLLER_NAME = 'uniteddeployment-controller';

export interface UnitedDeploymentControllerOptions {
  recorder: EventRecorder;
  log: Logger;
  maxConcurrentReconciles?: number;
  expectationTimeoutMs?: number;
}

export class UnitedDeploymentController {
  readonly informers: UnitedDeploymentInformers;
  readonly controller: Controller;
  /** Subset workloads created and not yet in the cache. */
  readonly creations: ScaleExpectations;
  private readonly plans: LastPlans<UnitedDeploymentPlan>;
  private readonly clock: Clock;

  constructor(manager: ControllerManager, options: UnitedDeploymentControllerOptions) {
    this.clock = manager.clock;
    this.informers = {
      unitedDeployments: manager.informerFor<UnitedDeployment>(UNITED_DEPLOYMENT_REF),
      workloads: new Map<SubsetAdapter['templateKind'], Informer<SubsetWorkload>>(SUBSET_ADAPTERS.map((a) => [a.templateKind, manager.informerFor<SubsetWorkload>(a.ref)])),
      replicaSets: manager.informerFor<ReplicaSet>(REPLICASET_REF),
      pods: manager.informerFor<Pod>(POD_REF),
      revisions: manager.informerFor<ControllerRevision>(CONTROLLER_REVISION_REF),
    };
    this.plans = new LastPlans(this.informers.unitedDeployments);
    const statusExpectations = new ResourceVersionExpectations({ clock: this.clock, timeoutMs: options.expectationTimeoutMs, cache: this.informers.unitedDeployments });
    const creations = new ScaleExpectations({ clock: this.clock, timeoutMs: options.expectationTimeoutMs });
    this.creations = creations;
    this.controller = manager.newController({
      name: UNITED_DEPLOYMENT_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) =>
        new UnitedDeploymentReconciler({
          client: context.client,
          clock: this.clock,
          informers: this.informers,
          statusExpectations,
          creations,
          recorder: options.recorder,
          observeOnly: manager.mode === 'observe',
          onPlan: this.plans.record,
          log: options.log,
        }),
    });

    const owner = enqueueOwner<KubeObject>(UNITED_DEPLOYMENT_REF);
    // Its own status writes do not wake a UnitedDeployment: only a change of spec or metadata does.
    const self = enqueueObject<UnitedDeployment>();
    this.informers.unitedDeployments.addEventHandler({
      onAdd: (ud) => self(ud).forEach((r) => this.controller.enqueue(r)),
      onUpdate: (old, next) => {
        if (!statusOnly(old, next)) self(next).forEach((r) => this.controller.enqueue(r));
      },
      onDelete: (ud) => self(ud).forEach((r) => this.controller.enqueue(r)),
    });
    for (const informer of this.informers.workloads.values()) {
      // An orphan wakes the UnitedDeployments that would adopt it (Kruise waits for their next pass).
      this.controller.watches(informer, enqueueOwnerOrSelecting(owner, (w: KubeObject) => this.matching(w)));
      informer.addEventHandler({
        onAdd: (w) => {
          for (const request of owner(w)) creations.observeScale(requestKey(request), 'create', w.metadata.name!);
        },
      });
    }
  }

  private matching(object: KubeObject): Request[] {
    return ownersSelecting(this.informers.unitedDeployments.list(object.metadata.namespace), object, (ud) => ud.spec.selector);
  }

  /** The plan the last reconcile computed (in observe mode: computed and not applied). */
  lastPlan(namespace: string, name: string): UnitedDeploymentPlan | undefined {
    return this.plans.get(namespace, name);
  }

  /** Subset workloads created and not yet in the cache, in words; undefined when none. */
  pendingScale(namespace: string, name: string): string | undefined {
    return this.creations.pending(requestKey({ namespace, name }))?.message;
  }

  /**
   * The plan the controller would compute now, from its caches: the same pure planner, with the
   * revisions the next reconcile would resolve (nothing is written). Undefined when the
   * UnitedDeployment is not in the cache or has no template.
   */
  planNow(namespace: string, name: string): UnitedDeploymentPlan | undefined {
    const ud = this.informers.unitedDeployments.get(namespace, name);
    if (!ud) return undefined;
    const view = readUnitedDeployment(this.informers, ud);
    if (!view) return undefined;
    const preview = previewUnitedDeploymentRevisions(ud, claimRevisions(ud, this.informers.revisions.list(namespace)).owned);
    return planUnitedDeployment({
      ud, adapter: view.adapter, updateRevision: preview.updateRevision.metadata.name!, currentRevision: preview.currentRevision.metadata.name!,
      subsets: view.subsets, otherKinds: view.otherKinds, now: this.clock.now(),
    });
  }
}
