// The pre-download planner, table-driven (docs/spec/image-pull.md §6): when jobs are made, which
// revisions are ignored, what the jobs hold, and the cleanup once the rollout ended.
import { describe, expect, it } from '@jest/globals';
import type { Container, ControllerRevision, ImagePullJob } from '@coxswain/kruise-api';
import { changedImages, intOrPercentRoundDown, planPreDownload, scaledValueRoundUp, type PreDownloadWorkload } from '../../src/predownload/plan.js';

const revision = (name: string, containers: Container[], labels: Record<string, string> = {}, initContainers: Container[] = []): ControllerRevision => ({
  apiVersion: 'apps/v1', kind: 'ControllerRevision', revision: 1,
  metadata: { name, namespace: 'default', labels: { 'controller.kubernetes.io/hash': name.split('-').pop()!, ...labels } },
  data: { spec: { template: { metadata: { labels: { app: 'cs' } }, spec: { containers, initContainers } } } },
} as unknown as ControllerRevision);

const OLD = revision('cs-old', [{ name: 'nginx', image: 'nginx:alpine' }, { name: 'side', image: 'side:1' }]);
const NEW = revision('cs-new', [{ name: 'nginx', image: 'nginx:latest' }, { name: 'side', image: 'side:1' }]);

function workload(overrides: Partial<PreDownloadWorkload> = {}, annotations: Record<string, string> = {}): PreDownloadWorkload {
  return {
    owner: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'cs', uid: 'cs-uid' },
    metadata: { name: 'cs', namespace: 'default', annotations },
    replicas: 5,
    selector: { matchLabels: { app: 'cs' } },
    template: { metadata: { labels: { app: 'cs' }, annotations: { a: 'b' } }, spec: { containers: [], imagePullSecrets: [{ name: 'regcred' }] } },
    updatedReadyReplicas: 2,
    statusUpdateRevision: 'cs-new',
    notInPlaceStrategy: false,
    partition: 2,
    maxUnavailable: 1,
    canUpdateInPlace: true,
    ...overrides,
  };
}

const ownedJob = (name: string, uid: string, controller = true): ImagePullJob => ({
  apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob',
  metadata: { name, namespace: 'default', ownerReferences: [{ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'cs', uid, controller }] },
  spec: { image: 'x' },
});

describe('when (docs/spec/image-pull.md §6.1, §6.2)', () => {
  it.each<[string, PreDownloadWorkload, ControllerRevision, string]>([
    ['enough updated pods ready: create', workload({}, { 'apps.kruise.io/image-predownload-min-updated-ready-pods': '2' }), NEW, 'create'],
    ['too few ready: wait', workload({}, { 'apps.kruise.io/image-predownload-min-updated-ready-pods': '3' }), NEW, 'wait'],
    ['a percentage rounds up: 50% of 5 = 3', workload({}, { 'apps.kruise.io/image-predownload-min-updated-ready-pods': '50%' }), NEW, 'wait'],
    ['status on another update revision: ready counts as 0', workload({ statusUpdateRevision: 'cs-older' }, { 'apps.kruise.io/image-predownload-min-updated-ready-pods': '1' }), NEW, 'wait'],
    ['unreadable minimum: 0', workload({ updatedReadyReplicas: 0 }, { 'apps.kruise.io/image-predownload-min-updated-ready-pods': 'x' }), NEW, 'create'],
    ['already created: nothing', workload(), revision('cs-new', [{ name: 'nginx', image: 'nginx:latest' }], { 'apps.kruise.io/pre-predownload-created': 'true' }), 'none'],
    ['already ignored: nothing', workload(), revision('cs-new', [{ name: 'nginx', image: 'nginx:latest' }], { 'apps.kruise.io/image-predownload-ignored': 'true' }), 'none'],
    ['ReCreate: ignored', workload({ notInPlaceStrategy: true }), NEW, 'ignore'],
    ['3 replicas: ignored', workload({ replicas: 3 }), NEW, 'ignore'],
    ['4 replicas: created', workload({ replicas: 4 }), NEW, 'create'],
    ['one batch (partition 0, maxUnavailable ≥ replicas): ignored', workload({ partition: 0, maxUnavailable: 5 }), NEW, 'ignore'],
    ['partition 0, smaller batches: created', workload({ partition: 0, maxUnavailable: 4 }), NEW, 'create'],
    ['not in place: ignored', workload({ canUpdateInPlace: false }), NEW, 'ignore'],
  ])('%s', (_title, w, update, type) => {
    expect(planPreDownload({ workload: w, currentRevision: OLD, updateRevision: update, jobs: [] }).type).toBe(type);
  });

  it('current = update: every job the workload controls is deleted, whatever its revision', () => {
    const plan = planPreDownload({ workload: workload(), currentRevision: NEW, updateRevision: NEW, jobs: [ownedJob('a', 'cs-uid'), ownedJob('b', 'other'), ownedJob('c', 'cs-uid', false), ownedJob('d', 'cs-uid')] });
    expect(plan.type === 'delete' && plan.jobs.map((j) => j.metadata.name)).toEqual(['a', 'd']);
    expect(planPreDownload({ workload: workload(), currentRevision: NEW, updateRevision: NEW, jobs: [] }).type).toBe('none');
  });
});

describe('the jobs (docs/spec/image-pull.md §6.3)', () => {
  it('one job per changed container, named <revision>-<container>, as Kruise writes it', () => {
    const plan = planPreDownload({ workload: workload({}, { 'apps.kruise.io/image-predownload-parallelism': '5' }), currentRevision: OLD, updateRevision: NEW, jobs: [] });
    expect(plan).toEqual({
      type: 'create', revision: 'cs-new',
      jobs: [{
        apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob',
        metadata: {
          namespace: 'default', name: 'cs-new-nginx',
          ownerReferences: [{ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'cs', uid: 'cs-uid', controller: true, blockOwnerDeletion: true }],
          labels: { app: 'cs', 'controller.kubernetes.io/hash': 'new' },
        },
        spec: {
          image: 'nginx:latest', pullSecrets: ['regcred'],
          podSelector: { matchLabels: { app: 'cs' }, matchExpressions: [{ key: 'controller-revision-hash', operator: 'NotIn', values: ['cs-new', 'new'] }] },
          parallelism: 5, pullPolicy: { backoffLimit: 1, timeoutSeconds: 300 }, completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 600 },
          sandboxConfig: { annotations: { a: 'b' }, labels: { app: 'cs', 'controller.kubernetes.io/hash': 'new' } },
        },
      }],
    });
  });

  it.each<[string, Record<string, string>, number | string, number]>([
    ['defaults: 1 and 300', {}, 1, 300],
    ['annotations read as integers', { 'apps.kruise.io/image-predownload-parallelism': '10', 'apps.kruise.io/image-predownload-timeout-seconds': '60' }, 10, 60],
    ['unreadable annotations leave the defaults', { 'apps.kruise.io/image-predownload-parallelism': '50%', 'apps.kruise.io/image-predownload-timeout-seconds': '1e3' }, 1, 300],
    ['a negative parallelism is passed on (admission refuses the job)', { 'apps.kruise.io/image-predownload-parallelism': '-1' }, -1, 300],
  ])('%s', (_title, annotations, parallelism, timeout) => {
    const plan = planPreDownload({ workload: workload({}, annotations), currentRevision: OLD, updateRevision: NEW, jobs: [] });
    expect(plan.type === 'create' && plan.jobs[0]!.spec).toMatchObject({ parallelism, pullPolicy: { timeoutSeconds: timeout } });
  });

  it('a container new in the update counts; unchanged ones and init containers do not', () => {
    const update = revision('cs-new', [{ name: 'nginx', image: 'nginx:alpine' }, { name: 'extra', image: 'extra:1' }], {}, [{ name: 'init', image: 'init:2' }]);
    expect([...changedImages(OLD, update)]).toEqual([['extra', 'extra:1']]);
  });

  it.each<[string | undefined, number, number]>([[undefined, 5, 0], ['3', 5, 3], ['50%', 5, 3], ['20%', 3, 1], ['abc', 5, 0], ['5.5', 5, 0]])('min ready %s of %d → %d', (text, total, expected) => {
    expect(scaledValueRoundUp(text, total)).toBe(expected);
  });

  it.each<[number | string, number, number]>([[2, 5, 2], ['20%', 5, 1], ['20%', 4, 0], ['1', 5, 0], ['x', 5, 0]])('maxUnavailable %s of %d → %d', (value, total, expected) => {
    expect(intOrPercentRoundDown(value, total)).toBe(expected);
  });
});
