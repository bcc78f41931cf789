// The workload page's pre-download line (src/lib/images/predownload.ts): which ImagePullJobs are the
// workload's for its update revision (docs/spec/image-pull.md §6.3: controller owner and hash label),
// and each one's progress in words.
import { describe, expect, it } from '@jest/globals';
import type { ImagePullJob, WorkloadKind } from '../../src/lib/api/types';
import { mayPreDownload, preDownloadJobs, preDownloadWords } from '../../src/lib/images/predownload';

const job = (name: string, over: Partial<ImagePullJob> = {}): ImagePullJob => ({
  namespace: 'default',
  name,
  image: 'nginx:1.27',
  desired: 5,
  active: 1,
  succeeded: 2,
  failed: 0,
  message: 'job is running, progress 40.0%',
  completionTime: null,
  owner: { kind: 'CloneSet', name: 'sample' },
  revisionHash: 'new',
  ...over,
});

const revisions = [
  { name: 'sample-old', hash: 'old' },
  { name: 'sample-new', hash: 'new' },
];
const canary = { kind: 'CLONE_SET' as WorkloadKind, name: 'sample', status: { currentRevision: 'sample-old', updateRevision: 'sample-new' } };

describe('preDownloadJobs', () => {
  const jobs = [
    job('sample-new-sidecar'),
    job('sample-new-nginx'),
    job('by-hand', { owner: null, revisionHash: null }),
    job('sample-old-nginx', { revisionHash: 'old' }),
    job('other-new-nginx', { owner: { kind: 'CloneSet', name: 'other' } }),
    job('sts-new-nginx', { owner: { kind: 'StatefulSet', name: 'sample' } }),
  ];

  it('keeps the jobs the workload controls for its update revision, by name', () => {
    expect(preDownloadJobs(jobs, canary, revisions).map((j) => j.name)).toEqual(['sample-new-nginx', 'sample-new-sidecar']);
  });

  it('an Advanced StatefulSet of the same name has its own (owner kind StatefulSet)', () => {
    expect(preDownloadJobs(jobs, { ...canary, kind: 'STATEFUL_SET' }, revisions).map((j) => j.name)).toEqual(['sts-new-nginx']);
  });

  it('shows none when no rollout is under way, or the update revision is not known yet', () => {
    expect(preDownloadJobs(jobs, { ...canary, status: { currentRevision: 'sample-new', updateRevision: 'sample-new' } }, revisions)).toEqual([]);
    expect(preDownloadJobs(jobs, canary, [revisions[0]!])).toEqual([]);
  });

  it.each([
    ['CLONE_SET', true],
    ['STATEFUL_SET', true],
    ['UNITED_DEPLOYMENT', false],
  ] as [WorkloadKind, boolean][])('%s pre-downloads: %s', (kind, may) => {
    expect(mayPreDownload(kind)).toBe(may);
  });
});

describe('preDownloadWords', () => {
  it.each([
    [job('j'), 'nginx:1.27 on 2 of 5 nodes (1 pulling)'],
    [job('j', { active: 1, succeeded: 1, failed: 1 }), 'nginx:1.27 on 2 of 5 nodes (1 pulling, 1 failed)'],
    [job('j', { desired: 1, active: 0, succeeded: 1, completionTime: '2026-11-29T05:00:00Z' }), 'nginx:1.27 on 1 of 1 node, finished'],
    [job('j', { desired: 0, active: 0, succeeded: 0 }), 'nginx:1.27: choosing the nodes of the pods not yet updated'],
    [job('j', { desired: 0, active: 0, succeeded: 0, completionTime: '2026-11-29T05:00:00Z' }), 'nginx:1.27 on 0 of 0 nodes, finished'],
  ])('%#: %s', (j, words) => {
    expect(preDownloadWords(j)).toBe(words);
  });
});
