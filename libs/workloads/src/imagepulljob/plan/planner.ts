// One ImagePullJob reconcile as a plan (docs/spec/image-pull.md §3.2): a job being deleted or finished
// releases its Secret copies and its finalizer (a finished one is deleted when its TTL has passed); a
// running one gets the protection finalizer, its status from the NodeImages it selects, and its image
// given to as many more nodes as `parallelism` allows (docs/spec/image-pull.md §3.5). Pure: time comes in.
import { FINALIZER_DELETION_PROTECTION, type ImagePullJob, type ImagePullJobStatus, type NodeImage, type Pod, type ReferenceObject } from '@coxswain/kruise-api';
import { imageKeyOf, type ImageKey } from './image-key.js';
import { selectJobNodeImages } from './job-nodes.js';
import { computeJobStatus } from './job-status.js';
import { parallelismLimit } from './node-image-edit.js';

export interface JobPlanInput {
  job: ImagePullJob;
  nodeImages: readonly NodeImage[];
  /** The pods of the job's namespace (for podSelector). */
  pods: readonly Pod[];
  /** The job's Secret references as the NodeImages list them (pull-secrets.ts). */
  secrets: readonly ReferenceObject[];
  nowMs: number;
}

export interface JobPlan {
  /** Deleted or finished: the finalizer goes (the Secret copies are released before). */
  removeFinalizer: boolean;
  addFinalizer: boolean;
  /** Finished and past its TTL. */
  deleteJob: boolean;
  /** The image to give: the job's key, the nodes by name (in order). */
  image?: ImageKey;
  give: string[];
  /** The nodes the job selects now. */
  selected: string[];
  /** The new status, when it differs from the stored one. */
  status?: ImagePullJobStatus;
  requeueAfterMs?: number;
}

const hasFinalizer = (job: ImagePullJob) => (job.metadata.finalizers ?? []).includes(FINALIZER_DELETION_PROTECTION);

export function planImagePullJob(input: JobPlanInput): JobPlan {
  const { job, nowMs } = input;
  const plan: JobPlan = { removeFinalizer: false, addFinalizer: false, deleteJob: false, give: [], selected: [] };
  if (job.metadata.deletionTimestamp) return { ...plan, removeFinalizer: hasFinalizer(job) };
  const completionTime = job.status?.completionTime;
  if (completionTime) {
    plan.removeFinalizer = hasFinalizer(job);
    const ttl = job.spec.completionPolicy?.ttlSecondsAfterFinished;
    if (typeof ttl !== 'number') return plan;
    const left = Date.parse(completionTime) + ttl * 1000 - nowMs;
    return left <= 0 ? { ...plan, deleteJob: true } : { ...plan, requeueAfterMs: left };
  }
  plan.addFinalizer = !hasFinalizer(job);
  const key = imageKeyOf(job.spec.image);
  const nodeImages = key ? selectJobNodeImages(job, input.nodeImages, input.pods) : [];
  plan.selected = nodeImages.map((n) => n.metadata.name ?? '');
  const { status, notSynced } = computeJobStatus(job, nodeImages, key ?? { name: '', tag: '' }, input.secrets, nowMs);
  if (key) {
    const room = Math.min(parallelismLimit(job) - (status.active ?? 0), notSynced.length);
    if (room > 0) plan.give = notSynced.slice(0, room);
    plan.image = key;
  }
  if (JSON.stringify(status) !== JSON.stringify(normalized(job.status))) plan.status = status;
  else {
    const deadline = job.spec.completionPolicy?.activeDeadlineSeconds;
    if (job.spec.completionPolicy?.type !== 'Never' && typeof deadline === 'number' && status.startTime) {
      plan.requeueAfterMs = Math.max(1000, Date.parse(status.startTime) + deadline * 1000 - nowMs);
    }
  }
  return plan;
}

/** The stored status in the key order computeJobStatus writes, so equal statuses compare equal. */
function normalized(status: ImagePullJobStatus | undefined): ImagePullJobStatus | undefined {
  if (!status) return undefined;
  const { startTime, completionTime, desired, active, succeeded, failed, message, failedNodes } = status;
  return {
    ...(startTime !== undefined ? { startTime } : {}), ...(completionTime !== undefined ? { completionTime } : {}),
    desired, active, succeeded, failed, ...(message !== undefined ? { message } : {}), ...(failedNodes !== undefined ? { failedNodes } : {}),
  } as ImagePullJobStatus;
}
