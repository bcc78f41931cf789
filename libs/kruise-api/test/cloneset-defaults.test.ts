import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { CloneSet, CloneSetV1alpha1 } from '../src/cloneset.js';
import {
  setDefaultsCloneSet,
  setDefaultsCloneSetAnyVersion,
  setDefaultsCloneSetV1alpha1,
  shouldInjectTemplateDefaults,
} from '../src/cloneset-defaults.js';
import type { PodSpec } from '../src/core.js';
import { FeatureGates } from '../src/feature-gates.js';
import { defaultImagePullPolicy, setDefaultsPersistentVolumeClaimTemplate, setDefaultsPodSpec } from '../src/pod-template-defaults.js';
import { parseManifests } from '../src/yaml.js';

function alpha(spec: Partial<CloneSetV1alpha1['spec']> = {}): CloneSetV1alpha1 {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } },
      ...spec,
    },
  };
}

function beta(spec: Partial<CloneSet['spec']> = {}): CloneSet {
  return { ...alpha(), apiVersion: 'apps.kruise.io/v1beta1', spec: { ...alpha().spec, ...spec } } as CloneSet;
}

describe('defaultImagePullPolicy', () => {
  const cases: [string | null | undefined, string][] = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['docker.io/library/nginx:latest', 'Always'],
    ['localhost:5000/nginx', 'Always'],
    ['registry.example.com:5000/team/web', 'Always'],
    ['nginx:1.25', 'IfNotPresent'],
    ['registry.example.com:5000/team/web:v1', 'IfNotPresent'],
    [`nginx@sha256:${'a'.repeat(64)}`, 'IfNotPresent'],
    [`nginx:latest@sha256:${'a'.repeat(64)}`, 'Always'],
    ['', 'IfNotPresent'],
    [undefined, 'IfNotPresent'],
    [null, 'IfNotPresent'], // how a manifest leaves it unset
    ['Nginx:latest', 'IfNotPresent'], // Kubernetes cannot parse it and ignores the error
  ];
  it.each(cases)('%j -> %s', (image, policy) => {
    expect(defaultImagePullPolicy(image)).toBe(policy);
  });
});

describe('setDefaultsPodSpec (Kubernetes pod-spec defaults)', () => {
  it('fills the standard defaults', () => {
    const spec: PodSpec = {
      containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 80 }], readinessProbe: { httpGet: { port: 80 } } }],
      initContainers: [{ name: 'init', image: 'busybox:1.36', env: [{ name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }] }],
      volumes: [{ name: 'scratch' }, { name: 'cfg', configMap: { name: 'c' } }, { name: 'host', hostPath: { path: '/x' } }],
    };
    expect(setDefaultsPodSpec(spec)).toStrictEqual({
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      securityContext: {},
      containers: [
        {
          name: 'app',
          image: 'nginx',
          imagePullPolicy: 'Always',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          ports: [{ containerPort: 80, protocol: 'TCP' }],
          readinessProbe: { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
        },
      ],
      initContainers: [
        {
          name: 'init',
          image: 'busybox:1.36',
          imagePullPolicy: 'IfNotPresent',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          env: [{ name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP', apiVersion: 'v1' } } }],
        },
      ],
      volumes: [
        { name: 'scratch', emptyDir: {} },
        { name: 'cfg', configMap: { name: 'c', defaultMode: 420 } },
        { name: 'host', hostPath: { path: '/x', type: '' } },
      ],
    });
  });

  it('keeps explicit values and does not modify its input', () => {
    const spec: PodSpec = {
      restartPolicy: 'Never',
      terminationGracePeriodSeconds: 0,
      containers: [{ name: 'app', image: 'nginx', imagePullPolicy: 'Never', terminationMessagePolicy: 'FallbackToLogsOnError' }],
    };
    const copy = structuredClone(spec);
    const out = setDefaultsPodSpec(spec);
    expect(spec).toStrictEqual(copy);
    expect(out.restartPolicy).toBe('Never');
    expect(out.terminationGracePeriodSeconds).toBe(0);
    expect(out.containers[0]!.imagePullPolicy).toBe('Never');
    expect(out.containers[0]!.terminationMessagePolicy).toBe('FallbackToLogsOnError');
  });

  it('defaults a PVC template volumeMode to Filesystem', () => {
    expect(setDefaultsPersistentVolumeClaimTemplate({ metadata: { name: 'data' }, spec: {} }).spec.volumeMode).toBe('Filesystem');
    expect(setDefaultsPersistentVolumeClaimTemplate({ metadata: { name: 'data' }, spec: { volumeMode: 'Block' } }).spec.volumeMode).toBe('Block');
  });
});

describe('setDefaultsCloneSetV1alpha1 (docs/spec/cloneset.md §1.2)', () => {
  it('fills the webhook defaults and the template defaults on create', () => {
    const out = setDefaultsCloneSetV1alpha1(alpha({ volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: {} }] }));
    expect(out.spec.replicas).toBe(1);
    expect(out.spec.revisionHistoryLimit).toBe(10);
    expect(out.spec.updateStrategy).toStrictEqual({ type: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 });
    expect(out.spec.template.spec.restartPolicy).toBe('Always');
    expect(out.spec.template.spec.containers[0]!.imagePullPolicy).toBe('IfNotPresent');
    expect(out.spec.volumeClaimTemplates![0]!.spec.volumeMode).toBe('Filesystem');
    expect(out.spec.scaleStrategy).toBeUndefined();
  });

  it.each(['InPlaceIfPossible', 'InPlaceOnly'] as const)('injects inPlaceUpdateStrategy {} for %s', (type) => {
    expect(setDefaultsCloneSetV1alpha1(alpha({ updateStrategy: { type } })).spec.updateStrategy?.inPlaceUpdateStrategy).toStrictEqual({});
    expect(
      setDefaultsCloneSetV1alpha1(alpha({ updateStrategy: { type, inPlaceUpdateStrategy: { gracePeriodSeconds: 5 } } })).spec.updateStrategy?.inPlaceUpdateStrategy,
    ).toStrictEqual({ gracePeriodSeconds: 5 });
  });

  it('keeps set values, including 0 replicas', () => {
    const out = setDefaultsCloneSetV1alpha1(alpha({ replicas: 0, revisionHistoryLimit: 0, updateStrategy: { type: 'ReCreate', partition: '50%', maxUnavailable: 0, maxSurge: '10%' } }));
    expect(out.spec.replicas).toBe(0);
    expect(out.spec.revisionHistoryLimit).toBe(0);
    expect(out.spec.updateStrategy).toStrictEqual({ type: 'ReCreate', partition: '50%', maxUnavailable: 0, maxSurge: '10%' });
  });
});

describe('setDefaultsCloneSet (v1beta1 branch)', () => {
  it('fills RollingUpdate defaults and enablePVCReuse false', () => {
    const out = setDefaultsCloneSet(beta());
    expect(out.spec.updateStrategy).toStrictEqual({
      type: 'RollingUpdate',
      rollingUpdate: { podUpdatePolicy: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 },
    });
    expect(out.spec.scaleStrategy).toStrictEqual({ enablePVCReuse: false });
    expect(out.spec.replicas).toBe(1);
    expect(out.spec.revisionHistoryLimit).toBe(10);
  });

  it('injects inPlaceUpdateStrategy {} for in-place policies', () => {
    const out = setDefaultsCloneSet(beta({ updateStrategy: { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } } }));
    expect(out.spec.updateStrategy?.rollingUpdate?.inPlaceUpdateStrategy).toStrictEqual({});
  });

  it('leaves OnDelete without rollingUpdate', () => {
    expect(setDefaultsCloneSet(beta({ updateStrategy: { type: 'OnDelete' } })).spec.updateStrategy).toStrictEqual({ type: 'OnDelete' });
  });

  it('keeps enablePVCReuse true', () => {
    expect(setDefaultsCloneSet(beta({ scaleStrategy: { enablePVCReuse: true } })).spec.scaleStrategy?.enablePVCReuse).toBe(true);
  });

  it('dispatches by apiVersion', () => {
    expect(setDefaultsCloneSetAnyVersion(beta()).spec.updateStrategy?.type).toBe('RollingUpdate');
    expect(setDefaultsCloneSetAnyVersion(alpha()).spec.updateStrategy?.type).toBe('ReCreate');
  });
});

describe('template defaults: create, update-with-change, TemplateNoDefaults', () => {
  it('on update, an unchanged template is not defaulted (so no new revision can appear)', () => {
    const old = beta(); // stored without template defaults, e.g. written with TemplateNoDefaults on
    const out = setDefaultsCloneSet(beta({ replicas: 3 }), { old });
    expect(out.spec.template).toStrictEqual(old.spec.template);
    expect(out.spec.replicas).toBe(3);
  });

  it('on update, a changed template is defaulted', () => {
    const old = setDefaultsCloneSet(beta());
    const changed = beta();
    changed.spec.template.spec.containers[0]!.image = 'nginx:1.26';
    const out = setDefaultsCloneSet(changed, { old });
    expect(out.spec.template.spec.dnsPolicy).toBe('ClusterFirst');
    expect(out.spec.template.spec.containers[0]!.image).toBe('nginx:1.26');
  });

  it('re-applying the original manifest over the stored object yields the stored template', () => {
    const stored = setDefaultsCloneSet(beta());
    expect(setDefaultsCloneSet(beta(), { old: stored }).spec.template).toStrictEqual(stored.spec.template);
  });

  it('the old object may be in the other version', () => {
    const stored = setDefaultsCloneSet(beta());
    expect(shouldInjectTemplateDefaults(stored.spec.template, { old: setDefaultsCloneSetV1alpha1(alpha()) })).toBe(false);
  });

  it('gate TemplateNoDefaults switches template defaulting off, not the spec defaults', () => {
    const gates = FeatureGates.from({ TemplateNoDefaults: true });
    const out = setDefaultsCloneSetV1alpha1(alpha({ volumeClaimTemplates: [{ metadata: { name: 'd' }, spec: {} }] }), { gates });
    expect(out.spec.template).toStrictEqual(alpha().spec.template);
    expect(out.spec.volumeClaimTemplates![0]!.spec).toStrictEqual({});
    expect(out.spec.replicas).toBe(1);
  });

  it('tolerates malformed input (validation reports it later)', () => {
    const [seed] = parseManifests(`
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: demo }
spec:
  selector: { matchLabels: { app: nginx } }
  template:
    metadata:
      labels: { app: nginx }
      containers:
        - name: main
          image: nginx:latest
`);
    const out = setDefaultsCloneSetV1alpha1(seed as CloneSetV1alpha1);
    expect(out.spec.template.spec).toBeUndefined();
    expect(out.spec.replicas).toBe(1);
    expect(() => setDefaultsCloneSet({ ...beta(), spec: undefined } as unknown as CloneSet)).not.toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
// Property: defaulting is idempotent and pure.

// Objects arrive as parsed JSON/YAML; fast-check's records have a null prototype, JSON's do not.
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const intOrString = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom('0%', '20%', '50%', '100%', '5'));
const image = fc.constantFrom('nginx', 'nginx:latest', 'nginx:1.25', 'reg.io:5000/a/b', `a@sha256:${'b'.repeat(64)}`, '');
const probe = fc.record(
  { timeoutSeconds: fc.integer({ min: 0, max: 5 }), periodSeconds: fc.integer({ min: 0, max: 5 }), httpGet: fc.record({ port: fc.constant(80), path: fc.constantFrom('', '/x') }, { requiredKeys: ['port'] }) },
  { requiredKeys: [] },
);
const container = fc.record(
  {
    name: fc.constantFrom('app', 'side'),
    image,
    imagePullPolicy: fc.constantFrom('Always', 'IfNotPresent', 'Never', ''),
    ports: fc.array(fc.record({ containerPort: fc.integer({ min: 1, max: 9000 }), protocol: fc.constantFrom('TCP', 'UDP', '') }, { requiredKeys: ['containerPort'] }), { maxLength: 2 }),
    env: fc.array(fc.record({ name: fc.constant('E'), valueFrom: fc.record({ fieldRef: fc.record({ fieldPath: fc.constant('metadata.name'), apiVersion: fc.constantFrom('v1', '') }, { requiredKeys: ['fieldPath'] }) }) }), { maxLength: 1 }),
    livenessProbe: probe,
    readinessProbe: probe,
    terminationMessagePath: fc.constantFrom('/tmp/x', ''),
  },
  { requiredKeys: ['name'] },
);
const volume = fc.oneof(
  fc.record({ name: fc.constant('v') }),
  fc.record({ name: fc.constant('s'), secret: fc.record({ secretName: fc.constant('x'), defaultMode: fc.constant(256) }, { requiredKeys: ['secretName'] }) }),
  fc.record({ name: fc.constant('h'), hostPath: fc.record({ path: fc.constant('/x'), type: fc.constantFrom('', 'Directory') }, { requiredKeys: ['path'] }) }),
  fc.record({ name: fc.constant('e'), emptyDir: fc.constant({}) }),
);
const podSpec = fc.record(
  {
    containers: fc.array(container, { maxLength: 2 }),
    initContainers: fc.array(container, { maxLength: 1 }),
    volumes: fc.array(volume, { maxLength: 3 }),
    restartPolicy: fc.constantFrom('Always', 'Never', ''),
    dnsPolicy: fc.constantFrom('ClusterFirst', 'Default', ''),
    terminationGracePeriodSeconds: fc.integer({ min: 0, max: 60 }),
    schedulerName: fc.constantFrom('default-scheduler', 'custom', ''),
    securityContext: fc.constant({ runAsNonRoot: true }),
  },
  { requiredKeys: ['containers'] },
);
const rollingFields = {
  partition: intOrString,
  maxUnavailable: intOrString,
  maxSurge: intOrString,
  paused: fc.boolean(),
};
const commonSpec = {
  replicas: fc.integer({ min: 0, max: 10 }),
  revisionHistoryLimit: fc.integer({ min: 0, max: 10 }),
  template: fc.record({ metadata: fc.constant({ labels: { app: 'web' } }), spec: podSpec }),
  volumeClaimTemplates: fc.array(fc.record({ metadata: fc.constant({ name: 'data' }), spec: fc.record({ volumeMode: fc.constantFrom('Block', 'Filesystem') }, { requiredKeys: [] }) }), { maxLength: 2 }),
};
const alphaArb = fc
  .record(
    {
      ...commonSpec,
      updateStrategy: fc.record(
        { type: fc.constantFrom('ReCreate', 'InPlaceIfPossible', 'InPlaceOnly', '', 'OnDelete'), ...rollingFields, inPlaceUpdateStrategy: fc.record({ gracePeriodSeconds: fc.nat(5) }, { requiredKeys: [] }) },
        { requiredKeys: [] },
      ),
      scaleStrategy: fc.record({ disablePVCReuse: fc.boolean(), maxUnavailable: intOrString }, { requiredKeys: [] }),
    },
    { requiredKeys: ['template'] },
  )
  .map((spec) => asJson({ ...alpha(), spec: { selector: { matchLabels: { app: 'web' } }, ...spec } }) as CloneSetV1alpha1);
const betaArb = fc
  .record(
    {
      ...commonSpec,
      updateStrategy: fc.record(
        {
          type: fc.constantFrom('RollingUpdate', 'OnDelete', ''),
          rollingUpdate: fc.record(
            { podUpdatePolicy: fc.constantFrom('ReCreate', 'InPlaceIfPossible', 'InPlaceOnly', ''), ...rollingFields, inPlaceUpdateStrategy: fc.record({ gracePeriodSeconds: fc.nat(5) }, { requiredKeys: [] }) },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      scaleStrategy: fc.record({ enablePVCReuse: fc.boolean(), excludePreparingDelete: fc.boolean() }, { requiredKeys: [] }),
    },
    { requiredKeys: ['template'] },
  )
  .map((spec) => asJson({ ...beta(), spec: { selector: { matchLabels: { app: 'web' } }, ...spec } }) as CloneSet);

describe('defaulting is idempotent (property)', () => {
  function idempotent<T>(arb: fc.Arbitrary<T>, setDefaults: (x: T) => T): void {
    fc.assert(
      fc.property(arb, (x) => {
        const before = structuredClone(x);
        const once = setDefaults(x);
        expect(x).toStrictEqual(before);
        expect(setDefaults(once)).toStrictEqual(once);
      }),
      { numRuns: 300 },
    );
  }

  it('v1alpha1: default(default(x)) deep-equals default(x), and x is untouched', () => idempotent(alphaArb, setDefaultsCloneSetV1alpha1));

  it('v1beta1: default(default(x)) deep-equals default(x), and x is untouched', () => idempotent(betaArb, setDefaultsCloneSet));

  it('on update too: defaulting against the stored object is idempotent', () => {
    fc.assert(
      fc.property(betaArb, betaArb, (stored, incoming) => {
        const old = setDefaultsCloneSet(stored);
        const once = setDefaultsCloneSet(incoming, { old });
        expect(setDefaultsCloneSet(once, { old })).toStrictEqual(once);
      }),
      { numRuns: 200 },
    );
  });
});
