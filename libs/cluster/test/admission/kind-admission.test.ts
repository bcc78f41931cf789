// One admission for both modes: the per-kind defaulting and validation the admission webhook serves a real
// cluster are what the embedded store runs on its own writes (then converting to storage), and Secrets
// get the API server's stringData handling.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FEATURE_GATES, convertCloneSet, type CloneSet, type KubeObject, type Pod, type Secret } from '@coxswain/kruise-api';
import { kindAdmission } from '../../src/admission/kind-admission.js';
import { kruiseAdmission } from '../../src/admission/kruise-admission.js';
import { CLONESET, CLONESET_V1BETA1, cloneSet, openStore, pod, refusal } from '../store/store-fixtures.js';

const SECRET = { apiVersion: 'v1', kind: 'Secret' };


describe('kindAdmission', () => {
  it('defaults a v1alpha1 CloneSet in v1alpha1 with Kruise\'s defaults, leaving the input alone', () => {
    const input = cloneSet('web', 2);
    const defaulted = kindAdmission(input.apiVersion, input.kind)!.defaults({ object: input, old: undefined, gates: DEFAULT_FEATURE_GATES }) as KubeObject & { spec: Record<string, any> };
    expect(defaulted.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(defaulted.spec.revisionHistoryLimit).toBe(10);
    expect(defaulted.spec.updateStrategy).toEqual({ type: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 });
    expect(defaulted.spec.template.spec.containers[0].imagePullPolicy).toBe('IfNotPresent');
    expect(input.spec).not.toHaveProperty('updateStrategy');
  });

  it('is the embedded store\'s admission: what the store keeps is the defaulted object in v1beta1', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const input = cloneSet('web', 2);
    await store.create(input);
    const stored = await store.get<CloneSet>(CLONESET_V1BETA1, 'default', 'web');
    const defaulted = kindAdmission(input.apiVersion, input.kind)!.defaults({ object: input, old: undefined, gates: DEFAULT_FEATURE_GATES });
    expect(convertCloneSet(stored, 'v1alpha1').spec).toEqual(defaulted.spec);
  });

  it('refuses in the store with the causes validate names, and looks pods up through the lookup it is given', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const created = await store.create(cloneSet('web', 2));
    await store.create(pod('someone-elses'));
    const asked: string[] = [];
    const admission = kindAdmission(CLONESET.apiVersion, 'CloneSet')!;
    const changed = { ...cloneSet('web', 2), metadata: { ...created.metadata }, spec: { ...cloneSet('web', 2).spec as object, scaleStrategy: { podsToDelete: ['someone-elses', 'nobody'] } } };
    const errors = admission.validate({
      object: admission.defaults({ object: changed, old: created, gates: DEFAULT_FEATURE_GATES }),
      old: created,
      pod: (namespace, name) => void asked.push(`${namespace}/${name}`) as Pod | undefined,
    });
    expect(asked.sort()).toEqual(['default/nobody', 'default/someone-elses']);
    // Without pods every added name is "not found" (in name order, as Kruise checks them).
    expect(errors.map((e) => e.field)).toEqual(['spec.scaleStrategy.podsToDelete[1]', 'spec.scaleStrategy.podsToDelete[0]']);

    const error = await refusal(store.update(changed));
    expect(error.reason).toBe('Invalid');
    expect(error.details.causes).toEqual([
      { field: 'spec.scaleStrategy.podsToDelete[1]', message: 'Invalid value: "nobody": find pod nobody failed: pods "nobody" not found' },
      { field: 'spec.scaleStrategy.podsToDelete[0]', message: 'Invalid value: "someone-elses": find pod someone-elses owner is not this CloneSet' },
    ]);
  });

  it('leaves kinds without admission alone', () => {
    expect(kindAdmission('v1', 'Namespace')).toBeUndefined();
    expect(kindAdmission('admissionregistration.k8s.io/v1', 'MutatingWebhookConfiguration')).toBeUndefined();
  });
});

describe('Secret admission', () => {
  it('merges stringData into data as base64 and never stores stringData', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    await store.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, data: { a: 'eA==' }, stringData: { b: 'héllo', a: 'y' } } as Secret);
    const stored = await store.get<Secret>(SECRET, 'default', 's');
    expect(stored.data).toEqual({ a: 'eQ==', b: Buffer.from('héllo').toString('base64') });
    expect(stored).not.toHaveProperty('stringData');
  });

  it('refuses data that is not base64, and keys that are not config keys, without echoing the contents', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const error = await refusal(store.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, data: { ok: 'b2s=', 'bad key': 'b2s=', raw: 'not base64!' } } as Secret));
    expect(error.details.causes).toEqual([
      { field: 'data[bad key]', message: 'Invalid value: "bad key": a valid config key must consist of alphanumeric characters, \'-\', \'_\' or \'.\'' },
      { field: 'data[raw]', message: 'Invalid value: "<secret contents redacted>": must be base64 encoded' },
    ]);
    expect(store.size()).toBe(0);
  });
});
