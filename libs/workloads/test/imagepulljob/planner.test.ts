// The ImagePullJob controller's rules, table-driven (docs/spec/image-pull.md §3.3–§3.5, §3.7): which
// nodes, the status and its message, the deadline, parallelism, what a NodeImage tag gets, the TTL,
// the finished job, the Secret copies.
import { describe, expect, it } from '@jest/globals';
import type { ImagePullJob, ImageTagSpec, NodeImage, Pod, Secret } from '@coxswain/kruise-api';
import { selectJobNodeImages } from '../../src/imagepulljob/plan/job-nodes.js';
import { computeJobStatus } from '../../src/imagepulljob/plan/job-status.js';
import { parallelismLimit, tagPullPolicy, withJobImage } from '../../src/imagepulljob/plan/node-image-edit.js';
import { planImagePullJob } from '../../src/imagepulljob/plan/planner.js';
import { planPullSecrets } from '../../src/imagepulljob/plan/pull-secrets.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const KEY = { name: 'nginx', tag: '1.25' };

function job(spec: Partial<ImagePullJob['spec']> = {}, status?: ImagePullJob['status'], meta: Partial<ImagePullJob['metadata']> = {}): ImagePullJob {
  return {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob',
    metadata: { name: 'j', namespace: 'default', uid: 'job-uid', finalizers: ['apps.kruise.io/deletion-protection'], ...meta },
    spec: { image: 'nginx:1.25', completionPolicy: { type: 'Always' }, pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 }, imagePullPolicy: 'IfNotPresent', ...spec },
    ...(status ? { status } : {}),
  };
}

const owned = (version = 0): ImageTagSpec => ({ tag: '1.25', version, createdAt: at(0), ownerReferences: [{ uid: 'job-uid', name: 'j', namespace: 'default' }] });

function node(name: string, tags: ImageTagSpec[] = [], phase?: 'Pulling' | 'Succeeded' | 'Failed', statusVersion = 0, labels: Record<string, string> = {}): NodeImage {
  return {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name, labels },
    spec: tags.length > 0 ? { images: { nginx: { tags } } } : {},
    ...(phase ? { status: { desired: 1, imageStatuses: { nginx: { tags: [{ tag: '1.25', phase, version: statusVersion }] } } } } : {}),
  };
}

describe('which nodes (docs/spec/image-pull.md §3.3)', () => {
  const nodes = [node('b', [], undefined, 0, { zone: 'b' }), node('a', [], undefined, 0, { zone: 'a' }), node('c', [], undefined, 0, { zone: 'a' })];
  const pod = (name: string, nodeName: string, extra: Partial<Pod> = {}): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: 'web' } }, spec: { nodeName, containers: [] }, ...extra,
  });
  it.each<[string, Partial<ImagePullJob['spec']>, Pod[], string[]]>([
    ['no selector: every NodeImage, sorted', {}, [], ['a', 'b', 'c']],
    ['names: those that exist', { selector: { names: ['c', 'x', 'b'] } }, [], ['b', 'c']],
    ['empty names: none', { selector: { names: [] } }, [], []],
    ['label selector', { selector: { matchLabels: { zone: 'a' } } }, [], ['a', 'c']],
    ['empty label selector: all', { selector: {} }, [], ['a', 'b', 'c']],
    ['podSelector: nodes of active scheduled matching pods, each once', { podSelector: { matchLabels: { app: 'web' } } },
      [pod('p1', 'c'), pod('p2', 'c'), pod('p3', 'a', { status: { phase: 'Succeeded' } }), pod('p4', 'b', { metadata: { name: 'p4', namespace: 'other', labels: { app: 'web' } } }), pod('p5', 'gone')], ['c']],
  ])('%s', (_title, spec, pods, expected) => {
    expect(selectJobNodeImages(job(spec), nodes, pods).map((n) => n.metadata.name)).toEqual(expected);
  });
});

describe('status (docs/spec/image-pull.md §3.4)', () => {
  it.each<[string, NodeImage[], Partial<ImagePullJob['spec']>, number, Record<string, unknown>, string[]]>([
    ['nothing synced yet', [node('a'), node('b')], {}, 0, { desired: 2, active: 0, succeeded: 0, failed: 0, message: 'job is running, progress 0.0%' }, ['a', 'b']],
    ['owned tags count by the status at their version', [node('a', [owned()], 'Succeeded'), node('b', [owned()], 'Pulling'), node('c', [owned(1)], 'Failed', 0), node('d', [owned()], 'Failed')], {}, 0,
      { desired: 4, active: 2, succeeded: 1, failed: 1, failedNodes: ['d'], message: 'job is running, progress 50.0%' }, []],
    ['a tag owned by someone else is not synced', [node('a', [{ ...owned(), ownerReferences: [{ uid: 'other' }] }])], {}, 0, { desired: 1, active: 0 }, ['a']],
    ['no node: completes at once', [], {}, 0, { desired: 0, completionTime: at(0), message: 'job has completed' }, []],
    ['Never never completes', [], { completionPolicy: { type: 'Never' } }, 0, { desired: 0, message: 'job is running, no progress' }, []],
    ['all done: completes', [node('a', [owned()], 'Succeeded'), node('b', [owned()], 'Failed')], {}, 5, { completionTime: at(5), succeeded: 1, failed: 1, failedNodes: ['b'], message: 'job has completed' }, []],
    ['one of three: 33.3%', [node('a', [owned()], 'Succeeded'), node('b', [owned()]), node('c')], {}, 0, { active: 1, message: 'job is running, progress 33.3%' }, ['c']],
    ['deadline reached: the rest fails, failed then active then not synced', [node('z', [owned()], 'Failed'), node('a', [owned()], 'Pulling'), node('m'), node('s', [owned()], 'Succeeded')],
      { completionPolicy: { type: 'Always', activeDeadlineSeconds: 60 } }, 60,
      { completionTime: at(60), active: 0, succeeded: 1, failed: 3, failedNodes: ['z', 'a', 'm'], message: 'job exceeds activeDeadlineSeconds' }, []],
    ['deadline not yet reached', [node('a', [owned()], 'Pulling')], { completionPolicy: { type: 'Always', activeDeadlineSeconds: 60 } }, 59, { active: 1 }, []],
  ])('%s', (_title, nodeImages, spec, nowS, expected, notSynced) => {
    const result = computeJobStatus(job(spec, { desired: 0, startTime: at(0) } as ImagePullJob['status']), nodeImages, KEY, [], T0 + nowS * 1000);
    expect(result.status).toMatchObject(expected);
    expect(result.notSynced).toEqual(notSynced);
    if (!('failedNodes' in expected)) expect(result.status.failedNodes).toBeUndefined();
  });

  it('a node missing a Secret copy is given it again, and still counts', () => {
    const n = node('a', [owned()], 'Pulling');
    const result = computeJobStatus(job(), [n], KEY, [{ namespace: 'kruise-daemon-config', name: 's-1' }], T0);
    expect(result.status.active).toBe(1);
    expect(result.notSynced).toEqual(['a']);
  });
});

describe('parallelism and the plan (docs/spec/image-pull.md §3.2, §3.5)', () => {
  it.each<[string, Partial<ImagePullJob['spec']>, number]>([
    ['absent: 1', {}, 1], ['integer', { parallelism: 4 }, 4], ['decimal string', { parallelism: '3' }, 3], ['unreadable string: 0', { parallelism: 'x' }, 0], ['0 pauses', { parallelism: 0 }, 0],
  ])('%s', (_title, spec, limit) => expect(parallelismLimit(job(spec))).toBe(limit));

  it('gives the image to limit − active of the not-synced nodes, in name order', () => {
    const plan = planImagePullJob({ job: job({ parallelism: 3 }), nodeImages: [node('d'), node('a', [owned()], 'Pulling'), node('c'), node('b')], pods: [], secrets: [], nowMs: T0 });
    expect(plan.give).toEqual(['b', 'c']);
    expect(plan.status).toMatchObject({ desired: 4, active: 1, startTime: at(0) });
    expect(plan.addFinalizer).toBe(false);
  });

  it('adds the finalizer to a job without it; writes no status when it is unchanged, and comes back at the deadline', () => {
    const first = planImagePullJob({ job: job({ completionPolicy: { type: 'Always', activeDeadlineSeconds: 100 } }, undefined, { finalizers: [] }), nodeImages: [node('a', [owned()], 'Pulling')], pods: [], secrets: [], nowMs: T0 });
    expect(first.addFinalizer).toBe(true);
    const again = planImagePullJob({ job: job({ completionPolicy: { type: 'Always', activeDeadlineSeconds: 100 } }, first.status), nodeImages: [node('a', [owned()], 'Pulling')], pods: [], secrets: [], nowMs: T0 + 30_000 });
    expect(again.status).toBeUndefined();
    expect(again.requeueAfterMs).toBe(70_000);
  });

  it.each<[string, ImagePullJob, number, Partial<ReturnType<typeof planImagePullJob>>]>([
    ['finished without TTL: finalizer goes, job stays', job({}, { desired: 1, completionTime: at(0) }), 10_000, { removeFinalizer: true, deleteJob: false, give: [] }],
    ['finished, TTL pending', job({ completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 300 } }, { desired: 1, completionTime: at(0) }, { finalizers: [] }), 100_000, { removeFinalizer: false, deleteJob: false, requeueAfterMs: 200_000 }],
    ['finished, TTL passed', job({ completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 300 } }, { desired: 1, completionTime: at(0) }), 300_000, { deleteJob: true }],
    ['being deleted', job({}, undefined, { deletionTimestamp: at(0) }), 0, { removeFinalizer: true, give: [] }],
  ])('%s', (_title, j, nowOffset, expected) => {
    expect(planImagePullJob({ job: j, nodeImages: [node('a')], pods: [], secrets: [], nowMs: T0 + nowOffset })).toMatchObject(expected);
  });
});

describe('what a node gets (docs/spec/image-pull.md §3.5)', () => {
  it.each<[string, Partial<ImagePullJob['spec']>, number, Record<string, number>]>([
    ['Always with a TTL: ttl + 300 + random', { completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 60 } }, 7, { ttlSecondsAfterFinished: 367, timeoutSeconds: 600, backoffLimit: 3 }],
    ['Always with a deadline only: deadline + 300 + random', { completionPolicy: { type: 'Always', activeDeadlineSeconds: 900 } }, 0, { ttlSecondsAfterFinished: 1200, activeDeadlineSeconds: 900 }],
    ['Always, neither: timeout × backoff + 300 + random', { pullPolicy: { timeoutSeconds: 100, backoffLimit: 2 } }, 299, { ttlSecondsAfterFinished: 799 }],
    ['Never: 24 h ± 10 min, deadline 1800', { completionPolicy: { type: 'Never' } }, 0, { ttlSecondsAfterFinished: 86_400 - 600, activeDeadlineSeconds: 1800 }],
    ['Never with a longer timeout: deadline the timeout', { completionPolicy: { type: 'Never' }, pullPolicy: { timeoutSeconds: 2000, backoffLimit: 3 } }, 1199, { ttlSecondsAfterFinished: 86_400 + 599, activeDeadlineSeconds: 2000 }],
  ])('%s', (_title, spec, random, expected) => {
    expect(tagPullPolicy(job(spec), () => random)).toMatchObject(expected);
  });

  it('adds a tag at the status version + 1, sorted among the others, with the job\'s sandbox config', () => {
    const n: NodeImage = { ...node('a', [{ tag: '2.0', createdAt: at(0) }], 'Succeeded', 4) };
    (n.status!.imageStatuses!.nginx!.tags[0]!).tag = '1.25';
    const next = withJobImage(n, job({ sandboxConfig: { labels: { a: 'b' } } }), KEY, [], at(9), () => 0)!;
    expect(next.spec!.images!.nginx).toEqual({
      sandboxConfig: { labels: { a: 'b' } },
      tags: [
        { tag: '1.25', version: 5, createdAt: at(9), imagePullPolicy: 'IfNotPresent', pullPolicy: { timeoutSeconds: 600, backoffLimit: 3, ttlSecondsAfterFinished: 2100 },
          ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob', name: 'j', namespace: 'default', uid: 'job-uid' }] },
        { tag: '2.0', createdAt: at(0) },
      ],
    });
  });

  it('joins a tag others own: a new version, createdAt now, its pull policy kept', () => {
    const other: ImageTagSpec = { tag: '1.25', version: 2, createdAt: at(0), pullPolicy: { timeoutSeconds: 1 }, ownerReferences: [{ uid: 'other', name: 'o', namespace: 'x' }] };
    const tag = withJobImage(node('a', [other]), job(), KEY, [], at(9), () => 0)!.spec!.images!.nginx!.tags[0]!;
    expect(tag).toMatchObject({ version: 3, createdAt: at(9), pullPolicy: { timeoutSeconds: 1 } });
    expect(tag.ownerReferences?.map((r) => r.uid)).toEqual(['other', 'job-uid']);
  });

  it('a tag it owns: only missing Secrets are added, else nothing is written', () => {
    const mine = { ...owned(), ownerReferences: [{ uid: 'job-uid', name: 'j', namespace: 'default' }] };
    expect(withJobImage(node('a', [mine]), job(), KEY, [], at(9), () => 0)).toBeUndefined();
    const secret = { namespace: 'kruise-daemon-config', name: 's-1', mode: 'batch' };
    expect(withJobImage(node('a', [mine]), job(), KEY, [secret], at(9), () => 0)!.spec!.images!.nginx!.pullSecrets).toEqual([secret]);
  });
});

describe('pull Secrets (docs/spec/image-pull.md §3.7)', () => {
  const source: Secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'regcred', namespace: 'default', labels: { l: '1' } }, data: { k: 'dg==' } };
  const copy = (name: string, refs: string, extra: Record<string, string> = {}): Secret => ({
    apiVersion: 'v1', kind: 'Secret',
    metadata: { name, namespace: 'kruise-daemon-config', uid: name, annotations: { 'imagepulljobs.kruise.io/source-key': 'default/regcred', 'imagepulljobs.kruise.io/references': refs, ...extra } },
    data: { k: 'dg==' },
  });
  const withSecrets = job({ pullSecrets: ['regcred'] });

  it('creates a copy when none exists', () => {
    const plan = planPullSecrets(withSecrets, new Map([['regcred', source]]), [], () => 'abc123');
    expect(plan.refs).toEqual([{ namespace: 'kruise-daemon-config', name: 'regcred-abc123', mode: 'batch' }]);
    expect(plan.writes).toEqual([{ type: 'create', secret: expect.objectContaining({ metadata: expect.objectContaining({ name: 'regcred-abc123', labels: { l: '1' } }) }) }]);
  });

  it('prefers the copy already naming the job; joins another copy otherwise', () => {
    const mine = planPullSecrets(withSecrets, new Map([['regcred', source]]), [copy('regcred-a', 'x/y'), copy('regcred-b', 'default/j', { 'imagepulljobs.kruise.io/mode': 'batch' })], () => 'n');
    expect(mine).toEqual({ refs: [{ namespace: 'kruise-daemon-config', name: 'regcred-b', mode: 'batch' }], writes: [] });
    const shared = planPullSecrets(withSecrets, new Map([['regcred', source]]), [copy('regcred-a', 'x/y')], () => 'n');
    expect(shared.refs).toEqual([{ namespace: 'kruise-daemon-config', name: 'regcred-a' }]);
    expect(shared.writes[0]!.secret.metadata.annotations?.['imagepulljobs.kruise.io/references']).toBe('default/j,x/y');
  });

  it('a finished job releases its copies: deleted when no job is left, else the reference dropped', () => {
    const finished = job({ pullSecrets: ['regcred'] }, { desired: 0, completionTime: at(0) });
    const plan = planPullSecrets(finished, new Map(), [copy('regcred-a', 'default/j'), copy('regcred-b', 'default/j,x/y'), copy('regcred-c', 'x/y')], () => 'n');
    expect(plan.writes.map((w) => [w.type, w.secret.metadata.name, w.secret.metadata.annotations?.['imagepulljobs.kruise.io/references']])).toEqual([
      ['delete', 'regcred-a', 'default/j'], ['update', 'regcred-b', 'x/y'],
    ]);
    expect(plan.refs).toEqual([]);
  });

  it('a missing source is skipped; a job in kruise-daemon-config uses its Secrets as they are', () => {
    expect(planPullSecrets(withSecrets, new Map(), [], () => 'n')).toEqual({ refs: [], writes: [] });
    const local = job({ pullSecrets: ['a'] }, undefined, { namespace: 'kruise-daemon-config' });
    expect(planPullSecrets(local, new Map(), [], () => 'n').refs).toEqual([{ namespace: 'kruise-daemon-config', name: 'a' }]);
  });
});
