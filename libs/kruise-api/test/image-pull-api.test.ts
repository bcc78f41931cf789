// ImagePullJob, NodeImage and ContainerRecreateRequest: image references, defaulting and validation,
// rule by rule as docs/spec/image-pull.md §1.7 and §2 give them (one row per webhook rule, with
// Kruise's message), and the kinds' schemas. Properties: defaulting is idempotent and leaves its input
// alone; validation never throws on arbitrary input. They run from the project run's fast-check seed
// (FC_SEED replays one; scripts/fast-check-seed-apply.js).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Node, Pod } from '../src/core.js';
import { FeatureGates } from '../src/feature-gates.js';
import { formatFieldError, type FieldError } from '../src/field-errors.js';
import type { ContainerRecreateRequest, ImagePullJob, NodeImage } from '../src/image-pull.js';
import { convertImagePullObject, toStorageImagePullObject } from '../src/image-pull-conversion.js';
import {
  injectPodIntoContainerRecreateRequest,
  setDefaultsContainerRecreateRequest,
  setDefaultsImagePullJob,
  setDefaultsNodeImage,
} from '../src/image-pull-defaults.js';
import {
  imagePullAdmissionGateProblem,
  validateContainerRecreateRequest,
  validateContainerRecreateRequestAgainstPod,
  validateContainerRecreateRequestUpdate,
  validateImagePullJob,
  validateNodeImage,
} from '../src/image-pull-validation.js';
import { normalizeImageReference } from '../src/image-reference.js';
import { kruiseCrds, kruisePrinterColumns, kruiseServedVersions, kruiseShortNames } from '../src/kruise-crds.js';
import { containerRecreateRequest, imagePullJob, nodeImage, nodeImageV1alpha1 } from '../src/image-pull-schemas.js';
import { validateSchema } from '../src/object-schema.js';
import { pruneUnknownFields } from '../src/unknown-fields.js';

type Loose = Record<string, any>;

const texts = (errors: FieldError[]) => errors.map(formatFieldError);
const HEX64 = 'a'.repeat(64);
const NOW = '2026-07-01T10:00:00Z';

// ---------------------------------------------------------------------------------------------
// Image references (docs/spec/image-pull.md §1.7)

describe('normalizeImageReference (docs/spec/image-pull.md §1.7)', () => {
  it.each<[string, { name: string; familiarName: string; nodeImageTag: string; tag?: string; digest?: string }]>([
    ['nginx', { name: 'docker.io/library/nginx', familiarName: 'nginx', nodeImageTag: 'latest', tag: 'latest' }],
    ['nginx:1.25', { name: 'docker.io/library/nginx', familiarName: 'nginx', nodeImageTag: '1.25', tag: '1.25' }],
    ['docker.io/library/nginx:alpine', { name: 'docker.io/library/nginx', familiarName: 'nginx', nodeImageTag: 'alpine', tag: 'alpine' }],
    ['index.docker.io/me/app', { name: 'docker.io/me/app', familiarName: 'me/app', nodeImageTag: 'latest', tag: 'latest' }],
    ['me/app:v2', { name: 'docker.io/me/app', familiarName: 'me/app', nodeImageTag: 'v2', tag: 'v2' }],
    ['gcr.io/a/b:v1', { name: 'gcr.io/a/b', familiarName: 'gcr.io/a/b', nodeImageTag: 'v1', tag: 'v1' }],
    ['GCR.io/a/b', { name: 'GCR.io/a/b', familiarName: 'GCR.io/a/b', nodeImageTag: 'latest', tag: 'latest' }],
    ['localhost:5000/foo_bar/x--y.z', { name: 'localhost:5000/foo_bar/x--y.z', familiarName: 'localhost:5000/foo_bar/x--y.z', nodeImageTag: 'latest', tag: 'latest' }],
    ['localhost/foo', { name: 'localhost/foo', familiarName: 'localhost/foo', nodeImageTag: 'latest', tag: 'latest' }],
    [`a@sha256:${HEX64}`, { name: 'docker.io/library/a', familiarName: 'a', nodeImageTag: `sha256:${HEX64}`, digest: `sha256:${HEX64}` }],
    [`a:1@sha256:${HEX64}`, { name: 'docker.io/library/a', familiarName: 'a', nodeImageTag: `sha256:${HEX64}`, digest: `sha256:${HEX64}` }],
    [`a@sha512:${'0'.repeat(128)}`, { name: 'docker.io/library/a', familiarName: 'a', nodeImageTag: `sha512:${'0'.repeat(128)}`, digest: `sha512:${'0'.repeat(128)}` }],
  ])('%s', (image, expected) => {
    const result = normalizeImageReference(image);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.reference).toMatchObject(expected);
    if (result.ok && expected.digest) expect(result.reference.tag).toBeUndefined();
  });

  it.each<[string, string]>([
    [HEX64, `invalid repository name (${HEX64}), cannot specify 64-byte hexadecimal strings`],
    ['Nginx:1', 'invalid reference format: repository name must be lowercase'],
    ['foo/Bar', 'invalid reference format: repository name must be lowercase'],
    ['gcr.io/A/b', 'invalid reference format: repository name must be lowercase'],
    ['nginx:', 'invalid reference format'],
    ['', 'invalid reference format'],
    ['a b', 'invalid reference format'],
    ['-a', 'invalid reference format'],
    ['a:-x', 'invalid reference format'],
    [`a:${'x'.repeat(129)}`, 'invalid reference format'],
    ['a@sha256:abc', 'invalid reference format'],
    ['nginx:Latest@sha256:ABC', 'invalid reference format'],
    [`${'a'.repeat(240)}`, 'repository name must not be more than 255 characters'],
    [`a@sha256:${'a'.repeat(40)}`, 'invalid checksum digest length'],
    [`a@sha256:${'A'.repeat(64)}`, 'invalid checksum digest format'],
    [`a@md5:${'a'.repeat(32)}`, 'unsupported digest algorithm'],
    [`a:1@MD5:${'a'.repeat(32)}`, 'invalid checksum digest format'],
    // Docker takes the path to end at the first colon, here the digest's.
    [`a@MD5:${'a'.repeat(32)}`, 'invalid reference format: repository name must be lowercase'],
  ])('%s is refused: %s', (image, error) => {
    expect(normalizeImageReference(image)).toEqual({ ok: false, error });
  });

  it('answers quickly for inputs that make a backtracking parser explode', () => {
    for (const image of ['a-'.repeat(50_000) + '!', 'a.'.repeat(50_000) + 'A', 'a_'.repeat(50_000) + '/', `${'a1-'.repeat(30_000)}:${'x'.repeat(200)}`, 'a/'.repeat(40_000) + '@']) {
      expect(normalizeImageReference(image).ok).toBe(false);
    }
  });

  it('never throws (property)', () => {
    const alphabet = fc.constantFrom(...'aZ0-_.:/@%Ab9 '.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: alphabet, maxLength: 80 })), (image) => {
        const result = normalizeImageReference(image);
        if (result.ok) expect(result.reference.name.length).toBeLessThanOrEqual(255);
        else expect(result.error.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// ImagePullJob (docs/spec/image-pull.md §2.1, §2.2)

function job(edit: (spec: Loose, job: Loose) => void = () => {}, apiVersion = 'apps.kruise.io/v1beta1'): ImagePullJob {
  const obj: Loose = { apiVersion, kind: 'ImagePullJob', metadata: { name: 'warm', namespace: 'shop' }, spec: { image: 'nginx:1.25' } };
  edit(obj['spec'], obj);
  return obj as ImagePullJob;
}

const jobErrors = (j: ImagePullJob, old?: ImagePullJob) =>
  texts(validateImagePullJob(setDefaultsImagePullJob(j), old ? { old: setDefaultsImagePullJob(old) } : {}));

describe('ImagePullJob defaults (docs/spec/image-pull.md §2.1)', () => {
  it('are Always, pull policy 600 s and 3 retries, IfNotPresent; a v1beta1 job gets no finalizer', () => {
    const input = job();
    const out = setDefaultsImagePullJob(input, { operation: 'CREATE' });
    expect(out.spec).toEqual({
      image: 'nginx:1.25',
      completionPolicy: { type: 'Always' },
      pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 },
      imagePullPolicy: 'IfNotPresent',
    });
    expect(out.metadata.finalizers).toBeUndefined();
    expect(input).toEqual(job());
  });

  it.each<[string, ImagePullJob, Parameters<typeof setDefaultsImagePullJob>[1], string[] | undefined]>([
    ['a v1alpha1 job on CREATE gets the protection finalizer', job(() => {}, 'apps.kruise.io/v1alpha1'), { operation: 'CREATE' }, ['apps.kruise.io/deletion-protection']],
    ['… after the finalizers it has', job((_, j) => { j['metadata'].finalizers = ['x']; }, 'apps.kruise.io/v1alpha1'), { operation: 'CREATE' }, ['x', 'apps.kruise.io/deletion-protection']],
    ['… once', job((_, j) => { j['metadata'].finalizers = ['apps.kruise.io/deletion-protection']; }, 'apps.kruise.io/v1alpha1'), { operation: 'CREATE' }, ['apps.kruise.io/deletion-protection']],
    ['… not on UPDATE', job(() => {}, 'apps.kruise.io/v1alpha1'), { operation: 'UPDATE' }, undefined],
    ['… not when the caller has no controller to remove it', job(() => {}, 'apps.kruise.io/v1alpha1'), { operation: 'CREATE', protectionFinalizer: false }, undefined],
  ])('%s', (_, input, options, finalizers) => {
    expect(setDefaultsImagePullJob(input, options).metadata.finalizers).toEqual(finalizers);
  });

  it('keep what is written', () => {
    const input = job((s) => {
      s['completionPolicy'] = { type: 'Never' };
      s['pullPolicy'] = { timeoutSeconds: 30, backoffLimit: 0 };
      s['imagePullPolicy'] = 'Always';
      s['parallelism'] = 0;
    });
    expect(setDefaultsImagePullJob(input).spec).toEqual(input.spec);
  });

  it('do not default parallelism (the controller reads an absent one as 1)', () => {
    expect(setDefaultsImagePullJob(job()).spec.parallelism).toBeUndefined();
  });
});

describe('ImagePullJob validation (docs/spec/image-pull.md §2.2), one row per rule', () => {
  const selectorExpr = (operator: string) => ({ matchExpressions: [{ key: 'zone', operator, values: ['a'] }] });
  it.each<[string, ImagePullJob, string[], ImagePullJob?]>([
    ['a valid job', job(), []],
    ['a valid job with every field', job((s) => {
      Object.assign(s, {
        pullSecrets: ['reg'], selector: { names: ['n1', 'n2'] }, parallelism: '3', pullPolicy: { timeoutSeconds: 60, backoffLimit: 1 },
        completionPolicy: { type: 'Always', activeDeadlineSeconds: 60, ttlSecondsAfterFinished: 0 }, sandboxConfig: { labels: { a: 'b' } },
      });
    }), []],
    ['rule 3: pullSecrets changed', job((s) => { s['pullSecrets'] = ['b']; }), ['spec.pullSecrets: Forbidden: spec.pullSecrets is immutable'], job((s) => { s['pullSecrets'] = ['a']; })],
    ['rule 3: pullSecrets from none to []', job((s) => { s['pullSecrets'] = []; }), ['spec.pullSecrets: Forbidden: spec.pullSecrets is immutable'], job()],
    ['rule 3: null and absent are the same', job((s) => { s['pullSecrets'] = null; }), [], job()],
    ['rule 3: other fields may change, the image too', job((s) => { s['image'] = 'nginx:2'; s['parallelism'] = 5; }), [], job()],
    ['rule 4: names and matchLabels', job((s) => { s['selector'] = { names: ['a'], matchLabels: { zone: 'a' } }; }),
      ['spec.selector.names: Forbidden: can not set both names and labelSelector in this spec.selector']],
    ['rule 4: empty names and empty matchExpressions are both set', job((s) => { s['selector'] = { names: [], matchExpressions: [] }; }),
      ['spec.selector.names: Forbidden: can not set both names and labelSelector in this spec.selector']],
    ['rule 5: an invalid label selector', job((s) => { s['selector'] = selectorExpr('Near'); }),
      ['spec.selector: Invalid value: {"matchExpressions":[{"key":"zone","operator":"Near","values":["a"]}]}: invalid selector: unknown operator "Near"']],
    ['rule 6: a name twice', job((s) => { s['selector'] = { names: ['a', 'b', 'a'] }; }),
      ['spec.selector.names[2]: Duplicate value: "a": duplicated name in selector names']],
    ['rule 7: selector and podSelector', job((s) => { s['selector'] = {}; s['podSelector'] = { matchLabels: { app: 'web' } }; }),
      ['spec.podSelector: Forbidden: can not set both selector and podSelector']],
    ['rule 8: an invalid podSelector', job((s) => { s['podSelector'] = { matchLabels: { 'bad key': 'x' } }; }),
      ['spec.podSelector: Invalid value: {"matchLabels":{"bad key":"x"}}: invalid podSelector: invalid label key "bad key"']],
    ['rule 9: no image', job((s) => { delete s['image']; }), ['spec.image: Required value: image can not be empty']],
    ['rule 9: an empty image', job((s) => { s['image'] = ''; }), ['spec.image: Required value: image can not be empty']],
    ['rule 10: an image that is no reference', job((s) => { s['image'] = 'Nginx:1'; }),
      ['spec.image: Invalid value: "Nginx:1": invalid image Nginx:1: invalid reference format: repository name must be lowercase']],
    ['rule 11: a percentage', job((s) => { s['parallelism'] = '50%'; }), ['spec.parallelism: Invalid value: "50%": parallelism does not support percentage value']],
    ['rule 12: not a number', job((s) => { s['parallelism'] = 'two'; }),
      ['spec.parallelism: Invalid value: "two": parallelism must be a valid integer: strconv.ParseInt: parsing "two": invalid syntax']],
    ['rule 12: beyond int32', job((s) => { s['parallelism'] = '2147483648'; }),
      ['spec.parallelism: Invalid value: "2147483648": parallelism must be a valid integer: strconv.ParseInt: parsing "2147483648": value out of range']],
    ['rule 12: a signed string is an integer', job((s) => { s['parallelism'] = '+4'; }), []],
    ['rule 13: a negative integer', job((s) => { s['parallelism'] = -1; }), ['spec.parallelism: Invalid value: -1: parallelism must be non-negative']],
    ['rule 13: a negative string', job((s) => { s['parallelism'] = '-2'; }), ['spec.parallelism: Invalid value: "-2": parallelism must be non-negative']],
    ['rule 13: zero pauses', job((s) => { s['parallelism'] = 0; }), []],
    ['rule 14: a deadline below the default timeout', job((s) => { s['completionPolicy'] = { activeDeadlineSeconds: 300 }; }),
      ['spec.completionPolicy.activeDeadlineSeconds: Invalid value: 300: completionPolicy.activeDeadlineSeconds must be greater than pullPolicy.timeoutSeconds(default 600)']],
    ['rule 14: a deadline equal to the timeout passes', job((s) => { s['completionPolicy'] = { activeDeadlineSeconds: 600 }; }), []],
    ['rule 14: a deadline above a short timeout', job((s) => { s['completionPolicy'] = { activeDeadlineSeconds: 100 }; s['pullPolicy'] = { timeoutSeconds: 60 }; }), []],
    ['rule 15: Never with a deadline', job((s) => { s['completionPolicy'] = { type: 'Never', activeDeadlineSeconds: 900 }; }),
      ['spec.completionPolicy.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds and ttlSecondsAfterFinished can only work with Always CompletionPolicyType']],
    ['rule 15: Never with a TTL', job((s) => { s['completionPolicy'] = { type: 'Never', ttlSecondsAfterFinished: 0 }; }),
      ['spec.completionPolicy.ttlSecondsAfterFinished: Forbidden: activeDeadlineSeconds and ttlSecondsAfterFinished can only work with Always CompletionPolicyType']],
    ['rule 16: an unknown completion type', job((s) => { s['completionPolicy'] = { type: 'Sometimes' }; }),
      ['spec.completionPolicy.type: Invalid value: "Sometimes": unknown type of completionPolicy: Sometimes']],
    ['several rules at once', job((s) => { s['image'] = ''; s['parallelism'] = '10%'; }),
      ['spec.image: Required value: image can not be empty', 'spec.parallelism: Invalid value: "10%": parallelism does not support percentage value']],
    // A rest parameter: with an optional fourth element, Jest would take a four-parameter function for a done callback.
  ])('%s', (...row) => {
    const [, input, expected, old] = row;
    expect(jobErrors(input, old)).toEqual(expected);
  });

  it('checks v1alpha1 jobs alike', () => {
    expect(jobErrors(job((s) => { s['parallelism'] = '1%'; }, 'apps.kruise.io/v1alpha1'))).toEqual([
      'spec.parallelism: Invalid value: "1%": parallelism does not support percentage value',
    ]);
  });
});

describe('feature gates of the image-pull webhooks (docs/spec/image-pull.md §0, §2)', () => {
  it.each<[string, Parameters<typeof FeatureGates.from>[0], string | undefined, string | undefined]>([
    ['by default, ImagePullJobs are refused and NodeImages admitted', {}, 'feature-gate ImagePullJobGate is not enabled', undefined],
    ['ImagePullJobGate admits ImagePullJobs', { ImagePullJobGate: true }, undefined, undefined],
    ['pre-download switches ImagePullJobGate on', { PreDownloadImageForInPlaceUpdate: true }, undefined, undefined],
    ['without kruise-daemon nothing is admitted, whatever ImagePullJobGate says', { KruiseDaemon: false, ImagePullJobGate: true, PreDownloadImageForInPlaceUpdate: true },
      'feature-gate KruiseDaemon is not enabled', 'feature-gate KruiseDaemon is not enabled'],
  ])('%s', (_, settings, jobProblem, otherProblem) => {
    const gates = FeatureGates.from(settings);
    expect(imagePullAdmissionGateProblem('ImagePullJob', gates)).toBe(jobProblem);
    expect(imagePullAdmissionGateProblem('NodeImage', gates)).toBe(otherProblem);
    expect(imagePullAdmissionGateProblem('ContainerRecreateRequest', gates)).toBe(otherProblem);
  });

  it('ImagePullJobGate is off by default, on with pre-download, off without kruise-daemon', () => {
    expect(FeatureGates.defaults().enabled('ImagePullJobGate')).toBe(false);
    expect(FeatureGates.from({ PreDownloadImageForInPlaceUpdate: true, ImagePullJobGate: false }).enabled('ImagePullJobGate')).toBe(true);
    expect(FeatureGates.from({ KruiseDaemon: false, ImagePullJobGate: true }).enabled('ImagePullJobGate')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// NodeImage (docs/spec/image-pull.md §2.3, §2.4)

function nodeImageOf(images: Loose, status?: Loose): NodeImage {
  return { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'node-1' }, spec: { images }, ...(status ? { status } : {}) } as NodeImage;
}

const owner = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob', namespace: 'shop', name: 'warm', uid: 'u1' };

describe('NodeImage defaults (docs/spec/image-pull.md §2.3)', () => {
  it('give every tag createdAt and a pull policy, and sort the tags of the spec and of the status', () => {
    const input = nodeImageOf(
      { nginx: { tags: [{ tag: 'b', pullPolicy: { ttlSecondsAfterFinished: 60 } }, { tag: 'a', createdAt: '2026-01-01T00:00:00Z', pullPolicy: { timeoutSeconds: 5, backoffLimit: 0 } }] } },
      { desired: 2, imageStatuses: { nginx: { tags: [{ tag: 'b', phase: 'Pulling' }, { tag: 'a', phase: 'Succeeded' }] } } },
    );
    const out = setDefaultsNodeImage(input, { now: NOW });
    expect(out.spec!.images!['nginx']!.tags).toEqual([
      { tag: 'a', createdAt: '2026-01-01T00:00:00Z', pullPolicy: { timeoutSeconds: 5, backoffLimit: 0 } },
      { tag: 'b', createdAt: NOW, pullPolicy: { ttlSecondsAfterFinished: 60, timeoutSeconds: 600, backoffLimit: 3 } },
    ]);
    expect(out.status!.imageStatuses!['nginx']!.tags.map((t) => t.tag)).toEqual(['a', 'b']);
    expect(input.spec!.images!['nginx']!.tags[0]!.tag).toBe('b');
    expect(setDefaultsNodeImage(out, { now: '2030-01-01T00:00:00Z' })).toEqual(out);
  });

  it('leave a NodeImage without spec alone', () => {
    const empty = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'n' } } as NodeImage;
    expect(setDefaultsNodeImage(empty, { now: NOW })).toEqual(empty);
  });
});

describe('NodeImage validation (docs/spec/image-pull.md §2.4), one row per rule', () => {
  const tag = (t: Loose = {}) => ({ tag: '1.25', version: 0, ownerReferences: [owner], pullPolicy: { ttlSecondsAfterFinished: 600 }, ...t });
  const defaulted = (images: Loose) => texts(validateNodeImage(setDefaultsNodeImage(nodeImageOf(images), { now: NOW })));
  it.each<[string, () => string[], string[]]>([
    ['a valid NodeImage', () => defaulted({ nginx: { tags: [tag(), tag({ tag: '1.26' })] } }), []],
    ['no images', () => defaulted({}), []],
    ['rule 2: 257 images', () => defaulted(Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`img${i}`, { tags: [tag()] }]))),
      ['spec.images: Invalid value: 257: spec images length 257 can not be more than 256']],
    ['rule 3: an empty image name', () => defaulted({ '': { tags: [tag()] } }), ['spec.images[]: Invalid value: "": image name can not be empty']],
    ['rule 4: an empty tag', () => defaulted({ nginx: { tags: [tag({ tag: '' })] } }), ['spec.images[nginx].tags[0].tag: Required value: tag for image nginx can not be empty']],
    ['rule 5: a tag twice', () => defaulted({ nginx: { tags: [tag(), tag()] } }),
      ['spec.images[nginx].tags[1].tag: Duplicate value: "1.25": duplicated tag 1.25 for image nginx']],
    ['rule 6: no createdAt (not defaulted)', () => texts(validateNodeImage(nodeImageOf({ nginx: { tags: [tag()] } }))),
      ['spec.images[nginx].tags[0].createdAt: Required value: createAt field for nginx/1.25 can not be empty']],
    ['rule 7: a negative version', () => defaulted({ nginx: { tags: [tag({ version: -1 })] } }),
      ['spec.images[nginx].tags[0].version: Invalid value: -1: version for nginx/1.25 can not be less than 0']],
    ['rule 8: no pull policy (not defaulted)', () => texts(validateNodeImage(nodeImageOf({ nginx: { tags: [tag({ createdAt: NOW, pullPolicy: undefined })] } }))),
      ['spec.images[nginx].tags[0].pullPolicy: Required value: pullPolicy field for nginx/1.25 must set']],
    ['rule 9: no TTL', () => defaulted({ nginx: { tags: [tag({ pullPolicy: {} })] } }),
      ['spec.images[nginx].tags[0].pullPolicy.ttlSecondsAfterFinished: Required value: pullPolicy.ttlSecondsAfterFinished for nginx/1.25 must set']],
    ['rules 3–9 for every image, in name order', () => defaulted({ z: { tags: [tag({ tag: '' })] }, a: { tags: [tag({ version: -2 })] } }),
      ['spec.images[a].tags[0].version: Invalid value: -2: version for a/1.25 can not be less than 0', 'spec.images[z].tags[0].tag: Required value: tag for image z can not be empty']],
  ])('%s', (_, errors, expected) => {
    expect(errors()).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// ContainerRecreateRequest (docs/spec/image-pull.md §2.5)

function crr(edit: (spec: Loose, crr: Loose) => void = () => {}): ContainerRecreateRequest {
  const obj: Loose = {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest', metadata: { name: 'restart', namespace: 'shop' },
    spec: { podName: 'web-0', containers: [{ name: 'app' }] },
  };
  edit(obj['spec'], obj);
  return obj as ContainerRecreateRequest;
}

function pod(edit: (pod: Loose) => void = () => {}): Pod {
  const obj: Loose = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'shop', uid: 'pod-uid-1' },
    spec: {
      nodeName: 'node-1', terminationGracePeriodSeconds: 45,
      initContainers: [{ name: 'init', image: 'busybox' }],
      containers: [
        { name: 'app', image: 'nginx', ports: [{ containerPort: 8080 }], lifecycle: { preStop: { httpGet: { path: '/stop', port: 8080 }, sleep: { seconds: 1 } } } },
        { name: 'sidecar', image: 'envoy', ports: [{ containerPort: 9901 }], lifecycle: { preStop: { exec: { command: ['drain'] } } } },
        { name: 'plain', image: 'busybox' },
      ],
    },
    status: {
      phase: 'Running',
      containerStatuses: [
        { name: 'app', containerID: 'containerd://aaa', restartCount: 2, ready: true },
        { name: 'sidecar', containerID: 'containerd://bbb', restartCount: 0, ready: true },
        { name: 'plain', restartCount: 0, ready: false },
      ],
    },
  };
  edit(obj);
  return obj as Pod;
}

const node = (labels: Record<string, string> = {}): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels } }) as Node;

describe('ContainerRecreateRequest defaults and injection (docs/spec/image-pull.md §2.5, rules 3, 8, 13, 19)', () => {
  it('CREATE: strategy {} with failurePolicy Fail, and the active label; UPDATE: nothing', () => {
    const out = setDefaultsContainerRecreateRequest(crr(), { operation: 'CREATE' });
    expect(out.spec.strategy).toEqual({ failurePolicy: 'Fail' });
    expect(out.metadata.labels).toEqual({ 'crr.apps.kruise.io/active': 'true' });
    expect(setDefaultsContainerRecreateRequest(crr())).toEqual(crr());
    expect(setDefaultsContainerRecreateRequest(crr((s) => { s['strategy'] = { failurePolicy: 'Ignore' }; }), { operation: 'CREATE' }).spec.strategy).toEqual({ failurePolicy: 'Ignore' });
  });

  it('inject the node, the pod uid, the grace period and each container\'s preStop, ports (httpGet only) and status context', () => {
    const input = setDefaultsContainerRecreateRequest(crr((s) => { s['containers'] = [{ name: 'app' }, { name: 'sidecar' }]; }), { operation: 'CREATE' });
    const out = injectPodIntoContainerRecreateRequest(input, pod(), node());
    expect(out.metadata.labels).toEqual({ 'crr.apps.kruise.io/active': 'true', 'crr.apps.kruise.io/node-name': 'node-1', 'crr.apps.kruise.io/pod-uid': 'pod-uid-1' });
    expect(out.spec.strategy).toEqual({ failurePolicy: 'Fail', terminationGracePeriodSeconds: 45 });
    expect(out.spec.containers).toEqual([
      { name: 'app', preStop: { httpGet: { path: '/stop', port: 8080 } }, ports: [{ containerPort: 8080 }], statusContext: { containerID: 'containerd://aaa', restartCount: 2 } },
      { name: 'sidecar', preStop: { exec: { command: ['drain'] } }, statusContext: { containerID: 'containerd://bbb', restartCount: 0 } },
    ]);
    expect(input.spec.containers[0]).toEqual({ name: 'app' });
  });

  it('keep a grace period the request sets, and copy the virtual-kubelet label of such a node', () => {
    const input = crr((s) => { s['strategy'] = { terminationGracePeriodSeconds: 0 }; });
    const out = injectPodIntoContainerRecreateRequest(input, pod(), node({ type: 'virtual-kubelet' }));
    expect(out.spec.strategy!.terminationGracePeriodSeconds).toBe(0);
    expect(out.metadata.labels!['type']).toBe('virtual-kubelet');
  });
});

describe('ContainerRecreateRequest validation (docs/spec/image-pull.md §2.5), one row per rule', () => {
  const createErrors = (input: ContainerRecreateRequest) => texts(validateContainerRecreateRequest(setDefaultsContainerRecreateRequest(input, { operation: 'CREATE' })));
  it.each<[string, ContainerRecreateRequest, string[]]>([
    ['a valid request', crr(), []],
    ['rule 2: no podName', crr((s) => { s['podName'] = ''; }), ['spec.podName: Required value: podName can not be empty']],
    ['rule 4: no containers', crr((s) => { s['containers'] = []; }), ['spec.containers: Required value: containers list can not be null']],
    ['rule 4: containers absent', crr((s) => { delete s['containers']; }), ['spec.containers: Required value: containers list can not be null']],
    ['rule 5: a deadline below 3 s', crr((s) => { s['activeDeadlineSeconds'] = 2; }), ['spec.activeDeadlineSeconds: Invalid value: 2: activeDeadlineSeconds can not be less than 3s']],
    ['rule 5: 3 s is enough', crr((s) => { s['activeDeadlineSeconds'] = 3; }), []],
    ['rule 6: a negative grace period', crr((s) => { s['strategy'] = { terminationGracePeriodSeconds: -1 }; }),
      ['spec.strategy.terminationGracePeriodSeconds: Invalid value: -1: terminationGracePeriodSeconds must be non-negative integer']],
    ['rule 7: a negative unready grace period', crr((s) => { s['strategy'] = { unreadyGracePeriodSeconds: -5 }; }),
      ['spec.strategy.unreadyGracePeriodSeconds: Invalid value: -5: unreadyGracePeriodSeconds must be non-negative integer']],
    ['rule 8: an unknown failure policy', crr((s) => { s['strategy'] = { failurePolicy: 'Retry' }; }),
      ['spec.strategy.failurePolicy: Invalid value: "Retry": unknown failurePolicy Retry']],
  ])('%s', (_, input, expected) => {
    expect(createErrors(input)).toEqual(expected);
  });

  it.each<[string, ContainerRecreateRequest, Pod | undefined, Node | undefined, string[]]>([
    ['a pod and containers that exist', crr((s) => { s['containers'] = [{ name: 'app' }, { name: 'sidecar' }]; }), pod(), node(), []],
    ['rule 9: no such pod', crr(), undefined, node(), ['spec.podName: Not found: "web-0": no found Pod named web-0']],
    ['rule 10: a pod that succeeded', crr(), pod((p) => { p['status'].phase = 'Succeeded'; }), node(),
      ['spec.podName: Invalid value: "web-0": not allowed to recreate containers in an inactive Pod']],
    ['rule 10: a pod being deleted', crr(), pod((p) => { p['metadata'].deletionTimestamp = NOW; }), node(),
      ['spec.podName: Invalid value: "web-0": not allowed to recreate containers in an inactive Pod']],
    ['rule 10: … unless a sidecar terminator stopped it', crr(), pod((p) => { p['status'].phase = 'Failed'; p['status'].conditions = [{ type: 'SidecarTerminated', status: 'True' }]; }), node(), []],
    ['rule 11: a pod not scheduled', crr(), pod((p) => { delete p['spec'].nodeName; }), node(),
      ['spec.podName: Invalid value: "web-0": not allowed to recreate containers in a pending Pod']],
    ['rule 12: its node is gone', crr(), pod(), undefined, ['spec.podName: Not found: "web-0": failed to get Node node-1: nodes "node-1" not found']],
    ['rule 14: a container twice (refused as after v1.9.0)', crr((s) => { s['containers'] = [{ name: 'app' }, { name: 'app' }]; }), pod(), node(),
      ['spec.containers[1].name: Duplicate value: "app": can not recreate app multi times']],
    ['rule 15: a preStop written by the client', crr((s) => { s['containers'] = [{ name: 'app', preStop: { exec: { command: ['x'] } } }]; }), pod(), node(),
      ['spec.containers[0].preStop: Forbidden: preStop, ports, statusContext in container are ready-only fields']],
    ['rule 15: even empty ports', crr((s) => { s['containers'] = [{ name: 'app', ports: [] }]; }), pod(), node(),
      ['spec.containers[0].ports: Forbidden: preStop, ports, statusContext in container are ready-only fields']],
    ['rule 16: a container the pod does not have', crr((s) => { s['containers'] = [{ name: 'db' }]; }), pod(), node(),
      ['spec.containers[0].name: Not found: "db": container db not found in Pod']],
    ['rule 17: an init container has no status there', crr((s) => { s['containers'] = [{ name: 'init' }]; }), pod(), node(),
      ['spec.containers[0].name: Not found: "init": not found init containerStatus in Pod Status']],
    ['rule 18: a container not started yet', crr((s) => { s['containers'] = [{ name: 'plain' }]; }), pod(), node(),
      ['spec.containers[0].name: Invalid value: "plain": no containerID in plain containerStatus, maybe the container has not been initialized']],
  ])('%s', (_, input, thePod, theNode, expected) => {
    expect(texts(validateContainerRecreateRequestAgainstPod(input, thePod, theNode))).toEqual(expected);
  });

  const stored = () => injectPodIntoContainerRecreateRequest(setDefaultsContainerRecreateRequest(crr(), { operation: 'CREATE' }), pod(), node());
  it.each<[string, (c: Loose) => void, string[]]>([
    ['an update of status, finalizers and other labels', (c) => { c['metadata'].finalizers = ['crr.apps.kruise.io/unready-acquired']; delete c['metadata'].labels['crr.apps.kruise.io/active']; }, []],
    ['rule 2: the spec changed', (c) => { c['spec'].ttlSecondsAfterFinished = 60; }, ['spec: Forbidden: spec of ContainerRecreateRequest is immutable']],
    ['rule 3: the pod-uid label changed', (c) => { c['metadata'].labels['crr.apps.kruise.io/pod-uid'] = 'other'; },
      ['metadata.labels[crr.apps.kruise.io/pod-uid]: Forbidden: not allowed to update immutable label crr.apps.kruise.io/pod-uid']],
    ['rule 4: the node-name label removed', (c) => { delete c['metadata'].labels['crr.apps.kruise.io/node-name']; },
      ['metadata.labels[crr.apps.kruise.io/node-name]: Forbidden: not allowed to update immutable label crr.apps.kruise.io/node-name']],
    ['rule 5: the unready-acquired annotation, once set, changed', (c) => { c['metadata'].annotations = { 'crr.apps.kruise.io/unready-acquired': '2026-07-01T10:05:00Z' }; },
      ['metadata.annotations[crr.apps.kruise.io/unready-acquired]: Forbidden: not allowed to update immutable annotation crr.apps.kruise.io/unready-acquired']],
  ])('update, %s', (_, edit, expected) => {
    const old = stored();
    (old.metadata as Loose)['annotations'] = { 'crr.apps.kruise.io/unready-acquired': NOW };
    const updated = structuredClone(old) as Loose;
    edit(updated);
    expect(texts(validateContainerRecreateRequestUpdate(updated as ContainerRecreateRequest, old))).toEqual(expected);
  });

  it('update, rule 5: the annotation may be set the first time', () => {
    const old = stored();
    const updated = structuredClone(old);
    updated.metadata.annotations = { 'crr.apps.kruise.io/unready-acquired': NOW };
    expect(validateContainerRecreateRequestUpdate(updated, old)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// CRDs and versions (docs/spec/image-pull.md §1.1, §1.5)

describe('the CRDs and the versions', () => {
  it('are OpenKruise v1.9\'s: served versions, scope, short names, printer columns per version, no scale', () => {
    expect(kruiseServedVersions('apps.kruise.io', 'ImagePullJob')).toEqual(['v1beta1', 'v1alpha1']);
    expect(kruiseServedVersions('apps.kruise.io', 'ContainerRecreateRequest')).toEqual(['v1alpha1']);
    expect(kruiseShortNames('apps.kruise.io', 'ContainerRecreateRequest')).toEqual(['crr']);
    const names = (version?: string) => kruisePrinterColumns('apps.kruise.io', 'ImagePullJob', version)!.map((c) => c.name);
    expect(names('v1beta1')).toEqual(['TOTAL', 'ACTIVE', 'SUCCEED', 'FAILED', 'AGE']);
    expect(names()).toEqual(names('v1beta1'));
    expect(names('v1alpha1')).toEqual(['TOTAL', 'ACTIVE', 'SUCCEED', 'FAILED', 'AGE', 'MESSAGE']);
    const crds = Object.fromEntries(kruiseCrds().map((crd) => [crd.spec.names.kind, crd]));
    expect(crds['NodeImage']!.spec.scope).toBe('Cluster');
    expect(crds['NodeImage']!.spec.names).toEqual({ kind: 'NodeImage', listKind: 'NodeImageList', plural: 'nodeimages', singular: 'nodeimage' });
    for (const kind of ['ImagePullJob', 'NodeImage', 'ContainerRecreateRequest']) {
      expect(crds[kind]!.spec.versions.map((v) => v.subresources)).toEqual(crds[kind]!.spec.versions.map(() => ({ status: {} })));
    }
    expect(crds['ContainerRecreateRequest']!.spec.versions[0]!.additionalPrinterColumns!.map((c) => c.jsonPath)).toEqual([
      '.status.phase', '.spec.podName', '.metadata.labels.crr\\.apps\\.kruise\\.io/node-name', '.metadata.creationTimestamp',
    ]);
    // The workloads keep their category and scale subresource.
    expect(crds['CloneSet']!.spec.names.categories).toEqual(['all']);
    expect(crds['CloneSet']!.spec.versions[0]!.subresources!.scale).toBeDefined();
  });

  it('convert between v1alpha1 and v1beta1 field for field, but for NodeImage\'s pullSecrets[].mode', () => {
    const ni = nodeImageOf({ nginx: { pullSecrets: [{ namespace: 'kruise-daemon-config', name: 's', mode: 'batch' }], tags: [] } });
    const alpha = convertImagePullObject(ni, 'apps.kruise.io/v1alpha1');
    expect(alpha.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(alpha.spec!.images!['nginx']!.pullSecrets).toEqual([{ namespace: 'kruise-daemon-config', name: 's' }]);
    expect(ni.spec!.images!['nginx']!.pullSecrets![0]!.mode).toBe('batch');
    const j = job((s) => { s['parallelism'] = 3; }, 'apps.kruise.io/v1alpha1');
    expect(toStorageImagePullObject(j)).toEqual({ ...j, apiVersion: 'apps.kruise.io/v1beta1' });
  });
});

// ---------------------------------------------------------------------------------------------
// Schemas

describe('the kinds\' schemas', () => {
  it('prune what Kruise\'s structs and the core types inside them do not declare', () => {
    const j = job((s) => { s['bogus'] = 1; s['selector'] = { names: ['a'], extra: true }; s['completionPolicy'] = { type: 'Always', after: 1 }; });
    expect(pruneUnknownFields(j, imagePullJob).unknownFields.sort()).toEqual(['spec.bogus', 'spec.completionPolicy.after', 'spec.selector.extra']);
    const c = crr((s) => { s['containers'] = [{ name: 'app', preStop: { exec: { command: ['x'], extra: 1 } }, other: 1 }]; });
    expect(pruneUnknownFields(c, containerRecreateRequest).unknownFields).toEqual(['spec.containers[0].preStop.exec.extra', 'spec.containers[0].other']);
  });

  it('have v1alpha1 NodeImages without pullSecrets[].mode', () => {
    const ni = nodeImageOf({ nginx: { pullSecrets: [{ namespace: 'kruise-daemon-config', name: 's-1a2b3c', mode: 'batch' }], tags: [] } });
    expect(pruneUnknownFields(ni, nodeImage).unknownFields).toEqual([]);
    expect(pruneUnknownFields(ni, nodeImageV1alpha1).unknownFields).toEqual(['spec.images.nginx.pullSecrets[0].mode']);
  });

  it('refuse wrong JSON types as the apiserver does', () => {
    const j = job((s) => { s['parallelism'] = true; s['pullPolicy'] = { timeoutSeconds: 'x' }; });
    expect(texts(validateSchema(j, imagePullJob))).toEqual([
      'spec.parallelism: Invalid value: true: must be an integer or a string',
      'spec.pullPolicy.timeoutSeconds: Invalid value: "x": must be an integer',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

// Objects arrive as parsed JSON/YAML; fast-check's records have a null prototype, JSON's do not.
const asJson = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const smallInt = fc.integer({ min: -5, max: 2000 });

const jobArb = fc
  .record({
    apiVersion: fc.constantFrom('apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'),
    finalizers: maybe(fc.array(fc.constantFrom('x', 'apps.kruise.io/deletion-protection'), { maxLength: 2 })),
    image: maybe(fc.constantFrom('nginx', 'nginx:1.25', 'Bad', '')),
    pullSecrets: maybe(fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 })),
    selector: maybe(fc.record({ names: maybe(fc.array(fc.constantFrom('n1', 'n2'), { maxLength: 3 })), matchLabels: maybe(fc.constant({ zone: 'a' })) })),
    parallelism: maybe(fc.oneof(smallInt, fc.constantFrom('1', '50%', 'x', '-1'))),
    pullPolicy: maybe(fc.record({ timeoutSeconds: maybe(smallInt), backoffLimit: maybe(smallInt) })),
    completionPolicy: maybe(fc.record({ type: maybe(fc.constantFrom('Always', 'Never', '', 'Odd')), activeDeadlineSeconds: maybe(smallInt), ttlSecondsAfterFinished: maybe(smallInt) })),
    imagePullPolicy: maybe(fc.constantFrom('Always', 'IfNotPresent', '')),
  })
  .map(({ apiVersion, finalizers, ...spec }) => asJson<ImagePullJob>({ apiVersion, kind: 'ImagePullJob', metadata: { name: 'j', namespace: 'ns', finalizers }, spec }));

const tagArb = fc.record({
  tag: fc.constantFrom('a', 'b', 'c', ''),
  createdAt: maybe(fc.constant(NOW)),
  version: maybe(smallInt),
  pullPolicy: maybe(fc.record({ timeoutSeconds: maybe(smallInt), ttlSecondsAfterFinished: maybe(smallInt) })),
});
const nodeImageArb = fc
  .record({
    images: maybe(fc.dictionary(fc.constantFrom('nginx', 'redis', ''), fc.record({ tags: fc.array(tagArb, { maxLength: 4 }) }), { maxKeys: 3 })),
    statuses: maybe(fc.dictionary(fc.constantFrom('nginx', 'redis'), fc.record({ tags: fc.array(fc.record({ tag: fc.constantFrom('a', 'b', 'c'), phase: fc.constant('Pulling') }), { maxLength: 3 }) }), { maxKeys: 2 })),
  })
  .map(({ images, statuses }) =>
    asJson<NodeImage>({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'n' }, spec: { images }, status: statuses ? { desired: 0, imageStatuses: statuses } : undefined }));

const crrArb = fc
  .record({
    podName: maybe(fc.constantFrom('web-0', '')),
    containers: maybe(fc.array(fc.record({ name: fc.constantFrom('app', 'sidecar', 'db') }), { maxLength: 3 })),
    strategy: maybe(fc.record({ failurePolicy: maybe(fc.constantFrom('Fail', 'Ignore', '', 'Odd')), terminationGracePeriodSeconds: maybe(smallInt), orderedRecreate: maybe(fc.boolean()) })),
    activeDeadlineSeconds: maybe(smallInt),
    labels: maybe(fc.constant({ a: 'b' })),
  })
  .map(({ labels, ...spec }) => asJson<ContainerRecreateRequest>({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest', metadata: { name: 'c', namespace: 'ns', labels }, spec }));

describe('defaulting is idempotent and leaves its input alone (property)', () => {
  it('ImagePullJob, both versions, CREATE and UPDATE', () => {
    fc.assert(
      fc.property(jobArb, fc.constantFrom<'CREATE' | 'UPDATE'>('CREATE', 'UPDATE'), (input, operation) => {
        const before = structuredClone(input);
        const once = setDefaultsImagePullJob(input, { operation });
        expect(input).toStrictEqual(before);
        expect(setDefaultsImagePullJob(once, { operation })).toStrictEqual(once);
        // Defaulting fills in the type, so only a misspelt one reaches rule 16.
        const written: string | undefined = input.spec.completionPolicy?.type;
        expect(validateImagePullJob(once).some((e) => e.field === 'spec.completionPolicy.type')).toBe(written === 'Odd');
      }),
      { numRuns: 300 },
    );
  });

  it('NodeImage, whatever time the second pass is given', () => {
    fc.assert(
      fc.property(nodeImageArb, (input) => {
        const before = structuredClone(input);
        const once = setDefaultsNodeImage(input, { now: NOW });
        expect(input).toStrictEqual(before);
        expect(setDefaultsNodeImage(once, { now: '2031-01-01T00:00:00Z' })).toStrictEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('ContainerRecreateRequest, with and without the pod injected', () => {
    fc.assert(
      fc.property(crrArb, (input) => {
        const before = structuredClone(input);
        const once = setDefaultsContainerRecreateRequest(input, { operation: 'CREATE' });
        expect(input).toStrictEqual(before);
        expect(setDefaultsContainerRecreateRequest(once, { operation: 'CREATE' })).toStrictEqual(once);
        const injected = injectPodIntoContainerRecreateRequest(once, pod(), node());
        expect(injectPodIntoContainerRecreateRequest(injected, pod(), node())).toStrictEqual(injected);
        expect(setDefaultsContainerRecreateRequest(injected, { operation: 'CREATE' })).toStrictEqual(injected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('defaulting and validation never throw on arbitrary input (property)', () => {
  const anything = fc.anything({ maxDepth: 5 });
  const objectOf = (apiVersion: string, kind: string) =>
    fc.record({ metadata: fc.oneof(anything, fc.record({ name: anything, labels: anything, annotations: anything, finalizers: anything })), spec: anything, status: anything })
      .map((parts) => ({ apiVersion, kind, ...parts }) as unknown);

  it('ImagePullJob', () => {
    fc.assert(
      fc.property(objectOf('apps.kruise.io/v1alpha1', 'ImagePullJob'), objectOf('apps.kruise.io/v1beta1', 'ImagePullJob'), (a, b) => {
        const once = setDefaultsImagePullJob(a as ImagePullJob, { operation: 'CREATE' });
        validateImagePullJob(once, { old: b as ImagePullJob });
        validateImagePullJob(b as ImagePullJob);
      }),
      { numRuns: 300 },
    );
  });

  it('NodeImage', () => {
    fc.assert(
      fc.property(objectOf('apps.kruise.io/v1beta1', 'NodeImage'), (a) => {
        validateNodeImage(setDefaultsNodeImage(a as NodeImage, { now: NOW }));
        validateNodeImage(a as NodeImage);
      }),
      { numRuns: 300 },
    );
  });

  it('ContainerRecreateRequest, with any pod and node', () => {
    fc.assert(
      fc.property(objectOf('apps.kruise.io/v1alpha1', 'ContainerRecreateRequest'), objectOf('apps.kruise.io/v1alpha1', 'ContainerRecreateRequest'), objectOf('v1', 'Pod'), fc.option(objectOf('v1', 'Node'), { nil: undefined }), (a, b, p, n) => {
        const defaulted = setDefaultsContainerRecreateRequest(a as ContainerRecreateRequest, { operation: 'CREATE' });
        validateContainerRecreateRequest(defaulted);
        validateContainerRecreateRequestAgainstPod(a as ContainerRecreateRequest, p as Pod, n as Node | undefined);
        injectPodIntoContainerRecreateRequest(defaulted, p as Pod, n as Node | undefined);
        validateContainerRecreateRequestUpdate(a as ContainerRecreateRequest, b as ContainerRecreateRequest);
      }),
      { numRuns: 300 },
    );
  });
});
