// The BatchRelease's writes to itself (docs/spec/kruise-rollout.md §3.1): its finalizer and its status.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import { FINALIZER_BATCH_RELEASE, type BatchRelease, type BatchReleaseStatus } from '@coxswain/kruise-api';
import { writeStatusWithRetry } from '../../sync/status-write.js';
import { BATCH_RELEASE_REF } from '../../refs.js';

/** Adds or removes rollouts.kruise.io/batch-release-finalizer; undefined when the release is gone. */
export async function setReleaseFinalizer(client: ClusterClient, release: BatchRelease, present: boolean): Promise<BatchRelease | undefined> {
  const finalizers = (release.metadata.finalizers ?? []).filter((f) => f !== FINALIZER_BATCH_RELEASE);
  if (present) finalizers.push(FINALIZER_BATCH_RELEASE);
  try {
    return await client.update<BatchRelease>({ ...release, metadata: { ...release.metadata, finalizers } });
  } catch (err) {
    // Conflict: a newer release is on its way; its event reconciles again.
    if (isApiError(err, 'NotFound') || isApiError(err, 'Conflict')) return undefined;
    throw err;
  }
}

export async function writeReleaseStatus(client: ClusterClient, release: BatchRelease, status: BatchReleaseStatus): Promise<BatchRelease | undefined> {
  try {
    return await writeStatusWithRetry<BatchRelease>(client, BATCH_RELEASE_REF, release, status);
  } catch (err) {
    if (isApiError(err, 'NotFound')) return undefined;
    throw err;
  }
}
