// Wires the StatefulSet reconciler into a ControllerManager, once per flavor: Advanced StatefulSet
// (apps.kruise.io/v1beta1) and, registered separately, the native apps/v1 StatefulSet. It sets up the
// informers, the watch handlers that feed the expectations and wake the right set (the owner of a pod;
// for an orphan pod or a claim, the sets whose selector matches it), and keeps the last plan per set.
import type { Clock } from '@coxswain/cluster';
import type { Controller, ControllerManager, EventRecorder, Logger, Request } from '@coxswain/controller-runtime';
import { ResourceVersionExpectations, ScaleExpectations, enqueueObject, enqueueOwner, logRetriedFailure, observeScaleEvents, requestKey } from '@coxswain/controller-runtime';
import { Selector, type ControllerRevision, type LabelSelector, type FeatureGates, type ImagePullJob, type KubeObject, type PersistentVolumeClaim, type Pod } from '@coxswain/kruise-api';
import { IMAGE_PULL_JOB_REF, POD_REF, PVC_REF } from '../refs.js';
import { CONTROLLER_REVISION_REF } from '../revision/revision-store.js';
import { previewStatefulSetRevisions } from './revision/preview.js';
import { planStatefulSet } from './plan/planner.js';
import type { StatefulSetPlan } from './plan/plan-types.js';
import { KRUISE_STATEFULSET, statefulSetView, type StatefulSetFlavor } from './plan/flavor.js';
import { isMemberOf } from './plan/identity.js';
import { enqueueOwnerOrSelecting, ownersSelecting } from '../ownership/selecting.js';
import { claimStatefulSetPods } from './plan/pod-adoption.js';
import { StatefulSetReconciler, type StatefulSetInformers, type StoredStatefulSet } from './reconciler.js';
import { UpdateExpectations } from './sync/update-expectations.js';
import { LastPlans } from '../plan/last-plans.js';

export const STATEFULSET_CONTROLLER_NAME = 'statefulset-controller';
export const NATIVE_STATEFULSET_CONTROLLER_NAME = 'native-statefulset-controller';

export interface StatefulSetControllerOptions {
  /** Advanced StatefulSet (default) or native apps/v1. */
  flavor?: StatefulSetFlavor;
  gates: FeatureGates;
  recorder: EventRecorder;
  log: Logger;
  maxConcurrentReconciles?: number;
  expectationTimeoutMs?: number;
}

export class StatefulSetController {
  readonly flavor: StatefulSetFlavor;
  readonly informers: StatefulSetInformers;
  readonly scaleExpectations: ScaleExpectations;
  readonly updateExpectations = new UpdateExpectations();
  readonly controller: Controller;
  private readonly plans: LastPlans<StatefulSetPlan>;
  private readonly clock: Clock;

  constructor(manager: ControllerManager, private readonly options: StatefulSetControllerOptions) {
    const flavor = options.flavor ?? KRUISE_STATEFULSET;
    this.flavor = flavor;
    this.informers = {
      sets: manager.informerFor<StoredStatefulSet>(flavor.ref),
      pods: manager.informerFor<Pod>(POD_REF),
      pvcs: manager.informerFor<PersistentVolumeClaim>(PVC_REF),
      revisions: manager.informerFor<ControllerRevision>(CONTROLLER_REVISION_REF),
    };
    this.plans = new LastPlans(this.informers.sets);
    this.clock = manager.clock;
    this.scaleExpectations = new ScaleExpectations({ clock: this.clock, timeoutMs: options.expectationTimeoutMs });
    const rvExpectations = new ResourceVersionExpectations({ clock: this.clock, timeoutMs: options.expectationTimeoutMs, cache: this.informers.pods });
    const observeOnly = manager.mode === 'observe';
    // Advanced StatefulSet with the gate on creates and deletes the ImagePullJobs of its rollouts (docs/spec/image-pull.md §6).
    const preDownloadJobs = flavor === KRUISE_STATEFULSET && options.gates.enabled('PreDownloadImageForInPlaceUpdate')
      ? manager.informerFor<ImagePullJob>(IMAGE_PULL_JOB_REF) : undefined;

    this.controller = manager.newController({
      name: flavor.name === 'native' ? NATIVE_STATEFULSET_CONTROLLER_NAME : STATEFULSET_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) =>
        new StatefulSetReconciler({
          client: context.client,
          clock: this.clock,
          flavor,
          informers: this.informers,
          ...(preDownloadJobs ? { preDownloadJobs } : {}),
          scaleExpectations: this.scaleExpectations,
          rvExpectations,
          updateExpectations: this.updateExpectations,
          recorder: options.recorder,
          gates: options.gates,
          observeOnly,
          onPlan: this.plans.record,
          log: options.log,
        }),
    });

    const owner = enqueueOwner<KubeObject>(flavor.ref);
    this.controller.watches(this.informers.sets, enqueueObject());
    this.controller.watches(this.informers.pods, enqueueOwnerOrSelecting(owner, (pod: Pod) => this.setsMatching(pod, true)));
    // A claim being deleted or losing an owner can unblock a creation (docs/spec/advanced-statefulset.md §4.3 step 3).
    this.controller.watches(this.informers.pvcs, (claim: PersistentVolumeClaim) => this.setsMatching(claim, false));
    observeScaleEvents(this.scaleExpectations, this.informers.pods, owner);
  }

  /** The plan the last reconcile computed (in observe mode: computed and not applied). */
  lastPlan(namespace: string, name: string): StatefulSetPlan | undefined {
    return this.plans.get(namespace, name);
  }

  /** Creations and deletions the set still waits to see, in words; undefined when none. */
  pendingScale(namespace: string, name: string): string | undefined {
    return this.scaleExpectations.pending(requestKey({ namespace, name }))?.message;
  }

  /**
   * The plan the controller would compute now, from its informer caches: the same pure planner the
   * reconciler applies, with the revisions the next reconcile would select (nothing is written).
   * Undefined when the set is not in the cache or its selector cannot be read.
   */
  planNow(namespace: string, name: string): StatefulSetPlan | undefined {
    const stored = this.informers.sets.get(namespace, name);
    if (!stored) return undefined;
    const view = statefulSetView(stored, this.flavor);
    let selector: Selector;
    try {
      selector = Selector.from(view.set.spec.selector);
    } catch {
      return undefined;
    }
    const pods = claimStatefulSetPods(view.set, this.informers.pods.claimable(namespace, view.set.metadata.uid!), selector).pods;
    const preview = previewStatefulSetRevisions(view.set, this.flavor, this.informers.revisions.list(namespace));
    const key = requestKey({ namespace, name });
    return planStatefulSet({
      view, pods, pvcs: new Map(this.informers.pvcs.list(namespace).map((c) => [c.metadata.name!, c])),
      revisions: preview.revisions, currentRevision: preview.currentRevision, updateRevision: preview.updateRevision,
      collisionCount: view.set.status?.collisionCount ?? 0,
      pendingInPlaceUpdates: this.updateExpectations.observe(key, preview.updateRevision.metadata.name!, pods),
      now: this.clock.now(), gates: this.options.gates,
    });
  }

  /** The sets of the object's namespace whose selector matches it (and, for pods, whose name is its parent). */
  private setsMatching(object: KubeObject, membersOnly: boolean): Request[] {
    return ownersSelecting(this.informers.sets.list(object.metadata.namespace), object, (set) => (set.spec as { selector: LabelSelector }).selector, (set) => !membersOnly || isMemberOf(set, object));
  }
}
