// Pod and PVC construction (docs/spec/cloneset.md §2.1, §2.2).
import { describe, expect, it } from '@jest/globals';
import type { CloneSet } from '@coxswain/kruise-api';
import { newInstance } from '../src/cloneset/plan/new-pod.js';

const cs: CloneSet = {
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'CloneSet',
  metadata: { name: 'sample', namespace: 'demo', uid: 'cs-uid' },
  spec: {
    replicas: 5,
    selector: { matchLabels: { app: 'sample' } },
    template: {
      metadata: { labels: { app: 'sample', tier: 'web' }, annotations: { note: 'x' }, finalizers: ['example.io/hold'] },
      spec: {
        containers: [{ name: 'nginx', image: 'nginx:alpine' }],
        volumes: [{ name: 'data-vol', emptyDir: {} }, { name: 'cache', emptyDir: {} }],
      },
    },
    volumeClaimTemplates: [
      { metadata: { name: 'data-vol', labels: { kind: 'data' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
    ],
  },
} as CloneSet;

describe('newInstance', () => {
  const { pod, pvcs } = newInstance({ cs, instanceId: 'x7k2p', revisionName: 'sample-6c9f8d7b5', shortHash: false, now: Date.parse('2026-03-01T10:00:00.456Z') });

  it('names the pod <cloneset>-<instance-id> and labels it with revision, short hash, instance id and PreparingNormal', () => {
    expect(pod.metadata.name).toBe('sample-x7k2p');
    expect(pod.metadata.generateName).toBe('sample-');
    expect(pod.metadata.labels).toEqual({
      app: 'sample', tier: 'web',
      'controller-revision-hash': 'sample-6c9f8d7b5',
      'pod-template-hash': '6c9f8d7b5',
      'apps.kruise.io/cloneset-instance-id': 'x7k2p',
      'lifecycle.apps.kruise.io/state': 'PreparingNormal',
    });
    expect(pod.metadata.annotations).toEqual({ note: 'x', 'lifecycle.apps.kruise.io/timestamp': '2026-03-01T10:00:00Z' });
    expect(pod.metadata.finalizers).toEqual(['example.io/hold']);
  });

  it('is controlled by the CloneSet (v1beta1 reference)', () => {
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'sample', uid: 'cs-uid', controller: true, blockOwnerDeletion: true }]);
  });

  it('appends the InPlaceUpdateReady readiness gate to every pod, and leaves KruisePodReady to the pod webhook at admission', () => {
    expect(pod.spec.readinessGates).toEqual([{ conditionType: 'InPlaceUpdateReady' }]);
  });

  it('puts claim volumes first and drops template volumes named like a claim template', () => {
    expect(pod.spec.volumes).toEqual([
      { name: 'data-vol', persistentVolumeClaim: { claimName: 'data-vol-sample-x7k2p', readOnly: false } },
      { name: 'cache', emptyDir: {} },
    ]);
  });

  it('creates one PVC per claim template, labelled with the selector and instance id, owned by the CloneSet', () => {
    expect(pvcs).toHaveLength(1);
    expect(pvcs[0]!.metadata).toMatchObject({
      name: 'data-vol-sample-x7k2p',
      namespace: 'demo',
      labels: { kind: 'data', app: 'sample', 'apps.kruise.io/cloneset-instance-id': 'x7k2p' },
      ownerReferences: [expect.objectContaining({ kind: 'CloneSet', uid: 'cs-uid', controller: true })],
    });
  });

  it('writes only the hash in controller-revision-hash under CloneSetShortHash', () => {
    const short = newInstance({ cs, instanceId: 'b2c4d', revisionName: 'sample-6c9f8d7b5', shortHash: true, now: 0 });
    expect(short.pod.metadata.labels!['controller-revision-hash']).toBe('6c9f8d7b5');
  });

  it('does not share template objects with the pod', () => {
    pod.spec.containers[0]!.image = 'changed';
    expect(cs.spec.template.spec.containers[0]!.image).toBe('nginx:alpine');
  });
});
