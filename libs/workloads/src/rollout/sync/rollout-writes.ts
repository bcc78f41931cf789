// The Rollout controller's writes (docs/spec/kruise-rollout.md §2.2, §2.7, §2.15): its finalizer, its
// plan-hash annotation and status; the workload's workload-type label and the removal of its
// in-progressing annotation; and its BatchRelease: created, overwritten, patched (rollout id,
// finalising) and deleted; and, when a step's analysis aborts, the workload's template set back to its
// stable revision. NotFound and Conflict end a write quietly: the next event reconciles again.
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import {
  ANNOTATION_IN_PROGRESSING, ANNOTATION_ROLLOUT_HASH, FINALIZER_ROLLOUT, LABEL_WORKLOAD_TYPE,
  type BatchRelease, type KubeObject, type Rollout, type RolloutStatus,
} from '@coxswain/kruise-api';
import type { ReleaseWorkload } from '../../release-target/workload.js';
import { BATCH_RELEASE_REF, ROLLOUT_REF } from '../../refs.js';
import { writeStatusWithRetry } from '../../sync/status-write.js';
import { stableTemplate } from './stable-template.js';

async function quietly<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    if (isApiError(err, 'NotFound') || isApiError(err, 'Conflict')) return undefined;
    throw err;
  }
}

export function setRolloutFinalizer(client: ClusterClient, rollout: Rollout, present: boolean): Promise<Rollout | undefined> {
  const finalizers = (rollout.metadata.finalizers ?? []).filter((f) => f !== FINALIZER_ROLLOUT);
  if (present) finalizers.push(FINALIZER_ROLLOUT);
  return quietly(() => client.update<Rollout>({ ...rollout, metadata: { ...rollout.metadata, finalizers } }));
}

export function setRolloutHash(client: ClusterClient, rollout: Rollout, hash: string): Promise<Rollout | undefined> {
  return quietly(() => client.patch<Rollout>(ROLLOUT_REF, rollout.metadata.namespace, rollout.metadata.name ?? '', { metadata: { annotations: { [ANNOTATION_ROLLOUT_HASH]: hash } } }));
}

export function writeRolloutStatus(client: ClusterClient, rollout: Rollout, status: RolloutStatus): Promise<Rollout | undefined> {
  return quietly(() => writeStatusWithRetry<Rollout>(client, ROLLOUT_REF, rollout, status));
}

export async function labelWorkloadType(client: ClusterClient, ref: KindRef, workload: KubeObject, type: string): Promise<void> {
  await quietly(() => client.patch(ref, workload.metadata.namespace, workload.metadata.name ?? '', { metadata: { labels: { [LABEL_WORKLOAD_TYPE]: type } } }));
}

export async function removeInProgressing(client: ClusterClient, ref: KindRef, workload: KubeObject): Promise<void> {
  await quietly(() => client.patch(ref, workload.metadata.namespace, workload.metadata.name ?? '', { metadata: { annotations: { [ANNOTATION_IN_PROGRESSING]: null } } }));
}

/** Creates the release (AlreadyExists ignored) or overwrites its spec and annotations. */
export async function applyBatchRelease(client: ClusterClient, stored: BatchRelease | undefined, desired: BatchRelease): Promise<void> {
  if (!stored) {
    try {
      await client.create(desired);
    } catch (err) {
      if (!isApiError(err, 'AlreadyExists')) throw err;
    }
    return;
  }
  await quietly(() => client.update<BatchRelease>({ ...stored, metadata: { ...stored.metadata, annotations: desired.metadata.annotations ?? {} }, spec: desired.spec }));
}

export async function patchBatchRelease(client: ClusterClient, release: BatchRelease, releasePlan: Record<string, unknown>): Promise<void> {
  await quietly(() => client.patch(BATCH_RELEASE_REF, release.metadata.namespace, release.metadata.name ?? '', { spec: { releasePlan } }));
}

export async function deleteBatchRelease(client: ClusterClient, release: BatchRelease): Promise<void> {
  await quietly(() => client.delete(BATCH_RELEASE_REF, release.metadata.namespace, release.metadata.name ?? '', { preconditions: { uid: release.metadata.uid } }));
}

/**
 * An aborted analysis (docs/analysis.md §5): the workload's pod template set back to its stable revision's
 * (stable-template.ts: status.currentRevision's ControllerRevision; a canary-style Deployment's stable
 * ReplicaSet's), as a user's rollback would. Nothing is written when the template is the stable one
 * already; a Conflict is retried by the next reconcile.
 */
export async function restoreStableTemplate(client: ClusterClient, workload: ReleaseWorkload): Promise<void> {
  const stable = await quietly(() => stableTemplate(client, workload, workload.currentRevision));
  if (stable?.outcome === 'restore') await quietly(() => client.update(stable.next));
}
