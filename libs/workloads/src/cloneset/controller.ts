// Wires the CloneSet reconciler into a ControllerManager: the informers it reads, the watch handlers
// that feed the expectations (docs/spec/cloneset.md §5.3) and wake the owning CloneSet, and the last plan per
// CloneSet for observe mode.
import type { Controller, ControllerManager, EventRecorder, Logger, MapFunc } from '@coxswain/controller-runtime';
import { ResourceVersionExpectations, ScaleExpectations, enqueueObject, enqueueOwner, logRetriedFailure, observeScaleEvents, requestKey } from '@coxswain/controller-runtime';
import { Selector, type CloneSet, type ControllerRevision, type FeatureGates, type ImagePullJob, type KubeObject, type Node, type PersistentVolumeClaim, type Pod } from '@coxswain/kruise-api';
import type { Clock } from '@coxswain/cluster';
import { CONTROLLER_REVISION_REF } from '../revision/revision-store.js';
import { CLONESET_REF, IMAGE_PULL_JOB_REF, NODE_REF, POD_REF, PVC_REF } from '../refs.js';
import { claimPods } from './plan/pod-adoption.js';
import { planContext, previewRevisions } from './plan/plan-context.js';
import { SlowStarts } from './sync/plan-executor.js';
import { planCloneSet, type CloneSetPlan } from './plan/planner.js';
import { CloneSetReconciler, type CloneSetInformers } from './reconciler.js';
import type { RandomSource } from './plan/sort/instance-ids.js';
import { LastPlans } from '../plan/last-plans.js';

export const CLONESET_CONTROLLER_NAME = 'cloneset-controller';

export interface CloneSetControllerOptions {
  gates: FeatureGates;
  recorder: EventRecorder;
  log: Logger;
  excludePreparingDeleteFlag?: boolean;
  random?: RandomSource;
  maxConcurrentReconciles?: number;
  expectationTimeoutMs?: number;
}

export class CloneSetController {
  readonly informers: CloneSetInformers;
  readonly scaleExpectations: ScaleExpectations;
  readonly controller: Controller;
  private readonly plans: LastPlans<CloneSetPlan>;
  private readonly clock: Clock;

  constructor(manager: ControllerManager, private readonly options: CloneSetControllerOptions) {
    this.informers = {
      cloneSets: manager.informerFor<CloneSet>(CLONESET_REF),
      pods: manager.informerFor<Pod>(POD_REF),
      pvcs: manager.informerFor<PersistentVolumeClaim>(PVC_REF),
      revisions: manager.informerFor<ControllerRevision>(CONTROLLER_REVISION_REF),
      nodes: manager.informerFor<Node>(NODE_REF),
    };
    this.plans = new LastPlans(this.informers.cloneSets);
    const clock = manager.clock;
    this.clock = clock;
    this.scaleExpectations = new ScaleExpectations({ clock, timeoutMs: options.expectationTimeoutMs });
    const rvExpectations = new ResourceVersionExpectations({ clock, timeoutMs: options.expectationTimeoutMs, cache: this.informers.pods });
    const observeOnly = manager.mode === 'observe';
    const slowStarts = new SlowStarts();
    // With the gate on, the CloneSet creates and deletes the ImagePullJobs of its rollouts (docs/spec/image-pull.md §6).
    const preDownloadJobs = options.gates.enabled('PreDownloadImageForInPlaceUpdate') ? manager.informerFor<ImagePullJob>(IMAGE_PULL_JOB_REF) : undefined;

    this.controller = manager.newController({
      name: CLONESET_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) =>
        new CloneSetReconciler({
          client: context.client,
          clock,
          informers: this.informers,
          ...(preDownloadJobs ? { preDownloadJobs } : {}),
          scaleExpectations: this.scaleExpectations,
          rvExpectations,
          slowStarts,
          recorder: options.recorder,
          gates: options.gates,
          excludePreparingDeleteFlag: options.excludePreparingDeleteFlag ?? false,
          random: options.random ?? Math.random,
          observeOnly,
          onPlan: this.plans.record,
          log: options.log,
        }),
    });

    const owner = enqueueOwner<KubeObject>(CLONESET_REF);
    this.controller.watches(this.informers.cloneSets, enqueueObject());
    this.controller.watches(this.informers.pods, owner as MapFunc<Pod>);
    this.controller.watches(this.informers.pvcs, owner as MapFunc<PersistentVolumeClaim>);
    observeScaleEvents(this.scaleExpectations, this.informers.pods, owner);
    observeScaleEvents(this.scaleExpectations, this.informers.pvcs, owner);
  }

  /** The plan the last reconcile computed (in observe mode: computed and not applied). */
  lastPlan(namespace: string, name: string): CloneSetPlan | undefined {
    return this.plans.get(namespace, name);
  }

  /**
   * The plan the controller would compute now, from its informer caches: the same pure planner the
   * reconciler applies, with the revisions the next reconcile would select (nothing is written).
   * Undefined when the CloneSet is not in the cache or its selector cannot be read.
   */
  planNow(namespace: string, name: string): CloneSetPlan | undefined {
    const cs = this.informers.cloneSets.get(namespace, name);
    if (!cs) return undefined;
    let selector: Selector;
    try {
      selector = Selector.from(cs.spec.selector);
    } catch {
      return undefined;
    }
    const uid = cs.metadata.uid!;
    const active = claimPods(cs, this.informers.pods.byOwner(uid), selector).active;
    const pvcs = this.informers.pvcs.byOwner(uid).filter((c) => !c.metadata.deletionTimestamp);
    const preview = previewRevisions(cs, this.informers.revisions.list(namespace));
    return planCloneSet(
      planContext({
        cs, pods: active, pvcs, nodes: this.informers.nodes.list(), revisions: preview.revisions,
        updateRevision: preview.updateRevision, currentRevision: preview.currentRevision, now: this.clock.now(),
        gates: this.options.gates, excludePreparingDeleteFlag: this.options.excludePreparingDeleteFlag ?? false,
      }),
      this.options.random ?? Math.random,
    );
  }

  /** Creations and deletions the CloneSet still waits to see, in words; undefined when none. */
  pendingScale(namespace: string, name: string): string | undefined {
    return this.scaleExpectations.pending(requestKey({ namespace, name }))?.message;
  }
}
