// Advanced StatefulSet and apps/v1 StatefulSet API handling: defaulting (docs/spec/advanced-statefulset.md
// §1.1, Kubernetes' SetDefaults_StatefulSet), validation (docs/spec/advanced-statefulset.md §1.3 and the native rules), conversion between
// v1alpha1 and v1beta1, and reserveOrdinals parsing (docs/spec/advanced-statefulset.md §2.1).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { NativeStatefulSet } from '../src/apps-v1.js';
import { FeatureGates } from '../src/feature-gates.js';
import { formatFieldError, type FieldErrorType } from '../src/field-errors.js';
import type { StatefulSet, StatefulSetV1alpha1 } from '../src/statefulset.js';
import {
  convertStatefulSetToV1alpha1,
  convertStatefulSetToV1beta1,
  nativeStatefulSetView,
  toStorageStatefulSet,
} from '../src/statefulset-conversion.js';
import { setDefaultsNativeStatefulSet, setDefaultsStatefulSet, setDefaultsStatefulSetV1alpha1 } from '../src/statefulset-defaults.js';
import { ReservedOrdinals, parseOrdinalRange } from '../src/statefulset-ordinals.js';
import { validateNativeStatefulSet, validateStatefulSet } from '../src/statefulset-validation.js';
import { parseManifests } from '../src/yaml.js';

/** Loose access for building malformed objects. */
type Loose = Record<string, any>;

function beta(edit: (spec: Loose, obj: Loose) => void = () => {}): StatefulSet {
  const obj: Loose = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      replicas: 3,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } },
    },
  };
  edit(obj['spec'], obj);
  return obj as StatefulSet;
}

function native(edit: (spec: Loose) => void = () => {}): NativeStatefulSet {
  const obj = beta() as unknown as Loose;
  obj['apiVersion'] = 'apps/v1';
  edit(obj['spec']);
  return obj as NativeStatefulSet;
}

const VCT_ONLY = (spec: Loose, name = 'data') => {
  spec['volumeClaimTemplates'] = [{ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }];
};

const inPlaceGate = (spec: Loose) => {
  spec['template']['spec']['readinessGates'] = [{ conditionType: 'InPlaceUpdateReady' }];
};

function errorsOf(obj: StatefulSet | StatefulSetV1alpha1, old?: StatefulSet): [string, FieldErrorType][] {
  const version = obj.apiVersion.endsWith('v1alpha1') ? 'v1alpha1' : 'v1beta1';
  return validateStatefulSet(setDefaultsStatefulSet(obj as StatefulSet), { version, old }).map((e) => [e.field, e.type]);
}

describe('Advanced StatefulSet defaulting equals apps/v1 defaulting, plus Kruise rollingUpdate fields', () => {
  it('fills the native defaults and Kruise rollingUpdate defaults for a bare manifest', () => {
    const spec = setDefaultsStatefulSet(beta((s) => delete s['replicas'])).spec;
    expect(spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: 'OrderedReady',
      revisionHistoryLimit: 10,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
    // Template defaults as the API server writes them for a native StatefulSet.
    expect(spec.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', terminationGracePeriodSeconds: 30, schedulerName: 'default-scheduler' });
    expect(spec.template.spec.containers[0]).toMatchObject({ imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log' });
  });

  it('gives a migrated manifest exactly the native defaults on every native field', () => {
    const kruise = setDefaultsStatefulSet(beta((s) => delete s['replicas'])).spec as Loose;
    const apps = setDefaultsNativeStatefulSet(native((s) => delete s['replicas'])).spec as Loose;
    for (const field of ['replicas', 'podManagementPolicy', 'revisionHistoryLimit', 'template', 'persistentVolumeClaimRetentionPolicy', 'serviceName', 'selector']) {
      expect([field, kruise[field]]).toEqual([field, apps[field]]);
    }
    expect(kruise['updateStrategy'].type).toBe(apps['updateStrategy'].type);
    expect(kruise['updateStrategy'].rollingUpdate.partition).toBe(apps['updateStrategy'].rollingUpdate.partition);
  });

  it('keeps explicit values, leaves OnDelete without rollingUpdate, and is idempotent', () => {
    const set = beta((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { type: 'OnDelete' };
      s['revisionHistoryLimit'] = 0;
      s['persistentVolumeClaimRetentionPolicy'] = { whenScaled: 'Delete' };
    });
    const once = setDefaultsStatefulSet(set);
    expect(once.spec.updateStrategy).toEqual({ type: 'OnDelete' });
    expect(once.spec.podManagementPolicy).toBe('Parallel');
    expect(once.spec.revisionHistoryLimit).toBe(0);
    expect(once.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenDeleted: 'Retain', whenScaled: 'Delete' });
    expect(setDefaultsStatefulSet(once)).toEqual(once);
    expect(set.spec.updateStrategy).toEqual({ type: 'OnDelete' });
  });

  it('defaults the retention policy only with gate StatefulSetAutoDeletePVC, and volumeClaimUpdateStrategy only with StatefulSetAutoResizePVCGate', () => {
    const off = setDefaultsStatefulSet(beta(), { gates: FeatureGates.from({ StatefulSetAutoDeletePVC: false }) });
    expect(off.spec.persistentVolumeClaimRetentionPolicy).toBeUndefined();
    expect(off.spec.volumeClaimUpdateStrategy).toBeUndefined();
    const resize = setDefaultsStatefulSet(beta(), { gates: FeatureGates.from({ StatefulSetAutoResizePVCGate: true }) });
    expect(resize.spec.volumeClaimUpdateStrategy).toEqual({ type: 'OnDelete' });
  });

  it('injects template defaults on update only when the template changed, never with TemplateNoDefaults', () => {
    const stored = beta();
    const sameTemplate = setDefaultsStatefulSet(beta((s) => (s['replicas'] = 5)), { old: stored });
    expect(sameTemplate.spec.template).toEqual(stored.spec.template);
    const noDefaults = setDefaultsStatefulSet(beta(), { gates: FeatureGates.from({ TemplateNoDefaults: true }) });
    expect(noDefaults.spec.template.spec.restartPolicy).toBeUndefined();
  });

  it('native: rollingUpdate with partition 0 only when the type was empty; maxUnavailable never defaulted', () => {
    expect(setDefaultsNativeStatefulSet(native()).spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
    expect(setDefaultsNativeStatefulSet(native((s) => (s['updateStrategy'] = { type: 'RollingUpdate' }))).spec.updateStrategy).toEqual({ type: 'RollingUpdate' });
    expect(setDefaultsNativeStatefulSet(native((s) => (s['updateStrategy'] = { rollingUpdate: { partition: 2 } }))).spec.updateStrategy).toEqual({
      type: 'RollingUpdate', rollingUpdate: { partition: 2 },
    });
  });

  it('v1alpha1 gets the same rollingUpdate defaults and no retention policy (it has none)', () => {
    const alpha = { ...beta(), apiVersion: 'apps.kruise.io/v1alpha1' } as unknown as StatefulSetV1alpha1;
    const spec = setDefaultsStatefulSetV1alpha1(alpha).spec as Loose;
    expect(spec['updateStrategy']).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 0 } });
    expect(spec['persistentVolumeClaimRetentionPolicy']).toBeUndefined();
  });
});

describe('Advanced StatefulSet validation (Kruise webhook)', () => {
  it.each<[string, (spec: Loose) => void, [string, FieldErrorType][]]>([
    ['a valid OrderedReady set', () => {}, []],
    ['maxUnavailable 2 needs Parallel', (s) => (s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 2 } }), [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']]],
    ['maxUnavailable "100%" (not the integer 1) is refused for OrderedReady', (s) => (s['updateStrategy'] = { rollingUpdate: { maxUnavailable: '100%' } }), [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']]],
    ['maxUnavailable 3 with Parallel', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 3 } };
    }, []],
    ['maxUnavailable "20%" with Parallel', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: '20%' } };
    }, []],
    ['maxUnavailable 0 is refused even with Parallel', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 0 } };
    }, [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']]],
    ['maxUnavailable "0%" is refused', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: '0%' } };
    }, [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']]],
    ['maxUnavailable "5" (no %) is refused', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: '5' } };
    }, [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']]],
    ['scaleStrategy.maxUnavailable 2 needs Parallel', (s) => (s['scaleStrategy'] = { maxUnavailable: 2 }), [['spec.scaleStrategy.maxUnavailable', 'Invalid']]],
    ['unorderedUpdate needs Parallel', (s) => (s['updateStrategy'] = { rollingUpdate: { unorderedUpdate: {} } }), [['spec.updateStrategy.rollingUpdate.unorderedUpdate', 'Invalid']]],
    ['unorderedUpdate priority terms are checked like CloneSet', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { unorderedUpdate: { priorityStrategy: { weightPriority: [{ weight: 120, matchSelector: { matchLabels: { a: 'b' } } }] } } } };
    }, [['spec.updateStrategy.rollingUpdate.unorderedUpdate.priorityStrategy.weightPriority[0].weight', 'Invalid']]],
    ['InPlaceIfPossible needs the InPlaceUpdateReady readiness gate', (s) => (s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } }), [['spec.template.spec.readinessGates', 'Invalid']]],
    ['InPlaceOnly with the gate', (s) => {
      inPlaceGate(s);
      s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceOnly' } };
    }, []],
    ['an unknown podUpdatePolicy', (s) => (s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'Rolling' } }), [['spec.updateStrategy.rollingUpdate.podUpdatePolicy', 'NotSupported']]],
    ['OnDelete with a rollingUpdate', (s) => (s['updateStrategy'] = { type: 'OnDelete', rollingUpdate: { partition: 1 } }), [['spec.updateStrategy.rollingUpdate', 'Invalid']]],
    ['a negative partition', (s) => (s['updateStrategy'] = { rollingUpdate: { partition: -1 } }), [['spec.updateStrategy.rollingUpdate.partition', 'Invalid']]],
    ['minReadySeconds above 300', (s) => (s['updateStrategy'] = { rollingUpdate: { minReadySeconds: 301 } }), [['spec.updateStrategy.rollingUpdate.minReadySeconds', 'Invalid']]],
    ['an unknown podManagementPolicy', (s) => (s['podManagementPolicy'] = 'Burst'), [['spec.podManagementPolicy', 'Invalid']]],
    ['reserveOrdinals with ints and ranges', (s) => (s['reserveOrdinals'] = [1, '3-5']), []],
    ['reserveOrdinals: negative, backwards and malformed items', (s) => (s['reserveOrdinals'] = [-1, '5-3', '3', 'a-b']), [
      ['spec.reserveOrdinals[0]', 'Invalid'], ['spec.reserveOrdinals[1]', 'Invalid'], ['spec.reserveOrdinals[2]', 'Invalid'], ['spec.reserveOrdinals[3]', 'Invalid'],
    ]],
    ['a PVC retention value', (s) => (s['persistentVolumeClaimRetentionPolicy'] = { whenScaled: 'Keep' }), [['spec.persistentVolumeClaimRetentionPolicy.whenScaled', 'NotSupported']]],
    ['restartPolicy Never', (s) => (s['template']['spec']['restartPolicy'] = 'Never'), [['spec.template.spec.restartPolicy', 'NotSupported']]],
    ['activeDeadlineSeconds', (s) => (s['template']['spec']['activeDeadlineSeconds'] = 5), [['spec.template.spec.activeDeadlineSeconds', 'Forbidden']]],
    ['an empty selector', (s) => (s['selector'] = {}), [['spec.selector', 'Invalid']]],
    ['a selector that does not match the template', (s) => (s['selector'] = { matchLabels: { app: 'other' } }), [['spec.template.metadata.labels', 'Invalid']]],
    ['negative replicas', (s) => (s['replicas'] = -1), [['spec.replicas', 'Invalid']]],
  ])('%s', (_name, edit, expected) => {
    expect(errorsOf(beta(edit)).sort()).toEqual([...expected].sort());
  });

  it('words errors as Kruise and Kubernetes do', () => {
    const errors = validateStatefulSet(setDefaultsStatefulSet(beta((s) => (s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 2 } }))), { version: 'v1beta1' });
    expect(errors.map(formatFieldError)).toEqual([
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "2": maxUnavailable can just work with Parallel PodManagementPolicyType',
    ]);
    const gate = validateStatefulSet(setDefaultsStatefulSet(beta((s) => (s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceOnly' } }))), { version: 'v1beta1' });
    expect(gate.map(formatFieldError)).toEqual(['spec.template.spec.readinessGates: Invalid value: []: must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceOnly']);
  });

  it('allows updates of the mutable fields and names each immutable one that changed', () => {
    const old = setDefaultsStatefulSet(beta());
    const mutable = beta((s) => {
      s['replicas'] = 7;
      s['reserveOrdinals'] = [1];
      s['updateStrategy'] = { rollingUpdate: { partition: 2 } };
      s['template']['spec']['containers'][0]['image'] = 'nginx:1.27';
      s['lifecycle'] = { preDelete: { labelsHandler: { a: 'b' } } };
    });
    expect(errorsOf(mutable, old)).toEqual([]);
    const immutable = beta((s) => {
      s['serviceName'] = 'other';
      s['podManagementPolicy'] = 'Parallel';
    });
    const errors = validateStatefulSet(setDefaultsStatefulSet(immutable, { old }), { version: 'v1beta1', old });
    expect(errors.map((e) => e.field).sort()).toEqual(['spec.podManagementPolicy', 'spec.serviceName']);
    expect(formatFieldError(errors[0]!)).toMatch(/Forbidden: field is immutable: updates to StatefulSet spec for fields other than 'replicas', 'ordinals', 'template'/);
  });

  it('InPlaceOnly: an update may only replace container images (unanchored, as the ASTS webhook)', () => {
    const withPolicy = (image: string, extra: (s: Loose) => void = () => {}) =>
      setDefaultsStatefulSet(beta((s) => {
        inPlaceGate(s);
        s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceOnly' } };
        s['template']['spec']['containers'][0]['image'] = image;
        extra(s);
      }));
    const old = withPolicy('nginx:1.25');
    expect(validateStatefulSet(withPolicy('nginx:1.27'), { version: 'v1beta1', old })).toEqual([]);
    // imagePullPolicy passes the unanchored pattern (the controller then reports the InPlaceOnly error).
    expect(validateStatefulSet(withPolicy('nginx:1.25', (s) => (s['template']['spec']['containers'][0]['imagePullPolicy'] = 'Always')), { version: 'v1beta1', old })).toEqual([]);
    const env = validateStatefulSet(withPolicy('nginx:1.27', (s) => (s['template']['spec']['containers'][0]['env'] = [{ name: 'A', value: '1' }])), { version: 'v1beta1', old });
    expect(env.map(formatFieldError)).toEqual([
      'spec.template.spec: Forbidden: only allowed to update images, but found add /containers/0/env (podUpdatePolicy InPlaceOnly)',
    ]);
  });

  it('volumeClaimUpdateStrategy OnPodRollingUpdate: claim templates may only be expanded', () => {
    const claims = (size: string, extra: Loose = {}) => (s: Loose) => {
      s['volumeClaimTemplates'] = [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } }, ...extra } }];
      s['volumeClaimUpdateStrategy'] = { type: 'OnPodRollingUpdate' };
    };
    const old = setDefaultsStatefulSet(beta(claims('1Gi')));
    const check = (edit: (s: Loose) => void) => validateStatefulSet(setDefaultsStatefulSet(beta(edit), { old }), { version: 'v1beta1', old }).map((e) => [e.field, e.type]);
    expect(check(claims('2Gi'))).toEqual([]);
    expect(check(claims('512Mi'))).toEqual([['spec.volumeClaimTemplates[0].spec.resources.requests.storage', 'Forbidden']]);
    expect(check(claims('2Gi', { storageClassName: 'fast' }))).toEqual([['spec.volumeClaimTemplates[0].spec', 'Forbidden']]);
    expect(check((s) => {
      claims('1Gi')(s);
      s['volumeClaimTemplates'][0].metadata.name = 'logs';
    })).toEqual([['spec.volumeClaimTemplates[0]', 'Forbidden'], ['spec.volumeClaimTemplates', 'Forbidden']]);
    // OnDelete (the default) lets the templates change freely.
    const free = setDefaultsStatefulSet(beta((s) => VCT_ONLY(s)));
    expect(validateStatefulSet(setDefaultsStatefulSet(beta((s) => VCT_ONLY(s, 'logs')), { old: free }), { version: 'v1beta1', old: free })).toEqual([]);
  });

  it('v1alpha1 refuses the v1beta1-only fields by name instead of dropping them', () => {
    const alpha = { ...beta((s) => {
      s['reserveOrdinals'] = [1];
      s['scaleStrategy'] = { maxUnavailable: 1 };
      s['ordinals'] = { start: 2 };
    }), apiVersion: 'apps.kruise.io/v1alpha1' } as unknown as StatefulSetV1alpha1;
    const errors = validateStatefulSet(setDefaultsStatefulSetV1alpha1(alpha), { version: 'v1alpha1' });
    expect(errors.map((e) => [e.field, e.type])).toEqual([['spec.reserveOrdinals', 'Forbidden'], ['spec.scaleStrategy', 'Forbidden'], ['spec.ordinals', 'Forbidden']]);
    expect(formatFieldError(errors[0]!)).toBe('spec.reserveOrdinals: Forbidden: apps.kruise.io/v1alpha1 StatefulSet has no reserveOrdinals; write the StatefulSet as apps.kruise.io/v1beta1 to use it');
  });
});

describe('apps/v1 StatefulSet validation (native rules, native fields only)', () => {
  const errors = (set: NativeStatefulSet, old?: NativeStatefulSet) => validateNativeStatefulSet(setDefaultsNativeStatefulSet(set), old).map((e) => [e.field, e.type]);

  it('accepts a plain native StatefulSet and native maxUnavailable', () => {
    expect(errors(native())).toEqual([]);
    expect(errors(native((s) => (s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 2 } })))).toEqual([]);
  });

  it('refuses Kruise-only fields by name', () => {
    expect(errors(native((s) => {
      s['reserveOrdinals'] = [1];
      s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } };
    }))).toEqual([['spec.reserveOrdinals', 'Forbidden'], ['spec.updateStrategy.rollingUpdate.podUpdatePolicy', 'Forbidden']]);
  });

  it('refuses maxUnavailable 0 and immutable changes (serviceName)', () => {
    expect(errors(native((s) => (s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 0 } })))).toEqual([['spec.updateStrategy.rollingUpdate.maxUnavailable', 'Invalid']]);
    const old = setDefaultsNativeStatefulSet(native());
    expect(errors(native((s) => (s['minReadySeconds'] = 5)), old)).toEqual([]);
    expect(errors(native((s) => (s['serviceName'] = 'x')), old)).toEqual([['spec.serviceName', 'Forbidden']]);
  });
});

describe('conversion', () => {
  it('v1alpha1 -> v1beta1 keeps every field; back again it reports what v1alpha1 cannot carry', () => {
    const alpha = { ...beta((s) => (s['updateStrategy'] = { rollingUpdate: { partition: 1, paused: true } })), apiVersion: 'apps.kruise.io/v1alpha1' } as unknown as StatefulSetV1alpha1;
    const up = convertStatefulSetToV1beta1(alpha);
    expect(up.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(up.spec).toEqual(alpha.spec);
    const withExtras: StatefulSet = { ...up, spec: { ...up.spec, reserveOrdinals: [1], lifecycle: { preDelete: {} } }, status: { replicas: 3, readyReplicas: 3, availableReplicas: 3, currentReplicas: 3, updatedReplicas: 3, updatedReadyReplicas: 3, volumeClaims: [] } };
    const down = convertStatefulSetToV1alpha1(withExtras);
    expect(down.lost).toEqual(['spec.reserveOrdinals', 'spec.lifecycle', 'status.updatedReadyReplicas', 'status.volumeClaims']);
    expect(down.object.spec).toEqual(alpha.spec);
    expect(down.object.status).toEqual({ replicas: 3, readyReplicas: 3, availableReplicas: 3, currentReplicas: 3, updatedReplicas: 3 });
    expect(convertStatefulSetToV1alpha1(up).lost).toEqual([]);
    expect(toStorageStatefulSet(alpha)).toEqual(up);
  });

  it('a native StatefulSet is seen with only its own fields: ReCreate, no Kruise extension, minReadySeconds aside', () => {
    const view = nativeStatefulSetView(setDefaultsNativeStatefulSet(native((s) => {
      s['minReadySeconds'] = 7;
      s['updateStrategy'] = { rollingUpdate: { partition: 1, maxUnavailable: 2 } };
    })));
    expect(view.minReadySeconds).toBe(7);
    expect(view.set.apiVersion).toBe('apps/v1');
    expect(view.set.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 2, podUpdatePolicy: 'ReCreate' } });
    expect(view.set.spec.reserveOrdinals).toBeUndefined();
  });
});

describe('reserveOrdinals (docs/spec/advanced-statefulset.md §2.1)', () => {
  it.each<[unknown[], number[], number[]]>([
    [[1], [1], [0, 2]],
    [[1, '3-5'], [1, 3, 4, 5], [0, 2, 6]],
    [['2-2'], [2], [1, 3]],
    // One unparsable string empties the whole set, as in Kruise.
    [[1, '5-3'], [], [1, 3, 4, 5]],
    [[1, 'x'], [], [1]],
    [[1, '4'], [], [1, 4]],
  ])('%j reserves %j', (items, reserved, free) => {
    const set = ReservedOrdinals.parse(items as (number | string)[]);
    for (const o of reserved) expect([o, set.has(o)]).toEqual([o, true]);
    for (const o of free) expect([o, set.has(o)]).toEqual([o, false]);
  });

  it('parses ranges as Kruise ParseRange does', () => {
    expect(parseOrdinalRange('3-5')).toEqual([3, 5]);
    expect(parseOrdinalRange('+3-5')).toEqual([3, 5]);
    expect(parseOrdinalRange('-3-5')).toBeUndefined();
    expect(parseOrdinalRange('5-3')).toBeUndefined();
    expect(parseOrdinalRange('0-100000000')).toEqual([0, 100000000]);
    expect(ReservedOrdinals.parse(['0-100000000']).has(99999999)).toBe(true);
  });
});

describe('the OpenKruise document (seed 002) applies verbatim', () => {
  it('the complete in-place example defaults and validates, stored as v1beta1', () => {
    const [doc] = parseManifests(readFileSync(new URL('./fixtures/advanced-statefulset.yaml', import.meta.url), 'utf8'));
    const set = setDefaultsStatefulSet(doc as StatefulSet);
    expect(validateStatefulSet(set, { version: 'v1beta1' })).toEqual([]);
    expect(set.spec.updateStrategy!.rollingUpdate).toMatchObject({ podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 2, partition: 0, minReadySeconds: 0 });
  });
});
