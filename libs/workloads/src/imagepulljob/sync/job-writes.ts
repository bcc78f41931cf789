// The ImagePullJob controller's writes (docs/spec/image-pull.md §3.2, §3.5, §3.7): the protection
// finalizer, the status, the job's deletion at its TTL, its Secret copies, and its image given to a
// node — each NodeImage a read-modify-write retried on Conflict, as Kruise's RetryOnConflict does.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import { FINALIZER_DELETION_PROTECTION, type ImagePullJob, type ImagePullJobStatus, type NodeImage, type ReferenceObject } from '@coxswain/kruise-api';
import { IMAGE_PULL_JOB_REF, NODE_IMAGE_REF, SECRET_REF } from '../../refs.js';
import { writeStatusWithRetry } from '../../sync/status-write.js';
import type { ImageKey } from '../plan/image-key.js';
import { withJobImage, type RandomInt } from '../plan/node-image-edit.js';
import type { SecretWrite } from '../plan/pull-secrets.js';

const CONFLICT_ATTEMPTS = 5;

/** Adds or removes the protection finalizer; returns the written job (undefined when it is gone). */
export async function setProtectionFinalizer(client: ClusterClient, job: ImagePullJob, present: boolean): Promise<ImagePullJob | undefined> {
  let current = job;
  for (let attempt = 1; ; attempt++) {
    const finalizers = (current.metadata.finalizers ?? []).filter((f) => f !== FINALIZER_DELETION_PROTECTION);
    if (present) finalizers.push(FINALIZER_DELETION_PROTECTION);
    try {
      return await client.update<ImagePullJob>({ ...current, metadata: { ...current.metadata, finalizers } });
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
    }
    try {
      current = await client.get<ImagePullJob>(IMAGE_PULL_JOB_REF, job.metadata.namespace, job.metadata.name ?? '');
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      throw err;
    }
    if (current.metadata.uid !== job.metadata.uid) return undefined;
    if ((current.metadata.finalizers ?? []).includes(FINALIZER_DELETION_PROTECTION) === present) return current;
  }
}

export function writeJobStatus(client: ClusterClient, job: ImagePullJob, status: ImagePullJobStatus): Promise<ImagePullJob> {
  return writeStatusWithRetry<ImagePullJob>(client, IMAGE_PULL_JOB_REF, job, status);
}

export async function deleteJob(client: ClusterClient, job: ImagePullJob): Promise<void> {
  try {
    await client.delete(IMAGE_PULL_JOB_REF, job.metadata.namespace, job.metadata.name ?? '', { preconditions: { uid: job.metadata.uid } });
  } catch (err) {
    if (!isApiError(err, 'NotFound') && !isApiError(err, 'Conflict')) throw err;
  }
}

export async function applySecretWrites(client: ClusterClient, writes: readonly SecretWrite[]): Promise<void> {
  for (const write of writes) {
    const { secret } = write;
    try {
      if (write.type === 'create') await client.create(secret);
      else if (write.type === 'update') await client.update(secret);
      else await client.delete(SECRET_REF, secret.metadata.namespace, secret.metadata.name ?? '', { preconditions: { uid: secret.metadata.uid } });
    } catch (err) {
      if (write.type !== 'create' && isApiError(err, 'NotFound')) continue;
      throw err;
    }
  }
}

/** Gives the job's image to one node; returns the NodeImage written (undefined: nothing to write, or it is gone). */
export async function giveImage(
  client: ClusterClient, nodeName: string, job: ImagePullJob, key: ImageKey, secrets: readonly ReferenceObject[], now: string, random: RandomInt,
): Promise<NodeImage | undefined> {
  for (let attempt = 1; ; attempt++) {
    let nodeImage: NodeImage;
    try {
      nodeImage = await client.get<NodeImage>(NODE_IMAGE_REF, undefined, nodeName);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      throw err;
    }
    const next = withJobImage(nodeImage, job, key, secrets, now, random);
    if (!next) return undefined;
    try {
      return await client.update<NodeImage>(next);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
    }
  }
}
