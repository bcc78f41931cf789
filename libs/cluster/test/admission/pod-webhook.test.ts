// Kruise's pod webhook (pkg/webhook/pod/mutating/pod_readiness.go): a pod created with a controller in the
// apps.kruise.io group gets the KruisePodReady readiness gate appended, once; nothing else does, and no
// update does. The embedded store runs it on its own writes (one admission for both modes), before the
// API server's pod validation.
import { describe, expect, it } from '@jest/globals';
import type { KubeObject, Pod } from '@coxswain/kruise-api';
import { kindAdmission } from '../../src/admission/kind-admission.js';
import { kruiseAdmission } from '../../src/admission/kruise-admission.js';
import { isOwnedByKruise, kruisePodWebhookDefaults } from '../../src/admission/pod-webhook.js';
import { POD, openStore } from '../store/store-fixtures.js';

type Ref = Record<string, unknown>;
const ref = (apiVersion: unknown, extra: Ref = {}): Ref => ({ apiVersion, kind: 'Owner', name: 'o', uid: 'u', controller: true, ...extra });

function podWith(ownerReferences: unknown, gates?: unknown): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', ...(ownerReferences === undefined ? {} : { ownerReferences }) },
    spec: { containers: [{ name: 'main', image: 'nginx' }], ...(gates === undefined ? {} : { readinessGates: gates }) },
  } as unknown as KubeObject;
}

const gatesOf = (pod: KubeObject) => (pod as Pod).spec.readinessGates;
const KRUISE_READY = { conditionType: 'KruisePodReady' };
const INPLACE = { conditionType: 'InPlaceUpdateReady' };

describe('isOwnedByKruise (metav1.GetControllerOf, then the group of its apiVersion as schema.ParseGroupVersion reads it)', () => {
  it.each<[string, unknown, boolean]>([
    ['a CloneSet controller (v1alpha1)', [ref('apps.kruise.io/v1alpha1')], true],
    ['an Advanced StatefulSet controller (v1beta1)', [ref('apps.kruise.io/v1beta1')], true],
    ['any kind of the group, any version', [ref('apps.kruise.io/v9')], true],
    ['an apps/v1 StatefulSet controller', [ref('apps/v1')], false],
    ['a ReplicaSet controller', [ref('apps/v1', { kind: 'ReplicaSet' })], false],
    ['a core owner ("v1": no group)', [ref('v1')], false],
    ['a Kruise owner that is not the controller', [ref('apps.kruise.io/v1alpha1', { controller: false })], false],
    ['a Kruise owner without controller', [ref('apps.kruise.io/v1alpha1', { controller: undefined })], false],
    ['the first controller decides: apps/v1 before a Kruise one', [ref('apps/v1'), ref('apps.kruise.io/v1alpha1')], false],
    ['a non-controller apps/v1 owner, then the Kruise controller', [ref('apps/v1', { controller: false }), ref('apps.kruise.io/v1alpha1')], true],
    ['a group lookalike', [ref('apps.kruise.io.evil/v1')], false],
    ['a sub-group', [ref('x.apps.kruise.io/v1')], false],
    ['an apiVersion with two slashes (ParseGroupVersion fails: no group)', [ref('apps.kruise.io/v1/x')], false],
    ['an empty version: the group still counts', [ref('apps.kruise.io/')], true],
    ['no owners', undefined, false],
    ['owners that are not a list', { controller: true }, false],
    ['an owner that is not an object', ['apps.kruise.io/v1alpha1'], false],
    ['an apiVersion that is not a string', [ref(42)], false],
  ])('%s → %s', (_name, owners, expected) => {
    expect(isOwnedByKruise(podWith(owners))).toBe(expected);
  });
});

describe('kruisePodWebhookDefaults (InjectReadinessGateToPod)', () => {
  const kruise = [ref('apps.kruise.io/v1alpha1')];
  it.each<[string, unknown, unknown, unknown]>([
    ['a Kruise pod without gates gets KruisePodReady', kruise, undefined, [KRUISE_READY]],
    ['appended after the gates it has (the CloneSet controller\'s InPlaceUpdateReady first)', kruise, [INPLACE], [INPLACE, KRUISE_READY]],
    ['a template\'s own gates stay in front', kruise, [{ conditionType: 'www.example.com/ready' }, INPLACE], [{ conditionType: 'www.example.com/ready' }, INPLACE, KRUISE_READY]],
    ['not twice', kruise, [KRUISE_READY, INPLACE], [KRUISE_READY, INPLACE]],
    ['an empty list gets the gate', kruise, [], [KRUISE_READY]],
    ['another owner\'s pod is left alone', [ref('apps/v1')], [INPLACE], [INPLACE]],
    ['a pod without owners is left alone', undefined, undefined, undefined],
    ['a gate list of the wrong shape is left for validation', kruise, 'KruisePodReady', 'KruisePodReady'],
  ])('%s', (_name, owners, gates, expected) => {
    const input = podWith(owners, gates);
    const before = JSON.stringify(input);
    expect(gatesOf(kruisePodWebhookDefaults(input))).toEqual(expected);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('leaves a pod without a spec to validation', () => {
    const bare = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ownerReferences: [ref('apps.kruise.io/v1alpha1')] } } as unknown as KubeObject;
    expect(kruisePodWebhookDefaults(bare)).toBe(bare);
  });
});

describe('the pod admission (kindAdmission v1 Pod)', () => {
  const admission = kindAdmission('v1', 'Pod')!;
  const kruisePod = podWith([ref('apps.kruise.io/v1alpha1')]);

  it('injects on CREATE only: an UPDATE is the webhook rule\'s to skip', () => {
    expect(gatesOf(admission.defaults({ object: kruisePod, old: undefined, gates: undefined as never }))).toEqual([KRUISE_READY]);
    expect(admission.defaults({ object: kruisePod, old: kruisePod, gates: undefined as never })).toBe(kruisePod);
  });

  it('is what the embedded store stores: a Kruise-owned pod is created with the gate, others and updates are not given it', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    await store.create(kruisePod);
    const created = await store.get<Pod>(POD, 'default', 'p');
    expect(created.spec.readinessGates).toEqual([KRUISE_READY]);

    await store.create({ ...podWith([ref('apps/v1')]), metadata: { name: 'rs-pod', namespace: 'default', ownerReferences: [ref('apps/v1')] } } as unknown as KubeObject);
    expect((await store.get<Pod>(POD, 'default', 'rs-pod')).spec.readinessGates).toBeUndefined();

    // An update never injects: a pod created without a Kruise controller keeps its gates when it gets one.
    const plain = { ...podWith(undefined), metadata: { name: 'plain', namespace: 'default' } } as KubeObject;
    await store.create(plain);
    const before = await store.get<Pod>(POD, 'default', 'plain');
    await store.update({ ...before, metadata: { ...before.metadata, ownerReferences: [ref('apps.kruise.io/v1alpha1')] } as unknown as Pod['metadata'] });
    expect((await store.get<Pod>(POD, 'default', 'plain')).spec.readinessGates).toBeUndefined();
    await store.close();
  });

  it('validates after injecting: a pod the API server refuses is refused with the gate or without it', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const noContainers = { ...kruisePod, spec: { containers: [] } } as unknown as KubeObject;
    await expect(store.create(noContainers)).rejects.toMatchObject({ reason: 'Invalid' });
    await store.close();
  });
});
