// The pre-download writes (docs/spec/image-pull.md §6.2–§6.4): the jobs created (one that exists is left
// alone; any other failure is Kruise's Normal event FailedCreateImagePullJob), the revision labelled, the
// workload's jobs deleted once the rollout ended. Failures are logged and do not stop the workload's
// reconcile, as in Kruise.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Logger } from '@coxswain/controller-runtime';
import { LABEL_IMAGE_PREDOWNLOAD_CREATED, LABEL_IMAGE_PREDOWNLOAD_IGNORED, type KubeObject } from '@coxswain/kruise-api';
import { IMAGE_PULL_JOB_REF } from '../refs.js';
import { CONTROLLER_REVISION_REF } from '../revision/revision-store.js';
import type { PreDownloadPlan } from './plan.js';

export async function applyPreDownload(
  client: ClusterClient, recorder: EventRecorder, log: Logger, workload: KubeObject, namespace: string | undefined, plan: PreDownloadPlan,
): Promise<void> {
  try {
    if (plan.type === 'delete') {
      for (const job of plan.jobs) {
        await client.delete(IMAGE_PULL_JOB_REF, job.metadata.namespace, job.metadata.name ?? '').catch((err: unknown) => {
          if (!isApiError(err, 'NotFound')) throw err;
        });
      }
      return;
    }
    if (plan.type !== 'create' && plan.type !== 'ignore') return;
    if (plan.type === 'create') {
      for (const job of plan.jobs) {
        try {
          await client.create(job);
          recorder.event(workload, 'Normal', 'CreatedImagePullJob', `created ImagePullJob ${job.metadata.name} for image: ${job.spec.image}`);
        } catch (err) {
          if (isApiError(err, 'AlreadyExists')) continue;
          recorder.event(workload, 'Normal', 'FailedCreateImagePullJob', `failed to create ImagePullJob ${job.metadata.name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
    const label = plan.type === 'create' ? LABEL_IMAGE_PREDOWNLOAD_CREATED : LABEL_IMAGE_PREDOWNLOAD_IGNORED;
    await client.patch(CONTROLLER_REVISION_REF, namespace, plan.revision, { metadata: { labels: { [label]: 'true' } } });
  } catch (err) {
    log('error', 'image pre-download failed', { workload: `${namespace}/${workload.metadata.name}`, error: String(err) });
  }
}
