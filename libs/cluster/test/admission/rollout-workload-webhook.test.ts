// Kruise Rollouts' workload webhook (docs/spec/kruise-rollout.md §4) as the embedded cluster's admission
// runs it on CloneSet and StatefulSet updates: frozen and marked in progressing on an effective revision
// change of a labelled workload a live Rollout references; untouched otherwise.
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { kruiseAdmission } from '../../src/admission/kruise-admission.js';
import { isEffectiveRevisionChange, rolloutWorkloadFreeze } from '../../src/admission/rollout-workload-webhook.js';
import { openStore } from '../store/store-fixtures.js';

const IN_PROGRESSING = 'rollouts.kruise.io/in-progressing';
const template = (image: string, labels: Record<string, string> = {}) => ({ metadata: { labels: { app: 'web', ...labels } }, spec: { containers: [{ name: 'main', image }] } });

function workload(apiVersion: string, kind: string, over: { image?: string; labels?: Record<string, string>; annotations?: Record<string, string>; replicas?: number; strategy?: Record<string, unknown> } = {}): KubeObject {
  return {
    apiVersion, kind,
    metadata: { name: 'web', namespace: 'default', labels: { 'rollouts.kruise.io/workload-type': 'x', ...over.labels }, ...(over.annotations ? { annotations: over.annotations } : {}) },
    spec: { replicas: over.replicas ?? 5, template: template(over.image ?? 'web:v1'), ...(over.strategy ? { updateStrategy: over.strategy } : {}) },
  } as KubeObject;
}

const rollout = (apiVersion: string, kind: string, over: { phase?: string; deleting?: boolean; name?: string } = {}): KubeObject => ({
  apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout',
  metadata: { name: over.name ?? 'demo', namespace: 'default', ...(over.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
  spec: { workloadRef: { apiVersion, kind, name: 'web' }, strategy: { canary: { steps: [{ replicas: '100%' }] } } },
  ...(over.phase ? { status: { phase: over.phase } } : {}),
} as KubeObject);

const spec = (o: KubeObject) => (o as unknown as { spec: Record<string, any> }).spec;

describe('docs/spec/kruise-rollout.md §4.2: effective revision change', () => {
  it.each<[string, KubeObject, KubeObject, boolean]>([
    ['a new image', workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), workload('apps/v1', 'StatefulSet'), true],
    ['a scaling only', workload('apps/v1', 'StatefulSet', { replicas: 7 }), workload('apps/v1', 'StatefulSet'), false],
    ['only the pod-template-hash label', { ...workload('apps/v1', 'StatefulSet'), spec: { ...spec(workload('apps/v1', 'StatefulSet')), template: template('web:v1', { 'pod-template-hash': 'abc' }) } } as KubeObject, workload('apps/v1', 'StatefulSet'), false],
    ['a new rollout-id annotation, same template', workload('apps/v1', 'StatefulSet', { annotations: { 'rollouts.kruise.io/rollout-id': '2' } }), workload('apps/v1', 'StatefulSet', { annotations: { 'rollouts.kruise.io/rollout-id': '1' } }), true],
    ['the same rollout-id annotation, new template', workload('apps/v1', 'StatefulSet', { image: 'web:v2', annotations: { 'rollouts.kruise.io/rollout-id': '1' } }), workload('apps/v1', 'StatefulSet', { annotations: { 'rollouts.kruise.io/rollout-id': '1' } }), false],
  ])('%s', (_, object, old, expected) => {
    expect(isEffectiveRevisionChange(object, old)).toBe(expected);
  });
});

describe('docs/spec/kruise-rollout.md §4.3: the freeze', () => {
  const cases: Array<[string, KubeObject, KubeObject, KubeObject[], unknown]> = [
    ['v1alpha1 CloneSet: partition "100%" at updateStrategy', workload('apps.kruise.io/v1alpha1', 'CloneSet', { image: 'web:v2' }), workload('apps.kruise.io/v1beta1', 'CloneSet'),
      [rollout('apps.kruise.io/v1alpha1', 'CloneSet')], { partition: '100%' }],
    ['v1beta1 CloneSet: partition "100%" at rollingUpdate', workload('apps.kruise.io/v1beta1', 'CloneSet', { image: 'web:v2' }), workload('apps.kruise.io/v1beta1', 'CloneSet'),
      [rollout('apps.kruise.io/v1alpha1', 'CloneSet')], { rollingUpdate: { partition: '100%' } }],
    ['Advanced StatefulSet: 32767', workload('apps.kruise.io/v1beta1', 'StatefulSet', { image: 'web:v2' }), workload('apps.kruise.io/v1beta1', 'StatefulSet'),
      [rollout('apps.kruise.io/v1beta1', 'StatefulSet')], { rollingUpdate: { partition: 32767 } }],
    ['apps/v1 StatefulSet: 32767, other rollingUpdate fields kept', workload('apps/v1', 'StatefulSet', { image: 'web:v2', strategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1 } } }), workload('apps/v1', 'StatefulSet'),
      [rollout('apps/v1', 'StatefulSet')], { type: 'RollingUpdate', rollingUpdate: { partition: 32767, maxUnavailable: 1 } }],
  ];
  it.each(cases)('%s', (_, object, old, rollouts, strategy) => {
    const out = rolloutWorkloadFreeze(object, old, () => rollouts);
    expect(spec(out)['updateStrategy']).toEqual(strategy);
    expect(out.metadata.annotations?.[IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');
    expect(spec(object)['updateStrategy']).not.toEqual(strategy);
  });

  const untouched: Array<[string, KubeObject, KubeObject | undefined, KubeObject[]]> = [
    ['a create', workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), undefined, [rollout('apps/v1', 'StatefulSet')]],
    ['no workload-type label', { ...workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), metadata: { name: 'web', namespace: 'default' } } as KubeObject, workload('apps/v1', 'StatefulSet'), [rollout('apps/v1', 'StatefulSet')]],
    ['replicas 0', workload('apps/v1', 'StatefulSet', { image: 'web:v2', replicas: 0 }), workload('apps/v1', 'StatefulSet'), [rollout('apps/v1', 'StatefulSet')]],
    ['OnDelete StatefulSet', workload('apps/v1', 'StatefulSet', { image: 'web:v2', strategy: { type: 'OnDelete' } }), workload('apps/v1', 'StatefulSet'), [rollout('apps/v1', 'StatefulSet')]],
    ['no Rollout', workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), workload('apps/v1', 'StatefulSet'), []],
    ['a Disabled Rollout', workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), workload('apps/v1', 'StatefulSet'), [rollout('apps/v1', 'StatefulSet', { phase: 'Disabled' })]],
    ['a deleting Rollout', workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), workload('apps/v1', 'StatefulSet'), [rollout('apps/v1', 'StatefulSet', { deleting: true })]],
    ['a Rollout of another kind', workload('apps/v1', 'StatefulSet', { image: 'web:v2' }), workload('apps/v1', 'StatefulSet'), [rollout('apps.kruise.io/v1beta1', 'StatefulSet')]],
    ['a scaling', workload('apps/v1', 'StatefulSet', { replicas: 9 }), workload('apps/v1', 'StatefulSet'), [rollout('apps/v1', 'StatefulSet')]],
  ];
  it.each(untouched)('leaves %s alone', (_, object, old, rollouts) => {
    expect(rolloutWorkloadFreeze(object, old, () => rollouts)).toBe(object);
  });

  it('runs in the embedded store on update, reading the namespace\'s Rollouts', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const ref = { apiVersion: 'apps/v1', kind: 'StatefulSet' };
    const created = await store.create({ ...workload('apps/v1', 'StatefulSet'), spec: { ...spec(workload('apps/v1', 'StatefulSet')), serviceName: 'web', selector: { matchLabels: { app: 'web' } } } } as KubeObject);
    await store.create(rollout('apps/v1', 'StatefulSet'));
    await store.patch(ref, 'default', 'web', { spec: { replicas: 6 } });
    expect((await store.get(ref, 'default', 'web')).metadata.annotations?.[IN_PROGRESSING]).toBeUndefined();
    await store.patch(ref, 'default', 'web', { spec: { template: template('web:v2') } });
    const frozen = await store.get(ref, 'default', 'web');
    expect(frozen.metadata.annotations?.[IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');
    expect(spec(frozen)['updateStrategy'].rollingUpdate.partition).toBe(32767);
    expect(created.metadata.name).toBe('web');
  });
});

describe('docs/spec/kruise-rollout.md §4.3: the Deployment rows (canary style)', () => {
  const UID = 'd-uid';
  const deployment = (over: { image?: string; annotations?: Record<string, string>; labels?: Record<string, string>; replicas?: number; paused?: boolean; strategy?: Record<string, unknown> } = {}): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: UID, labels: { 'rollouts.kruise.io/workload-type': 'deployment', ...over.labels }, ...(over.annotations ? { annotations: over.annotations } : {}) },
    spec: {
      replicas: over.replicas ?? 5, selector: { matchLabels: { app: 'web' } }, template: template(over.image ?? 'web:v1'),
      strategy: over.strategy ?? { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }, ...(over.paused !== undefined ? { paused: over.paused } : {}),
    },
  } as KubeObject);
  const replicaSet = (name: string, image: string, hash: string, replicas: number, created: string, owner = UID): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: { name, namespace: 'default', creationTimestamp: created, labels: { app: 'web', 'pod-template-hash': hash }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: owner, controller: true }] },
    spec: { replicas, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: template(image, { 'pod-template-hash': hash }) },
  } as KubeObject);
  const v1 = replicaSet('web-111', 'web:v1', '111', 5, '2026-01-01T00:00:00Z');
  const rollouts = [rollout('apps/v1', 'Deployment')];
  const IN = { [IN_PROGRESSING]: '{"rolloutName":"demo"}' };

  it('not yet in progressing: an effective change is paused, labelled with the stable ReplicaSet\'s hash and marked in progressing', () => {
    const object = deployment({ image: 'web:v2' });
    const out = rolloutWorkloadFreeze(object, deployment(), () => rollouts, () => [v1, replicaSet('web-000', 'web:v0', '000', 0, '2025-01-01T00:00:00Z')]);
    expect(spec(out)['paused']).toBe(true);
    expect(out.metadata.labels?.['rollouts.kruise.io/stable-revision']).toBe('111');
    expect(out.metadata.annotations?.[IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');
    expect(spec(out)['strategy']).toEqual(spec(object)['strategy']);
    expect(spec(object)['paused']).toBeUndefined();
  });

  const untouched: Array<[string, KubeObject, KubeObject[], KubeObject[]]> = [
    ['replicas 0', deployment({ image: 'web:v2', replicas: 0 }), rollouts, [v1]],
    ['a scaling', deployment({ replicas: 7 }), rollouts, [v1]],
    ['no Rollout', deployment({ image: 'web:v2' }), [], [v1]],
    ['no active ReplicaSet', deployment({ image: 'web:v2' }), rollouts, [replicaSet('web-111', 'web:v1', '111', 0, '2026-01-01T00:00:00Z')]],
    ['only ReplicaSets of another Deployment', deployment({ image: 'web:v2' }), rollouts, [replicaSet('web-111', 'web:v1', '111', 5, '2026-01-01T00:00:00Z', 'other')]],
    ['a Deployment labelled control-plane=controller-manager', deployment({ image: 'web:v2', labels: { 'control-plane': 'controller-manager' } }), rollouts, [v1]],
    ['in progressing, still paused', deployment({ image: 'web:v3', annotations: IN, paused: true }), rollouts, [v1]],
  ];
  it.each(untouched)('leaves %s alone', (_, object, rs, sets) => {
    expect(rolloutWorkloadFreeze(object, deployment({ annotations: IN, paused: true }), () => rs, () => sets)).toBe(object);
  });

  it('an update without uid (a CD tool\'s) finds the stable ReplicaSet by the stored object\'s uid', () => {
    const { uid: _uid, ...metadata } = deployment({ image: 'web:v2' }).metadata;
    const object = { ...deployment({ image: 'web:v2' }), metadata } as KubeObject;
    const out = rolloutWorkloadFreeze(object, deployment(), () => rollouts, () => [v1]);
    expect(out.metadata.labels?.['rollouts.kruise.io/stable-revision']).toBe('111');
  });

  it('in progressing, canary style: every update stays paused and a switch to Recreate is reverted', () => {
    const old = deployment({ image: 'web:v2', annotations: IN, paused: true });
    const resumed = rolloutWorkloadFreeze(deployment({ image: 'web:v2', annotations: IN, paused: false }), old, () => rollouts, () => []);
    expect(spec(resumed)['paused']).toBe(true);
    const recreate = rolloutWorkloadFreeze(deployment({ image: 'web:v2', annotations: IN, paused: true, strategy: { type: 'Recreate' } }), old, () => rollouts, () => []);
    expect(spec(recreate)['strategy']).toEqual(spec(old)['strategy']);
    expect(spec(recreate)['paused']).toBe(true);
  });

  it('in progressing without a matching Rollout (upstream looks for it first): untouched', () => {
    const object = deployment({ image: 'web:v2', annotations: IN, paused: false });
    expect(rolloutWorkloadFreeze(object, deployment({ image: 'web:v2', annotations: IN, paused: true }), () => [], () => [])).toBe(object);
  });

  it('runs in the embedded store on a Deployment update, reading the namespace\'s Rollouts and ReplicaSets', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const ref = { apiVersion: 'apps/v1', kind: 'Deployment' };
    const { metadata: { uid: _uid, ...metadata }, ...rest } = deployment();
    const created = await store.create({ ...rest, metadata } as KubeObject);
    await store.create({ ...v1, metadata: { ...v1.metadata, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: created.metadata.uid!, controller: true }] } } as KubeObject);
    const canaryRollout = rollout('apps/v1', 'Deployment') as KubeObject & { spec: { strategy: { canary: Record<string, unknown> } } };
    canaryRollout.spec.strategy.canary['enableExtraWorkloadForCanary'] = true;
    await store.create(canaryRollout);
    await store.patch(ref, 'default', 'web', { spec: { replicas: 6 } });
    expect((await store.get(ref, 'default', 'web')).metadata.annotations?.[IN_PROGRESSING]).toBeUndefined();
    await store.patch(ref, 'default', 'web', { spec: { template: template('web:v2') } });
    const frozen = await store.get(ref, 'default', 'web');
    expect(frozen.metadata.annotations?.[IN_PROGRESSING]).toBe('{"rolloutName":"demo"}');
    expect(frozen.metadata.labels?.['rollouts.kruise.io/stable-revision']).toBe('111');
    expect(spec(frozen)['paused']).toBe(true);
  });
});

describe('docs/spec/kruise-rollout.md §4.3: the Deployment row in progressing, partition style', () => {
  const STRATEGY = 'rollouts.kruise.io/deployment-strategy';
  const claimed = { type: 'Recreate' };
  const annotations = (strategy: Record<string, unknown>) => ({ [IN_PROGRESSING]: '{"rolloutName":"demo"}', [STRATEGY]: JSON.stringify(strategy) });
  const stored = { rollingStyle: 'Partition', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }, partition: '20%' };
  const deployment = (over: { image?: string; paused?: boolean; strategy?: Record<string, unknown>; annotations?: Record<string, string> } = {}): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'd-uid', labels: { 'rollouts.kruise.io/workload-type': 'deployment' }, annotations: over.annotations ?? annotations(stored) },
    spec: { replicas: 5, selector: { matchLabels: { app: 'web' } }, template: template(over.image ?? 'web:v2'), strategy: over.strategy ?? claimed, paused: over.paused ?? true },
  } as KubeObject);
  const rollouts = [rollout('apps/v1', 'Deployment')];
  const freeze = (object: KubeObject, old = deployment()) => rolloutWorkloadFreeze(object, old, () => rollouts, () => []);
  const strategyOf = (o: KubeObject) => JSON.parse(o.metadata.annotations![STRATEGY]!);

  it.each<[string, KubeObject, { paused: boolean; strategy: Record<string, unknown>; annotation: Record<string, unknown> } | 'untouched']>([
    ['an update that keeps it paused and Recreate', deployment({ paused: true }), 'untouched'],
    ['resumed by hand: paused again', deployment({ paused: false }),
      { paused: true, strategy: claimed, annotation: stored }],
    ['switched to RollingUpdate: Recreate again, its rollingUpdate moved into the annotation (defaulted)', deployment({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 2, maxUnavailable: 1 } } }),
      { paused: true, strategy: claimed, annotation: { ...stored, rollingUpdate: { maxSurge: 2, maxUnavailable: 1 } } }],
    ['a rollingUpdate without maxSurge: Kruise\'s default quirk writes 25% into maxUnavailable', deployment({ strategy: { type: 'Recreate', rollingUpdate: { maxUnavailable: 2 } } }),
      { paused: true, strategy: claimed, annotation: { ...stored, rollingUpdate: { maxUnavailable: '25%' } } }],
    ['a new revision (v3): the annotation paused, the advanced controller stops rolling', deployment({ image: 'web:v3' }),
      { paused: true, strategy: claimed, annotation: { ...stored, paused: true } }],
  ])('%s', (_, object, expected) => {
    const out = freeze(object);
    if (expected === 'untouched') {
      expect(out).toBe(object);
      return;
    }
    expect(spec(out)['paused']).toBe(expected.paused);
    expect(spec(out)['strategy']).toEqual(expected.strategy);
    expect(strategyOf(out)).toEqual(expected.annotation);
    // The input is never modified.
    expect(strategyOf(object)).toEqual(stored);
  });

  it('a rollout-id annotation change is an effective change too; a canary-style strategy annotation goes the canary row', () => {
    const old = deployment({ annotations: { ...annotations(stored), 'rollouts.kruise.io/rollout-id': '1' } });
    const out = freeze(deployment({ annotations: { ...annotations(stored), 'rollouts.kruise.io/rollout-id': '2' } }), old);
    expect(strategyOf(out).paused).toBe(true);
    const canary = deployment({ paused: false, strategy: { type: 'RollingUpdate' }, annotations: annotations({ rollingStyle: 'Canary' }) });
    const reverted = freeze(canary, deployment({ strategy: { type: 'RollingUpdate' } }));
    expect(spec(reverted)['paused']).toBe(true);
    expect(spec(reverted)['strategy']).toEqual({ type: 'RollingUpdate' });
  });
});
