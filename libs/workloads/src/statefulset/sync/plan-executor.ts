// Applies a StatefulSet plan through the cluster port, in the order of the pass (Kruise's
// StatefulPodControl and lifecycle/in-place controls): creations and deletions are announced to the
// scale expectations before they are sent, pod writes to the resourceVersion expectations after, and
// the first failure stops the run, as Kruise's pass returns on its first error. A Parallel set's
// condemned pods go together in slow-start batches (1, 2, 4, …), as Kruise's slowStartBatch.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, ResourceVersionExpectations, ScaleExpectations } from '@coxswain/controller-runtime';
import type { FeatureGates, KubeObject, PersistentVolumeClaim, Pod, StatefulSet } from '@coxswain/kruise-api';
import { applyLifecycleChange, asError, deleteExpectingScale, errorMessage, updatePodInPlace, writePod, type WriteOutcome } from '../../sync/pod-writes.js';
import { statefulSetRevisionLabels } from '../../inplace/update.js';
import { POD_REF } from '../../refs.js';
import type { FailureCondition, StatefulSetOperation } from '../plan/plan-types.js';
import { withIdentity, withStorage } from '../plan/identity.js';
import type { UpdateExpectations } from './update-expectations.js';

export interface StatefulSetExecutorDeps {
  client: ClusterClient;
  scaleExpectations: ScaleExpectations;
  rvExpectations: ResourceVersionExpectations;
  updateExpectations: UpdateExpectations;
  recorder: EventRecorder;
  now: () => number;
  gates: FeatureGates;
}

export interface StatefulSetExecution extends WriteOutcome {
  /** The status condition the failure sets (FailedCreatePod, FailedUpdatePod), when Kruise sets one. */
  failure?: FailureCondition;
  /** An in-place grace period to wait out. */
  requeueAfterMs?: number;
}

const CONFLICT_ATTEMPTS = 5;
/** Kruise caps a slow-start batch (docs/spec/advanced-statefulset.md §4.2). */
const MAX_BATCH = 500;

type Op<K extends StatefulSetOperation['op']> = Extract<StatefulSetOperation, { op: K }>;

/**
 * `owner` is the stored object (the event's involved object), `set` the set as the planner read it
 * (its name and claim templates), `updateRevision` the revision in-place updates move to.
 */
export async function executeStatefulSetPlan(
  deps: StatefulSetExecutorDeps, key: string, owner: KubeObject, set: StatefulSet, updateRevision: string, operations: readonly StatefulSetOperation[],
): Promise<StatefulSetExecution> {
  const result: StatefulSetExecution = { modified: false };
  const run = new Runner(deps, key, owner, set, updateRevision, result);
  for (let i = 0; i < operations.length && !result.error; ) {
    const op = operations[i]!;
    if (op.op === 'delete' && op.parallel) {
      let j = i;
      while (j < operations.length && operations[j]!.op === 'delete' && (operations[j] as Op<'delete'>).parallel) j++;
      await run.slowStartDeletes(operations.slice(i, j) as Op<'delete'>[]);
      i = j;
      continue;
    }
    await run.one(op);
    i++;
  }
  return result;
}

class Runner {
  constructor(
    private readonly deps: StatefulSetExecutorDeps,
    private readonly key: string,
    private readonly owner: KubeObject,
    private readonly set: StatefulSet,
    private readonly updateRevision: string,
    private readonly result: StatefulSetExecution,
  ) {}

  async one(op: StatefulSetOperation): Promise<void> {
    const { deps, key, result } = this;
    switch (op.op) {
      case 'create':
        return this.create(op);
      case 'createClaims':
        return this.fail(await this.createClaims(op.pod, op.claims));
      case 'delete':
        return this.fail(await this.deletePod(op.pod));
      case 'lifecycle':
        return applyLifecycleChange(deps, key, op.pod, op.change, result);
      case 'writePod':
        return writePod(deps, key, op.pod, op.subresource, result);
      case 'repairPod':
        return this.repair(op.pod);
      case 'updateClaim':
        return this.updateClaim(op);
      case 'updateInPlace':
        return this.updateInPlace(op);
    }
  }

  async slowStartDeletes(ops: readonly Op<'delete'>[]): Promise<void> {
    let next = 0;
    for (let size = 1; next < ops.length && !this.result.error; size = Math.min(size * 2, MAX_BATCH)) {
      const batch = ops.slice(next, next + size);
      next += batch.length;
      const errors = (await Promise.all(batch.map((op) => this.deletePod(op.pod)))).filter((e): e is Error => e !== undefined);
      this.fail(errors[0]);
    }
  }

  private fail(error: Error | undefined, failure?: FailureCondition): void {
    if (error === undefined || this.result.error) return;
    this.result.error = error;
    if (failure) this.result.failure = failure;
  }

  private event(type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.deps.recorder.event(this.owner, type, reason, message);
  }

  /** Kubernetes' recordPodEvent: "create Pod web-0 in StatefulSet web successful" / "... failed error: ...". */
  private podEvent(verb: 'create' | 'delete' | 'update', pod: Pod, err?: unknown): void {
    const title = verb[0]!.toUpperCase() + verb.slice(1);
    const name = this.set.metadata.name;
    if (err === undefined) this.event('Normal', `Successful${title}`, `${verb} Pod ${pod.metadata.name} in StatefulSet ${name} successful`);
    else this.event('Warning', `Failed${title}`, `${verb} Pod ${pod.metadata.name} in StatefulSet ${name} failed error: ${errorMessage(err)}`);
  }

  private async create(op: Op<'create'>): Promise<void> {
    const { deps, key } = this;
    const name = op.pod.metadata.name!;
    deps.scaleExpectations.expectScale(key, 'create', name);
    const claimError = await this.createClaims(op.pod, op.claims);
    if (claimError) {
      deps.scaleExpectations.observeScale(key, 'create', name);
      this.podEvent('create', op.pod, claimError);
      return this.fail(claimError, 'FailedCreatePod');
    }
    try {
      await deps.client.create<Pod>(op.pod);
    } catch (err) {
      deps.scaleExpectations.observeScale(key, 'create', name);
      // Kubernetes records no event for AlreadyExists: another pass created the pod.
      if (!isApiError(err, 'AlreadyExists')) this.podEvent('create', op.pod, err);
      return this.fail(asError(err), 'FailedCreatePod');
    }
    this.result.modified = true;
    this.podEvent('create', op.pod);
  }

  /** Claims are created when missing; one that exists already (the cache lagged) is fine. */
  private async createClaims(pod: Pod, claims: readonly PersistentVolumeClaim[]): Promise<Error | undefined> {
    for (const claim of claims) {
      try {
        await this.deps.client.create<PersistentVolumeClaim>(claim);
      } catch (err) {
        if (isApiError(err, 'AlreadyExists')) continue;
        const message = `failed to create PVC ${claim.metadata.name}: ${errorMessage(err)}`;
        this.event('Warning', 'FailedCreate', `create Claim ${claim.metadata.name} for Pod ${pod.metadata.name} in StatefulSet ${this.set.metadata.name} failed error: ${errorMessage(err)}`);
        return new Error(message);
      }
      this.result.modified = true;
      this.event('Normal', 'SuccessfulCreate', `create Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${this.set.metadata.name} success`);
    }
    return undefined;
  }

  private async deletePod(pod: Pod): Promise<Error | undefined> {
    const { deps, key } = this;
    try {
      await deleteExpectingScale(deps, key, POD_REF, pod);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      this.podEvent('delete', pod, err);
      return asError(err);
    }
    this.result.modified = true;
    this.podEvent('delete', pod);
    return undefined;
  }

  /** UpdateStatefulPod: identity and storage restored on a fresh copy after a Conflict. */
  private async repair(cached: Pod): Promise<void> {
    const { deps, key } = this;
    let pod = cached;
    for (let attempt = 1; ; attempt++) {
      try {
        const written = await deps.client.update<Pod>(withStorage(this.set, withIdentity(this.set, pod, deps.gates)));
        deps.rvExpectations.expect(key, written);
        this.result.modified = true;
        this.podEvent('update', cached);
        return;
      } catch (err) {
        if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) {
          this.podEvent('update', cached, err);
          return this.fail(asError(err), 'FailedUpdatePod');
        }
      }
      pod = await deps.client.get<Pod>(POD_REF, cached.metadata.namespace, cached.metadata.name!);
    }
  }

  /** The claim's ownerReferences as the planner computed them, under the cached resourceVersion. */
  private async updateClaim(op: Op<'updateClaim'>): Promise<void> {
    try {
      await this.deps.client.update<PersistentVolumeClaim>(op.claim);
      this.result.modified = true;
    } catch (err) {
      // A changed claim brings the set back (its event), to be recomputed from the new copy.
      if (isApiError(err, 'Conflict') || isApiError(err, 'NotFound')) return;
      this.fail(new Error(`could not update claim ${op.claim.metadata.name} for delete policy ownerRefs: ${errorMessage(err)}`), op.failure);
    }
  }

  private async updateInPlace(op: Op<'updateInPlace'>): Promise<void> {
    const { deps, key, result } = this;
    const name = op.pod.metadata.name!;
    try {
      const updated = await updatePodInPlace(deps, key, {
        pod: op.pod, spec: op.spec, revisionLabels: statefulSetRevisionLabels(op.revision), lifecycleUpdating: 'ifPresent',
        verticalScaling: this.deps.gates.enabled('InPlaceWorkloadVerticalScaling'),
      });
      result.modified = true;
      deps.updateExpectations.expectUpdated(key, this.updateRevision, updated.pod);
      if (updated.delaySeconds > 0) result.requeueAfterMs = Math.min(result.requeueAfterMs ?? Infinity, updated.delaySeconds * 1000);
      this.event('Normal', 'SuccessfulUpdatePodInPlace', `successfully update pod ${name} in-place(revision ${op.revision})`);
    } catch (err) {
      this.event('Warning', 'FailedUpdatePodInPlace', `failed to update pod ${name} in-place(revision ${op.revision}): ${errorMessage(err)}`);
      this.fail(asError(err));
    }
  }
}
