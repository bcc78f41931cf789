import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { CloneSet, CloneSetV1alpha1 } from '../src/cloneset.js';
import { toStorageCloneSet } from '../src/cloneset-conversion.js';
import { setDefaultsCloneSet, setDefaultsCloneSetV1alpha1 } from '../src/cloneset-defaults.js';
import { validateCloneSet, type ValidateCloneSetOptions } from '../src/cloneset-validation.js';
import type { Pod } from '../src/core.js';
import { formatFieldError, type FieldErrorType } from '../src/field-errors.js';
import { jsonPatchOperations } from '../src/workload-validation.js';
import { parseManifests } from '../src/yaml.js';

type AnyCloneSet = CloneSet | CloneSetV1alpha1;
/** Loose access for building malformed objects. */
type Loose = Record<string, any>;

const UID = 'cs-uid-1';

function alpha(edit: (spec: Loose, obj: Loose) => void = () => {}): CloneSetV1alpha1 {
  const obj: Loose = {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop', uid: UID },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } },
    },
  };
  edit(obj['spec'], obj);
  return obj as CloneSetV1alpha1;
}

function beta(edit: (spec: Loose, obj: Loose) => void = () => {}): CloneSet {
  return alpha((spec, obj) => {
    obj['apiVersion'] = 'apps.kruise.io/v1beta1';
    edit(spec, obj);
  }) as unknown as CloneSet;
}

const container = (spec: Loose): Loose => spec['template']['spec']['containers'][0];

interface Row {
  name: string;
  obj: AnyCloneSet;
  options?: Partial<ValidateCloneSetOptions>;
  expected: [string, FieldErrorType][];
}

function check({ obj, options, expected }: Row): void {
  const version = obj.apiVersion === 'apps.kruise.io/v1beta1' ? 'v1beta1' : 'v1alpha1';
  const errors = validateCloneSet(obj, { version, ...options });
  const got = errors.map((e) => [e.field, e.type]).sort();
  expect({ errors: got, text: errors.map(formatFieldError) }).toEqual({ errors: [...expected].sort(), text: expect.any(Array) });
}

// ---------------------------------------------------------------------------------------------

describe('accepts valid CloneSets', () => {
  const fixture = (name: string) => parseManifests(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'))[0] as AnyCloneSet;
  const rows: Row[] = [
    { name: 'minimal v1alpha1', obj: alpha(), expected: [] },
    { name: 'minimal v1beta1', obj: beta(), expected: [] },
    { name: 'defaulted v1alpha1', obj: setDefaultsCloneSetV1alpha1(alpha()), expected: [] },
    { name: 'defaulted v1beta1', obj: setDefaultsCloneSet(beta()), expected: [] },
    { name: 'stored form of a v1alpha1 object', obj: toStorageCloneSet(setDefaultsCloneSetV1alpha1(alpha())), expected: [] },
    { name: 'fixture cloneset-v1beta1.yaml', obj: fixture('cloneset-v1beta1.yaml'), expected: [] },
    { name: 'fixture cloneset-v1alpha1-sample.yaml', obj: fixture('cloneset-v1alpha1-sample.yaml'), expected: [] },
    { name: 'fixture cloneset-v1alpha1-pvc.yaml (mount of a volumeClaimTemplate)', obj: fixture('cloneset-v1alpha1-pvc.yaml'), expected: [] },
  ];
  it.each(rows)('$name', check);
});

describe('both versions: object, replicas, selector, template', () => {
  const rows: Row[] = [
    { name: 'apiVersion must match the version', obj: alpha(), options: { version: 'v1beta1' }, expected: [['apiVersion', 'NotSupported']] },
    { name: 'spec is required', obj: alpha((_, o) => delete o['spec']), expected: [['spec', 'Required']] },
    { name: 'metadata.name is required', obj: alpha((_, o) => delete o['metadata']['name']), expected: [['metadata.name', 'Required']] },
    { name: 'generateName stands in for name', obj: alpha((_, o) => { delete o['metadata']['name']; o['metadata']['generateName'] = 'web-'; }), expected: [] },
    { name: 'metadata.name must be a DNS subdomain', obj: alpha((_, o) => (o['metadata']['name'] = 'Web')), expected: [['metadata.name', 'Invalid']] },
    { name: 'replicas 0 is fine', obj: alpha((s) => (s['replicas'] = 0)), expected: [] },
    { name: 'replicas >= 0', obj: alpha((s) => (s['replicas'] = -1)), expected: [['spec.replicas', 'Invalid']] },
    { name: 'replicas must be an integer', obj: alpha((s) => (s['replicas'] = 1.5)), expected: [['spec.replicas', 'Invalid']] },
    { name: 'selector is required', obj: alpha((s) => delete s['selector']), expected: [['spec.selector', 'Required']] },
    { name: 'selector must not be empty', obj: beta((s) => (s['selector'] = {})), expected: [['spec.selector', 'Invalid']] },
    {
      name: 'selector must be valid',
      obj: alpha((s) => (s['selector'] = { matchExpressions: [{ key: 'app', operator: 'Near', values: ['web'] }] })),
      expected: [['spec.selector', 'Invalid']],
    },
    {
      name: 'selector expressions are fine when they match',
      obj: alpha((s) => (s['selector'] = { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'api'] }] })),
      expected: [],
    },
    { name: 'selector must match template labels', obj: beta((s) => (s['selector'] = { matchLabels: { app: 'api' } })), expected: [['spec.template.metadata.labels', 'Invalid']] },
    { name: 'template without labels does not match', obj: alpha((s) => delete s['template']['metadata']), expected: [['spec.template.metadata.labels', 'Invalid']] },
    { name: 'template label keys must be valid', obj: alpha((s) => (s['template']['metadata']['labels']['bad key'] = 'x')), expected: [['spec.template.metadata.labels', 'Invalid']] },
    { name: 'template is required', obj: alpha((s) => delete s['template']), expected: [['spec.template', 'Required']] },
  ];
  it.each(rows)('$name', check);
});

describe('both versions: pod template', () => {
  const rows: Row[] = [
    { name: 'containers are required', obj: alpha((s) => (s['template']['spec']['containers'] = [])), expected: [['spec.template.spec.containers', 'Required']] },
    { name: 'template.spec is required', obj: beta((s) => delete s['template']['spec']), expected: [['spec.template.spec.containers', 'Required']] },
    { name: 'container name is required', obj: alpha((s) => delete container(s)['name']), expected: [['spec.template.spec.containers[0].name', 'Required']] },
    { name: 'container name must be a DNS label', obj: alpha((s) => (container(s)['name'] = 'App_1')), expected: [['spec.template.spec.containers[0].name', 'Invalid']] },
    {
      name: 'container names are unique',
      obj: alpha((s) => s['template']['spec']['containers'].push({ name: 'app', image: 'busybox' })),
      expected: [['spec.template.spec.containers[1].name', 'Duplicate']],
    },
    {
      name: 'container names are unique across init containers',
      obj: beta((s) => (s['template']['spec']['initContainers'] = [{ name: 'app', image: 'busybox' }])),
      expected: [['spec.template.spec.containers[0].name', 'Duplicate']],
    },
    { name: 'container image is required', obj: alpha((s) => delete container(s)['image']), expected: [['spec.template.spec.containers[0].image', 'Required']] },
    { name: 'init container image is required', obj: alpha((s) => (s['template']['spec']['initContainers'] = [{ name: 'init' }])), expected: [['spec.template.spec.initContainers[0].image', 'Required']] },
    { name: 'containerPort in 1..65535', obj: alpha((s) => (container(s)['ports'] = [{ containerPort: 70000 }])), expected: [['spec.template.spec.containers[0].ports[0].containerPort', 'Invalid']] },
    { name: 'containerPort is required', obj: alpha((s) => (container(s)['ports'] = [{ name: 'http' }])), expected: [['spec.template.spec.containers[0].ports[0].containerPort', 'Required']] },
    {
      name: 'port protocol is TCP, UDP or SCTP',
      obj: alpha((s) => (container(s)['ports'] = [{ containerPort: 80, protocol: 'HTTP' }])),
      expected: [['spec.template.spec.containers[0].ports[0].protocol', 'NotSupported']],
    },
    {
      name: 'volumeMounts must name a volume',
      obj: alpha((s) => (container(s)['volumeMounts'] = [{ name: 'data', mountPath: '/data' }])),
      expected: [['spec.template.spec.containers[0].volumeMounts[0].name', 'NotFound']],
    },
    {
      name: 'volumeMounts may name a volumeClaimTemplate',
      obj: alpha((s) => {
        container(s)['volumeMounts'] = [{ name: 'data', mountPath: '/data' }];
        s['volumeClaimTemplates'] = [{ metadata: { name: 'data' }, spec: {} }];
      }),
      expected: [],
    },
    { name: 'volume names are unique', obj: alpha((s) => (s['template']['spec']['volumes'] = [{ name: 'v', emptyDir: {} }, { name: 'v', emptyDir: {} }])), expected: [['spec.template.spec.volumes[1].name', 'Duplicate']] },
    {
      name: 'a volumeClaimTemplate may not reuse a template volume name',
      obj: alpha((s) => {
        s['template']['spec']['volumes'] = [{ name: 'data', emptyDir: {} }];
        s['volumeClaimTemplates'] = [{ metadata: { name: 'data' }, spec: {} }];
      }),
      expected: [['spec.volumeClaimTemplates[0].metadata.name', 'Duplicate']],
    },
    { name: 'volumeClaimTemplate name is required', obj: alpha((s) => (s['volumeClaimTemplates'] = [{ metadata: {}, spec: {} }])), expected: [['spec.volumeClaimTemplates[0].metadata.name', 'Required']] },
    { name: 'restartPolicy Always is fine', obj: alpha((s) => (s['template']['spec']['restartPolicy'] = 'Always')), expected: [] },
    { name: 'restartPolicy empty is fine', obj: beta((s) => (s['template']['spec']['restartPolicy'] = '')), expected: [] },
    { name: 'restartPolicy must be Always', obj: alpha((s) => (s['template']['spec']['restartPolicy'] = 'Never')), expected: [['spec.template.spec.restartPolicy', 'NotSupported']] },
    { name: 'restartPolicy OnFailure is refused (v1beta1)', obj: beta((s) => (s['template']['spec']['restartPolicy'] = 'OnFailure')), expected: [['spec.template.spec.restartPolicy', 'NotSupported']] },
    { name: 'activeDeadlineSeconds must be unset', obj: alpha((s) => (s['template']['spec']['activeDeadlineSeconds'] = 30)), expected: [['spec.template.spec.activeDeadlineSeconds', 'Forbidden']] },
    { name: 'dnsPolicy must be known', obj: alpha((s) => (s['template']['spec']['dnsPolicy'] = 'Google')), expected: [['spec.template.spec.dnsPolicy', 'NotSupported']] },
    { name: 'terminationGracePeriodSeconds >= 0', obj: alpha((s) => (s['template']['spec']['terminationGracePeriodSeconds'] = -5)), expected: [['spec.template.spec.terminationGracePeriodSeconds', 'Invalid']] },
  ];
  it.each(rows)('$name', check);

  it('refuses the seed whose containers sit under template.metadata, with a clear error', () => {
    // From the OpenKruise lifecycle demo: `containers:` is indented under `metadata:`.
    const [seed] = parseManifests(`
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  namespace: demo
  name: cloneset-lifecycle-demo
spec:
  replicas: 2
  lifecycle:
    inPlaceUpdate:
      labelsHandler:
        example.com/unready-blocker-inplace: "true"
    preDelete:
      labelsHandler:
        example.com/unready-blocker-delete: "true"
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
        example.com/newly-create: "true"
        example.com/unready-blocker-inplace: "true"
        example.com/unready-blocker-delete: "true"
      containers:
        - name: main
          image: nginx:latest
          imagePullPolicy: Always
  updateStrategy:
    maxUnavailable: 20%
    type: InPlaceIfPossible
`);
    const obj = setDefaultsCloneSetV1alpha1(seed as CloneSetV1alpha1);
    const errors = validateCloneSet(obj, { version: 'v1alpha1' });
    expect(errors.map(formatFieldError)).toEqual([
      'spec.template.spec.containers: Required value: containers must be listed under spec.template.spec.containers, but they were found under spec.template.metadata.containers',
    ]);
  });
});

describe('both versions: strategies (v1alpha1 paths)', () => {
  const us = (edit: (u: Loose) => void) => alpha((s) => edit((s['updateStrategy'] ??= {})));
  const rows: Row[] = [
    { name: 'podsToDelete without duplicates', obj: alpha((s) => (s['scaleStrategy'] = { podsToDelete: ['a', 'b'] })), expected: [] },
    { name: 'podsToDelete duplicates', obj: alpha((s) => (s['scaleStrategy'] = { podsToDelete: ['a', 'a', 'b'] })), expected: [['spec.scaleStrategy.podsToDelete[1]', 'Duplicate']] },
    { name: 'partition as a whole percentage is fine', obj: us((u) => (u['partition'] = '33%')), expected: [] },
    { name: 'partition "100%" is fine', obj: us((u) => (u['partition'] = '100%')), expected: [] },
    // Issue 13: refused although Kruise's parser reads them (see validatePartition).
    { name: 'partition percent with decimals', obj: us((u) => (u['partition'] = '5.5%')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'partition negative percent', obj: us((u) => (u['partition'] = '-10%')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'partition percent with an exponent', obj: us((u) => (u['partition'] = '1e2%')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'partition above 100%', obj: us((u) => (u['partition'] = '99999999999%')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'partition 150%', obj: us((u) => (u['partition'] = '150%')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'maxSurge >= 0', obj: us((u) => (u['maxSurge'] = -1)), expected: [['spec.updateStrategy.maxSurge', 'Invalid']] },
    { name: 'maxSurge negative percent', obj: us((u) => (u['maxSurge'] = '-10%')), expected: [['spec.updateStrategy.maxSurge', 'Invalid']] },
    { name: 'maxUnavailable >= 0', obj: us((u) => Object.assign(u, { maxUnavailable: -1, maxSurge: 1 })), expected: [['spec.updateStrategy.maxUnavailable', 'Invalid']] },
    { name: 'partition must parse', obj: us((u) => (u['partition'] = 'abc')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'partition string must end with %', obj: us((u) => (u['partition'] = '5')), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    { name: 'partition >= 0', obj: us((u) => (u['partition'] = -1)), expected: [['spec.updateStrategy.partition', 'Invalid']] },
    {
      name: 'priorityStrategy: not both lists',
      obj: us((u) => (u['priorityStrategy'] = { weightPriority: [{ weight: 1, matchSelector: { matchLabels: { a: 'b' } } }], orderPriority: [{ orderedKey: 'k' }] })),
      expected: [['spec.updateStrategy.priorityStrategy.orderPriority', 'Forbidden']],
    },
    { name: 'priorityStrategy: weight 0 is allowed', obj: us((u) => (u['priorityStrategy'] = { weightPriority: [{ weight: 0, matchSelector: { matchLabels: { a: 'b' } } }] })), expected: [] },
    {
      name: 'priorityStrategy: weight <= 100',
      obj: us((u) => (u['priorityStrategy'] = { weightPriority: [{ weight: 101, matchSelector: { matchLabels: { a: 'b' } } }] })),
      expected: [['spec.updateStrategy.priorityStrategy.weightPriority[0].weight', 'Invalid']],
    },
    {
      name: 'priorityStrategy: weight >= 0',
      obj: us((u) => (u['priorityStrategy'] = { weightPriority: [{ weight: -1, matchSelector: { matchLabels: { a: 'b' } } }] })),
      expected: [['spec.updateStrategy.priorityStrategy.weightPriority[0].weight', 'Invalid']],
    },
    {
      name: 'priorityStrategy: matchSelector not empty',
      obj: us((u) => (u['priorityStrategy'] = { weightPriority: [{ weight: 5, matchSelector: {} }] })),
      expected: [['spec.updateStrategy.priorityStrategy.weightPriority[0].matchSelector', 'Required']],
    },
    {
      name: 'priorityStrategy: matchSelector valid',
      obj: us((u) => (u['priorityStrategy'] = { weightPriority: [{ weight: 5, matchSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } }] })),
      expected: [['spec.updateStrategy.priorityStrategy.weightPriority[0].matchSelector', 'Invalid']],
    },
    { name: 'priorityStrategy: orderedKey set', obj: us((u) => (u['priorityStrategy'] = { orderPriority: [{ orderedKey: '' }] })), expected: [['spec.updateStrategy.priorityStrategy.orderPriority[0].orderedKey', 'Required']] },
    { name: 'scatterStrategy: fine', obj: us((u) => (u['scatterStrategy'] = [{ key: 'zone', value: 'a' }, { key: 'zone', value: 'b' }])), expected: [] },
    { name: 'scatterStrategy: key set', obj: us((u) => (u['scatterStrategy'] = [{ key: '', value: 'a' }])), expected: [['spec.updateStrategy.scatterStrategy[0].key', 'Required']] },
    {
      name: 'scatterStrategy: no duplicate key:value',
      obj: us((u) => (u['scatterStrategy'] = [{ key: 'zone', value: 'a' }, { key: 'zone', value: 'a' }])),
      expected: [['spec.updateStrategy.scatterStrategy[1]', 'Duplicate']],
    },
    // Kruise's parser takes "12.5%" (and its controller reads 0); Coxswain wants a whole percentage, as for partition.
    { name: 'maxUnavailable "12.5%" is refused', obj: us((u) => (u['maxUnavailable'] = '12.5%')), expected: [['spec.updateStrategy.maxUnavailable', 'Invalid']] },
    { name: 'maxUnavailable "1%" of 3 rounds up to 1', obj: us((u) => (u['maxUnavailable'] = '1%')), expected: [] },
    { name: 'maxUnavailable must parse', obj: us((u) => Object.assign(u, { maxUnavailable: 'abc', maxSurge: 1 })), expected: [['spec.updateStrategy.maxUnavailable', 'Invalid']] },
    { name: 'maxUnavailable "5" has no %', obj: us((u) => Object.assign(u, { maxUnavailable: '5', maxSurge: 1 })), expected: [['spec.updateStrategy.maxUnavailable', 'Invalid']] },
    { name: 'maxSurge must parse', obj: us((u) => (u['maxSurge'] = '1.5')), expected: [['spec.updateStrategy.maxSurge', 'Invalid']] },
    { name: 'maxUnavailable and maxSurge both < 1', obj: us((u) => Object.assign(u, { maxUnavailable: 0, maxSurge: 0 })), expected: [['spec.updateStrategy.maxUnavailable', 'Invalid']] },
    { name: 'maxUnavailable 0 with surge is fine', obj: us((u) => Object.assign(u, { maxUnavailable: 0, maxSurge: '10%' })), expected: [] },
    { name: 'both < 1 is fine with 0 replicas', obj: alpha((s) => Object.assign(s, { replicas: 0, updateStrategy: { maxUnavailable: 0, maxSurge: 0 } })), expected: [] },
    { name: 'maxSurge with InPlaceIfPossible is fine', obj: us((u) => Object.assign(u, { type: 'InPlaceIfPossible', maxSurge: 3 })), expected: [] },
    { name: 'maxSurge "0%" with InPlaceOnly is fine', obj: us((u) => Object.assign(u, { type: 'InPlaceOnly', maxSurge: '0%' })), expected: [] },
    { name: 'maxSurge > 0 with InPlaceOnly', obj: us((u) => Object.assign(u, { type: 'InPlaceOnly', maxSurge: 3 })), expected: [['spec.updateStrategy.maxSurge', 'Invalid']] },
    { name: 'progressDeadlineSeconds > minReadySeconds', obj: alpha((s) => Object.assign(s, { progressDeadlineSeconds: 600, minReadySeconds: 10 })), expected: [] },
    { name: 'progressDeadlineSeconds >= 0', obj: alpha((s) => (s['progressDeadlineSeconds'] = -1)), expected: [['spec.progressDeadlineSeconds', 'Invalid']] },
    { name: 'progressDeadlineSeconds must exceed minReadySeconds', obj: alpha((s) => Object.assign(s, { progressDeadlineSeconds: 10, minReadySeconds: 10 })), expected: [['spec.progressDeadlineSeconds', 'Invalid']] },
    { name: 'progressDeadlineSeconds 2147483647 means off', obj: alpha((s) => Object.assign(s, { progressDeadlineSeconds: 2147483647, minReadySeconds: 2147483647 })), expected: [] },
  ];
  it.each(rows)('$name', check);

  it('gives the message the issue cites for maxSurge with InPlaceOnly', () => {
    const errors = validateCloneSet(us((u) => Object.assign(u, { type: 'InPlaceOnly', maxSurge: 3 })), { version: 'v1alpha1' });
    expect(errors.map(formatFieldError)).toEqual(['spec.updateStrategy.maxSurge: Invalid value: "3": can not use maxSurge with strategy type InPlaceOnly']);
  });
});

describe('v1alpha1 only', () => {
  const rows: Row[] = [
    { name: 'type ReCreate', obj: alpha((s) => (s['updateStrategy'] = { type: 'ReCreate' })), expected: [] },
    { name: 'type unset (defaults to ReCreate)', obj: alpha((s) => (s['updateStrategy'] = {})), expected: [] },
    { name: 'type OnDelete is refused in v1alpha1', obj: alpha((s) => (s['updateStrategy'] = { type: 'OnDelete' })), expected: [['spec.updateStrategy.type', 'Invalid']] },
    { name: 'type must be known', obj: alpha((s) => (s['updateStrategy'] = { type: 'RollingUpdate' })), expected: [['spec.updateStrategy.type', 'NotSupported']] },
  ];
  it.each(rows)('$name', check);

  const pod = (name: string, edit: (p: Loose) => void = () => {}): Pod => {
    const p: Loose = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'shop', ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'web', uid: UID, controller: true }] },
      spec: { containers: [] },
    };
    edit(p);
    return p as Pod;
  };
  const pods = new Map<string, Pod>([
    ['web-own', pod('web-own')],
    ['web-gone', pod('web-gone', (p) => (p['metadata']['deletionTimestamp'] = '2026-01-01T00:00:00Z'))],
    ['web-other', pod('web-other', (p) => (p['metadata']['ownerReferences'][0].uid = 'other'))],
    ['web-orphan', pod('web-orphan', (p) => delete p['metadata']['ownerReferences'])],
  ]);
  const podsLookup = (namespace: string, name: string) => (namespace === 'shop' ? pods.get(name) : undefined);
  const deleting = (...names: string[]) => alpha((s) => (s['scaleStrategy'] = { podsToDelete: names }));
  const lookupRows: Row[] = [
    { name: 'podsToDelete: own live pod', obj: deleting('web-own'), options: { podsLookup }, expected: [] },
    { name: 'podsToDelete: pod must exist', obj: deleting('web-own', 'web-missing'), options: { podsLookup }, expected: [['spec.scaleStrategy.podsToDelete[1]', 'Invalid']] },
    { name: 'podsToDelete: pod must not be terminating', obj: deleting('web-gone'), options: { podsLookup }, expected: [['spec.scaleStrategy.podsToDelete[0]', 'Invalid']] },
    { name: 'podsToDelete: pod must be controlled by this CloneSet', obj: deleting('web-other', 'web-orphan'), options: { podsLookup }, expected: [['spec.scaleStrategy.podsToDelete[0]', 'Invalid'], ['spec.scaleStrategy.podsToDelete[1]', 'Invalid']] },
    { name: 'podsToDelete: names already in the old object are not checked', obj: deleting('web-missing'), options: { podsLookup, old: deleting('web-missing') }, expected: [] },
    { name: 'podsToDelete: old object may be the stored v1beta1', obj: deleting('web-missing'), options: { podsLookup, old: toStorageCloneSet(deleting('web-missing')) }, expected: [] },
    { name: 'podsToDelete: not checked without podsLookup', obj: deleting('web-missing'), expected: [] },
    { name: 'podsToDelete: not checked for v1beta1', obj: beta((s) => (s['scaleStrategy'] = { podsToDelete: ['web-missing'] })), options: { podsLookup }, expected: [] },
  ];
  it.each(lookupRows)('$name', check);

  it('explains why a pod cannot be deleted', () => {
    const errors = validateCloneSet(deleting('web-missing', 'web-gone', 'web-other'), { version: 'v1alpha1', podsLookup });
    expect(errors.map(formatFieldError)).toEqual([
      'spec.scaleStrategy.podsToDelete[1]: Invalid value: "web-gone": find pod web-gone already terminating',
      'spec.scaleStrategy.podsToDelete[0]: Invalid value: "web-missing": find pod web-missing failed: pods "web-missing" not found',
      'spec.scaleStrategy.podsToDelete[2]: Invalid value: "web-other": find pod web-other owner is not this CloneSet',
    ]);
  });
});

describe('v1beta1 only', () => {
  const ru = (edit: (r: Loose) => void) => beta((s) => (s['updateStrategy'] = { type: 'RollingUpdate', rollingUpdate: ((r: Loose) => (edit(r), r))({}) }));
  const rows: Row[] = [
    { name: 'type RollingUpdate', obj: beta((s) => (s['updateStrategy'] = { type: 'RollingUpdate' })), expected: [] },
    { name: 'type OnDelete', obj: beta((s) => (s['updateStrategy'] = { type: 'OnDelete' })), expected: [] },
    { name: 'type empty', obj: beta((s) => (s['updateStrategy'] = { type: '' })), expected: [] },
    { name: 'type must be RollingUpdate or OnDelete', obj: beta((s) => (s['updateStrategy'] = { type: 'InPlaceOnly' })), expected: [['spec.updateStrategy.type', 'NotSupported']] },
    { name: 'podUpdatePolicy known', obj: ru((r) => (r['podUpdatePolicy'] = 'InPlaceIfPossible')), expected: [] },
    { name: 'podUpdatePolicy must be known', obj: ru((r) => (r['podUpdatePolicy'] = 'RollingUpdate')), expected: [['spec.updateStrategy.rollingUpdate.podUpdatePolicy', 'NotSupported']] },
    { name: 'partition path under rollingUpdate', obj: ru((r) => (r['partition'] = 'x%')), expected: [['spec.updateStrategy.rollingUpdate.partition', 'Invalid']] },
    { name: 'maxSurge > 0 with InPlaceOnly', obj: ru((r) => Object.assign(r, { podUpdatePolicy: 'InPlaceOnly', maxSurge: 3 })), expected: [['spec.updateStrategy.rollingUpdate.maxSurge', 'Invalid']] },
    { name: 'both < 1 under rollingUpdate', obj: ru((r) => Object.assign(r, { maxUnavailable: '0%', maxSurge: 0 })), expected: [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']] },
    {
      name: 'scatter duplicate under rollingUpdate',
      obj: ru((r) => (r['scatterStrategy'] = [{ key: 'z', value: '1' }, { key: 'z', value: '1' }])),
      expected: [['spec.updateStrategy.rollingUpdate.scatterStrategy[1]', 'Duplicate']],
    },
    {
      name: 'image pre-download knobs valid',
      obj: ru((r) => (r['inPlaceUpdateStrategy'] = { imagePreDownloadParallelism: 5, imagePreDownloadTimeoutSeconds: 600, imagePreDownloadMinUpdatedReadyPods: 0 })),
      expected: [],
    },
    {
      name: 'imagePreDownloadParallelism is not a percentage',
      obj: ru((r) => (r['inPlaceUpdateStrategy'] = { imagePreDownloadParallelism: '50%' })),
      expected: [['spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism', 'Invalid']],
    },
    {
      name: 'imagePreDownloadParallelism >= 0',
      obj: ru((r) => (r['inPlaceUpdateStrategy'] = { imagePreDownloadParallelism: -1 })),
      expected: [['spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadParallelism', 'Invalid']],
    },
    {
      name: 'imagePreDownloadTimeoutSeconds >= 0',
      obj: ru((r) => (r['inPlaceUpdateStrategy'] = { imagePreDownloadTimeoutSeconds: -1 })),
      expected: [['spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadTimeoutSeconds', 'Invalid']],
    },
    {
      name: 'imagePreDownloadMinUpdatedReadyPods >= 0',
      obj: ru((r) => (r['inPlaceUpdateStrategy'] = { imagePreDownloadMinUpdatedReadyPods: -2 })),
      expected: [['spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadMinUpdatedReadyPods', 'Invalid']],
    },
  ];
  it.each(rows)('$name', check);

  it('gives the v1beta1 path for maxSurge with InPlaceOnly', () => {
    const errors = validateCloneSet(ru((r) => Object.assign(r, { podUpdatePolicy: 'InPlaceOnly', maxSurge: '30%' })), { version: 'v1beta1' });
    expect(errors.map(formatFieldError)).toEqual(['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: "30%": can not use maxSurge with strategy type InPlaceOnly']);
  });
});

describe('updates', () => {
  const storedAlpha = setDefaultsCloneSetV1alpha1(alpha((s) => (s['updateStrategy'] = { type: 'InPlaceOnly' })));
  const stored = toStorageCloneSet(storedAlpha);
  const edited = (edit: (spec: Loose) => void) => {
    const copy = structuredClone(storedAlpha) as unknown as Loose;
    edit(copy['spec']);
    return copy as unknown as CloneSetV1alpha1;
  };
  const editedBeta = (edit: (spec: Loose) => void) => {
    const copy = structuredClone(stored) as unknown as Loose;
    edit(copy['spec']);
    return copy as unknown as CloneSet;
  };
  const rows: Row[] = [
    { name: 'replicas may change', obj: edited((s) => (s['replicas'] = 7)), options: { old: stored }, expected: [] },
    { name: 'strategies, lifecycle, minReadySeconds may change', obj: edited((s) => Object.assign(s, { minReadySeconds: 5, lifecycle: { preDelete: { finalizersHandler: ['a/b'] } }, scaleStrategy: { maxUnavailable: 1 } })), options: { old: stored }, expected: [] },
    { name: 'selector is immutable (v1alpha1)', obj: edited((s) => (s['selector'] = { matchLabels: { app: 'web', tier: 'x' } })), options: { old: stored }, expected: [['spec.selector', 'Forbidden'], ['spec.template.metadata.labels', 'Invalid']] },
    { name: 'selector is immutable (v1beta1)', obj: editedBeta((s) => (s['selector'] = { matchExpressions: [{ key: 'app', operator: 'Exists' }] })), options: { old: stored }, expected: [['spec.selector', 'Forbidden']] },
    { name: 'an empty matchExpressions list is the same selector', obj: edited((s) => (s['selector']['matchExpressions'] = [])), options: { old: stored }, expected: [] },
    { name: 'InPlaceOnly: image change is allowed', obj: edited((s) => (s['template']['spec']['containers'][0]['image'] = 'nginx:1.26')), options: { old: stored }, expected: [] },
    { name: 'InPlaceOnly: template metadata may change', obj: edited((s) => (s['template']['metadata']['labels']['v'] = '2')), options: { old: stored }, expected: [] },
    { name: 'InPlaceOnly: env change is refused', obj: edited((s) => (s['template']['spec']['containers'][0]['env'] = [{ name: 'A', value: '1' }])), options: { old: stored }, expected: [['spec.template.spec', 'Forbidden']] },
    { name: 'InPlaceOnly: adding a container is refused', obj: edited((s) => s['template']['spec']['containers'].push({ name: 'side', image: 'busybox' })), options: { old: stored }, expected: [['spec.template.spec', 'Forbidden']] },
    { name: 'InPlaceOnly: old may be given as v1alpha1', obj: edited((s) => (s['template']['spec']['dnsPolicy'] = 'Default')), options: { old: storedAlpha }, expected: [['spec.template.spec', 'Forbidden']] },
    { name: 'switching to ReCreate lifts the template check', obj: edited((s) => {
        s['updateStrategy']['type'] = 'ReCreate';
        s['template']['spec']['dnsPolicy'] = 'Default';
      }), options: { old: stored }, expected: [] },
    { name: 'v1beta1 updates do not run the InPlaceOnly template check', obj: editedBeta((s) => (s['template']['spec']['dnsPolicy'] = 'Default')), options: { old: stored }, expected: [] },
  ];
  it.each(rows)('$name', check);

  it('names the offending patch operation', () => {
    const errors = validateCloneSet(edited((s) => (s['template']['spec']['containers'][0]['imagePullPolicy'] = 'Never')), { version: 'v1alpha1', old: stored });
    expect(errors.map(formatFieldError)).toEqual(['spec.template.spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found replace /containers/0/imagePullPolicy']);
  });

  it('says the selector is immutable', () => {
    const errors = validateCloneSet(editedBeta((s) => (s['selector'] = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'app', operator: 'Exists' }] })), {
      version: 'v1beta1',
      old: stored,
    });
    expect(errors.map(formatFieldError)).toEqual([expect.stringMatching(/^spec\.selector: Forbidden: field is immutable/)]);
  });
});

describe('jsonPatchOperations', () => {
  it('diffs objects by key, arrays by index', () => {
    expect(jsonPatchOperations({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 2, b: [1], c: { e: 'y' }, f: true })).toEqual([
      { op: 'replace', path: '/a', value: 2 },
      { op: 'remove', path: '/b/1' },
      { op: 'remove', path: '/c/d' },
      { op: 'add', path: '/c/e', value: 'y' },
      { op: 'add', path: '/f', value: true },
    ]);
    expect(jsonPatchOperations({ 'a/b': 1 }, { 'a/b': 2 })).toEqual([{ op: 'replace', path: '/a~1b', value: 2 }]);
    expect(jsonPatchOperations({ a: [1] }, { a: [1, { b: 2 }, 3] })).toEqual([
      { op: 'add', path: '/a/1', value: { b: 2 } },
      { op: 'add', path: '/a/2', value: 3 },
    ]);
    expect(jsonPatchOperations({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
