// Unknown fields: what the apiserver's strict decoding finds and drops, in the Kruise kinds' own structs
// and, against the complete field lists of the Kubernetes types (upstream-fields.generated.ts), in every
// built-in struct at any depth: pod templates, containers, probes, volumes, affinity, claim templates,
// metadata, status. Fields upstream declares but Coxswain does not model round-trip; maps and `json`
// places (RawExtension, a subset patch, a CRD schema's defaults) keep what they hold.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { pruneObjectUnknownFields } from '../src/kind-schemas.js';
import { parseManifests } from '../src/yaml.js';

type Loose = Record<string, any>;

const cloneSetV1alpha1 = (spec: Loose = {}, top: Loose = {}): Loose => ({
  apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'shop' },
  spec: { replicas: 5, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'm', image: 'nginx' }] } }, ...spec },
  ...top,
});

const podSpec = (extra: Loose = {}, container: Loose = {}): Loose => ({ containers: [{ name: 'm', image: 'nginx', ...container }], ...extra });
const template = (spec: Loose = {}, container: Loose = {}, metadata: Loose = {}): Loose => ({ metadata: { labels: { app: 'web' }, ...metadata }, spec: podSpec(spec, container) });
const pod = (spec: Loose = {}, top: Loose = {}, container: Loose = {}): Loose => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec: podSpec(spec, container), ...top });
const claim = (spec: Loose = {}, metadata: Loose = {}): Loose => ({ metadata: { name: 'data', ...metadata }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } });
const asts = (spec: Loose): Loose => ({
  apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop' },
  spec: { replicas: 1, serviceName: 'db', selector: { matchLabels: { app: 'web' } }, template: template(), ...spec },
});
const unitedDeployment = (subsetTemplate: Loose, topology: Loose = { subsets: [{ name: 'a' }] }): Loose => ({
  apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name: 'ud', namespace: 'shop' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: subsetTemplate, topology },
});
const deployment = (spec: Loose = {}, top: Loose = {}): Loose => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'shop' },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: template(), ...spec }, ...top,
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

describe('pruneObjectUnknownFields', () => {
  const cases: [string, Loose, string[], (pruned: Loose) => void][] = [
    ['a field no version of the spec declares', cloneSetV1alpha1({ bogus: 1 }), ['spec.bogus'], (p) => expect(p.spec).not.toHaveProperty('bogus')],
    ['the v1beta1 rollingUpdate written into a v1alpha1 CloneSet', cloneSetV1alpha1({ updateStrategy: { paused: true, rollingUpdate: { partition: 3 } } }),
      ['spec.updateStrategy.rollingUpdate'], (p) => expect(p.spec.updateStrategy).toEqual({ paused: true })],
    ['the v1alpha1 paused written into a v1beta1 CloneSet', { ...cloneSetV1alpha1({ updateStrategy: { type: 'RollingUpdate', paused: true, partition: 3 } }), apiVersion: 'apps.kruise.io/v1beta1' },
      ['spec.updateStrategy.paused', 'spec.updateStrategy.partition'], (p) => expect(p.spec.updateStrategy).toEqual({ type: 'RollingUpdate' })],
    ['a misspelt top-level field', cloneSetV1alpha1({}, { specs: {} }), ['specs'], (p) => expect(p).not.toHaveProperty('specs')],
    ['fields inside lists and maps of Kruise structs', {
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name: 'ud' },
      spec: { topology: { subsets: [{ name: 'a' }, { name: 'b', zone: 'x', patch: { anything: { goes: 1 } } }] }, updateStrategy: { manualUpdate: { partitions: { a: 1 } } } },
      status: { conditions: [{ type: 'x', status: 'True', extra: 1 }] },
    }, ['spec.topology.subsets[1].zone', 'status.conditions[0].extra'], (p) => expect(p.spec.topology.subsets[1]).toEqual({ name: 'b', patch: { anything: { goes: 1 } } })],
    ['lifecycle hooks and priority terms', cloneSetV1alpha1({ lifecycle: { preDelete: { labelsHandler: { a: 'true' }, finaliser: ['x'] } }, updateStrategy: { priorityStrategy: { weightPriority: [{ weight: 1, matchSelector: {}, w: 2 }] } } }),
      ['spec.lifecycle.preDelete.finaliser', 'spec.updateStrategy.priorityStrategy.weightPriority[0].w'], () => {}],
    ['a misspelt field of the pod template\'s metadata', cloneSetV1alpha1({ template: { ...template(), metadata: { labels: { app: 'web' }, lables: { x: 'y' } } } }),
      ['spec.template.metadata.lables'], (p) => expect(p.spec.template.metadata).toEqual({ labels: { app: 'web' } })],
    ['nothing in an unknown kind', { apiVersion: 'x/v1', kind: 'Thing', spec: { a: 1 } }, [], () => {}],
  ];
  it.each(cases)('finds and drops %s', (_, object, unknown, check) => {
    const before = JSON.stringify(object);
    const { object: pruned, unknownFields } = pruneObjectUnknownFields(deepFreeze(object));
    expect(unknownFields).toEqual(unknown);
    check(pruned);
    expect(JSON.stringify(object)).toBe(before);
    if (unknown.length === 0) expect(pruned).toBe(object);
  });

  it('finds nothing else in the seed documents and the test fixtures', () => {
    const dirs = [join(import.meta.dirname, 'fixtures'), join(import.meta.dirname, '..', '..', '..', 'apps', 'api', 'test', 'fixtures', 'seeds')];
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
        for (const object of parseManifests(readFileSync(join(dir, file), 'utf8'))) {
          // The lifecycle demo nests its containers under the template's metadata (a real cluster refuses it too).
          const expected = file === 'cloneset-lifecycle-demo.yaml' ? ['spec.template.metadata.containers'] : [];
          expect({ file, unknown: pruneObjectUnknownFields(object).unknownFields }).toEqual({ file, unknown: expected });
        }
      }
    }
  });

  it('is idempotent, keeps every declared field and drops exactly what it names (random objects)', () => {
    fc.assert(fc.property(
      fc.constantFrom('apps.kruise.io/v1alpha1', 'apps.kruise.io/v1beta1'),
      fc.constantFrom('CloneSet', 'StatefulSet', 'UnitedDeployment'),
      fc.dictionary(fc.constantFrom('replicas', 'updateStrategy', 'scaleStrategy', 'bogus', 'lifecycle', 'topology', 'minReadySeconds'),
        fc.oneof(fc.integer(), fc.dictionary(fc.constantFrom('type', 'partition', 'paused', 'rollingUpdate', 'x', 'podsToDelete'), fc.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.constantFrom('partition', 'y'), fc.integer()))))),
      (apiVersion, kind, spec) => {
        const object = { apiVersion, kind, metadata: { name: 'x' }, spec };
        const once = pruneObjectUnknownFields(object);
        const twice = pruneObjectUnknownFields(once.object);
        expect(twice.unknownFields).toEqual([]);
        expect(twice.object).toBe(once.object);
        // Every dropped path was in the input; every path the input has and the output lacks was named.
        const paths = (v: unknown, at = ''): string[] => (typeof v === 'object' && v !== null && !Array.isArray(v)
          ? Object.entries(v).flatMap(([k, m]) => [at ? `${at}.${k}` : k, ...paths(m, at ? `${at}.${k}` : k)]) : []);
        const lost = paths(object).filter((p) => !paths(once.object).includes(p));
        expect(lost.filter((p) => !once.unknownFields.some((u) => p === u || p.startsWith(`${u}.`)))).toEqual([]);
      },
    ));
  });
});

describe('pruneObjectUnknownFields in the Kubernetes types, against their complete field lists', () => {
  const cases: [string, Loose, string[]][] = [
    ['a Pod: top level, spec, metadata and status', pod({ bogus: 1 }, { bogus: 2, metadata: { name: 'p', namspace: 'x' }, status: { phase: 'Running', bogus: 3 } }),
      ['metadata.namspace', 'spec.bogus', 'bogus', 'status.bogus']],
    ['a Pod: a container, its probe, its security context and env', pod({}, {}, {
      imagee: 'nginx:2', livenessProbe: { httpGet: { port: 80, pth: '/' }, perodSeconds: 3 }, securityContext: { seccompProfile: { type: 'RuntimeDefault', bogus: 1 } },
      env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 's', key: 'k', bogus: 1 } } }],
    }), [
      'spec.containers[0].imagee', 'spec.containers[0].livenessProbe.httpGet.pth', 'spec.containers[0].livenessProbe.perodSeconds',
      'spec.containers[0].securityContext.seccompProfile.bogus', 'spec.containers[0].env[0].valueFrom.secretKeyRef.bogus',
    ]],
    ['a Pod: volumes, modelled and not, and affinity', pod({
      volumes: [{ name: 'a', configMap: { name: 'c', bogus: 1 } }, { name: 'b', csi: { driver: 'x', bogus: 2 } }, { name: 'c', nfs: { server: 's', path: '/', bogus: 3 } }],
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'Exists', bogus: 4 }] }] } }, podAntiAffinity: { bogus: 5 } },
    }), [
      'spec.volumes[0].configMap.bogus', 'spec.volumes[1].csi.bogus', 'spec.volumes[2].nfs.bogus',
      'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].bogus', 'spec.affinity.podAntiAffinity.bogus',
    ]],
    ['a Pod\'s status, deep', pod({}, { status: { containerStatuses: [{ name: 'm', ready: true, state: { running: { startedAt: '2026-01-01T00:00:00Z', bogus: 1 } } }] } }),
      ['status.containerStatuses[0].state.running.bogus']],
    ['a CloneSet\'s pod template and volume claim templates', cloneSetV1alpha1({
      template: template({ hostNetwork: true, dnsConfig: { options: [{ name: 'ndots', bogus: 1 }] } }, { imagee: 'x' }),
      volumeClaimTemplates: [claim({ storageClass: 'fast' })],
      selector: { matchLabels: { app: 'web' }, matchLabel: { app: 'web' } },
    }), ['spec.selector.matchLabel', 'spec.template.spec.containers[0].imagee', 'spec.template.spec.dnsConfig.options[0].bogus', 'spec.volumeClaimTemplates[0].spec.storageClass']],
    ['an Advanced StatefulSet\'s volume claim templates: metadata, spec, resources, status', asts({
      volumeClaimTemplates: [claim({ resources: { requests: { storage: '1Gi' }, request: { storage: '2Gi' } } }, { lables: {} }), { ...claim(), status: { phase: 'Bound', bogus: 1 } }],
    }), ['spec.volumeClaimTemplates[0].metadata.lables', 'spec.volumeClaimTemplates[0].spec.resources.request', 'spec.volumeClaimTemplates[1].status.bogus']],
    ['a UnitedDeployment\'s subset templates, each kind', unitedDeployment({
      cloneSetTemplate: { metadata: { labels: { app: 'web' } }, spec: { selector: { matchLabels: { app: 'web' } }, template: template({}, { bogus: 1 }) } },
      statefulSetTemplate: { metadata: { bogus: 2 }, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), volumeClaimTemplates: [claim({ bogus: 3 })] } },
      advancedStatefulSetTemplate: { metadata: {}, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), updateStrategy: { rollingUpdate: { unorderedUpdate: { bogus: 4 } } } } },
      deploymentTemplate: { metadata: {}, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), strategy: { rollingUpdate: { maxSurge: 1, bogus: 5 } } } },
    }, { subsets: [{ name: 'a', nodeSelectorTerm: { matchExpressions: [{ key: 'k', operator: 'Exists', bogus: 6 }] }, tolerations: [{ key: 'k', bogus: 7 }], patch: { metadata: { anything: 1 } } }] }), [
      'spec.template.cloneSetTemplate.spec.template.spec.containers[0].bogus',
      'spec.template.statefulSetTemplate.metadata.bogus',
      'spec.template.statefulSetTemplate.spec.volumeClaimTemplates[0].spec.bogus',
      'spec.template.advancedStatefulSetTemplate.spec.updateStrategy.rollingUpdate.unorderedUpdate.bogus',
      'spec.template.deploymentTemplate.spec.strategy.rollingUpdate.bogus',
      'spec.topology.subsets[0].nodeSelectorTerm.matchExpressions[0].bogus',
      'spec.topology.subsets[0].tolerations[0].bogus',
    ]],
    ['a Deployment: strategy, init containers, status conditions', deployment({
      strategy: { type: 'RollingUpdate', rollingUpdat: {} }, template: template({ initContainers: [{ name: 'i', image: 'busybox', resources: { limits: { cpu: 1 }, limit: {} } }] }),
    }, { status: { conditions: [{ type: 'Available', status: 'True', bogus: 1 }] } }),
      ['spec.template.spec.initContainers[0].resources.limit', 'spec.strategy.rollingUpdat', 'status.conditions[0].bogus']],
    ['a Node: spec and system info', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: true, bogus: 1 }, status: { nodeInfo: { kubeletVersion: 'v1', bogus: 2 } } },
      ['spec.bogus', 'status.nodeInfo.bogus']],
    ['a PersistentVolumeClaim', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c' }, spec: { volumeMode: 'Filesystem', bogus: 1 } }, ['spec.bogus']],
    ['a Namespace', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n' }, spec: { finalizers: ['kubernetes'], bogus: 1 } }, ['spec.bogus']],
    ['a Secret, which has no spec', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, type: 'Opaque', spec: {}, data: { a: 'eA==' } }, ['spec']],
    ['an Event\'s series', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', bogus: 1 }, series: { count: 2, bogus: 2 } },
      ['involvedObject.bogus', 'series.bogus']],
    ['a CustomResourceDefinition\'s schema, but not the JSON of its defaults', {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'things.x.io' },
      spec: { group: 'x.io', scope: 'Namespaced', names: { kind: 'Thing', plural: 'things' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: {
        type: 'object', properties: { spec: { type: 'object', bogus: 1, default: { any: { thing: 1 } }, properties: { a: { type: 'string', typo: 2 } } } },
      } } }] },
    }, ['spec.versions[0].schema.openAPIV3Schema.properties.spec.bogus', 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.a.typo']],
  ];
  it.each(cases)('%s', (_, object, unknown) => {
    const before = JSON.stringify(object);
    const { object: pruned, unknownFields } = pruneObjectUnknownFields(deepFreeze(object));
    expect(unknownFields).toEqual(unknown);
    expect(JSON.stringify(object)).toBe(before);
    // Pruned once, nothing is left to find, and every field named is gone.
    expect(pruneObjectUnknownFields(pruned).unknownFields).toEqual([]);
  });

  const kept: [string, Loose][] = [
    ['fields upstream declares and Coxswain does not model', pod({ hostIPC: true, hostPID: true, shareProcessNamespace: true, overhead: { cpu: '10m' }, schedulingGates: [{ name: 'g' }] },
      { metadata: { name: 'p', namespace: 'shop', managedFields: [{ manager: 'kubectl', fieldsV1: { 'f:spec': { 'f:anything': {} } } }], selfLink: '/x' } },
      { stdin: true, stdinOnce: true, tty: true, volumeDevices: [{ name: 'd', devicePath: '/dev/x' }], resources: { limits: { 'example.com/gpu': 1 } } })],
    ['a container\'s restart policy rules and a pod\'s OS and DNS', pod({ os: { name: 'linux' }, dnsConfig: { nameservers: ['1.1.1.1'], options: [{ name: 'ndots', value: '2' }] } },
      {}, { restartPolicy: 'Always', lifecycle: { preStop: { sleep: { seconds: 1 } } } })],
    ['the capitalised Port of a kubelet endpoint', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { daemonEndpoints: { kubeletEndpoint: { Port: 10250 } } } }],
    ['any key of a map: labels, annotations, node selectors, resource lists', deployment({ template: template({ nodeSelector: { 'topology.kubernetes.io/zone': 'a' } }, {}, { annotations: { 'any/key': 'v' } }) })],
    ['whatever a ControllerRevision\'s data holds', { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r' }, revision: 1, data: { spec: { template: { anything: { at: 'all' } } } } }],
    ['the CloneSet template fields of the seeds (hostname, subdomain, readiness gates)', cloneSetV1alpha1({ template: template({ hostname: 'h', subdomain: 's', readinessGates: [{ conditionType: 'c' }] }) })],
  ];
  it.each(kept)('keeps %s', (_, object) => {
    const { object: pruned, unknownFields } = pruneObjectUnknownFields(deepFreeze(object));
    expect(unknownFields).toEqual([]);
    expect(pruned).toBe(object);
  });

  it('drops and keeps members named __proto__ as members, never as the prototype', () => {
    const crd = JSON.parse('{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "p.x.io", "__proto__": {"x": 1}}, '
      + '"spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": {"properties": {"__proto__": {"type": "string", "bogus": 1}, "b": {"type": "string"}}}}}]}}');
    const { object: pruned, unknownFields } = pruneObjectUnknownFields(crd);
    expect(unknownFields).toEqual(['metadata.__proto__', 'spec.versions[0].schema.openAPIV3Schema.properties.__proto__.bogus']);
    const properties = pruned.spec.versions[0].schema.openAPIV3Schema.properties;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__', 'b']);
    expect(JSON.stringify(properties)).toBe('{"__proto__":{"type":"string"},"b":{"type":"string"}}');
    expect(Object.getPrototypeOf(pruned.metadata)).toBe(Object.prototype);
    expect(Object.keys(pruned.metadata)).toEqual(['name']);
  });

  it('stops at the nesting bound instead of walking a recursive type forever', () => {
    let schema: Loose = { type: 'string' };
    for (let i = 0; i < 500; i++) schema = { type: 'object', properties: { p: schema } };
    const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'deep.x.io' }, spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: schema } }] } };
    expect(pruneObjectUnknownFields(crd).unknownFields).toEqual([]);
  });
});

