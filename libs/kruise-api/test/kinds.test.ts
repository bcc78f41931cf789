import { describe, expect, it } from '@jest/globals';
import { KINDS, findKindByName, groupOf, lookupKind, lookupResource, resourceKey } from '../src/kinds.js';

describe('lookupKind', () => {
  it.each([
    ['v1', 'Pod'],
    ['v1', 'Node'],
    ['v1', 'Namespace'],
    ['v1', 'PersistentVolumeClaim'],
    ['v1', 'Event'],
    ['apps/v1', 'ControllerRevision'],
    ['apps.kruise.io/v1beta1', 'CloneSet'],
    ['apps.kruise.io/v1alpha1', 'CloneSet'],
    ['apps.kruise.io/v1beta1', 'StatefulSet'],
    ['apps/v1', 'StatefulSet'],
    ['apps.kruise.io/v1alpha1', 'UnitedDeployment'],
    ['apps.kruise.io/v1beta1', 'UnitedDeployment'],
    ['apps/v1', 'Deployment'],
    ['apps/v1', 'ReplicaSet'],
    ['v1', 'Secret'],
    ['admissionregistration.k8s.io/v1', 'MutatingWebhookConfiguration'],
    ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'],
  ])('serves %s %s', (apiVersion, kind) => {
    const info = lookupKind(apiVersion, kind);
    expect(info?.kind).toBe(kind);
    expect(info?.apiVersions).toContain(apiVersion);
  });

  it.each([
    ['extensions/v1beta1', 'Deployment'],
    ['apps/v1beta2', 'StatefulSet'],
    ['v1', 'pod'],
    ['apps.kruise.io/v1beta1', 'clonesets'],
    ['v2', 'Pod'],
  ])('does not serve %s %s', (apiVersion, kind) => {
    expect(lookupKind(apiVersion, kind)).toBeUndefined();
  });

  it('gives both CloneSet versions the same info, v1beta1 first (the storage version)', () => {
    const beta = lookupKind('apps.kruise.io/v1beta1', 'CloneSet');
    expect(lookupKind('apps.kruise.io/v1alpha1', 'CloneSet')).toBe(beta);
    expect(beta?.apiVersions[0]).toBe('apps.kruise.io/v1beta1');
  });
});

describe('lookupResource and resourceKey', () => {
  it('identify a resource by group and kind, whatever the version', () => {
    expect(resourceKey('apps.kruise.io/v1alpha1', 'CloneSet')).toBe('CloneSet.apps.kruise.io');
    expect(resourceKey('v1', 'Pod')).toBe('Pod');
    expect(groupOf('apps/v1')).toBe('apps');
    expect(groupOf('v1')).toBe('');
    expect(lookupResource('apps.kruise.io/v1alpha1', 'StatefulSet')?.apiVersions).toEqual(['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1']);
    expect(lookupResource('apps.kruise.io/v1alpha1', 'UnitedDeployment')?.apiVersions[0]).toBe('apps.kruise.io/v1beta1');
    // The native kind is a resource of its own (group apps), not a version of the Advanced StatefulSet.
    expect(lookupResource('apps/v1', 'StatefulSet')?.apiVersions).toEqual(['apps/v1']);
  });
});

describe('findKindByName', () => {
  it.each([
    ['Pod', 'Pod'],
    ['pod', 'Pod'],
    ['pods', 'Pod'],
    ['CloneSet', 'CloneSet'],
    ['clonesets', 'CloneSet'],
    ['clonesets.apps.kruise.io', 'CloneSet'],
    ['cloneset.apps.kruise.io', 'CloneSet'],
    ['StatefulSets', 'StatefulSet'],
    ['statefulsets.apps.kruise.io', 'StatefulSet'],
    ['statefulsets.apps', 'StatefulSet'],
    ['uniteddeployments', 'UnitedDeployment'],
    ['deployments', 'Deployment'],
    ['deployments.apps', 'Deployment'],
    ['replicasets', 'ReplicaSet'],
    ['controllerrevisions', 'ControllerRevision'],
    ['persistentvolumeclaims', 'PersistentVolumeClaim'],
  ])('%s -> %s', (name, kind) => {
    expect(findKindByName(name)?.kind).toBe(kind);
  });

  it('a bare "statefulsets" is the Advanced StatefulSet; "statefulsets.apps" the native one', () => {
    expect(findKindByName('statefulsets')?.group).toBe('apps.kruise.io');
    expect(findKindByName('statefulsets.apps')?.group).toBe('apps');
  });

  it.each(['clone', 'ud', 'pods.apps.kruise.io', ''])('%j is not a served kind', (name) => {
    expect(findKindByName(name)).toBeUndefined();
  });

  it('knows which kinds are namespaced', () => {
    const clusterScoped = KINDS.filter((k) => !k.namespaced).map((k) => k.kind);
    expect(clusterScoped.sort()).toEqual(['CustomResourceDefinition', 'MutatingWebhookConfiguration', 'Namespace', 'Node', 'NodeImage', 'PersistentVolume', 'ValidatingWebhookConfiguration']);
  });
});
