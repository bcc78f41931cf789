// An ImagePullJob's status from the NodeImages it selects (docs/spec/image-pull.md §3.4): per node,
// synced or not (its tag owned by the job, its Secret copies listed), and at the tag's version Succeeded,
// Failed or active; the deadline; completion; the message. Pure: `now` comes in.
import type { ImagePullJob, ImagePullJobStatus, NodeImage, ReferenceObject } from '@coxswain/kruise-api';
import { containsSecret, type ImageKey } from './image-key.js';

export interface JobStatusResult {
  status: ImagePullJobStatus;
  /** The nodes not yet given the image (or its Secrets), sorted. Empty once the job completes at the deadline. */
  notSynced: string[];
}

export function computeJobStatus(
  job: ImagePullJob, nodeImages: readonly NodeImage[], key: ImageKey, secrets: readonly ReferenceObject[], nowMs: number,
): JobStatusResult {
  const now = new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const startTime = job.status?.startTime ?? now;
  const desired = nodeImages.length;
  const pulling: string[] = [];
  const succeeded: string[] = [];
  const failed: string[] = [];
  const notSynced = new Set<string>();
  for (const nodeImage of nodeImages) {
    const nodeName = nodeImage.metadata.name ?? '';
    const imageSpec = nodeImage.spec?.images?.[key.name];
    let version = -1;
    if (imageSpec) {
      // A node missing one of the job's Secret copies is given them again; it may still count below.
      if (secrets.some((secret) => !containsSecret(imageSpec.pullSecrets, secret))) notSynced.add(nodeName);
      const tag = imageSpec.tags?.find((t) => t.tag === key.tag);
      if (tag && (tag.ownerReferences ?? []).some((ref) => ref.uid === job.metadata.uid)) version = tag.version ?? 0;
    }
    if (version < 0) {
      notSynced.add(nodeName);
      continue;
    }
    const tagStatus = nodeImage.status?.imageStatuses?.[key.name]?.tags?.find((t) => t.tag === key.tag);
    if (tagStatus && (tagStatus.version ?? 0) === version && tagStatus.phase === 'Succeeded') succeeded.push(nodeName);
    else if (tagStatus && (tagStatus.version ?? 0) === version && tagStatus.phase === 'Failed') failed.push(nodeName);
    else pulling.push(nodeName);
  }
  const always = job.spec.completionPolicy?.type !== 'Never';
  const deadline = job.spec.completionPolicy?.activeDeadlineSeconds;
  if (always && typeof deadline === 'number' && desired !== succeeded.length + failed.length && deadline * 1000 <= nowMs - Date.parse(startTime)) {
    const failedNodes = [...failed, ...pulling, ...[...notSynced].sort()];
    return {
      status: {
        startTime, completionTime: now, desired, active: 0, succeeded: succeeded.length, failed: failedNodes.length,
        message: 'job exceeds activeDeadlineSeconds', ...(failedNodes.length > 0 ? { failedNodes } : {}),
      },
      notSynced: [],
    };
  }
  const complete = always && desired - succeeded.length - failed.length === 0;
  const status: ImagePullJobStatus = {
    startTime, ...(complete ? { completionTime: now } : {}), desired, active: pulling.length, succeeded: succeeded.length, failed: failed.length,
    message: complete ? 'job has completed' : desired === 0 ? 'job is running, no progress' : `job is running, progress ${(100 * (succeeded.length + failed.length) / desired).toFixed(1)}%`,
    ...(failed.length > 0 ? { failedNodes: [...failed].sort() } : {}),
  };
  return { status, notSynced: [...notSynced].sort() };
}
