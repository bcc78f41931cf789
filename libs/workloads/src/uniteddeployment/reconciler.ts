// The UnitedDeployment reconcile (docs/spec/uniteddeployment.md §6.3): wait for the cache to show the last
// status write, resolve revisions (history first), discover the subset workloads (claim, drop
// duplicates), plan the pass with the pure planner, then write (sync/subset-writes.ts): reserved-pod
// labels, subset creations and deletions (slow start), subset updates, and the status. An error after
// planning is an Event and a retry; the status is then not written.
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, Logger, Reconciler, ReconcileResult, Request, ResourceVersionExpectations, ScaleExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import {
  jsonEqual, subsetTemplateKind, type ControllerRevision, type Pod, type ReplicaSet, type UnitedDeployment,
} from '@coxswain/kruise-api';
import { errorMessage } from '../sync/pod-writes.js';
import { writeStatusWithRetry } from '../sync/status-write.js';
import { controllerRefTo, withControllerRef, withoutOwner } from '../ownership/claim.js';
import { UNITED_DEPLOYMENT_REF } from '../refs.js';
import { CONTROLLER_REVISION_REF } from '../revision/revision-store.js';
import { SUBSET_ADAPTERS, subsetAdapter } from './plan/adapters/registry.js';
import type { SubsetAdapter, SubsetWorkload } from './plan/adapters/types.js';
import { planUnitedDeployment, type UnitedDeploymentPlan } from './plan/planner.js';
import { claimRevisions, ensureUnitedDeploymentRevision, previewUnitedDeploymentRevisions, truncateUnitedDeploymentHistory } from './revision/revisions.js';
import { discoverSubsets, type SubsetObservation } from './plan/subsets.js';
import { labelPod, provision, tidySubsets, updateSubsets } from './sync/subset-writes.js';

/** How long a reconcile waits for the cache to show the last status write (Kruise: 1 s). */
const STATUS_OBSERVED_REQUEUE_MS = 1000;

export interface UnitedDeploymentInformers {
  unitedDeployments: Informer<UnitedDeployment>;
  /** The workloads of each template kind, by the kind's template slot. */
  workloads: ReadonlyMap<SubsetAdapter['templateKind'], Informer<SubsetWorkload>>;
  replicaSets: Informer<ReplicaSet>;
  pods: Informer<Pod>;
  revisions: Informer<ControllerRevision>;
}

export interface UnitedDeploymentReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  informers: UnitedDeploymentInformers;
  /** The UnitedDeployment status writes the cache must show before the next pass. */
  statusExpectations: ResourceVersionExpectations;
  /** Subset workloads created and not yet seen by the cache. */
  creations: ScaleExpectations;
  recorder: EventRecorder;
  observeOnly: boolean;
  onPlan?: (key: string, plan: UnitedDeploymentPlan) => void;
  log: Logger;
}

/** What a pass reads before planning; planNow reads the same without writing. */
export interface UnitedDeploymentView {
  adapter: SubsetAdapter;
  subsets: Map<string, SubsetObservation>;
  duplicates: SubsetWorkload[];
  adopt: SubsetWorkload[];
  release: SubsetWorkload[];
  otherKinds: SubsetWorkload[];
}

/** The subsets, their pods and the other kinds' owned workloads, from the informer caches. Undefined without a template. */
export function readUnitedDeployment(informers: UnitedDeploymentInformers, ud: UnitedDeployment): UnitedDeploymentView | undefined {
  const kind = subsetTemplateKind(ud.spec.template);
  if (kind === undefined) return undefined;
  const adapter = subsetAdapter(kind);
  const namespace = ud.metadata.namespace;
  const discovered = discoverSubsets(ud, informers.workloads.get(kind)!.list(namespace));
  const subsets = new Map<string, SubsetObservation>();
  for (const [name, workload] of discovered.byName) subsets.set(name, { name, workload, pods: subsetPods(informers, adapter, workload) });
  const otherKinds = SUBSET_ADAPTERS.filter((a) => a !== adapter).flatMap((a) =>
    informers.workloads.get(a.templateKind)!.byOwner(ud.metadata.uid!).filter((w) => w.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === ud.metadata.uid)));
  return { adapter, subsets, duplicates: discovered.duplicates, adopt: discovered.claim.adopt, release: discovered.claim.release, otherKinds };
}

/** Pods the workload controls; a Deployment's through its ReplicaSets. */
function subsetPods(informers: UnitedDeploymentInformers, adapter: SubsetAdapter, workload: SubsetWorkload): Pod[] {
  const controlled = (uid: string) => {
    const owned = informers.pods.byOwner(uid);
    const isControlled = (p: Pod) => p.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === uid) === true;
    return owned.every(isControlled) ? owned : owned.filter(isControlled);
  };
  if (adapter.templateKind !== 'deploymentTemplate') return controlled(workload.metadata.uid!);
  return informers.replicaSets.byOwner(workload.metadata.uid!).flatMap((rs) => controlled(rs.metadata.uid!));
}

export class UnitedDeploymentReconciler implements Reconciler {
  constructor(private readonly deps: UnitedDeploymentReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult> {
    const { deps } = this;
    const key = requestKey(request);
    const ud = deps.informers.unitedDeployments.get(request.namespace, request.name);
    if (!ud || ud.metadata.deletionTimestamp) {
      if (!ud) {
        deps.statusExpectations.deleteExpectations(key);
        deps.creations.deleteExpectations(key);
      }
      return {};
    }
    if (!deps.statusExpectations.satisfied(key) || !deps.creations.satisfied(key)) return { requeueAfterMs: STATUS_OBSERVED_REQUEUE_MS };
    const view = readUnitedDeployment(deps.informers, ud);
    if (!view) {
      deps.log('error', 'UnitedDeployment has no template; not reconciling', { key });
      return {};
    }

    const revisions = await this.resolveRevisions(ud, !deps.observeOnly);
    if (!deps.observeOnly) await tidySubsets(deps, ud, view);
    const plan = planUnitedDeployment({
      ud, adapter: view.adapter, updateRevision: revisions.update, currentRevision: revisions.current, subsets: view.subsets, otherKinds: view.otherKinds,
      now: deps.clock.now(),
    });
    deps.onPlan?.(key, plan);
    if (deps.observeOnly) return {};

    for (const e of plan.events) deps.recorder.event(ud, e.type, e.reason, e.message);
    for (const o of plan.operations) if (o.op === 'labelPod') await labelPod(deps, o.pod, o.reserved);
    if (plan.allocationError) throw new Error(plan.allocationError);
    await provision(deps, key, ud, view.adapter, deps.informers.workloads.get(view.adapter.templateKind)!, revisions.update, plan.operations);
    await updateSubsets(deps, ud, view.adapter, revisions.update, plan.operations);

    if (!jsonEqual(ud.status, plan.status)) {
      const written = await writeStatusWithRetry(deps.client, UNITED_DEPLOYMENT_REF, ud, plan.status);
      deps.statusExpectations.expect(key, written);
    }
    return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : {};
  }

  /** docs/spec/uniteddeployment.md §6.1: claim, cut history, resolve the update revision (writing it); or, without writes, preview it. */
  private async resolveRevisions(ud: UnitedDeployment, write: boolean): Promise<{ update: string; current: string }> {
    const { deps } = this;
    try {
      const claim = claimRevisions(ud, deps.informers.revisions.list(ud.metadata.namespace));
      if (!write) {
        const preview = previewUnitedDeploymentRevisions(ud, claim.owned);
        return { update: preview.updateRevision.metadata.name!, current: preview.currentRevision.metadata.name! };
      }
      for (const r of claim.release) await deps.client.update<ControllerRevision>(withoutOwner(r, ud.metadata.uid!));
      const adopted = new Map<string, ControllerRevision>();
      for (const r of claim.adopt) adopted.set(r.metadata.name!, await deps.client.update<ControllerRevision>(withControllerRef(r, controllerRefTo(ud))));
      const owned = claim.owned.map((r) => adopted.get(r.metadata.name!) ?? r);
      const history = truncateUnitedDeploymentHistory(ud, owned);
      for (const r of history.remove) {
        await deps.client.delete(CONTROLLER_REVISION_REF, r.metadata.namespace, r.metadata.name!).catch((err: unknown) => {
          if (!isApiError(err, 'NotFound')) throw err;
        });
      }
      const resolved = await ensureUnitedDeploymentRevision(deps.client, ud, history.kept);
      return { update: resolved.updateRevision.metadata.name!, current: resolved.currentRevision.metadata.name! };
    } catch (err) {
      deps.recorder.event(ud, 'Warning', 'FailedRevisionProvision', errorMessage(err));
      throw err;
    }
  }
}
