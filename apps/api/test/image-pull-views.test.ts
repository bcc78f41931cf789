// The ImagePullJob view the image-pull queries answer (docs/image-pull.md): the controller owner and the
// revision hash label that tell a workload's pre-download jobs (docs/spec/image-pull.md §6.3) from
// hand-made ones, and the per-node progress read from the NodeImages that name the job.
import { describe, expect, it } from '@jest/globals';
import type { ImagePullJob, NodeImage } from '@coxswain/kruise-api';
import { imagePullJobView } from '../src/image-pull/image-pull-views.js';

function job(metadata: Partial<ImagePullJob['metadata']>): ImagePullJob {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'ImagePullJob',
    metadata: { namespace: 'default', name: 'sample-7cb9c88699-nginx', uid: 'job-uid', ...metadata },
    spec: { image: 'nginx:1.27', parallelism: 2, completionPolicy: { type: 'Always' } },
    status: { desired: 3, active: 1, succeeded: 1, failed: 0, message: 'job is running, progress 33.3%' },
  } as ImagePullJob;
}

const preDownload = {
  labels: { app: 'sample', 'controller.kubernetes.io/hash': '7cb9c88699' },
  ownerReferences: [
    { apiVersion: 'v1', kind: 'ConfigMap', name: 'not-the-controller', uid: 'c' },
    { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'sample', uid: 'cs-uid', controller: true, blockOwnerDeletion: true },
  ],
};

describe('imagePullJobView', () => {
  it.each([
    ['a pre-download job', preDownload, { kind: 'CloneSet', name: 'sample' }, '7cb9c88699'],
    ['a job made by hand', {}, null, null],
    ['owned but not controlled', { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'c' }] }, null, null],
  ])('%s: owner and revisionHash', (_title, metadata, owner, revisionHash) => {
    const view = imagePullJobView(job(metadata), []);
    expect(view.owner).toEqual(owner);
    expect(view.revisionHash).toBe(revisionHash);
    expect(view).toMatchObject({ desired: 3, active: 1, succeeded: 1, failed: 0, message: 'job is running, progress 33.3%' });
  });

  it('lists the nodes whose NodeImage tag names the job, with the tag state at its current version', () => {
    const nodeImage = (name: string, uid: string, phase?: string, version = 1): NodeImage =>
      ({
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'NodeImage',
        metadata: { name },
        spec: { images: { nginx: { tags: [{ tag: '1.27', version: 1, ownerReferences: [{ kind: 'ImagePullJob', namespace: 'default', name: 'j', uid }] }] } } },
        status: phase ? { imageStatuses: { nginx: { tags: [{ tag: '1.27', version, phase }] } } } : {},
      }) as unknown as NodeImage;
    const view = imagePullJobView(job(preDownload), [
      nodeImage('node-b', 'job-uid', 'Pulling'),
      nodeImage('node-a', 'job-uid', 'Succeeded'),
      nodeImage('node-c', 'job-uid', 'Succeeded', 0),
      nodeImage('node-d', 'other-uid', 'Succeeded'),
    ]);
    expect(view.nodes.map((n) => [n.node, n.phase])).toEqual([
      ['node-a', 'Succeeded'],
      ['node-b', 'Pulling'],
      // The daemon has not reported on the tag's current version yet.
      ['node-c', 'Waiting'],
    ]);
  });
});
