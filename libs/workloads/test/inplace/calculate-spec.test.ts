// The in-place decision (docs/spec/inplace-and-lifecycle.md §1.1–§1.6): every row of the docs/spec/inplace-and-lifecycle.md §1.2 table.
import { describe, expect, it } from '@jest/globals';
import type { Container, InPlaceUpdateSpec, PodTemplateSpec } from '@coxswain/kruise-api';
import { FeatureGates } from '@coxswain/kruise-api';
import { calculateInPlaceUpdateSpec, inPlaceGates, type InPlaceGates } from '../../src/inplace/calculate-spec.js';
import { chooseUpdateMethod, inPlaceOnlyTemplateViolations } from '../../src/inplace/update-policy.js';
import { revision, template } from './fixtures.js';

const main: Container = { name: 'main', image: 'app:v1', env: [{ name: 'MODE', value: 'prod' }], ports: [{ containerPort: 8080 }] };
const sidecar: Container = { name: 'sidecar', image: 'proxy:s1' };
const base = template([main, sidecar], { app: 'web', tier: 'front' }, { note: 'a' });

function vary(edit: (t: PodTemplateSpec) => void): PodTemplateSpec {
  const t = structuredClone(base);
  edit(t);
  return t;
}

function spec(from: PodTemplateSpec, to: PodTemplateSpec, gates?: InPlaceGates): InPlaceUpdateSpec | undefined {
  return calculateInPlaceUpdateSpec(revision('web-old1', from), revision('web-new2', to), { gates });
}

function metadataPatch(s: InPlaceUpdateSpec | undefined): unknown {
  return JSON.parse(Buffer.from(s!.metaDataPatch!, 'base64').toString('utf8'));
}

describe('docs/spec/inplace-and-lifecycle.md §1.2 in-place-able changes', () => {
  it('image replaced → in place, keyed by container name', () => {
    expect(spec(base, vary((t) => (t.spec.containers[1]!.image = 'proxy:s2')))).toEqual({ revision: 'web-new2', containerImages: { sidecar: 'proxy:s2' } });
  });

  it('two images replaced → both listed', () => {
    const to = vary((t) => {
      t.spec.containers[0]!.image = 'app:v2';
      t.spec.containers[1]!.image = 'proxy:s2';
    });
    expect(spec(base, to)).toEqual({ revision: 'web-new2', containerImages: { main: 'app:v2', sidecar: 'proxy:s2' } });
  });

  it.each([
    ['label added', (t: PodTemplateSpec) => { t.metadata!.labels!['canary'] = 'yes'; }, { metadata: { labels: { canary: 'yes' } } }],
    ['label replaced', (t: PodTemplateSpec) => { t.metadata!.labels!['tier'] = 'back'; }, { metadata: { labels: { tier: 'back' } } }],
    ['label removed', (t: PodTemplateSpec) => { delete t.metadata!.labels!['tier']; }, { metadata: { labels: { tier: null } } }],
    ['annotation added', (t: PodTemplateSpec) => { t.metadata!.annotations!['x/y'] = '1'; }, { metadata: { annotations: { 'x/y': '1' } } }],
    ['annotation replaced', (t: PodTemplateSpec) => { t.metadata!.annotations!['note'] = 'b'; }, { metadata: { annotations: { note: 'b' } } }],
    ['annotation removed', (t: PodTemplateSpec) => { delete t.metadata!.annotations!['note']; }, { metadata: { annotations: { note: null } } }],
  ] as const)('%s → in place with a metadata patch', (_name, edit, patch) => {
    const s = spec(base, vary(edit));
    expect(Object.keys(s!).sort()).toEqual(['metaDataPatch', 'revision']);
    expect(metadataPatch(s)).toEqual(patch);
  });

  it('a whole annotations map added → in place', () => {
    const from = template([main], { app: 'web' });
    const to = template([main], { app: 'web' }, { a: '1', b: '2' });
    expect(metadataPatch(spec(from, to))).toEqual({ metadata: { annotations: { a: '1', b: '2' } } });
  });

  it('template metadata added where there was none → recreate ("/metadata" itself)', () => {
    const from: PodTemplateSpec = { spec: { containers: [main] } };
    expect(spec(from, template([main]))).toBeUndefined();
  });

  it('image and label together → one spec with both', () => {
    const to = vary((t) => {
      t.spec.containers[0]!.image = 'app:v2';
      t.metadata!.labels!['tier'] = 'back';
    });
    const s = spec(base, to);
    expect(s?.containerImages).toEqual({ main: 'app:v2' });
    expect(metadataPatch(s)).toEqual({ metadata: { labels: { tier: 'back' } } });
  });

  it('gracePeriodSeconds is carried as graceSeconds', () => {
    const s = calculateInPlaceUpdateSpec(revision('a-1', base), revision('a-2', vary((t) => (t.spec.containers[0]!.image = 'app:v2'))), { gracePeriodSeconds: 10 });
    expect(s).toEqual({ revision: 'a-2', containerImages: { main: 'app:v2' }, graceSeconds: 10 });
  });

  it('identical revisions → an empty in-place spec (nothing to change)', () => {
    expect(spec(base, structuredClone(base))).toEqual({ revision: 'web-new2' });
  });
});

describe('docs/spec/inplace-and-lifecycle.md §1.3 env from metadata', () => {
  const reader: Container = {
    name: 'reader',
    image: 'r:1',
    env: [
      { name: 'TIER', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tier']" } } },
      { name: 'NOTE', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['note']" } } },
    ],
  };
  const t = template([main, reader], { app: 'web', tier: 'front' }, { note: 'a' });
  const withEdit = (edit: (x: PodTemplateSpec) => void) => {
    const x = structuredClone(t);
    edit(x);
    return x;
  };

  it('a referenced label change goes to containerRefMetadata and out of the metadata patch', () => {
    const s = spec(t, withEdit((x) => {
      x.metadata!.labels!['tier'] = 'back';
      x.metadata!.labels!['other'] = 'o';
    }));
    expect(s?.containerRefMetadata).toEqual({ reader: { labels: { tier: 'back' } } });
    expect(s?.updateEnvFromMetadata).toBe(true);
    expect(metadataPatch(s)).toEqual({ metadata: { labels: { other: 'o' } } });
  });

  it('a referenced annotation change goes to containerRefMetadata annotations; the patch is "{}"', () => {
    const s = spec(t, withEdit((x) => (x.metadata!.annotations!['note'] = 'b')));
    expect(s).toEqual({ revision: 'web-new2', containerRefMetadata: { reader: { annotations: { note: 'b' } } }, metaDataPatch: Buffer.from('{}').toString('base64'), updateEnvFromMetadata: true });
  });

  it('removing a referenced label is a plain metadata change', () => {
    const s = spec(t, withEdit((x) => delete x.metadata!.labels!['tier']));
    expect(s?.containerRefMetadata).toBeUndefined();
    expect(s?.updateEnvFromMetadata).toBeUndefined();
    expect(metadataPatch(s)).toEqual({ metadata: { labels: { tier: null } } });
  });

  it('with gate InPlaceUpdateEnvFromMetadata off the change stays in the metadata patch', () => {
    const s = spec(t, withEdit((x) => (x.metadata!.labels!['tier'] = 'back')), { InPlaceUpdateEnvFromMetadata: false });
    expect(s?.containerRefMetadata).toBeUndefined();
    expect(metadataPatch(s)).toEqual({ metadata: { labels: { tier: 'back' } } });
  });

  it.each([
    ['an env with a literal value', { name: 'TIER', value: 'x', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tier']" } } }],
    ['SIDECARSET_VERSION', { name: 'SIDECARSET_VERSION', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tier']" } } }],
    ['SIDECARSET_VERSION_ALT', { name: 'SIDECARSET_VERSION_ALT', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tier']" } } }],
    ['a different key', { name: 'TIER', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tiers']" } } }],
    ['labels path for an annotation-style ref', { name: 'TIER', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['tier']" } } }],
  ] as const)('not a reference: %s', (_name, env) => {
    const x = template([main, { name: 'reader', image: 'r:1', env: [env] }], { app: 'web', tier: 'front' });
    const y = structuredClone(x);
    y.metadata!.labels!['tier'] = 'back';
    expect(spec(x, y)?.containerRefMetadata).toBeUndefined();
  });

  it('a key with "/" is matched RFC 6901-decoded', () => {
    const x = template([{ name: 'reader', image: 'r:1', env: [{ name: 'V', valueFrom: { fieldRef: { fieldPath: "metadata.labels['example.io/v']" } } }] }], { app: 'web', 'example.io/v': '1' });
    const y = structuredClone(x);
    y.metadata!.labels!['example.io/v'] = '2';
    expect(spec(x, y)?.containerRefMetadata).toEqual({ reader: { labels: { 'example.io/v': '2' } } });
  });
});

describe('docs/spec/inplace-and-lifecycle.md §1.2 recreate-forcing changes', () => {
  it.each([
    ['env value', (t: PodTemplateSpec) => { t.spec.containers[0]!.env![0]!.value = 'dev'; }],
    ['env added', (t: PodTemplateSpec) => { t.spec.containers[0]!.env!.push({ name: 'X', value: '1' }); }],
    ['command', (t: PodTemplateSpec) => { t.spec.containers[0]!.command = ['run']; }],
    ['port', (t: PodTemplateSpec) => { t.spec.containers[0]!.ports![0]!.containerPort = 9090; }],
    ['probe', (t: PodTemplateSpec) => { t.spec.containers[0]!.readinessProbe = { tcpSocket: { port: 8080 } }; }],
    ['volume', (t: PodTemplateSpec) => { t.spec.volumes = [{ name: 'v', emptyDir: {} }]; }],
    ['initContainer image', (t: PodTemplateSpec) => { t.spec.initContainers = [{ name: 'init', image: 'i:1' }]; }],
    ['container added', (t: PodTemplateSpec) => { t.spec.containers.push({ name: 'extra', image: 'e:1' }); }],
    ['container removed', (t: PodTemplateSpec) => { t.spec.containers.pop(); }],
    ['containers reordered', (t: PodTemplateSpec) => { t.spec.containers.reverse(); }],
    ['image removed', (t: PodTemplateSpec) => { delete t.spec.containers[0]!.image; }],
    ['imagePullPolicy', (t: PodTemplateSpec) => { t.spec.containers[0]!.imagePullPolicy = 'Always'; }],
    ['nodeSelector', (t: PodTemplateSpec) => { t.spec.nodeSelector = { zone: 'a' }; }],
    ['KRUISE_CONTAINER_PRIORITY', (t: PodTemplateSpec) => { t.spec.containers[1]!.env = [{ name: 'KRUISE_CONTAINER_PRIORITY', value: '5' }]; }],
  ] as const)('%s → recreate', (_name, edit) => {
    expect(spec(base, vary(edit))).toBeUndefined();
  });

  it('a missing revision → recreate', () => {
    expect(calculateInPlaceUpdateSpec(undefined, revision('a-2', base))).toBeUndefined();
    expect(calculateInPlaceUpdateSpec(revision('a-1', base), undefined)).toBeUndefined();
  });

  it('a revision without a template → recreate', () => {
    const broken = { ...revision('a-2', base), data: { spec: {} } };
    expect(calculateInPlaceUpdateSpec(revision('a-1', base), broken)).toBeUndefined();
  });
});

describe('docs/spec/inplace-and-lifecycle.md §1.2 volumeClaimTemplates hash (gate RecreatePodWhenChangeVCTInCloneSetGate)', () => {
  const key = 'kruise.io/cloneset-volumeclaimtemplate-hash';
  const to = vary((t) => (t.spec.containers[0]!.image = 'app:v2'));
  const run = (a: string | undefined, b: string | undefined, gate: boolean, ignore = false) =>
    calculateInPlaceUpdateSpec(revision('a-1', base, a === undefined ? undefined : { [key]: a }), revision('a-2', to, b === undefined ? undefined : { [key]: b }), {
      gates: { RecreatePodWhenChangeVCTInCloneSetGate: gate },
      ignoreVolumeClaimTemplatesHashDiff: ignore,
    });

  it.each([
    ['gate off, hashes differ', 'h1', 'h2', false, false, true],
    ['gate on, hashes differ', 'h1', 'h2', true, false, false],
    ['gate on, hashes differ, ignored (InPlaceOnly)', 'h1', 'h2', true, true, true],
    ['gate on, same hash', 'h1', 'h1', true, false, true],
    ['gate on, one hash missing', 'h1', undefined, true, false, true],
    ['gate on, empty value counts as present', '', 'h2', true, false, false],
  ] as const)('%s', (_name, a, b, gate, ignore, inPlace) => {
    expect(run(a, b, gate, ignore) !== undefined).toBe(inPlace);
  });
});

describe('docs/spec/inplace-and-lifecycle.md §1.5 vertical scaling (gate InPlaceWorkloadVerticalScaling)', () => {
  const sized = template([{ name: 'main', image: 'app:v1', resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '200m', memory: '256Mi' } } }]);
  const edit = (f: (t: PodTemplateSpec) => void) => {
    const t = structuredClone(sized);
    f(t);
    return t;
  };
  const on = { InPlaceWorkloadVerticalScaling: true };

  it('cpu limit replaced, gate off → recreate', () => {
    expect(spec(sized, edit((t) => (t.spec.containers[0]!.resources!.limits!['cpu'] = '300m')))).toBeUndefined();
  });

  it('cpu limit replaced, gate on, QoS unchanged → in place with containerResources', () => {
    expect(spec(sized, edit((t) => (t.spec.containers[0]!.resources!.limits!['cpu'] = '300m')), on)).toEqual({
      revision: 'web-new2',
      containerResources: { main: { limits: { cpu: '300m' } } },
    });
  });

  it('QoS would change (Burstable → Guaranteed) → recreate', () => {
    const to = edit((t) => {
      t.spec.containers[0]!.resources!.requests = { cpu: '200m', memory: '256Mi' };
    });
    expect(spec(sized, to, on)).toBeUndefined();
  });

  it('a resource added → recreate', () => {
    expect(spec(sized, edit((t) => (t.spec.containers[0]!.resources!.limits!['ephemeral-storage'] = '1Gi')), on)).toBeUndefined();
  });

  it('an unparseable quantity → recreate', () => {
    expect(spec(sized, edit((t) => (t.spec.containers[0]!.resources!.limits!['cpu'] = 'lots')), on)).toBeUndefined();
  });
});

describe('inPlaceGates', () => {
  it('reads Kruise defaults, and KruiseDaemon off switches env-from-metadata off', () => {
    expect(inPlaceGates(FeatureGates.defaults())).toEqual({ InPlaceUpdateEnvFromMetadata: true, InPlaceWorkloadVerticalScaling: false, RecreatePodWhenChangeVCTInCloneSetGate: false });
    expect(inPlaceGates(FeatureGates.from({ KruiseDaemon: false })).InPlaceUpdateEnvFromMetadata).toBe(false);
  });
});

describe('docs/spec/inplace-and-lifecycle.md §1.6 who may choose in-place', () => {
  const image = vary((t) => (t.spec.containers[0]!.image = 'app:v2'));
  const env = vary((t) => (t.spec.containers[0]!.env![0]!.value = 'dev'));
  const old = revision('web-1', base);
  const vctKey = 'kruise.io/cloneset-volumeclaimtemplate-hash';
  const gates = { RecreatePodWhenChangeVCTInCloneSetGate: true };

  it.each([
    ['no policy → recreate', undefined, image, 'recreate'],
    ['ReCreate → recreate', 'ReCreate', image, 'recreate'],
    ['InPlaceIfPossible, in-place-able → inPlace', 'InPlaceIfPossible', image, 'inPlace'],
    ['InPlaceIfPossible, not in-place-able → recreate', 'InPlaceIfPossible', env, 'recreate'],
    ['InPlaceOnly, in-place-able → inPlace', 'InPlaceOnly', image, 'inPlace'],
    ['InPlaceOnly, not in-place-able → error', 'InPlaceOnly', env, 'error'],
  ] as const)('%s', (_name, policy, to, method) => {
    expect(chooseUpdateMethod({ policy, podName: 'web-x', oldRevision: old, newRevision: revision('web-2', to) }).method).toBe(method);
  });

  it('the InPlaceOnly error names the pod', () => {
    expect(chooseUpdateMethod({ policy: 'InPlaceOnly', podName: 'web-x', oldRevision: old, newRevision: revision('web-2', env) })).toEqual({
      method: 'error',
      message: 'find Pod web-x update strategy is InPlaceOnly but can not update in-place',
    });
  });

  it('InPlaceOnly skips the VCT-hash check; InPlaceIfPossible recreates on it', () => {
    const a = revision('web-1', base, { [vctKey]: 'h1' });
    const b = revision('web-2', image, { [vctKey]: 'h2' });
    expect(chooseUpdateMethod({ policy: 'InPlaceOnly', podName: 'p', oldRevision: a, newRevision: b, options: { gates } }).method).toBe('inPlace');
    expect(chooseUpdateMethod({ policy: 'InPlaceIfPossible', podName: 'p', oldRevision: a, newRevision: b, options: { gates } }).method).toBe('recreate');
  });

  it('webhook rule: only image replaces pass; ASTS\' unanchored pattern also lets imagePullPolicy through', () => {
    const from = structuredClone(base.spec);
    from.containers[1]!.imagePullPolicy = 'IfNotPresent';
    const to = structuredClone(from);
    to.containers[0]!.image = 'app:v2';
    to.containers[1]!.imagePullPolicy = 'Always';
    to.containers[0]!.env![0]!.value = 'dev';
    expect(inPlaceOnlyTemplateViolations(from, to, 'anchored').sort()).toEqual(['/containers/0/env/0/value', '/containers/1/imagePullPolicy']);
    expect(inPlaceOnlyTemplateViolations(from, to, 'unanchored')).toEqual(['/containers/0/env/0/value']);
  });
});
