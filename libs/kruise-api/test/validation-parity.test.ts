// Issue 27 item 3, validation parity: inputs Kruise's webhooks or the apiserver refuse (or that the
// issue has Coxswain refuse), each with the field and the message the caller reads. One table per kind;
// every row would have been accepted before.
import { describe, expect, it } from '@jest/globals';
import type { Deployment } from '../src/apps-v1.js';
import type { CloneSet, CloneSetV1alpha1 } from '../src/cloneset.js';
import { setDefaultsCloneSetAnyVersion } from '../src/cloneset-defaults.js';
import { validateCloneSet } from '../src/cloneset-validation.js';
import { validateDeployment } from '../src/deployment-validation.js';
import { formatFieldError, type FieldError } from '../src/field-errors.js';
import { validatePodUpdate } from '../src/pod-update-validation.js';
import { validatePod } from '../src/pod-validation.js';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate } from '../src/pvc-validation.js';
import type { StatefulSet } from '../src/statefulset.js';
import { setDefaultsStatefulSetAnyVersion } from '../src/statefulset-defaults.js';
import { validateStatefulSet } from '../src/statefulset-validation.js';
import type { UnitedDeployment } from '../src/uniteddeployment.js';
import { validateUnitedDeployment } from '../src/uniteddeployment-validation.js';

type Loose = Record<string, any>;

interface Row {
  name: string;
  errors: () => FieldError[];
  /** The field error the caller reads, as `formatFieldError` prints it (a prefix of it for long ones). */
  expected: string;
}

function check({ errors, expected }: Row): void {
  const texts = errors().map(formatFieldError);
  expect(texts.some((t) => t.startsWith(expected)) ? expected : texts).toEqual(expected);
}

const BIG = 'x'.repeat(256 * 1024);

function podTemplate(edit: (spec: Loose, template: Loose) => void = () => {}): Loose {
  const template: Loose = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } };
  edit(template['spec'], template);
  return template;
}

function cloneSet(version: 'v1alpha1' | 'v1beta1', edit: (spec: Loose) => void, template?: Loose): FieldError[] {
  const obj: Loose = {
    apiVersion: `apps.kruise.io/${version}`,
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: template ?? podTemplate() },
  };
  edit(obj['spec']);
  const defaulted = setDefaultsCloneSetAnyVersion(obj as CloneSet | CloneSetV1alpha1, {});
  return validateCloneSet(defaulted, { version });
}

const alpha = (edit: (spec: Loose) => void = () => {}, template?: Loose) => () => cloneSet('v1alpha1', edit, template);
const beta = (edit: (spec: Loose) => void = () => {}, template?: Loose) => () => cloneSet('v1beta1', edit, template);

function statefulSet(edit: (spec: Loose) => void, template?: Loose): () => FieldError[] {
  return () => {
    const obj: Loose = {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'StatefulSet',
      metadata: { name: 'db', namespace: 'shop' },
      spec: { replicas: 3, podManagementPolicy: 'Parallel', selector: { matchLabels: { app: 'web' } }, template: template ?? podTemplate() },
    };
    edit(obj['spec']);
    return validateStatefulSet(setDefaultsStatefulSetAnyVersion(obj as StatefulSet, {}), { version: 'v1beta1' });
  };
}

function unitedDeployment(edit: (spec: Loose) => void): () => FieldError[] {
  return () => {
    const obj: Loose = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'UnitedDeployment',
      metadata: { name: 'ud', namespace: 'shop' },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'web' } },
        template: { advancedStatefulSetTemplate: { metadata: { labels: { app: 'web' } }, spec: { selector: { matchLabels: { app: 'web' } }, template: podTemplate() } } },
        topology: { subsets: [{ name: 'a' }] },
      },
    };
    edit(obj['spec']);
    return validateUnitedDeployment(obj as UnitedDeployment, { version: 'v1alpha1' });
  };
}

function pod(edit: (spec: Loose, pod: Loose) => void): () => FieldError[] {
  return () => {
    const obj: Loose = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } };
    edit(obj['spec'], obj);
    return validatePod(obj);
  };
}

const resources = (r: Loose) => podTemplate((spec) => (spec['containers'][0]['resources'] = r));

describe('CloneSet', () => {
  const rows: Row[] = [
    { name: 'negative minReadySeconds', errors: alpha((s) => (s['minReadySeconds'] = -1)), expected: 'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0' },
    { name: 'negative revisionHistoryLimit', errors: beta((s) => (s['revisionHistoryLimit'] = -1)), expected: 'spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0' },
    {
      name: 'negative inPlaceUpdateStrategy.gracePeriodSeconds (v1alpha1)',
      errors: alpha((s) => (s['updateStrategy'] = { type: 'InPlaceIfPossible', inPlaceUpdateStrategy: { gracePeriodSeconds: -5 } })),
      expected: 'spec.updateStrategy.inPlaceUpdateStrategy.gracePeriodSeconds: Invalid value: -5: must be greater than or equal to 0',
    },
    {
      name: 'negative inPlaceUpdateStrategy.gracePeriodSeconds (v1beta1)',
      errors: beta((s) => (s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', inPlaceUpdateStrategy: { gracePeriodSeconds: -5 } } })),
      expected: 'spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy.gracePeriodSeconds: Invalid value: -5: must be greater than or equal to 0',
    },
    { name: 'maxUnavailable over 100%', errors: alpha((s) => (s['updateStrategy'] = { maxUnavailable: '150%' })), expected: 'spec.updateStrategy.maxUnavailable: Invalid value: "150%": must not be greater than 100%' },
    {
      name: 'maxUnavailable not a whole percentage',
      errors: beta((s) => (s['updateStrategy'] = { rollingUpdate: { maxUnavailable: '5.5%' } })),
      expected: 'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "5.5%": must be an integer or a whole percentage from "0%" to "100%", such as "20%"',
    },
    { name: 'maxSurge over 100%', errors: alpha((s) => (s['updateStrategy'] = { maxSurge: '101%' })), expected: 'spec.updateStrategy.maxSurge: Invalid value: "101%": must not be greater than 100%' },
    { name: 'maxSurge not a whole percentage', errors: alpha((s) => (s['updateStrategy'] = { maxSurge: '5.5%' })), expected: 'spec.updateStrategy.maxSurge: Invalid value: "5.5%": must be an integer or a whole percentage' },
    { name: 'scaleStrategy.maxUnavailable "x"', errors: alpha((s) => (s['scaleStrategy'] = { maxUnavailable: 'x' })), expected: 'spec.scaleStrategy.maxUnavailable: Invalid value: "x": must be an integer or a whole percentage' },
    { name: 'scaleStrategy.maxUnavailable -3', errors: beta((s) => (s['scaleStrategy'] = { maxUnavailable: -3 })), expected: 'spec.scaleStrategy.maxUnavailable: Invalid value: -3: must be greater than or equal to 0' },
    {
      name: 'a labelsHandler key that is not a label key',
      errors: alpha((s) => (s['lifecycle'] = { preDelete: { labelsHandler: { 'bad key!': 'true' } } })),
      expected: 'spec.lifecycle.preDelete.labelsHandler: Invalid value: "bad key!": name part must consist of alphanumeric characters',
    },
    {
      name: 'a labelsHandler value that is not a label value',
      errors: beta((s) => (s['lifecycle'] = { inPlaceUpdate: { labelsHandler: { 'example.io/hold': 'not ok' } } })),
      expected: 'spec.lifecycle.inPlaceUpdate.labelsHandler: Invalid value: "not ok": a valid label must be an empty string or consist of alphanumeric characters',
    },
    {
      name: 'negative terminationGracePeriodSeconds in the template',
      errors: alpha(() => {}, podTemplate((spec) => (spec['terminationGracePeriodSeconds'] = -1))),
      expected: 'spec.template.spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0',
    },
    {
      name: 'a negative memory request',
      errors: alpha(() => {}, resources({ requests: { memory: '-1Gi' } })),
      expected: 'spec.template.spec.containers[0].resources.requests[memory]: Invalid value: "-1Gi": must be greater than or equal to 0',
    },
    {
      name: 'a negative cpu limit',
      errors: beta(() => {}, resources({ limits: { cpu: '-500m' } })),
      expected: 'spec.template.spec.containers[0].resources.limits[cpu]: Invalid value: "-500m": must be greater than or equal to 0',
    },
    {
      name: 'a cpu request above its limit',
      errors: alpha(() => {}, resources({ requests: { cpu: '2' }, limits: { cpu: '1500m' } })),
      expected: 'spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1500m',
    },
    {
      name: 'a memory request above its limit, written in other units',
      errors: beta(() => {}, resources({ requests: { memory: '1Gi' }, limits: { memory: '1G' } })),
      expected: 'spec.template.spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 1G',
    },
    {
      name: 'a resource a container cannot ask for',
      errors: alpha(() => {}, resources({ requests: { pods: '1' } })),
      expected: 'spec.template.spec.containers[0].resources.requests[pods]: Invalid value: "pods": must be a standard resource for containers',
    },
    {
      name: 'an extended resource requested below its limit',
      errors: alpha(() => {}, resources({ requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '2' } })),
      expected: 'spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2',
    },
    {
      name: 'template annotations over 256 KiB',
      errors: alpha(() => {}, podTemplate((_spec, t) => (t['metadata']['annotations'] = { big: BIG }))),
      expected: 'spec.template.metadata.annotations: Too long: must have at most 262144 bytes',
    },
    {
      name: 'two mounts at one path',
      errors: alpha(() => {}, podTemplate((spec) => {
        spec['volumes'] = [{ name: 'a', emptyDir: {} }, { name: 'b', emptyDir: {} }];
        spec['containers'][0]['volumeMounts'] = [{ name: 'a', mountPath: '/data' }, { name: 'b', mountPath: '/data' }];
      })),
      expected: 'spec.template.spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/data": must be unique',
    },
    {
      name: 'an unknown imagePullPolicy',
      errors: beta(() => {}, podTemplate((spec) => (spec['containers'][0]['imagePullPolicy'] = 'Sometimes'))),
      expected: 'spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
    },
    {
      name: 'a toleration with an unknown operator',
      errors: alpha(() => {}, podTemplate((spec) => (spec['tolerations'] = [{ key: 'k', operator: 'Maybe' }]))),
      expected: 'spec.template.spec.tolerations[0].operator: Unsupported value: "Maybe": supported values: "Equal", "Exists"',
    },
  ];
  it.each(rows)('$name', check);
});

describe('Advanced StatefulSet', () => {
  const rows: Row[] = [
    { name: 'negative revisionHistoryLimit', errors: statefulSet((s) => (s['revisionHistoryLimit'] = -2)), expected: 'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0' },
    {
      name: 'rollingUpdate.maxUnavailable over 100%',
      errors: statefulSet((s) => (s['updateStrategy'] = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%' } })),
      expected: 'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%',
    },
    {
      name: 'a labelsHandler key that is not a label key',
      errors: statefulSet((s) => (s['lifecycle'] = { preNormal: { labelsHandler: { '-bad': 'true' } } })),
      expected: 'spec.lifecycle.preNormal.labelsHandler: Invalid value: "-bad": name part must consist of alphanumeric characters',
    },
    {
      name: 'a cpu request above its limit',
      errors: statefulSet(() => {}, resources({ requests: { cpu: '1' }, limits: { cpu: '100m' } })),
      expected: 'spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 100m',
    },
  ];
  it.each(rows)('$name', check);
});

describe('UnitedDeployment', () => {
  const rows: Row[] = [
    {
      name: 'a negative memory limit in the subset template',
      errors: unitedDeployment((s) => (s['template']['advancedStatefulSetTemplate']['spec']['template'] = resources({ limits: { memory: '-1' } }))),
      expected: 'spec.template.advancedStatefulSetTemplate.spec.template.spec.containers[0].resources.limits[memory]: Invalid value: "-1": must be greater than or equal to 0',
    },
  ];
  it.each(rows)('$name', check);
});

describe('apps/v1 Deployment', () => {
  const rows: Row[] = [
    {
      name: 'a cpu request above its limit',
      errors: () => validateDeployment({
        apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'shop' },
        spec: { selector: { matchLabels: { app: 'web' } }, template: resources({ requests: { cpu: '2' }, limits: { cpu: '1' } }) },
      } as unknown as Deployment),
      expected: 'spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    },
  ];
  it.each(rows)('$name', check);
});

describe('Pod (ValidatePodCreate)', () => {
  const rows: Row[] = [
    { name: 'no spec', errors: pod((_s, p) => delete p['spec']), expected: 'spec.containers: Required value' },
    { name: 'no containers', errors: pod((s) => (s['containers'] = [])), expected: 'spec.containers: Required value' },
    { name: 'a container without an image', errors: pod((s) => delete s['containers'][0]['image']), expected: 'spec.containers[0].image: Required value' },
    { name: 'an image with a trailing space', errors: pod((s) => (s['containers'][0]['image'] = 'nginx ')), expected: 'spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace' },
    { name: 'negative terminationGracePeriodSeconds', errors: pod((s) => (s['terminationGracePeriodSeconds'] = -1)), expected: 'spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0' },
    { name: 'a negative memory request', errors: pod((s) => (s['containers'][0]['resources'] = { requests: { memory: '-128Mi' } })), expected: 'spec.containers[0].resources.requests[memory]: Invalid value: "-128Mi": must be greater than or equal to 0' },
    {
      name: 'a memory request above its limit',
      errors: pod((s) => (s['containers'][0]['resources'] = { requests: { memory: '256Mi' }, limits: { memory: '128Mi' } })),
      expected: 'spec.containers[0].resources.requests: Invalid value: "256Mi": must be less than or equal to memory limit of 128Mi',
    },
    { name: 'an unknown restartPolicy', errors: pod((s) => (s['restartPolicy'] = 'Sometimes')), expected: 'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"' },
    { name: 'activeDeadlineSeconds 0', errors: pod((s) => (s['activeDeadlineSeconds'] = 0)), expected: 'spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive' },
    { name: 'a node name that is not a DNS subdomain', errors: pod((s) => (s['nodeName'] = 'Node_1')), expected: 'spec.nodeName: Invalid value: "Node_1": a lowercase RFC 1123 subdomain' },
    { name: 'a hostname that is not a DNS label', errors: pod((s) => (s['hostname'] = 'a.b')), expected: 'spec.hostname: Invalid value: "a.b": a lowercase RFC 1123 label' },
    { name: 'a nodeSelector key that is not a label key', errors: pod((s) => (s['nodeSelector'] = { 'a b': 'x' })), expected: 'spec.nodeSelector: Invalid value: "a b": name part must consist' },
    { name: 'a readiness gate that is not a qualified name', errors: pod((s) => (s['readinessGates'] = [{ conditionType: 'not ok' }])), expected: 'spec.readinessGates[0].conditionType: Invalid value: "not ok": name part must consist' },
    { name: 'an env var without a name', errors: pod((s) => (s['containers'][0]['env'] = [{ value: 'x' }])), expected: 'spec.containers[0].env[0].name: Required value' },
  ];
  it.each(rows)('$name', check);

  it('accepts a plain pod, and one as a controller writes it (requests within limits, tolerations, readiness gates)', () => {
    expect(pod(() => {})()).toEqual([]);
    expect(pod((s) => {
      s['containers'][0]['resources'] = { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1073741824' } };
      s['tolerations'] = [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }];
      s['readinessGates'] = [{ conditionType: 'InPlaceUpdateReady' }, { conditionType: 'KruisePodReady' }];
      s['terminationGracePeriodSeconds'] = 30;
      s['nodeName'] = 'sim-a-1';
    })()).toEqual([]);
  });
});

describe('Pod updates (ValidatePodUpdate)', () => {
  const running = (edit: (spec: Loose) => void = () => {}): Loose => {
    const spec: Loose = {
      nodeName: 'sim-a-1',
      containers: [{ name: 'app', image: 'nginx:1.25', resources: { requests: { cpu: '100m' } } }, { name: 'side', image: 'envoy:1' }],
      initContainers: [{ name: 'init', image: 'busybox:1' }],
      tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }],
      activeDeadlineSeconds: 600,
    };
    edit(spec);
    return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec };
  };
  const update = (edit: (spec: Loose) => void) => () => validatePodUpdate(running(edit), running());
  const FORBIDDEN = 'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';
  const rows: Row[] = [
    { name: 'moving a pod to another node', errors: update((s) => (s['nodeName'] = 'sim-b-1')), expected: `${FORBIDDEN}\nchanged: spec.nodeName` },
    { name: 'unbinding a pod', errors: update((s) => delete s['nodeName']), expected: FORBIDDEN },
    { name: 'removing a container ($patch: delete)', errors: update((s) => s['containers'].pop()), expected: 'spec.containers: Forbidden: pod updates may not add or remove containers' },
    { name: 'emptying the containers', errors: update((s) => (s['containers'] = [])), expected: 'spec.containers: Forbidden: pod updates may not add or remove containers' },
    { name: 'adding an init container', errors: update((s) => s['initContainers'].push({ name: 'two', image: 'busybox:1' })), expected: 'spec.initContainers: Forbidden: pod updates may not add or remove containers' },
    { name: 'changing an env var', errors: update((s) => (s['containers'][0]['env'] = [{ name: 'A', value: '1' }])), expected: `${FORBIDDEN}\nchanged: spec.containers[0].env` },
    { name: 'raising activeDeadlineSeconds', errors: update((s) => (s['activeDeadlineSeconds'] = 601)), expected: 'spec.activeDeadlineSeconds: Invalid value: 601: must be less than or equal to previous value' },
    { name: 'removing activeDeadlineSeconds', errors: update((s) => delete s['activeDeadlineSeconds']), expected: 'spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value' },
    { name: 'changing a toleration', errors: update((s) => (s['tolerations'][0]['effect'] = 'NoSchedule')), expected: 'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds' },
    { name: 'changing terminationGracePeriodSeconds', errors: update((s) => (s['terminationGracePeriodSeconds'] = 5)), expected: FORBIDDEN },
    { name: 'changing an ephemeral-storage request', errors: update((s) => (s['containers'][0]['resources'] = { requests: { cpu: '100m', 'ephemeral-storage': '1Gi' } })), expected: FORBIDDEN },
  ];
  it.each(rows)('$name', check);

  it('allows what an update may change: images, a lower deadline, added tolerations and their seconds, cpu and memory', () => {
    const allowed = (edit: (spec: Loose) => void) => validatePodUpdate(running(edit), running());
    expect(allowed((s) => {
      s['containers'][0]['image'] = 'nginx:1.27';
      s['initContainers'][0]['image'] = 'busybox:2';
      s['activeDeadlineSeconds'] = 300;
      s['tolerations'][0]['tolerationSeconds'] = 20;
      s['tolerations'].push({ key: 'other', operator: 'Exists' });
      s['containers'][0]['resources'] = { requests: { cpu: '200m', memory: '64Mi' } };
    })).toEqual([]);
    expect(validatePodUpdate(running((s) => (s['terminationGracePeriodSeconds'] = 1)), running((s) => (s['terminationGracePeriodSeconds'] = -1)))).toEqual([]);
    expect(validatePodUpdate(running((s) => (s['activeDeadlineSeconds'] = 10)), running((s) => delete s['activeDeadlineSeconds']))).toEqual([]);
  });
});

describe('PersistentVolumeClaim (ValidatePersistentVolumeClaim, ValidatePersistentVolumeClaimUpdate)', () => {
  const claim = (edit: (spec: Loose, claim: Loose) => void = () => {}): Loose => {
    const obj: Loose = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'shop' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    edit(obj['spec'], obj);
    return obj;
  };
  const create = (edit: (spec: Loose, claim: Loose) => void) => () => validatePersistentVolumeClaim(claim(edit));
  const update = (edit: (spec: Loose) => void, bound = false) => () => {
    const old = claim((s, c) => {
      s['volumeName'] = 'pv-1';
      if (bound) c['status'] = { phase: 'Bound' };
    });
    return validatePersistentVolumeClaimUpdate(claim((s) => { s['volumeName'] = 'pv-1'; edit(s); }), old);
  };
  const rows: Row[] = [
    { name: 'no access mode', errors: create((s) => delete s['accessModes']), expected: 'spec.accessModes: Required value: at least 1 access mode is required' },
    { name: 'ReadWriteOncePod with another mode', errors: create((s) => (s['accessModes'] = ['ReadWriteOncePod', 'ReadOnlyMany'])), expected: 'spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes' },
    { name: 'no storage request', errors: create((s) => delete s['resources']), expected: 'spec.resources[storage]: Required value' },
    { name: 'a storage request of zero', errors: create((s) => (s['resources']['requests']['storage'] = '0')), expected: 'spec.resources[storage]: Invalid value: "0": must be greater than zero' },
    { name: 'a storage class that is no DNS subdomain', errors: create((s) => (s['storageClassName'] = 'Fast_SSD')), expected: 'spec.storageClassName: Invalid value: "Fast_SSD": a lowercase RFC 1123 subdomain' },
    { name: 'changing the access modes', errors: update((s) => (s['accessModes'] = ['ReadWriteMany'])), expected: 'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims' },
    { name: 'growing an unbound claim', errors: update((s) => (s['resources']['requests']['storage'] = '2Gi')), expected: 'spec: Forbidden: spec is immutable after creation' },
    { name: 'shrinking a bound claim', errors: update((s) => (s['resources']['requests']['storage'] = '512Mi'), true), expected: 'spec.resources.requests.storage: Forbidden: field can not be less than previous value' },
  ];
  it.each(rows)('$name', check);

  it('accepts a claim, binding it to a volume once, and growing it once bound', () => {
    expect(validatePersistentVolumeClaim(claim())).toEqual([]);
    expect(validatePersistentVolumeClaimUpdate(claim((s) => (s['volumeName'] = 'pv-1')), claim())).toEqual([]);
    expect(update((s) => (s['resources']['requests']['storage'] = '2Gi'), true)()).toEqual([]);
  });
});
