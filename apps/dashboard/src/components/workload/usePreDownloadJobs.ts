'use client';
// The namespace's ImagePullJobs while the workload rolls out (useLiveQuery), polled every 2 s: the
// pre-download line picks the workload's own. Nothing is asked of a kind that does not pre-download or
// while no rollout is under way (its jobs are deleted when current = update, docs/spec/image-pull.md §6.4).
import { ImagePullJobsDocument } from '../../lib/api/generated';
import type { ImagePullJob } from '../../lib/api/types';
import { useLiveQuery } from '../common/useLiveQuery';

const POLL_MS = 2000;
const NONE: ImagePullJob[] = [];

export function usePreDownloadJobs(namespace: string, rollingOut: boolean): ImagePullJob[] {
  const { data } = useLiveQuery<ImagePullJob[]>(
    ({ http }) => ({
      action: `read the image pull jobs of ${namespace}`,
      reloadMinMs: POLL_MS,
      pollMs: POLL_MS,
      async load(update) {
        if (!rollingOut) return update(() => NONE);
        const answer = await http.request(ImagePullJobsDocument, { namespace });
        update(() => answer.imagePullJobs);
      },
      follow: () => () => {},
    }),
    [namespace, rollingOut],
  );
  // A failed read shows no line: the line is an addition to the page, whose own reads report an outage.
  return rollingOut ? (data ?? NONE) : NONE;
}
