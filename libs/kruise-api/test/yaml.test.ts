import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { CloneSet, CloneSetV1alpha1 } from '../src/cloneset.js';
import type { KubeObject } from '../src/meta.js';
import type { StatefulSet } from '../src/statefulset.js';
import type { UnitedDeploymentV1alpha1 } from '../src/uniteddeployment.js';
import { ManifestError, parseManifests, printYaml } from '../src/yaml.js';

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function only<T extends KubeObject>(text: string): T {
  const objects = parseManifests(text);
  expect(objects).toHaveLength(1);
  return objects[0] as T;
}

function manifestError(text: string): ManifestError {
  try {
    parseManifests(text);
  } catch (error) {
    if (error instanceof ManifestError) return error;
    throw error;
  }
  throw new Error('expected parseManifests to throw a ManifestError');
}

describe('parseManifests: the documentation examples', () => {
  it('parses the CloneSet v1alpha1 sample from the Kruise docs', () => {
    const cs = only<CloneSetV1alpha1>(fixture('cloneset-v1alpha1-sample.yaml'));
    expect(cs.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(cs.metadata.name).toBe('sample');
    expect(cs.spec.replicas).toBe(5);
    expect(cs.spec.template.spec.containers).toEqual([{ name: 'nginx', image: 'nginx:alpine' }]);
  });

  it('parses the CloneSet v1alpha1 example with volumeClaimTemplates and a leading comment', () => {
    const cs = only<CloneSetV1alpha1>(fixture('cloneset-v1alpha1-pvc.yaml'));
    expect(cs.metadata.name).toBe('sample-data');
    expect(cs.spec.volumeClaimTemplates?.[0]?.spec.accessModes).toEqual(['ReadWriteOnce']);
    expect(cs.spec.volumeClaimTemplates?.[0]?.spec.resources?.requests).toEqual({ storage: '20Gi' });
  });

  it('parses a v1beta1 CloneSet keeping ints as numbers and percentages, "1.0" and "yes" as strings', () => {
    const cs = only<CloneSet>(fixture('cloneset-v1beta1.yaml'));
    const rolling = cs.spec.updateStrategy?.rollingUpdate;
    expect(rolling?.partition).toBe(3);
    expect(rolling?.maxUnavailable).toBe('20%');
    expect(rolling?.maxSurge).toBe(0);
    expect(rolling?.paused).toBe(false);
    expect(rolling?.podUpdatePolicy).toBe('InPlaceIfPossible');
    expect(rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds).toBe(10);
    expect(cs.spec.scaleStrategy?.enablePVCReuse).toBe(true);
    expect(cs.metadata.labels?.['version']).toBe('1.0');
    expect(cs.spec.template.spec.containers[0]?.env?.[0]).toEqual({ name: 'ENABLED', value: 'yes' });
    expect(cs.spec.template.spec.containers[0]?.resources?.requests).toEqual({ cpu: 1, memory: '128Mi' });
    expect(cs.spec.lifecycle?.preNormal?.labelsHandler).toEqual({ 'traffic-online': 'true' });
    const term = cs.spec.template.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0];
    expect(term?.matchExpressions?.[1]).toEqual({ key: 'cpu-generation', operator: 'Gt', values: ['3'] });
  });

  it('parses the Advanced StatefulSet in-place update example', () => {
    const sts = only<StatefulSet>(fixture('advanced-statefulset.yaml'));
    expect(sts.kind).toBe('StatefulSet');
    expect(sts.spec.podManagementPolicy).toBe('Parallel');
    expect(sts.spec.template.spec.readinessGates).toEqual([{ conditionType: 'InPlaceUpdateReady' }]);
    expect(sts.spec.updateStrategy?.rollingUpdate).toEqual({ podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 2 });
  });

  it('parses the UnitedDeployment example, including its trailing "..." document end marker', () => {
    const text = fixture('uniteddeployment.yaml');
    expect(text.trimEnd().endsWith('...')).toBe(true);
    const ud = only<UnitedDeploymentV1alpha1>(text);
    expect(ud.spec.topology?.subsets?.map((s) => s.replicas)).toEqual([1, '50%', undefined]);
    expect(ud.spec.updateStrategy?.manualUpdate?.partitions).toEqual({ 'subset-a': 0, 'subset-b': 0, 'subset-c': 0 });
    expect(ud.spec.template.statefulSetTemplate?.spec.template.spec.containers[0]?.image).toBe('nginx:alpine');
  });

  it('parses all examples as one multi-document stream, skipping empty and comment-only documents', () => {
    const names = ['cloneset-v1alpha1-sample.yaml', 'cloneset-v1alpha1-pvc.yaml', 'cloneset-v1beta1.yaml', 'advanced-statefulset.yaml'];
    const text = ['---', ...names.map(fixture), '# nothing here\n', '', fixture('uniteddeployment.yaml')].join('\n---\n');
    const objects = parseManifests(text);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'CloneSet/sample',
      'CloneSet/sample-data',
      'CloneSet/web',
      'StatefulSet/sample',
      'UnitedDeployment/sample-ud',
    ]);
  });

  it('returns no objects for empty or comment-only text', () => {
    expect(parseManifests('')).toEqual([]);
    expect(parseManifests('# just a comment\n---\n---\n')).toEqual([]);
  });
});

describe('parseManifests: YAML 1.2 core schema', () => {
  const wrap = (body: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ns\nspec:\n${body}`;

  it('keeps YAML 1.1 booleans, timestamps and octal-looking values as strings', () => {
    const ns = only(wrap('  a: yes\n  b: no\n  c: on\n  d: off\n  e: 2024-01-01T00:00:00Z\n  f: 0o10\n  g: true\n'));
    expect(ns.spec).toEqual({ a: 'yes', b: 'no', c: 'on', d: 'off', e: '2024-01-01T00:00:00Z', f: 8, g: true });
  });

  it('ignores a %YAML 1.1 directive', () => {
    const ns = only(`%YAML 1.1\n---\n${wrap('  a: yes\n')}`);
    expect(ns.spec).toEqual({ a: 'yes' });
  });

  it('keeps quoted numbers as strings and unquoted ones as numbers', () => {
    const ns = only(wrap('  quoted: "1.0"\n  plain: 1.0\n  percent: 20%\n  int: 3\n'));
    expect(ns.spec).toEqual({ quoted: '1.0', plain: 1, percent: '20%', int: 3 });
  });

  it('resolves anchors and merge keys like kubectl does', () => {
    const ns = only(wrap('  base: &base {a: 1, b: 2}\n  derived:\n    <<: *base\n    b: 3\n'));
    expect(ns.spec).toEqual({ base: { a: 1, b: 2 }, derived: { a: 1, b: 3 } });
  });
});

describe('parseManifests: errors name the document, line and field', () => {
  const namespace = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n`;

  it('reports a syntax error with the 1-based document number among non-empty documents and the line', () => {
    const text = [
      namespace('one').trimEnd(), // lines 1-4
      '---', //                     line 5
      '# comment only', //          line 6, an empty document that is not counted
      '---', //                     line 7
      'apiVersion: v1', //          line 8
      'kind: Namespace', //         line 9
      'metadata:', //               line 10
      '  name: two', //             line 11
      ' labels: {}', //             line 12, bad indentation
    ].join('\n');
    const error = manifestError(text);
    expect(error.documentIndex).toBe(1);
    expect(error.line).toBe(12);
    expect(error.message).toMatch(/^document 2 \(line 12\): /);
    expect(error.reason.length).toBeGreaterThan(0);
    expect(error.field).toBeUndefined();
  });

  it('reports a duplicate key by its field path, as the apiserver names one', () => {
    const error = manifestError(`${namespace('a')}metadata:\n  name: b\n`);
    expect(error.documentIndex).toBe(0);
    expect(error.line).toBe(5);
    expect(error.reason).toBe('duplicate field "metadata"');
    expect(error.field).toBe('metadata');
  });

  it('refuses an unknown kind by name and lists what is served', () => {
    const text = `${namespace('ok')}---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: web\n`;
    const error = manifestError(text);
    expect(error.documentIndex).toBe(1);
    expect(error.field).toBe('kind');
    expect(error.line).toBe(7);
    expect(error.message).toContain('document 2 (line 7): unknown kind "DaemonSet" in apiVersion "apps/v1"');
    expect(error.message).toContain('Deployment apps/v1');
    expect(error.message).toContain('Coxswain serves: ');
    expect(error.message).toContain('CloneSet apps.kruise.io/v1beta1');
    expect(error.message).toContain('UnitedDeployment apps.kruise.io/v1alpha1');
  });

  it('points a Kruise kind written in another group at its apiVersion', () => {
    const error = manifestError('apiVersion: apps/v1\nkind: CloneSet\nmetadata:\n  name: web\n');
    expect(error.field).toBe('apiVersion');
    expect(error.line).toBe(1);
    expect(error.reason).toContain('kind "CloneSet" is not served in apiVersion "apps/v1"');
    expect(error.reason).toContain('apps.kruise.io/v1beta1');
  });

  it('names an unserved version of a served kind', () => {
    const error = manifestError('apiVersion: apps.kruise.io/v1alpha9\nkind: StatefulSet\nmetadata:\n  name: web\n');
    expect(error.field).toBe('apiVersion');
    expect(error.reason).toBe('version "apps.kruise.io/v1alpha9" of StatefulSet is not served; use apps.kruise.io/v1beta1 or apps.kruise.io/v1alpha1');
  });

  it('suggests the right spelling of a kind', () => {
    const error = manifestError('apiVersion: apps.kruise.io/v1beta1\nkind: cloneset\nmetadata:\n  name: web\n');
    expect(error.field).toBe('kind');
    expect(error.reason).toContain('did you mean "CloneSet"?');
  });

  it('names metadata.name when it is missing, at the metadata line', () => {
    const error = manifestError('apiVersion: v1\nkind: Namespace\nmetadata:\n  labels:\n    a: b\n');
    expect(error.field).toBe('metadata.name');
    expect(error.line).toBe(3);
    expect(error.message).toBe('document 1 (line 3): missing metadata.name (or metadata.generateName)');
  });

  it('accepts metadata.generateName instead of a name', () => {
    const pod = only('apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: web-\nspec:\n  containers: []\n');
    expect(pod.metadata.generateName).toBe('web-');
  });

  it.each([
    ['kind: Namespace\nmetadata:\n  name: a\n', 'apiVersion', 'missing apiVersion'],
    ['apiVersion: 1\nkind: Namespace\nmetadata:\n  name: a\n', 'apiVersion', 'apiVersion must be a string, got number 1'],
    ['apiVersion: v1\nmetadata:\n  name: a\n', 'kind', 'missing kind'],
    ['apiVersion: v1\nkind: Namespace\n', 'metadata', 'missing metadata (metadata.name is required)'],
    ['apiVersion: v1\nkind: Namespace\nmetadata: [a]\n', 'metadata', 'metadata must be a mapping, got a sequence'],
    ['apiVersion: v1\nkind: Namespace\nmetadata:\n  name: 12\n', 'metadata.name', 'metadata.name must be a string, got number 12'],
    ['apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels:\n    version: 1.0\n', 'metadata.labels.version', 'label "version" must be a string, got number 1; quote it: "1.0"'],
    ['apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  annotations:\n    enabled: true\n', 'metadata.annotations.enabled', 'annotation "enabled" must be a string, got boolean true; quote it: "true"'],
  ])('%j -> field %s', (text, field, reason) => {
    const error = manifestError(text);
    expect(error.field).toBe(field);
    expect(error.reason).toBe(reason);
  });

  it('refuses alias bombs instead of expanding them', () => {
    const levels = ['l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) levels.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]`);
    const error = manifestError(`apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\nspec:\n  ${levels.join('\n  ')}\n`);
    expect(error.documentIndex).toBe(0);
    expect(error.reason).toMatch(/alias/i);
  });

  it.each([
    ['flow collections', (n: number) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\nspec: ${'['.repeat(n)}${']'.repeat(n)}\n`],
    ['block mappings', (n: number) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\nspec:\n${Array.from({ length: n }, (_, i) => `${' '.repeat(i + 1)}k:`).join('\n')} 1\n`],
  ])('refuses nesting deeper than 100 levels in %s, without leaking the parser\'s stack overflow', (_shape, manifest) => {
    for (const depth of [150, 1000, 20000]) {
      const error = manifestError(manifest(depth));
      expect(error.reason).toBe('the document nests deeper than 100 levels');
      expect(error.message).not.toMatch(/call stack/i);
    }
    expect(parseManifests(manifest(40))).toHaveLength(1);
  });

  it('refuses an alias inside the node it refers to (a cycle)', () => {
    const error = manifestError('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\nspec: &loop\n  again: *loop\n');
    expect(error.reason).toBe('the alias *loop refers to a node that contains it (a cycle), which a manifest cannot hold');
    expect(error.line).toBe(6);
    // A plain reuse is fine.
    const [ns] = parseManifests('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels: &l { app: x }\n  annotations: *l\n');
    expect(ns!.metadata.annotations).toEqual({ app: 'x' });
  });

  it.each(['!!python/object:os.system', '!custom', '!!binary', '!!set'])('refuses the unknown tag %s', (tag) => {
    const error = manifestError(`apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\nspec:\n  x: ${tag} value\n`);
    expect(error.reason).toMatch(/^unknown YAML tag \S+: a manifest may use only the YAML 1\.2 core schema's tags$/);
    expect(error.line).toBe(6);
    expect(parseManifests('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: !!str a\n')[0]!.metadata.name).toBe('a');
  });

  it('refuses a document that is not a mapping', () => {
    const error = manifestError('- a\n- b\n');
    expect(error.reason).toBe('expected a mapping with apiVersion, kind and metadata, got a sequence');
    expect(error.line).toBe(1);
  });
});

describe('printYaml', () => {
  const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { on: 'yes', version: '1.0' } } };

  it('prints one object as one document, quoting what YAML 1.1 readers would misread', () => {
    expect(printYaml(namespace)).toBe('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    "on": "yes"\n    version: "1.0"\n');
  });

  it('joins several objects with ---, keys in the objects own order', () => {
    const pod: KubeObject = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p' } };
    expect(printYaml([namespace, pod]).split('\n---\n')).toHaveLength(2);
    expect(printYaml([pod])).toBe('kind: Pod\napiVersion: v1\nmetadata:\n  name: p\n');
    expect(printYaml([])).toBe('');
  });

  it('quotes a "<<" field, which would otherwise read back as a merge key', () => {
    const objects: KubeObject[] = [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: [{ '<<': 0 }] }];
    expect(printYaml(objects)).toContain('"<<": 0');
    expect(parseManifests(printYaml(objects))).toEqual(objects);
  });

  it('never folds long strings', () => {
    const message = 'x '.repeat(200).trim();
    const printed = printYaml({ ...namespace, metadata: { name: 'a', annotations: { message } } });
    expect(printed.split('\n').some((line) => line.includes(message))).toBe(true);
  });

  it('round-trips every example', () => {
    const names = ['cloneset-v1alpha1-sample.yaml', 'cloneset-v1alpha1-pvc.yaml', 'cloneset-v1beta1.yaml', 'advanced-statefulset.yaml', 'uniteddeployment.yaml'];
    const objects = names.flatMap((name) => parseManifests(fixture(name)));
    expect(parseManifests(printYaml(objects))).toEqual(objects);
  });

  it('round-trips random objects (property)', () => {
    const labelKey = fc.stringMatching(/^([a-z0-9]([-a-z0-9]{0,8}[a-z0-9])?\.io\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,10}[A-Za-z0-9])?$/);
    const labelValue = fc.oneof(
      fc.stringMatching(/^(([A-Za-z0-9][-A-Za-z0-9_.]{0,10})?[A-Za-z0-9])?$/),
      fc.constantFrom('yes', 'no', 'on', 'off', 'true', 'null', '1.0', '0777', '1e3', '2024-01-01', '~', 'y'),
    );
    const scalar = fc.oneof(
      fc.string(),
      fc.constantFrom('yes', 'No', ': x', '- a', '#c', 'a #b', '*x', '&y', '!t', '%p', '@', '`', '"q"', "'s'", ' lead', 'trail ', 'multi\nline\n', '<<', '---', '...'),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 })),
    })).node;
    const typeMeta = fc.constantFrom({ apiVersion: 'v1', kind: 'Pod' }, { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' });
    const object = fc.record({
      typeMeta,
      metadata: fc.record({ name: fc.string({ minLength: 1 }), labels: fc.dictionary(labelKey, labelValue, { maxKeys: 5 }) }),
      spec: value,
    }).map(({ typeMeta: { apiVersion, kind }, metadata, spec }): KubeObject => ({ apiVersion, kind, metadata, spec }));
    fc.assert(
      fc.property(fc.array(object, { minLength: 1, maxLength: 3 }), (objects) => {
        const parsed = parseManifests(printYaml(objects));
        expect(parsed).toEqual(objects);
      }),
      { numRuns: 300 },
    );
  });
});
