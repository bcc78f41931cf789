// The NodeImage controller's rules, table-driven (docs/spec/image-pull.md §4): one NodeImage per Ready
// node after the creation delay, deleted with its node unless fake; labels follow the node; the spec
// cleaned; unanswered and overdue tags failed.
import { describe, expect, it } from '@jest/globals';
import type { ImageTagSpec, Node, NodeImage } from '@coxswain/kruise-api';
import { planNodeImage, type NodeImagePlan } from '../../src/nodeimage/plan/planner.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const readyNode = (since: number, labels: Record<string, string> = { zone: 'a' }, status: 'True' | 'False' = 'True'): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels }, status: { conditions: [{ type: 'Ready', status, lastTransitionTime: at(since) }] },
});
const image = (tags: ImageTagSpec[], statusTags: NonNullable<NodeImage['status']>['imageStatuses'] = undefined, labels: Record<string, string> = { zone: 'a' }): NodeImage => ({
  apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'n1', labels },
  spec: { images: { nginx: { tags } } },
  ...(statusTags ? { status: { desired: tags.length, imageStatuses: statusTags } } : {}),
});
const JOB = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob', namespace: 'default', name: 'j', uid: 'u1' };
const tag = (t: string, extra: Partial<ImageTagSpec> = {}): ImageTagSpec => ({ tag: t, version: 0, createdAt: at(0), ownerReferences: [JOB], pullPolicy: { ttlSecondsAfterFinished: 100 }, ...extra });

function plan(node: Node | undefined, nodeImage: NodeImage | undefined, nowS: number, jobs: Record<string, string> = { 'default/j': 'u1' }): NodeImagePlan {
  return planNodeImage({
    name: 'n1', node, nodeImage, nowMs: T0 + nowS * 1000, jitterMs: 0,
    lookups: { jobUid: (ns, name) => jobs[`${ns}/${name}`], secretExists: (ref) => ref.name === 'present' },
  });
}

describe('one NodeImage per node (docs/spec/image-pull.md §4.1)', () => {
  it.each<[string, Node | undefined, NodeImage | undefined, number, Partial<NodeImagePlan> & { type: NodeImagePlan['type'] }]>([
    ['node Ready 30 s: created', readyNode(0), undefined, 30, { type: 'create' }],
    ['node Ready 10 s: wait 20 s', readyNode(0), undefined, 10, { type: 'none', requeueAfterMs: 20_000 }],
    ['node not Ready: nothing', readyNode(0, {}, 'False'), undefined, 100, { type: 'none' }],
    ['node gone: deleted', undefined, image([]), 0, { type: 'delete' }],
    ['node gone, fake NodeImage: kept', undefined, image([tag('1')], undefined, { 'apps.kruise.io/fake-nodeimage': '' }), 0, { type: 'none' }],
    ['labels differ: replaced by the node\'s', readyNode(0, { zone: 'b' }), image([tag('1')]), 0, { type: 'update' }],
  ])('%s', (_title, node, nodeImage, nowS, expected) => {
    expect(plan(node, nodeImage, nowS)).toMatchObject(expected);
  });
  it('a created NodeImage is empty; an update takes the node\'s labels', () => {
    expect(plan(readyNode(0), undefined, 30)).toEqual({ type: 'create', nodeImage: { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'n1' }, spec: {} } });
    const updated = plan(readyNode(0, { zone: 'b' }), image([tag('1')]), 0);
    expect(updated.type === 'update' && updated.nodeImage.metadata.labels).toEqual({ zone: 'b' });
  });
});

describe('cleaning the spec (docs/spec/image-pull.md §4.2)', () => {
  const node = readyNode(0);
  it.each<[string, NodeImage, number, string[] | undefined]>([
    ['a tag without createdAt goes', image([tag('1', { createdAt: undefined }), tag('2')]), 0, ['2']],
    ['a tag whose job is gone goes', image([tag('1', { ownerReferences: [{ ...JOB, name: 'gone' }] }), tag('2')]), 0, ['2']],
    ['a tag whose job was recreated (other uid) goes', image([tag('1', { ownerReferences: [{ ...JOB, uid: 'old' }] }), tag('2')]), 0, ['2']],
    ['owners of other kinds are kept', image([tag('1', { ownerReferences: [{ kind: 'Other', name: 'x' }] })]), 0, undefined],
    ['a finished tag past its TTL goes', image([tag('1'), tag('2')], { nginx: { tags: [{ tag: '1', phase: 'Succeeded', version: 0, completionTime: at(0) }] } }), 100, ['2']],
    ['the last tag gone: the image goes', image([tag('1', { createdAt: undefined })]), 0, []],
  ])('%s', (_title, nodeImage, nowS, tags) => {
    const result = plan(node, nodeImage, nowS);
    if (tags === undefined) {
      expect(result.type).not.toBe('update');
      return;
    }
    expect(result.type).toBe('update');
    const images = result.type === 'update' ? result.nodeImage.spec?.images : undefined;
    expect(images?.nginx?.tags.map((t) => t.tag) ?? []).toEqual(tags);
  });

  it('a finished tag within its TTL stays and the controller comes back then', () => {
    const result = plan(node, image([tag('1')], { nginx: { tags: [{ tag: '1', phase: 'Succeeded', version: 0, completionTime: at(0) }] } }), 40);
    expect(result).toEqual({ type: 'none', requeueAfterMs: 60_000 });
  });

  it('non-batch Secrets that do not exist go; batch ones stay', () => {
    const ni = image([tag('1')]);
    ni.spec!.images!.nginx!.pullSecrets = [{ namespace: 'k', name: 'missing' }, { namespace: 'k', name: 'present' }, { namespace: 'k', name: 'missing-batch', mode: 'batch' }];
    const result = plan(node, ni, 0);
    expect(result.type === 'update' && result.nodeImage.spec?.images?.nginx?.pullSecrets).toEqual([{ namespace: 'k', name: 'present' }, { namespace: 'k', name: 'missing-batch', mode: 'batch' }]);
  });
});

describe('timing out the daemon (docs/spec/image-pull.md §4.3)', () => {
  const node = readyNode(0);
  it.each<[string, NodeImage, number, string | undefined, number | undefined]>([
    ['no status, 9 min: wait', image([tag('1')]), 540, undefined, 60_000],
    ['no status, 10 min: failed', image([tag('1')]), 600, 'node has not responded for a long time', undefined],
    ['a status of another version, 10 min: failed', image([tag('1', { version: 2 })], { nginx: { tags: [{ tag: '1', phase: 'Succeeded', version: 1 }] } }), 600, 'node has not responded for a long time', undefined],
    ['pulling past deadline + 10 min: failed', image([tag('1', { pullPolicy: { ttlSecondsAfterFinished: 100, activeDeadlineSeconds: 60 } })], { nginx: { tags: [{ tag: '1', phase: 'Pulling', version: 0 }] } }), 660, 'pulling exceeds the activeDeadlineSeconds', undefined],
    ['pulling before deadline + 10 min: wait', image([tag('1', { pullPolicy: { ttlSecondsAfterFinished: 100, activeDeadlineSeconds: 60 } })], { nginx: { tags: [{ tag: '1', phase: 'Pulling', version: 0 }] } }), 600, undefined, 60_000],
  ])('%s', (_title, nodeImage, nowS, message, requeue) => {
    const result = plan(node, nodeImage, nowS);
    if (message === undefined) {
      expect(result).toEqual({ type: 'none', requeueAfterMs: requeue });
      return;
    }
    expect(result.type).toBe('status');
    if (result.type !== 'status') return;
    expect(result.nodeImage.status).toMatchObject({ desired: 1, failed: 1, succeeded: 0, pulling: 0, imageStatuses: { nginx: { tags: [{ tag: '1', phase: 'Failed', completionTime: at(nowS), message }] } } });
    expect(result.failed).toEqual([{ fullName: 'nginx:1', message, owners: [JOB] }]);
  });
});
