// The workloads the robustness tests empty a field of: every kind and served version the cluster admits,
// each with most of its optional fields set, so that most fields can be emptied.
import type { KubeObject } from '@coxswain/kruise-api';

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
    nodeSelector: { 'topology.kubernetes.io/zone': 'zone-a' },
    volumes: [{ name: 'cfg', configMap: { name: 'cfg' } }],
  },
};

const CLAIM = { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
const SELECTOR = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] };
const META = { name: 'web', namespace: 'default', labels: { team: 'a' }, annotations: { a: 'b' } };

/** A rich manifest per workload kind and served version, every one admitted as written. */
export const WORKLOAD_MANIFESTS: KubeObject[] = [
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
          { name: 'a', replicas: '50%', nodeSelectorTerm: { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-a'] }] }, tolerations: [{ key: 'k', operator: 'Exists' }], patch: { metadata: { labels: { z: 'a' } } } },
          { name: 'b', nodeSelectorTerm: { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-b'] }] } },
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
