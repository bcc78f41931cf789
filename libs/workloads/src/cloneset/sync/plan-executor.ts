// Applies a CloneSet plan's operations through the cluster port (docs/spec/cloneset.md §7.2, §7.3, §8.1
// updatePod). Every create and delete is announced to the scale expectations before it is sent and
// taken back if it fails, so a reconcile that runs before the watch catches up never acts twice.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, ResourceVersionExpectations, ScaleExpectations } from '@coxswain/controller-runtime';
import {
  ANNOTATION_LIFECYCLE_TIMESTAMP, CONDITION_INPLACE_UPDATE_READY, LABEL_LIFECYCLE_STATE, LABEL_POD_TEMPLATE_HASH, LABEL_SPECIFIED_DELETE, SPECIFIED_DELETE_VALUE,
  type CloneSet, type PersistentVolumeClaim, type Pod,
} from '@coxswain/kruise-api';
import { applyLifecycleChange, asError, deleteExpectingScale, errorMessage as message, patchPod, updatePodInPlace, writePod } from '../../sync/pod-writes.js';
import { injectContainerLaunchBarrier } from '../../inplace/container-priority.js';
import { cloneSetRevisionLabels } from '../../inplace/update.js';
import { POD_REF, PVC_REF } from '../../refs.js';
import type { CloneSetOperation } from '../plan/planner-types.js';

export interface PlanExecutorDeps {
  client: ClusterClient;
  scaleExpectations: ScaleExpectations;
  rvExpectations: ResourceVersionExpectations;
  recorder: EventRecorder;
  now: () => number;
  /** Gate CloneSetShortHash: the revision label an in-place update writes. */
  shortHash: boolean;
  /** Gate InPlaceWorkloadVerticalScaling: a resize needing no restart keeps the pod in traffic. */
  verticalScaling: boolean;
}

export interface ExecutionResult {
  /** At least one write succeeded. */
  modified: boolean;
  /** The first failure (in plan order); pods not yet started were not attempted. */
  error?: Error;
  /** An in-place grace period to wait out. */
  requeueAfterMs?: number;
  /** Creations ran without a failure: the slow-start batch size that would have come next. */
  nextSlowStartBatch?: number;
}

type CreateOperation = Extract<CloneSetOperation, { op: 'create' }>;
type PodOperation = Exclude<CloneSetOperation, CreateOperation>;

/** `firstSlowStartBatch`: the size of the first creation batch (1, unless a scale-up continues; SlowStarts). */
export async function executeOperations(
  deps: PlanExecutorDeps,
  controllerKey: string,
  cs: CloneSet,
  operations: readonly CloneSetOperation[],
  firstSlowStartBatch = 1,
): Promise<ExecutionResult> {
  const result: ExecutionResult = { modified: false };
  const creates = operations.filter((o): o is CreateOperation => o.op === 'create');
  if (creates.length > 0) await createInstances(deps, controllerKey, cs, creates, firstSlowStartBatch, result);
  if (!result.error) await applyPerPod(deps, controllerKey, cs, operations.filter((o): o is PodOperation => o.op !== 'create'), result);
  return result;
}

/** Pods whose operations are in flight at once. */
export const PODS_IN_FLIGHT = 256;

/**
 * The operations of one pod run in plan order; different pods' run concurrently (PODS_IN_FLIGHT at a
 * time), so their writes share the store's group commits instead of waiting one commit each: 10,000
 * refreshes cost tens of commits, not 10,000. After a failure no further pod is started (those in
 * flight finish) and the failure reported is the first in plan order, as a sequential pass would.
 */
async function applyPerPod(deps: PlanExecutorDeps, key: string, cs: CloneSet, operations: PodOperation[], result: ExecutionResult): Promise<void> {
  const byPod = new Map<string, { index: number; operation: PodOperation }[]>();
  operations.forEach((operation, index) => {
    const pod = operation.pod.metadata.uid ?? operation.pod.metadata.name!;
    const queue = byPod.get(pod);
    if (queue) queue.push({ index, operation });
    else byPod.set(pod, [{ index, operation }]);
  });
  const queues = [...byPod.values()];
  const failures: { index: number; error: Error }[] = [];
  let next = 0;
  const runPods = async () => {
    while (next < queues.length && failures.length === 0) {
      for (const { index, operation } of queues[next++]!) {
        const own: ExecutionResult = { modified: false };
        await applyOne(deps, key, cs, operation, own);
        result.modified ||= own.modified;
        if (own.requeueAfterMs !== undefined) result.requeueAfterMs = Math.min(result.requeueAfterMs ?? Infinity, own.requeueAfterMs);
        if (own.error) {
          failures.push({ index, error: own.error });
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PODS_IN_FLIGHT, queues.length) }, runPods));
  if (failures.length > 0) result.error = failures.reduce((first, f) => (f.index < first.index ? f : first)).error;
}

/**
 * Slow start: batches of `firstBatch`, then twice, four times that, ... created concurrently; the first
 * batch with a failure ends it.
 */
async function createInstances(deps: PlanExecutorDeps, key: string, cs: CloneSet, creates: CreateOperation[], firstBatch: number, result: ExecutionResult): Promise<void> {
  for (const c of creates) deps.scaleExpectations.expectScale(key, 'create', c.instance.pod.metadata.name!);
  let next = 0;
  let batchSize = firstBatch;
  for (; next < creates.length; batchSize *= 2) {
    const batch = creates.slice(next, next + batchSize);
    next += batch.length;
    const errors = (await Promise.all(batch.map((c) => createInstance(deps, key, cs, c, result)))).filter((e): e is Error => e !== undefined);
    if (errors.length > 0) {
      result.error = errors[0];
      break;
    }
  }
  if (!result.error) result.nextSlowStartBatch = batchSize;
  for (const skipped of creates.slice(next)) deps.scaleExpectations.observeScale(key, 'create', skipped.instance.pod.metadata.name!);
}

/**
 * Kruise creates every missing pod of a CloneSet in one reconcile, in slow-start batches of 1, 2, 4, ...
 * One reconcile here creates at most MAX_CREATES_PER_RECONCILE, so a large scale-up spans several
 * reconciles; each continues the doubling where the previous one stopped, as Kruise's single pass
 * would, instead of starting again at one (twenty restarts, nine batches each waiting on its commits,
 * were most of a 10,000-pod scale-up's wait). Whatever else happens in between, the next reconcile
 * starts at one: a failed batch, a reconcile that left nothing missing, or a CloneSet gone.
 */
export class SlowStarts {
  private readonly continued = new Map<string, number>();

  /** The first batch size for this reconcile of `key`; a continuation is used up by taking it. */
  take(key: string): number {
    const size = this.continued.get(key) ?? 1;
    this.continued.delete(key);
    return size;
  }

  /** The next reconcile of `key` creates more pods of the same scale-up, starting with batches of `size`. */
  continueWith(key: string, size: number): void {
    this.continued.set(key, size);
  }

  forget(key: string): void {
    this.continued.delete(key);
  }
}

async function createInstance(deps: PlanExecutorDeps, key: string, cs: CloneSet, create: CreateOperation, result: ExecutionResult): Promise<Error | undefined> {
  const name = create.instance.pod.metadata.name!;
  let pod: Pod;
  try {
    // Kruise's pod webhook at creation: the launch barrier that orders container starts and in-place batches.
    pod = injectContainerLaunchBarrier(create.instance.pod);
  } catch (err) {
    deps.scaleExpectations.observeScale(key, 'create', name);
    deps.recorder.event(cs, 'Warning', 'FailedCreate', `failed to create pod: ${message(err)}`);
    return asError(err);
  }
  for (const pvc of create.instance.pvcs) {
    const claim = pvc.metadata.name!;
    deps.scaleExpectations.expectScale(key, 'create', claim);
    try {
      await deps.client.create<PersistentVolumeClaim>(pvc);
    } catch (err) {
      deps.scaleExpectations.observeScale(key, 'create', claim);
      if (isApiError(err, 'AlreadyExists')) continue;
      deps.scaleExpectations.observeScale(key, 'create', name);
      deps.recorder.event(cs, 'Warning', 'FailedCreate', `failed to create pvc: ${message(err)}`);
      return asError(err);
    }
  }
  try {
    await deps.client.create<Pod>(pod);
  } catch (err) {
    deps.scaleExpectations.observeScale(key, 'create', name);
    deps.recorder.event(cs, 'Warning', 'FailedCreate', `failed to create pod: ${message(err)}`);
    return asError(err);
  }
  result.modified = true;
  deps.recorder.event(cs, 'Normal', 'SuccessfulCreate', `succeed to create pod ${name}`);
  return undefined;
}

async function applyOne(deps: PlanExecutorDeps, key: string, cs: CloneSet, operation: PodOperation, result: ExecutionResult): Promise<void> {
  switch (operation.op) {
    case 'delete':
      return deletePod(deps, key, cs, operation.pod, operation.pvcs, result);
    case 'lifecycle':
      return applyLifecycleChange(deps, key, operation.pod, operation.change, result);
    case 'writePod':
      return writePod(deps, key, operation.pod, operation.subresource, result);
    case 'updateInPlace':
      return updateInPlace(deps, key, cs, operation, result);
    case 'setPodTemplateHash':
      return patchPod(deps, key, operation.pod, { metadata: { labels: { [LABEL_POD_TEMPLATE_HASH]: operation.value } } }, result);
    case 'markSpecifiedDelete': {
      const name = operation.pod.metadata.name!;
      await patchPod(deps, key, operation.pod, { metadata: { labels: { [LABEL_SPECIFIED_DELETE]: SPECIFIED_DELETE_VALUE } } }, result);
      if (result.error) {
        deps.recorder.event(cs, 'Warning', 'FailedUpdatePodReCreate', `failed to patch Pod ${name} specified-delete for update(revision ${operation.revision}): ${result.error.message}`);
      } else {
        deps.recorder.event(cs, 'Normal', 'SuccessfulUpdatePodReCreate', `successfully patch Pod ${name} specified-delete for update(revision ${operation.revision})`);
      }
      return;
    }
  }
}

/** docs/spec/cloneset.md §7.3: the pod, then every PVC of its instance (also with PVC reuse: reuse is for pods lost by other means). */
async function deletePod(deps: PlanExecutorDeps, key: string, cs: CloneSet, pod: Pod, pvcs: readonly PersistentVolumeClaim[], result: ExecutionResult): Promise<void> {
  const name = pod.metadata.name!;
  try {
    await deleteExpectingScale(deps, key, POD_REF, pod);
  } catch (err) {
    deps.recorder.event(cs, 'Warning', 'FailedDelete', `failed to delete pod ${name}: ${message(err)}`);
    result.error = asError(err);
    return;
  }
  result.modified = true;
  deps.recorder.event(cs, 'Normal', 'SuccessfulDelete', `succeed to delete pod ${name}`);
  for (const pvc of pvcs) {
    try {
      await deleteExpectingScale(deps, key, PVC_REF, pvc);
    } catch (err) {
      if (isApiError(err, 'NotFound')) continue;
      result.error = asError(err);
      return;
    }
  }
}

/** docs/spec/inplace-and-lifecycle.md §2.2 with CloneSet's revision labels and events. */
async function updateInPlace(deps: PlanExecutorDeps, key: string, cs: CloneSet, op: Extract<CloneSetOperation, { op: 'updateInPlace' }>, result: ExecutionResult): Promise<void> {
  const name = op.pod.metadata.name!;
  try {
    const updated = await updatePodInPlace(deps, key, {
      pod: op.pod, spec: op.spec, revisionLabels: cloneSetRevisionLabels(op.revision, deps.shortHash), lifecycleUpdating: op.lifecycleUpdating,
      verticalScaling: deps.verticalScaling,
    });
    result.modified = true;
    if (updated.delaySeconds > 0) result.requeueAfterMs = Math.min(result.requeueAfterMs ?? Infinity, updated.delaySeconds * 1000);
    deps.recorder.event(cs, 'Normal', 'SuccessfulUpdatePodInPlace', `successfully update pod ${name} in-place(revision ${op.revision})`);
  } catch (err) {
    result.error = asError(err);
    deps.recorder.event(cs, 'Warning', 'FailedUpdatePodInPlace', `failed to update pod ${name} in-place(revision ${op.revision}): ${result.error.message}`);
  }
}
