// A manifest may leave any optional field unset by writing null, or give an empty object or list where
// one is expected: the schema check lets those through (Go decodes them to zero values), so defaulting
// and validation must meet them at every field. For each workload kind, every node of a rich manifest
// is replaced in turn by null, {}, [] and odd scalars; whatever the schema accepts must be admitted or
// refused with an ApiError, on create and on update, and never fail with a JavaScript error. The API
// fuzz found `image: null` throwing in imagePullPolicy defaulting; this test then found a null
// matchExpressions key throwing in the selector check.
import { describe, expect, it } from '@jest/globals';
import { validateObjectSchema, type KubeObject } from '@coxswain/kruise-api';
import { isApiError, kruiseAdmission } from '@coxswain/cluster';
import { ODD_VALUES, paths, replaced } from './odd-fields.js';

const CONTAINER = {
  name: 'main',
  image: 'nginx:1.25',
  command: ['nginx'],
  env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'A', value: 'b' }],
  ports: [{ containerPort: 80, name: 'http' }],
  readinessProbe: { httpGet: { port: 80, path: '/' }, periodSeconds: 5 },
  lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
  resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '1' } },
  volumeMounts: [{ name: 'cfg', mountPath: '/etc/cfg' }],
};

const TEMPLATE = {
  metadata: { labels: { app: 'web' }, annotations: { note: 'x' } },
  spec: {
    containers: [CONTAINER],
    initContainers: [{ name: 'init', image: 'busybox' }],
    readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
    tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }],
    nodeSelector: { zone: 'a' },
    volumes: [{ name: 'cfg', configMap: { name: 'cfg' } }],
  },
};

const CLAIM = { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
const SELECTOR = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] };
const META = { name: 'web', namespace: 'default', labels: { team: 'a' }, annotations: { a: 'b' } };

const MANIFESTS: KubeObject[] = [
  {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: META,
    spec: {
      replicas: 5, selector: SELECTOR, template: TEMPLATE, volumeClaimTemplates: [CLAIM], minReadySeconds: 1, revisionHistoryLimit: 5,
      scaleStrategy: { maxUnavailable: 1, enablePVCReuse: true },
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: '20%', maxUnavailable: '20%', maxSurge: 1, podUpdatePolicy: 'InPlaceIfPossible', paused: false, priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { a: 'b' } } }] }, scatterStrategy: [{ key: 'zone', value: 'a' }], inPlaceUpdateStrategy: { gracePeriodSeconds: 5 } },
      },
      lifecycle: { preDelete: { labelsHandler: { 'example.io/block': 'true' }, finalizersHandler: ['example.io/f'] }, inPlaceUpdate: { labelsHandler: { 'example.io/block': 'true' } } },
    },
  },
  {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: META,
    spec: {
      replicas: 5, selector: SELECTOR, template: TEMPLATE, volumeClaimTemplates: [CLAIM],
      scaleStrategy: { maxUnavailable: '10%', disablePVCReuse: true },
      updateStrategy: { type: 'InPlaceIfPossible', partition: 2, maxUnavailable: '20%', maxSurge: 0, paused: false, priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { a: 'b' } } }] }, scatterStrategy: [{ key: 'zone', value: 'a' }], inPlaceUpdateStrategy: { gracePeriodSeconds: 5 } },
      lifecycle: { preDelete: { labelsHandler: { 'example.io/block': 'true' } } },
    },
  },
  {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: META,
    spec: {
      replicas: 3, serviceName: 'web', selector: SELECTOR, template: TEMPLATE, volumeClaimTemplates: [CLAIM], podManagementPolicy: 'Parallel', reserveOrdinals: [1, '3-4'],
      ordinals: { start: 0 },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' },
      scaleStrategy: { maxUnavailable: 1 },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: '50%', podUpdatePolicy: 'InPlaceIfPossible', paused: false, unorderedUpdate: { priorityStrategy: { weightPriority: [{ weight: 1, matchSelector: { matchLabels: { a: 'b' } } }] } }, inPlaceUpdateStrategy: { gracePeriodSeconds: 3 }, minReadySeconds: 2 } },
      lifecycle: { preDelete: { labelsHandler: { 'example.io/block': 'true' } } },
    },
  },
  {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'StatefulSet', metadata: META,
    spec: { replicas: 3, serviceName: 'web', selector: SELECTOR, template: TEMPLATE, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, podUpdatePolicy: 'ReCreate' } } },
  },
  {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: META,
    spec: {
      replicas: 6, selector: SELECTOR, revisionHistoryLimit: 3,
      template: { cloneSetTemplate: { metadata: { labels: { app: 'web' } }, spec: { selector: SELECTOR, template: TEMPLATE, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } } } } },
      topology: {
        subsets: [
          { name: 'a', replicas: '50%', nodeSelectorTerm: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }, tolerations: [{ key: 'k', operator: 'Exists' }], patch: { metadata: { labels: { z: 'a' } } } },
          { name: 'b', nodeSelectorTerm: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] } },
        ],
        scheduleStrategy: { type: 'Fixed' },
      },
      updateStrategy: { type: 'Manual', manualUpdate: { partitions: { a: 1 } } },
    },
  } as unknown as KubeObject,
  {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: META,
    spec: { replicas: 2, selector: SELECTOR, template: TEMPLATE, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } }, progressDeadlineSeconds: 60 },
  },
  {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: META,
    spec: { replicas: 2, serviceName: 'web', selector: SELECTOR, template: TEMPLATE, volumeClaimTemplates: [CLAIM], updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 1 } } },
  },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: META, spec: { replicas: 2, selector: SELECTOR, template: TEMPLATE } },
];

const admit = kruiseAdmission();

/** What admission did: "admitted", "refused", or the JavaScript error it should never throw. */
function outcome(object: KubeObject, old?: KubeObject): string {
  try {
    admit({ operation: old ? 'UPDATE' : 'CREATE', object, old, get: () => undefined });
    return 'admitted';
  } catch (err) {
    if (isApiError(err)) return 'refused';
    const where = (err as Error).stack?.split('\n').slice(1, 4).map((line) => line.trim()).join(' < ');
    return `${(err as Error).name}: ${(err as Error).message} (${where})`;
  }
}

describe.each(MANIFESTS.map((m) => [`${m.apiVersion} ${m.kind}`, m] as const))('%s admission with one field emptied or odd', (_name, manifest) => {
  it('admits the manifest as written', () => {
    expect(outcome(structuredClone(manifest))).toBe('admitted');
  });

  it('admits or refuses with an ApiError, on create and update, whatever one field holds', () => {
    const old = admit({ operation: 'CREATE', object: structuredClone(manifest), get: () => undefined });
    const failures: string[] = [];
    let checked = 0;
    for (const path of paths(manifest)) {
      // The store refuses these before any webhook runs (the cluster's incoming-object.ts).
      if (path[0] === 'apiVersion' || path[0] === 'kind' || path.join('.') === 'metadata') continue;
      for (const value of ODD_VALUES) {
        const object = replaced(manifest, path, value);
        if (validateObjectSchema(object).length > 0) continue;
        checked++;
        for (const [when, result] of [['create', outcome(structuredClone(object))], ['update', outcome(structuredClone(object), structuredClone(old))]]) {
          if (result !== 'admitted' && result !== 'refused') failures.push(`${when} ${path.join('.')} = ${JSON.stringify(value)}: ${result}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The schema lets null through for (nearly) every optional field, so most paths are checked.
    expect(checked).toBeGreaterThan(paths(manifest).length / 3);
  });
});
