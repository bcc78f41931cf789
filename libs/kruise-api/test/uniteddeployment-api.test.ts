// UnitedDeployment API handling (docs/spec/uniteddeployment.md §1): the seed's manifest, defaulting,
// validation rule by rule with Kubernetes field errors, ParseSubsetReplicas, and the v1alpha1/v1beta1
// conversion with its status differences.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { formatFieldError } from '../src/field-errors.js';
import type { UnitedDeployment, UnitedDeploymentV1alpha1 } from '../src/uniteddeployment.js';
import {
  convertUnitedDeploymentToV1alpha1,
  convertUnitedDeploymentToV1beta1,
  toStorageUnitedDeployment,
  unitedDeploymentStatusToV1alpha1,
} from '../src/uniteddeployment-conversion.js';
import { setDefaultsUnitedDeployment } from '../src/uniteddeployment-defaults.js';
import { parseSubsetReplicas, subsetTemplateKind } from '../src/uniteddeployment-topology.js';
import { validateUnitedDeployment } from '../src/uniteddeployment-validation.js';
import { parseManifests } from '../src/yaml.js';

type Loose = Record<string, any>;

const SEED = readFileSync(new URL('./fixtures/uniteddeployment.yaml', import.meta.url), 'utf8');

function seed(): UnitedDeploymentV1alpha1 {
  return parseManifests(SEED)[0] as UnitedDeploymentV1alpha1;
}

/** A v1beta1 UD with a CloneSet template and three nil subsets, edited by `edit`. */
function ud(edit: (spec: Loose, obj: Loose) => void = () => {}): UnitedDeployment {
  const obj: Loose = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'UnitedDeployment',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      replicas: 6,
      selector: { matchLabels: { app: 'web' } },
      template: {
        deploymentTemplate: {
          metadata: { labels: { app: 'web' } },
          spec: {
            selector: { matchLabels: { app: 'web' } },
            template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } },
          },
        },
      },
      topology: { subsets: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
    },
  };
  edit(obj['spec'], obj);
  return obj as UnitedDeployment;
}

function errorsOf(obj: UnitedDeployment | UnitedDeploymentV1alpha1, old?: UnitedDeployment): string[] {
  const defaulted = setDefaultsUnitedDeployment(obj, { old });
  return validateUnitedDeployment(defaulted, { version: obj.apiVersion.endsWith('v1alpha1') ? 'v1alpha1' : 'v1beta1', old }).map(formatFieldError);
}

describe('the seed manifest', () => {
  it('is valid as written and stored as v1beta1 with its spec intact', () => {
    expect(errorsOf(seed())).toEqual([]);
    const stored = toStorageUnitedDeployment(setDefaultsUnitedDeployment(seed()));
    expect(stored.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(stored.spec.topology?.subsets?.map((s) => s.replicas)).toEqual([1, '50%', undefined]);
    expect(stored.spec.updateStrategy).toEqual({ type: 'Manual', manualUpdate: { partitions: { 'subset-a': 0, 'subset-b': 0, 'subset-c': 0 } } });
    expect(subsetTemplateKind(stored.spec.template)).toBe('statefulSetTemplate');
  });
});

describe('defaulting', () => {
  it('sets replicas 1, revisionHistoryLimit 10 and a Manual strategy with an empty manualUpdate', () => {
    const out = setDefaultsUnitedDeployment(ud((s) => { delete s['replicas']; }));
    expect(out.spec.replicas).toBe(1);
    expect(out.spec.revisionHistoryLimit).toBe(10);
    expect(out.spec.updateStrategy).toEqual({ type: 'Manual', manualUpdate: {} });
  });

  it('gives minReplicas 0 to subsets without it when min/max is used and no subset sets replicas', () => {
    const out = setDefaultsUnitedDeployment(ud((s) => { s['topology']['subsets'] = [{ name: 'a', maxReplicas: 2 }, { name: 'b', minReplicas: 1 }, { name: 'c' }]; }));
    expect(out.spec.topology!.subsets!.map((s) => s.minReplicas)).toEqual([0, 1, 0]);
  });

  it('leaves minReplicas alone when some subset sets replicas', () => {
    const out = setDefaultsUnitedDeployment(ud((s) => { s['topology']['subsets'] = [{ name: 'a', maxReplicas: 2 }, { name: 'b', replicas: 1 }]; }));
    expect(out.spec.topology!.subsets!.map((s) => s.minReplicas)).toEqual([undefined, undefined]);
  });

  it('injects pod-spec defaults into a statefulSetTemplate only, and never changes its input', () => {
    const input = seed();
    const before = JSON.stringify(input);
    const out = setDefaultsUnitedDeployment(input);
    expect(out.spec.template.statefulSetTemplate!.spec.template.spec.restartPolicy).toBe('Always');
    expect(JSON.stringify(input)).toBe(before);
    expect(setDefaultsUnitedDeployment(ud()).spec.template.deploymentTemplate!.spec.template.spec.restartPolicy).toBeUndefined();
    expect(setDefaultsUnitedDeployment(out)).toEqual(out);
  });
});

describe('validation', () => {
  it.each<[string, (spec: Loose, obj: Loose) => void, string[]]>([
    ['replicas < 0', (s) => { s['replicas'] = -1; }, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['no selector', (s) => { delete s['selector']; }, ['spec.selector: Required value']],
    ['empty selector', (s) => { s['selector'] = {}; }, ['spec.selector: Invalid value: {}: empty selector is invalid for uniteddeployment']],
    ['no template', (s) => { s['template'] = {}; },
      ['spec.template: Required value: should provide one of statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate']],
    ['two templates', (s) => { s['template']['cloneSetTemplate'] = { spec: {} }; },
      ['spec.template: Invalid value: ["cloneSetTemplate","deploymentTemplate"]: should provide only one of statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate']],
    ['template labels not matching the selector', (s) => { s['template']['deploymentTemplate']['metadata']['labels'] = { app: 'other' }; },
      ['spec.template.deploymentTemplate.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`']],
    ['pod template labels not matching the selector', (s) => { s['template']['deploymentTemplate']['spec']['template']['metadata']['labels'] = { app: 'x' }; },
      ['spec.template.deploymentTemplate.spec.template.metadata.labels: Invalid value: {"app":"x"}: `selector` does not match template `labels`']],
    ['replicas in a deploymentTemplate', (s) => { s['template']['deploymentTemplate']['spec']['replicas'] = 3; },
      ['spec.template.deploymentTemplate.spec.replicas: Invalid value: 3: replicas in deploymentTemplate will not be used']],
    ['a container without image', (s) => { delete s['template']['deploymentTemplate']['spec']['template']['spec']['containers'][0]['image']; },
      ['spec.template.deploymentTemplate.spec.template.spec.containers[0].image: Required value']],
    ['duplicate subset names', (s) => { s['topology']['subsets'][2]['name'] = 'a'; }, ['spec.topology.subsets[2].name: Invalid value: "a": duplicated subset name a']],
    ['a subset name that is no DNS label', (s) => { s['topology']['subsets'][0]['name'] = 'Zone_A'; },
      ["spec.topology.subsets[0].name: Invalid value: \"Zone_A\": invalid subset name a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name', or '123-abc')"]],
    ['a subset without name', (s) => { delete s['topology']['subsets'][1]['name']; }, ['spec.topology.subsets[1].name: Required value']],
    ['In without values', (s) => { s['topology']['subsets'][0]['nodeSelectorTerm'] = { matchExpressions: [{ key: 'node', operator: 'In' }] }; },
      ["spec.topology.subsets[0].nodeSelectorTerm.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"]],
    ['an unknown node operator', (s) => { s['topology']['subsets'][0]['nodeSelectorTerm'] = { matchExpressions: [{ key: 'node', operator: 'Near', values: ['x'] }] }; },
      ['spec.topology.subsets[0].nodeSelectorTerm.matchExpressions[0].operator: Unsupported value: "Near": supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"']],
    ['Exists with a value in a toleration', (s) => { s['topology']['subsets'][0]['tolerations'] = [{ key: 'k', operator: 'Exists', value: 'v' }]; },
      ['spec.topology.subsets[0].tolerations[0].operator: Invalid value: {"key":"k","operator":"Exists","value":"v"}: value must be empty when `operator` is \'Exists\'']],
    ['a negative subset replicas', (s) => { s['topology']['subsets'][0]['replicas'] = -2; },
      ['spec.topology.subsets[0].replicas: Invalid value: -2: subset replicas (-2) should not be less than 0']],
    ['a percentage above 100', (s) => { s['topology']['subsets'][0]['replicas'] = '120%'; },
      ['spec.topology.subsets[0].replicas: Invalid value: "120%": subset replicas (120%) should be in range [0, 100]']],
    ['a decimal percentage', (s) => { s['topology']['subsets'][0]['replicas'] = '12.5%'; },
      ['spec.topology.subsets[0].replicas: Invalid value: "12.5%": subset replicas (12.5%) should be correct percentage integer: strconv.ParseInt: parsing "12.5": invalid syntax']],
    ['sum of replicas above spec.replicas', (s) => { s['topology']['subsets'][0]['replicas'] = 4; s['topology']['subsets'][1]['replicas'] = 3; },
      ['spec.topology.subsets: Invalid value: 7: sum of indicated subset replicas 7 should not be greater than UnitedDeployment replicas 6']],
    ['every subset specified and the sum short', (s) => { s['topology']['subsets'].forEach((x: Loose) => { x['replicas'] = 1; }); },
      ['spec.topology.subsets: Invalid value: 3: if replicas of all subsets are provided, the sum of indicated subset replicas 3 should equal UnitedDeployment replicas 6']],
    ['min above max', (s) => { s['topology']['subsets'][0]['minReplicas'] = 3; s['topology']['subsets'][0]['maxReplicas'] = 2; },
      ['spec.topology.subsets[0].minReplicas: Invalid value: 3: subset[0].minReplicas must be less than or equal to maxReplicas']],
    ['replicas and min/max together', (s) => { s['topology']['subsets'][0]['replicas'] = 1; s['topology']['subsets'][1]['maxReplicas'] = 2; },
      ['spec.topology.subsets: Invalid value: "(subsets)": subset.Replicas and subset.MinReplicas/subset.MaxReplicas are mutually exclusive in a UnitedDeployment']],
    ['every subset with a maxReplicas', (s) => { s['topology']['subsets'].forEach((x: Loose) => { x['maxReplicas'] = 5; }); },
      ['spec.topology.subsets: Invalid value: 3: at least one subset.maxReplicas must be empty']],
    ['replicas under Adaptive', (s) => { s['topology']['scheduleStrategy'] = { type: 'Adaptive' }; s['topology']['subsets'][0]['replicas'] = 1; },
      ['spec.topology.subsets[0].replicas: Forbidden: specific allocator is not allowed in adaptive strategy, use minReplicas/maxReplicas to enable elastic allocator instead']],
    ['reserveUnschedulablePods with a StatefulSet template', (s) => {
      s['template'] = { advancedStatefulSetTemplate: { metadata: { labels: { app: 'web' } }, spec: s['template']['deploymentTemplate']['spec'] } };
      s['topology']['scheduleStrategy'] = { type: 'Adaptive', adaptive: { reserveUnschedulablePods: true } };
    }, ['spec.topology.scheduleStrategy: Invalid value: {"type":"Adaptive","adaptive":{"reserveUnschedulablePods":true}}: only stateless workloads (Deployment and CloneSet) are supported by reserved rescheduling']],
    ['a partition in a statefulSetTemplate', (s) => {
      s['template'] = { statefulSetTemplate: { metadata: { labels: { app: 'web' } }, spec: { ...s['template']['deploymentTemplate']['spec'], updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } } } };
    }, ['spec.template.statefulSetTemplate.spec.updateStrategy.rollingUpdate.partition: Invalid value: 2: partition in statefulSetTemplate will not be used']],
    ['a partition for an unknown subset', (s) => { s['updateStrategy'] = { manualUpdate: { partitions: { zz: 1 } } }; },
      ['spec.updateStrategy.manualUpdate.partitions[zz]: Invalid value: 1: subset zz does not exist']],
    ['an unknown update strategy', (s) => { s['updateStrategy'] = { type: 'Auto' }; },
      ['spec.updateStrategy.type: Unsupported value: "Auto": supported values: "Manual"']],
  ])('%s', (_name, edit, expected) => {
    expect(errorsOf(ud(edit))).toEqual(expected);
  });

  it('a cloneSetTemplate gets no kind-specific check at all (not even its labels against the selector)', () => {
    const obj = ud((s) => { s['template'] = { cloneSetTemplate: { metadata: { labels: { app: 'other' } }, spec: { replicas: 4 } } }; });
    expect(errorsOf(obj)).toEqual([]);
  });

  it('without spec.replicas, a percentage cannot be read (replicas defaults only afterwards in Kruise too)', () => {
    const obj = ud((s) => { s['topology']['subsets'] = [{ name: 'a', replicas: '50%' }, { name: 'b', replicas: 1 }]; });
    const errors = validateUnitedDeployment({ ...obj, spec: { ...obj.spec, replicas: undefined } } as UnitedDeployment, { version: 'v1beta1' }).map(formatFieldError);
    expect(errors).toEqual([
      'spec.topology.subsets[0].replicas: Invalid value: "50%": subsetReplicas (50%) should not be string when unitedDeployment replicas is empty',
    ]);
  });

  it('refuses changing a subset nodeSelectorTerm or tolerations, but allows new subsets and template changes', () => {
    const old = setDefaultsUnitedDeployment(ud((s) => { s['topology']['subsets'][0]['nodeSelectorTerm'] = { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] }; }));
    const changed = ud((s) => {
      s['topology']['subsets'][0]['nodeSelectorTerm'] = { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-b'] }] };
      s['topology']['subsets'][1]['tolerations'] = [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }];
    });
    expect(errorsOf(changed, old)).toEqual([
      'spec.topology.subsets[0].nodeSelectorTerm: Forbidden: may not be changed in an update',
      'spec.topology.subsets[1].tolerations: Forbidden: may not be changed in an update',
    ]);
    const allowed = ud((s) => {
      s['topology']['subsets'][0]['nodeSelectorTerm'] = { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] };
      s['topology']['subsets'].push({ name: 'd', tolerations: [{ key: 'k', operator: 'Exists' }] });
      s['template']['deploymentTemplate']['spec']['template']['spec']['containers'][0]['image'] = 'nginx:1.27';
    });
    expect(errorsOf(allowed, old)).toEqual([]);
  });

  it('refuses changing a statefulSetTemplate spec outside template and updateStrategy', () => {
    const old = setDefaultsUnitedDeployment(toStorageUnitedDeployment(seed()));
    const next = structuredClone(old) as Loose;
    next['spec']['template']['statefulSetTemplate']['spec']['serviceName'] = 'other';
    expect(errorsOf(next as UnitedDeployment, old)).toEqual([
      "spec.template.statefulSetTemplate.spec: Forbidden: updates to statefulSetTemplate spec for fields other than 'template', and 'updateStrategy' are forbidden",
    ]);
  });

  it('survives any shape without throwing', () => {
    for (const spec of [null, 3, 'x', { template: 5, topology: { subsets: 'x' } }, { topology: { subsets: [null, 4] }, selector: [] }]) {
      expect(() => validateUnitedDeployment({ ...ud(), spec } as unknown as UnitedDeployment, { version: 'v1beta1' })).not.toThrow();
    }
  });
});

describe('parseSubsetReplicas (round half up)', () => {
  it.each<[number, number | string, number | string]>([
    [10, '33%', 3],
    [10, '35%', 4],
    [6, '25%', 2],
    [6, '50%', 3],
    [7, '50%', 4],
    [3, '0%', 0],
    [3, '100%', 3],
    [5, 2, 2],
    [-1, 4, 4],
    [-1, '10%', 'error'],
    [5, '5', 'error'],
    [5, -1, 'error'],
  ])('R=%s, %j -> %s', (R, value, expected) => {
    const parsed = parseSubsetReplicas(R, value);
    if (expected === 'error') expect(parsed.error).toBeDefined();
    else expect(parsed).toEqual({ value: expected });
  });
});

describe('conversion', () => {
  const status = {
    observedGeneration: 2, replicas: 6, readyReplicas: 5, updatedReplicas: 4, updatedReadyReplicas: 4, currentRevision: 'ud-1', updatedRevision: 'ud-2',
    labelSelector: 'app=web',
    subsetStatuses: [
      { name: 'a', replicas: 1, readyReplicas: 1, partition: 0 },
      { name: 'b', replicas: 3, readyReplicas: 2, partition: 1, conditions: [{ type: 'Schedulable' as const, status: 'True' as const }] },
    ],
  };

  it('shows subsetReplicas and updateStatus in v1alpha1, and reads them back', () => {
    const down = unitedDeploymentStatusToV1alpha1(status);
    expect(down.subsetReplicas).toEqual({ a: 1, b: 3 });
    expect(down.updateStatus).toEqual({ updatedRevision: 'ud-2', currentPartitions: { a: 0, b: 1 } });
    expect(down).not.toHaveProperty('updatedRevision');
    const obj: UnitedDeployment = { ...ud(), status };
    expect(convertUnitedDeploymentToV1beta1(convertUnitedDeploymentToV1alpha1(obj))).toEqual(obj);
  });

  it('leaves updateStatus out when there is no revision and no subset status', () => {
    expect(unitedDeploymentStatusToV1alpha1({ replicas: 0, updatedReplicas: 0 }).updateStatus).toBeUndefined();
  });

  it('rebuilds subset statuses from a v1alpha1 status that has only subsetReplicas and partitions', () => {
    const alpha: UnitedDeploymentV1alpha1 = {
      ...(seed() as UnitedDeploymentV1alpha1),
      status: { replicas: 4, updatedReplicas: 0, subsetReplicas: { 'subset-a': 1, 'subset-b': 3 }, updateStatus: { updatedRevision: 'r', currentPartitions: { 'subset-b': 2 } } },
    };
    expect(convertUnitedDeploymentToV1beta1(alpha).status).toEqual({
      replicas: 4, updatedReplicas: 0, updatedRevision: 'r',
      subsetStatuses: [{ name: 'subset-a', replicas: 1, readyReplicas: 0, partition: 0 }, { name: 'subset-b', replicas: 3, readyReplicas: 0, partition: 2 }],
    });
  });
});
