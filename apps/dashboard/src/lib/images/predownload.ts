// A workload's pre-download during a canary (docs/spec/image-pull.md §6.3): the ImagePullJobs its
// controller created for the update revision — controlled by the workload, labelled with the update
// revision's hash — and their progress over the nodes of the pods not yet updated, in words. The job's
// own message is the controller's (Kruise's `job is running, progress 40.0%`), shown as the API serves it.
import type { ImagePullJob, Revision, WorkloadKind } from '../api/types';
import { kindLabel } from '../kinds';

/** The kinds whose controllers pre-download (docs/spec/image-pull.md §6): CloneSet and Advanced StatefulSet. */
export function mayPreDownload(kind: WorkloadKind): boolean {
  return kind === 'CLONE_SET' || kind === 'STATEFUL_SET';
}

/**
 * The jobs pre-downloading the workload's update revision: controlled by it, for the hash of the
 * revision `updateRevision` names. None while no rollout is under way (current = update: the
 * controller deleted them, docs/spec/image-pull.md §6.4) or the revisions are not known yet. A job left from an older update
 * revision (a template changed mid-rollout) is not this rollout's.
 */
export function preDownloadJobs(
  jobs: readonly ImagePullJob[],
  w: { kind: WorkloadKind; name: string; status: { currentRevision: string; updateRevision: string } },
  revisions: readonly Pick<Revision, 'name' | 'hash'>[],
): ImagePullJob[] {
  if (w.status.currentRevision === w.status.updateRevision) return [];
  const hash = revisions.find((r) => r.name === w.status.updateRevision)?.hash;
  if (!hash) return [];
  return jobs
    .filter((j) => j.owner?.kind === kindLabel(w.kind) && j.owner.name === w.name && j.revisionHash === hash)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * One job in words: "nginx:1.27 on 3 of 5 nodes (1 pulling, 1 failed)". A node is done when its pull
 * succeeded or failed (as Kruise counts progress); the desired count is 0 until the controller first
 * selected the nodes.
 */
export function preDownloadWords(job: Pick<ImagePullJob, 'image' | 'desired' | 'active' | 'succeeded' | 'failed' | 'completionTime'>): string {
  if (job.desired === 0 && !job.completionTime) return `${job.image}: choosing the nodes of the pods not yet updated`;
  const done = job.succeeded + job.failed;
  const extra = [job.active > 0 ? `${job.active} pulling` : '', job.failed > 0 ? `${job.failed} failed` : ''].filter(Boolean);
  const tail = extra.length > 0 ? ` (${extra.join(', ')})` : '';
  return `${job.image} on ${done} of ${job.desired} node${job.desired === 1 ? '' : 's'}${tail}${job.completionTime ? ', finished' : ''}`;
}
