// The embedded cluster's admission of Rollout and BatchRelease writes: Kruise Rollouts' webhook
// (docs/spec/kruise-rollout.md §1.8), Coxswain's refusals of what it does not act on (docs/spec/kruise-rollout.md §8.1),
// and both kinds stored as v1beta1 (docs/spec/kruise-rollout.md §1.9).
import { describe, expect, it } from '@jest/globals';
import type { BatchRelease, KubeObject, Rollout } from '@coxswain/kruise-api';
import { kruiseAdmission } from '../../src/admission/kruise-admission.js';
import type { ApiError } from '../../src/errors.js';
import { openStore } from '../store/store-fixtures.js';

const ROLLOUT = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
const BATCH_RELEASE = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'BatchRelease' };
const CLONESET_REF = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'echoserver' };
const STEPS = [{ replicas: '20%', pause: {} }, { replicas: '50%', pause: { duration: 60 } }, { replicas: '100%' }];

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the write to be refused');
}

const admission = kruiseAdmission();

const rollout = (name: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout', metadata: { name, namespace: 'default' }, spec });

describe('served', () => {
  it('stores Rollouts and BatchReleases in either version (their controllers act on them)', async () => {
    const { store } = await openStore({ admission });
    await store.create(rollout('demo', { workloadRef: CLONESET_REF, strategy: { canary: { steps: STEPS } } }));
    await store.create({ apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'BatchRelease', metadata: { name: 'demo', namespace: 'default' }, spec: { targetReference: { workloadRef: CLONESET_REF }, releasePlan: { batches: [{ canaryReplicas: '20%' }] } } });
    expect((await store.list(ROLLOUT)).items.map((r) => r.metadata.name)).toEqual(['demo']);
    const release = await store.get<BatchRelease>(BATCH_RELEASE, 'default', 'demo');
    expect(release.apiVersion).toBe('rollouts.kruise.io/v1beta1');
    expect(release.spec.workloadRef).toEqual(CLONESET_REF);
  });
});

describe('Rollout admission', () => {
  it('stores a v1alpha1 Rollout as v1beta1 with disabled defaulted, and serves it back', async () => {
    const { store } = await openStore({ admission: admission });
    await store.create({
      apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'Rollout',
      metadata: { name: 'demo', namespace: 'default', annotations: { 'rollouts.kruise.io/rolling-style': 'partition' } },
      spec: { objectRef: { workloadRef: CLONESET_REF }, strategy: { canary: { steps: STEPS } } },
    });
    const stored = await store.get<Rollout>(ROLLOUT, 'default', 'demo');
    expect(stored.apiVersion).toBe('rollouts.kruise.io/v1beta1');
    // Go writes a step's pause struct even when empty (omitempty does not omit structs).
    const steps = [STEPS[0], STEPS[1], { ...STEPS[2], pause: {} }];
    expect(stored.spec).toEqual({ workloadRef: CLONESET_REF, strategy: { canary: { steps, enableExtraWorkloadForCanary: false } }, disabled: false });
  });

  it('refuses a second Rollout of the same workload, in Kruise Rollouts\' words', async () => {
    const { store } = await openStore({ admission: admission });
    await store.create(rollout('first', { workloadRef: CLONESET_REF, strategy: { canary: { steps: STEPS } } }));
    const error = await refusal(store.create(rollout('second', { workloadRef: CLONESET_REF, strategy: { canary: { steps: STEPS } } })));
    expect(error.reason).toBe('Invalid');
    expect(error.details.causes).toEqual([
      { field: 'Conflict Checker', message: 'Invalid value: "second": This rollout conflict with Rollout(default/first), one workload only have less than one Rollout' },
    ]);
    // Another namespace is no conflict.
    await store.create({ ...rollout('second', { workloadRef: CLONESET_REF, strategy: { canary: { steps: STEPS } } }), metadata: { name: 'second', namespace: 'other' } });
  });

  it('refuses a traffic routing in words instead of storing and ignoring it', async () => {
    const { store } = await openStore({ admission: admission });
    const error = await refusal(store.create(rollout('demo', {
      workloadRef: CLONESET_REF,
      strategy: { canary: { steps: [{ replicas: '20%', traffic: '20%' }], trafficRoutings: [{ service: 'echo', ingress: { name: 'echo' } }] } },
    })));
    expect(error.details.causes!.map((c) => c.field)).toEqual(['spec.strategy.canary.trafficRoutings', 'spec.strategy.canary.steps[0].traffic']);
    expect(error.message).toContain('traffic routing needs an ingress controller or a service mesh, and the embedded cluster has neither');
  });

  it('keeps the step count while the stored Rollout is Progressing, not once it is Healthy', async () => {
    const { store } = await openStore({ admission: admission });
    const created = await store.create(rollout('demo', { workloadRef: CLONESET_REF, strategy: { canary: { steps: STEPS } } })) as Rollout;
    const progressing = await store.updateStatus({ ...created, status: { phase: 'Progressing', currentStepIndex: 1, currentStepState: 'StepPaused' } });
    const fewer = { ...progressing, spec: { ...progressing.spec, strategy: { canary: { steps: STEPS.slice(1) } } } };
    const error = await refusal(store.update(fewer));
    expect(error.details.causes).toEqual([{ field: 'Spec.Strategy.Canary|BlueGreen', message: 'Forbidden: Amount of Rollout steps are immutable' }]);
    const healthy = await store.updateStatus({ ...progressing, status: { phase: 'Healthy', currentStepIndex: 3, currentStepState: 'Completed' } });
    await store.update({ ...healthy, spec: fewer.spec });
  });
});

describe('BatchRelease admission', () => {
  it('stores a v1alpha1 BatchRelease as v1beta1: targetReference → workloadRef, the style annotation → rollingStyle', async () => {
    const { store } = await openStore({ admission: admission });
    await store.create({
      apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'BatchRelease',
      metadata: { name: 'demo', namespace: 'default', annotations: { 'rollouts.kruise.io/rolling-style': 'partition' } },
      spec: { targetReference: { workloadRef: CLONESET_REF }, releasePlan: { batches: [{ canaryReplicas: '20%' }], enableExtraWorkloadForCanary: false } },
    });
    const stored = await store.get<BatchRelease>(BATCH_RELEASE, 'default', 'demo');
    expect(stored.spec).toEqual({ workloadRef: CLONESET_REF, releasePlan: { batches: [{ canaryReplicas: '20%' }], enableExtraWorkloadForCanary: false, rollingStyle: 'Partition' } });
  });
});

describe('BatchRelease admission: Coxswain refuses what its BatchRelease would not act on (docs/spec/kruise-rollout.md §8.1)', () => {
  const release = (name: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'BatchRelease', metadata: { name, namespace: 'default' }, spec });
  const PLAN = { batches: [{ canaryReplicas: '20%' }], enableExtraWorkloadForCanary: false };

  it.each([
    ['the blue-green style, for a CloneSet (it would otherwise run as partition style)', { workloadRef: CLONESET_REF, releasePlan: { ...PLAN, rollingStyle: 'BlueGreen' } },
      [{ field: 'spec.releasePlan.rollingStyle', message: 'Forbidden: the blue-green style is not supported by Coxswain; use Partition or Canary' }]],
    ['the blue-green style, for a Deployment', { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, releasePlan: { ...PLAN, rollingStyle: 'BlueGreen' } },
      [{ field: 'spec.releasePlan.rollingStyle', message: 'Forbidden: the blue-green style is not supported by Coxswain; use Partition or Canary' }]],
    ['a DaemonSet', { workloadRef: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent' }, releasePlan: PLAN },
      [{ field: 'spec.workloadRef', message: expect.stringContaining("Coxswain's BatchReleases drive CloneSets, Advanced StatefulSets, apps/v1 StatefulSets and apps/v1 Deployments; a DaemonSet is not supported") }]],
  ])('refuses %s, naming the field, and stores nothing', async (_, spec, causes) => {
    const { store } = await openStore({ admission });
    const error = await refusal(store.create(release('demo', spec)));
    expect(error.reason).toBe('Invalid');
    expect(error.details.causes).toEqual(causes);
    expect((await store.list(BATCH_RELEASE)).items).toEqual([]);
  });

  it('refuses the blue-green style in v1alpha1 too (the rolling-style annotation)', async () => {
    const { store } = await openStore({ admission });
    const error = await refusal(store.create({
      apiVersion: 'rollouts.kruise.io/v1alpha1', kind: 'BatchRelease',
      metadata: { name: 'demo', namespace: 'default', annotations: { 'rollouts.kruise.io/rolling-style': 'bluegreen' } },
      spec: { targetReference: { workloadRef: CLONESET_REF }, releasePlan: { batches: [{ canaryReplicas: '20%' }] } },
    }));
    expect(error.details.causes!.map((c) => c.field)).toEqual(['spec.releasePlan.rollingStyle']);
  });

  it('stores the partition and canary styles', async () => {
    const { store } = await openStore({ admission });
    await store.create(release('p', { workloadRef: CLONESET_REF, releasePlan: { ...PLAN, rollingStyle: 'Partition' } }));
    await store.create(release('c', { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, releasePlan: { ...PLAN, rollingStyle: 'Canary', enableExtraWorkloadForCanary: true } }));
    expect((await store.list(BATCH_RELEASE)).items.map((r) => r.metadata.name).sort()).toEqual(['c', 'p']);
  });
});
