// The pre-download line of a CloneSet or Advanced StatefulSet during a canary (docs/image-pull.md): each
// ImagePullJob its controller created for the update revision, its nodes done against desired and the
// controller's own message. Shown only while such a job exists.
import type { ImagePullJob } from '../../lib/api/types';
import { preDownloadWords } from '../../lib/images/predownload';

export function PreDownloadLine({ jobs }: { jobs: readonly ImagePullJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <p className="note predownload" data-testid="predownload">
      <b>Pre-downloading</b> on the nodes of the pods not yet updated:{' '}
      {jobs.map((j, i) => (
        <span key={j.name} data-job={j.name} data-desired={j.desired} data-done={j.succeeded + j.failed}>
          {i > 0 ? '; ' : ''}
          {preDownloadWords(j)}
          {j.message ? <span className="muted"> — {j.message}</span> : null}
        </span>
      ))}
    </p>
  );
}
