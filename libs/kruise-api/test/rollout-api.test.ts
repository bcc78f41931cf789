// Rollout and BatchRelease (docs/spec/kruise-rollout.md §1): the validating webhook rule by rule, one
// row per rule with Kruise Rollouts' field path and message (docs/spec/kruise-rollout.md §1.8), the immutability while progressing,
// the refusals of what Coxswain does not act on (docs/spec/kruise-rollout.md §8.1), v1alpha1 ↔ v1beta1 conversion (docs/spec/kruise-rollout.md §1.9), the
// closed schemas and the CRDs (docs/spec/kruise-rollout.md §1.11). Property: validation never throws on arbitrary input (FC_SEED
// replays a run's seed).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  batchReleaseToV1alpha1, rolloutToV1alpha1, toStorageBatchRelease, toStorageRollout,
} from '../src/rollout-conversion.js';
import { setDefaultsRollout, validateRollout } from '../src/rollout-validation.js';
import type { BatchReleaseV1alpha1, Rollout, RolloutV1alpha1 } from '../src/rollout.js';
import {
  formatFieldError, kruiseCrds, kruisePrinterColumns, kruiseServedVersions, lookupKind, validateObjectSchema, type FieldError,
} from '../src/index.js';
import { scaledIntOrPercent } from '../src/rollout-validation.js';
import { pruneObjectUnknownFields } from '../src/kind-schemas.js';

type Loose = Record<string, any>;
const texts = (errors: FieldError[]) => errors.map(formatFieldError);

const CLONESET_REF = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'echoserver' };

function rollout(canary: Loose | undefined, extra: Loose = {}): Rollout {
  return {
    apiVersion: 'rollouts.kruise.io/v1beta1',
    kind: 'Rollout',
    metadata: { name: 'demo', namespace: 'default' },
    spec: { workloadRef: CLONESET_REF, strategy: canary === undefined ? {} : { canary }, ...extra },
  } as Rollout;
}

const steps = (...s: Loose[]) => ({ steps: s });

describe('validateRollout: the Rollout validating webhook (docs/spec/kruise-rollout.md §1.8)', () => {
  it('admits the worked example of docs/spec/kruise-rollout.md §6.1', () => {
    expect(validateRollout(rollout(steps({ replicas: '20%', pause: {} }, { replicas: '50%', pause: { duration: 60 } }, { replicas: '100%' })))).toEqual([]);
  });

  it.each<[string, Rollout, string[]]>([
    ['rule 1: an unsupported workload kind', { ...rollout(steps({ replicas: 1 })), spec: { workloadRef: { apiVersion: 'batch/v1', kind: 'Job', name: 'j' }, strategy: { canary: steps({ replicas: 1 }) } } } as Rollout,
      ['Spec.ObjectRef.WorkloadRef: Invalid value: {"apiVersion":"batch/v1","kind":"Job","name":"j"}: WorkloadRef kind is not supported']],
    ['rule 2: blue-green on an Advanced StatefulSet', { ...rollout(undefined), spec: { workloadRef: { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', name: 's' }, strategy: { blueGreen: steps({ replicas: 1 }) } } } as Rollout,
      ['Spec.ObjectRef.WorkloadRef: Invalid value: {"apiVersion":"apps.kruise.io/v1beta1","kind":"StatefulSet","name":"s"}: WorkloadRef kind is not supported for bluegreen style']],
    ['rule 3: neither canary nor blueGreen', rollout(undefined), ['Spec.Strategy: Invalid value: null: Canary and BlueGreen cannot both be empty']],
    ['rule 4: both', { ...rollout(undefined), spec: { workloadRef: CLONESET_REF, strategy: { canary: steps({ replicas: 1 }), blueGreen: steps({ replicas: 1 }) } } } as Rollout,
      ['Spec.Strategy: Invalid value: null: Canary and BlueGreen cannot both be set']],
    ['rule 5: no steps', rollout({ steps: [] }), ['Spec.Strategy.Canary.Steps: Invalid value: []: The number of Canary.Steps cannot be empty']],
    ['rule 6: a step without replicas', rollout(steps({ pause: {} })), ['Spec.Strategy.Canary.Steps[0].steps: Invalid value: [{"pause":{}}]: replicas cannot be empty']],
    ['rule 7: 0%', rollout(steps({ replicas: '0%' })), ['Spec.Strategy.Canary.Steps[0].Replicas: Invalid value: "0%": replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"']],
    ['rule 7: 101%', rollout(steps({ replicas: '101%' })), ['Spec.Strategy.Canary.Steps[0].Replicas: Invalid value: "101%": replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"']],
    ['rule 7: a string that is no percentage', rollout(steps({ replicas: 'half' })), ['Spec.Strategy.Canary.Steps[0].Replicas: Invalid value: "half": replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"']],
    ['rule 7: a negative int', rollout(steps({ replicas: -1 })), ['Spec.Strategy.Canary.Steps[0].Replicas: Invalid value: -1: replicas must be positive number, or a percentage with "0%" < canaryReplicas <= "100%"']],
    ['rule 8: partition style, traffic, 60%', rollout(steps({ replicas: '60%', traffic: '10%' })),
      ['Spec.Strategy.Canary.Steps[0].steps: Invalid value: [{"replicas":"60%","traffic":"10%"}]: For partition style rollout: step[x].replicas must not greater than partition-percent-limit if traffic specified']],
    ['rule 9: canary traffic 0%', rollout(steps({ replicas: '10%', traffic: '0%' })),
      ['Spec.Strategy.Canary.Steps[0].steps: Invalid value: [{"replicas":"10%","traffic":"0%"}]: traffic must be percentage with "0%" < traffic <= "100%" in canary strategy']],
    ['rule 11: decreasing percentages', rollout(steps({ replicas: '50%' }, { replicas: '20%' })),
      ['Spec.Strategy.Canary.CanaryReplicas: Invalid value: [{"replicas":"50%"},{"replicas":"20%"}]: Steps.CanaryReplicas must be a non decreasing sequence']],
    ['rule 12 and 13: two routings, each missing its parts', rollout({ steps: [{ replicas: 1 }], trafficRoutings: [{ gracePeriodSeconds: -1 }, { service: 's', ingress: {} }] }), [
      'Spec.Strategy.Canary: Invalid value: [{"gracePeriodSeconds":-1},{"service":"s","ingress":{}}]: Rollout currently only support single TrafficRouting.',
      'Spec.Strategy.Canary.TrafficRouting.GracePeriodSeconds: Invalid value: "": TrafficRouting.GracePeriodSeconds cannot be negative',
      'Spec.Strategy.Canary.TrafficRouting.Service: Invalid value: "": TrafficRouting.Service cannot be empty',
      'Spec.Strategy.Canary.TrafficRouting.TrafficRoutings: Invalid value: null: TrafficRoutings are not set',
      'Spec.Strategy.Canary.TrafficRouting.Ingress: Invalid value: {}: TrafficRouting.Ingress.Ingress cannot be empty',
    ]],
  ])('%s', (_, r, expected) => {
    expect(texts(validateRollout(r))).toEqual(expected);
  });

  it('rule 8 applies to a CloneSet even with enableExtraWorkloadForCanary (a real partition, docs/spec/kruise-rollout.md §1.5), not to a canary-style Deployment', () => {
    const canary = { enableExtraWorkloadForCanary: true, steps: [{ replicas: '60%', traffic: '10%' }] };
    expect(texts(validateRollout(rollout(canary)))[0]).toContain('partition-percent-limit');
    const deployment = { ...rollout(canary), spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, strategy: { canary } } } as Rollout;
    expect(texts(validateRollout(deployment)).join()).not.toContain('partition-percent-limit');
  });

  it('rule 11 compares only steps of the same type: 5 then 20% passes, 5 then 3 does not', () => {
    expect(validateRollout(rollout(steps({ replicas: 5 }, { replicas: '20%' }, { replicas: 6 })))).toEqual([]);
    expect(texts(validateRollout(rollout(steps({ replicas: 5 }, { replicas: 3 }))))[0]).toContain('non decreasing');
    // An int may exceed 100.
    expect(validateRollout(rollout(steps({ replicas: 150 })))).toEqual([]);
  });

  it('rule 14: another Rollout with the identical workloadRef conflicts; another apiVersion of the same CloneSet does not', () => {
    const other = { ...rollout(steps({ replicas: 1 })), metadata: { name: 'other', namespace: 'default' } } as Rollout;
    expect(texts(validateRollout(rollout(steps({ replicas: 1 })), { others: [other] }))).toEqual([
      'Conflict Checker: Invalid value: "demo": This rollout conflict with Rollout(default/other), one workload only have less than one Rollout',
    ]);
    const v1beta1Ref = { ...other, spec: { ...other.spec, workloadRef: { ...CLONESET_REF, apiVersion: 'apps.kruise.io/v1beta1' } } } as Rollout;
    expect(validateRollout(rollout(steps({ replicas: 1 })), { others: [v1beta1Ref] })).toEqual([]);
    // Itself (same name) is no conflict.
    expect(validateRollout(rollout(steps({ replicas: 1 })), { others: [rollout(steps({ replicas: 1 }))] })).toEqual([]);
  });
});

describe('validateRollout on update while Progressing or Terminating (docs/spec/kruise-rollout.md §1.8)', () => {
  const stored = (phase: string, canary: Loose = steps({ replicas: '20%' }, { replicas: '100%' })) =>
    ({ ...rollout(canary), status: { phase, currentStepIndex: 1, currentStepState: 'StepPaused' } }) as Rollout;

  it.each<[string, Rollout, string]>([
    ['workloadRef', { ...rollout(steps({ replicas: '20%' }, { replicas: '100%' })), spec: { workloadRef: { ...CLONESET_REF, name: 'x' }, strategy: { canary: steps({ replicas: '20%' }, { replicas: '100%' }) } } } as Rollout,
      "Spec.ObjectRef: Forbidden: Rollout 'ObjectRef' field is immutable"],
    ['the rolling style', rollout({ ...steps({ replicas: '20%' }, { replicas: '100%' }), enableExtraWorkloadForCanary: true }),
      'Spec.Strategy.Canary|BlueGreen: Forbidden: Rollout style and enableExtraWorkloadForCanary are immutable'],
    ['the number of steps', rollout(steps({ replicas: '20%' }, { replicas: '50%' }, { replicas: '100%' })),
      'Spec.Strategy.Canary|BlueGreen: Forbidden: Amount of Rollout steps are immutable'],
  ])('refuses a change of %s', (_, next, message) => {
    expect(texts(validateRollout(next, { old: stored('Progressing') }))).toEqual([message]);
    expect(texts(validateRollout(next, { old: stored('Terminating') }))).toEqual([message]);
    expect(validateRollout(next, { old: stored('Healthy') })).toEqual([]);
  });

  it('lets step contents change (a plan change, docs/spec/kruise-rollout.md §2.10)', () => {
    expect(validateRollout(rollout(steps({ replicas: '40%', pause: { duration: 5 } }, { replicas: '100%' })), { old: stored('Progressing') })).toEqual([]);
  });
});

describe("Coxswain's refusals of what nothing in it would act on (docs/spec/kruise-rollout.md §8.1)", () => {
  const noNetwork = 'traffic routing needs an ingress controller or a service mesh, and the embedded cluster has neither';
  it.each<[string, Rollout, string[]]>([
    ['a traffic routing', rollout({ steps: [{ replicas: '20%', traffic: '20%' }], trafficRoutings: [{ service: 'echo', ingress: { name: 'echo' } }] }), [
      `spec.strategy.canary.trafficRoutings: Forbidden: ${noNetwork}`,
      `spec.strategy.canary.steps[0].traffic: Forbidden: ${noNetwork}`,
    ]],
    ['a TrafficRouting reference', rollout({ ...steps({ replicas: 1 }), trafficRoutingRef: 'tr' }), [`spec.strategy.canary.trafficRoutingRef: Forbidden: ${noNetwork}`]],
    ['matches and a header modifier', rollout(steps({ replicas: 1, matches: [{ headers: [] }], requestHeaderModifier: {} })), [
      `spec.strategy.canary.steps[0].matches: Forbidden: ${noNetwork}`,
      `spec.strategy.canary.steps[0].requestHeaderModifier: Forbidden: ${noNetwork}`,
    ]],
    ['blue-green', { ...rollout(undefined), spec: { workloadRef: CLONESET_REF, strategy: { blueGreen: steps({ replicas: 1 }) } } } as Rollout,
      ['spec.strategy.blueGreen: Forbidden: the blue-green style is not supported by Coxswain; use spec.strategy.canary']],
    ['a DaemonSet', { ...rollout(undefined), spec: { workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'DaemonSet', name: 'd' }, strategy: { canary: steps({ replicas: 1 }) } } } as Rollout,
      ['spec.workloadRef: Invalid value: {"apiVersion":"apps.kruise.io/v1alpha1","kind":"DaemonSet","name":"d"}: Coxswain\'s Rollouts drive CloneSets, Advanced StatefulSets, apps/v1 StatefulSets and apps/v1 Deployments; a DaemonSet is not supported']],
  ])('refuses %s in words', (_, r, expected) => {
    expect(texts(validateRollout(r))).toEqual(expected);
  });

  it('admits a canary-style apps/v1 Deployment, in v1beta1 and as a v1alpha1 Rollout without the rolling-style annotation', () => {
    const workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' };
    expect(validateRollout({ ...rollout(undefined), spec: { workloadRef, strategy: { canary: { ...steps({ replicas: 1 }), enableExtraWorkloadForCanary: true } } } } as Rollout)).toEqual([]);
    const alpha = { apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'Rollout', metadata: { name: 'r', namespace: 'default' }, spec: { objectRef: { workloadRef }, strategy: { canary: steps({ replicas: 1 }) } } };
    expect(validateRollout(toStorageRollout(alpha as unknown as RolloutV1alpha1))).toEqual([]);
    const partition = { ...alpha, metadata: { ...alpha.metadata, annotations: { 'rollouts.kruise.io/rolling-style': 'partition' } } };
    expect(validateRollout(toStorageRollout(partition as unknown as RolloutV1alpha1))).toEqual([]);
  });

  it('admits a partition-style Deployment (enableExtraWorkloadForCanary absent or false: the advanced Deployment controller, docs/spec/kruise-rollout.md §3.6)', () => {
    const workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' };
    expect(validateRollout({ ...rollout(undefined), spec: { workloadRef, strategy: { canary: steps({ replicas: 1 }) } } } as Rollout)).toEqual([]);
    expect(validateRollout({ ...rollout(undefined), spec: { workloadRef, strategy: { canary: { ...steps({ replicas: 1 }), enableExtraWorkloadForCanary: false } } } } as Rollout)).toEqual([]);
  });

  it('admits an Advanced StatefulSet and an apps/v1 StatefulSet', () => {
    for (const workloadRef of [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', name: 's' }, { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 's' }]) {
      expect(validateRollout({ ...rollout(undefined), spec: { workloadRef, strategy: { canary: steps({ replicas: 1 }) } } } as Rollout)).toEqual([]);
    }
  });

  it('never throws, whatever the spec holds', () => {
    const anything = fc.anything({ maxDepth: 4 });
    fc.assert(fc.property(fc.record({ spec: fc.oneof(anything, fc.record({ workloadRef: anything, strategy: fc.record({ canary: anything, blueGreen: anything }, { requiredKeys: [] }) }, { requiredKeys: [] })) }), (value) => {
      const errors = validateRollout({ ...rollout(undefined), ...value } as Rollout);
      expect(Array.isArray(errors)).toBe(true);
    }));
  });
});

describe('scaledIntOrPercent: apimachinery GetScaledValueFromIntOrPercent', () => {
  it.each<[number | string, number, boolean, number | undefined]>([
    ['20%', 5, true, 1], ['50%', 5, true, 3], ['50%', 5, false, 2], [3, 5, true, 3], ['3', 5, true, undefined], ['x%', 5, true, undefined], [1.5, 5, true, undefined],
  ])('%p of %p (round up %p) = %p', (value, total, up, expected) => {
    expect(scaledIntOrPercent(value, total, up)).toBe(expected);
  });
});

describe('conversion (docs/spec/kruise-rollout.md §1.9)', () => {
  const alpha = (annotations?: Record<string, string>): RolloutV1alpha1 => ({
    apiVersion: 'rollouts.kruise.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'demo', namespace: 'default', ...(annotations ? { annotations } : {}) },
    spec: {
      objectRef: { workloadRef: CLONESET_REF },
      rolloutID: 'old',
      strategy: { canary: { steps: [{ weight: 20, pause: {} }, { replicas: '50%', weight: 40, pause: { duration: 60 } }], failureThreshold: '20%' } },
    },
  });

  it('v1alpha1 → v1beta1: weight → traffic (and replicas when none), rolloutID dropped, no style annotation → enableExtraWorkloadForCanary true', () => {
    const beta = toStorageRollout(alpha());
    expect(beta.apiVersion).toBe('rollouts.kruise.io/v1beta1');
    expect(beta.spec).toEqual({
      workloadRef: CLONESET_REF,
      strategy: { canary: {
        steps: [{ replicas: '20%', pause: {}, traffic: '20%' }, { replicas: '50%', pause: { duration: 60 }, traffic: '40%' }],
        failureThreshold: '20%', enableExtraWorkloadForCanary: true,
      } },
    });
  });

  it.each([['partition', false], ['Partition', false], ['canary', true], ['other', true]])('the rolling-style annotation %p → enableExtraWorkloadForCanary %p', (style, extra) => {
    expect(toStorageRollout(alpha({ 'rollouts.kruise.io/rolling-style': style })).spec.strategy.canary!.enableExtraWorkloadForCanary).toBe(extra);
  });

  it('the trafficrouting annotation becomes canary.trafficRoutingRef, and back', () => {
    const beta = toStorageRollout(alpha({ 'rollouts.kruise.io/trafficrouting': 'tr' }));
    expect(beta.spec.strategy.canary!.trafficRoutingRef).toBe('tr');
    expect(rolloutToV1alpha1(beta).metadata.annotations).toEqual({ 'rollouts.kruise.io/trafficrouting': 'tr', 'rollouts.kruise.io/rolling-style': 'canary' });
  });

  it('v1beta1 → v1alpha1: traffic → weight, the style annotation from enableExtraWorkloadForCanary, paths and query params dropped', () => {
    const beta = rollout({ steps: [{ replicas: '20%', traffic: '10%', matches: [{ path: { value: '/' }, headers: [{ name: 'h', value: 'v' }], queryParams: [] }] }] });
    const back = rolloutToV1alpha1(beta);
    expect(back.metadata.annotations).toEqual({ 'rollouts.kruise.io/rolling-style': 'partition' });
    expect(back.spec.objectRef.workloadRef).toEqual(CLONESET_REF);
    expect(back.spec.strategy.canary!.steps).toEqual([{ weight: 10, replicas: '20%', pause: {}, matches: [{ headers: [{ name: 'h', value: 'v' }] }] }]);
  });

  it('a blue-green Rollout read as v1alpha1 keeps only its metadata (Go returns early)', () => {
    const blueGreen = { ...rollout(undefined), spec: { workloadRef: CLONESET_REF, strategy: { blueGreen: steps({ replicas: 1 }) } } } as Rollout;
    expect(rolloutToV1alpha1(blueGreen)).toEqual({ apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'Rollout', metadata: blueGreen.metadata });
  });

  it('BatchRelease: targetReference.workloadRef ↔ workloadRef, the style annotation ↔ releasePlan.rollingStyle', () => {
    const v1alpha1: BatchReleaseV1alpha1 = {
      apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'BatchRelease',
      metadata: { name: 'demo', annotations: { 'rollouts.kruise.io/rolling-style': 'PARTITION' } },
      spec: { targetReference: { workloadRef: CLONESET_REF }, releasePlan: { batches: [{ canaryReplicas: '20%' }], batchPartition: 0, enableExtraWorkloadForCanary: false } },
    };
    const beta = toStorageBatchRelease(v1alpha1);
    expect(beta.spec).toEqual({ workloadRef: CLONESET_REF, releasePlan: { batches: [{ canaryReplicas: '20%' }], batchPartition: 0, enableExtraWorkloadForCanary: false, rollingStyle: 'Partition' } });
    const back = batchReleaseToV1alpha1(beta);
    expect(back.metadata.annotations).toEqual({ 'rollouts.kruise.io/rolling-style': 'partition' });
    expect(back.spec.targetReference.workloadRef).toEqual(CLONESET_REF);
    expect(v1alpha1.metadata.annotations).toEqual({ 'rollouts.kruise.io/rolling-style': 'PARTITION' });
  });
});

describe('defaults, schemas and CRDs (docs/spec/kruise-rollout.md §1.8, §1.11)', () => {
  it('defaults disabled to false, as the CRD does, and nothing else', () => {
    expect(setDefaultsRollout(rollout(steps({ replicas: 1 }))).spec.disabled).toBe(false);
    expect(setDefaultsRollout(rollout(steps({ replicas: 1 }), { disabled: true })).spec.disabled).toBe(true);
  });

  it('closed schemas: unknown fields are found, wrong types named by field', () => {
    const r = rollout({ steps: [{ replicas: 1, surprise: 1 }] }) as Loose;
    expect(pruneObjectUnknownFields(r).unknownFields).toEqual(['spec.strategy.canary.steps[0].surprise']);
    const bad = rollout({ steps: [{ replicas: 1, pause: { duration: 'soon' } }] });
    expect(texts(validateObjectSchema(bad))).toEqual([expect.stringContaining('spec.strategy.canary.steps[0].pause.duration')]);
    const batch = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'BatchRelease', metadata: { name: 'b' }, spec: { releasePlan: { batches: [], batchPartition: 'one' } } };
    expect(texts(validateObjectSchema(batch))).toEqual([expect.stringContaining('spec.releasePlan.batchPartition')]);
  });

  it('serves both kinds in rollouts.kruise.io, v1beta1 stored, with upstream printer columns', () => {
    expect(lookupKind('rollouts.kruise.io/v1alpha1', 'Rollout')?.plural).toBe('rollouts');
    expect(kruiseServedVersions('rollouts.kruise.io', 'BatchRelease')).toEqual(['v1beta1', 'v1alpha1']);
    expect(kruiseServedVersions('apps.kruise.io', 'Rollout')).toBeUndefined();
    const paths = (kind: string, version?: string) => kruisePrinterColumns('rollouts.kruise.io', kind, version)!.map((c) => `${c.name}=${c.jsonPath}`);
    expect(paths('Rollout')).toEqual(['STATUS=.status.phase', 'CANARY_STEP=.status.currentStepIndex', 'CANARY_STATE=.status.currentStepState', 'MESSAGE=.status.message', 'AGE=.metadata.creationTimestamp']);
    expect(paths('Rollout', 'v1alpha1')).toContain('CANARY_STEP=.status.canaryStatus.currentStepIndex');
    expect(paths('BatchRelease')[0]).toBe('KIND=.spec.targetReference.workloadRef.kind');
    const crds = kruiseCrds().filter((c) => c.spec.group === 'rollouts.kruise.io');
    expect(crds.map((c) => `${c.metadata.name} ${c.spec.scope} ${c.spec.versions.map((v) => `${v.name}${v.storage ? '*' : ''}`).join(',')}`)).toEqual([
      'rollouts.rollouts.kruise.io Namespaced v1beta1*,v1alpha1', 'batchreleases.rollouts.kruise.io Namespaced v1beta1*,v1alpha1',
    ]);
    for (const crd of crds) {
      expect(crd.spec.names.shortNames).toBeUndefined();
      expect(crd.spec.versions.map((v) => v.subresources)).toEqual([{ status: {} }, { status: {} }]);
    }
  });
});
