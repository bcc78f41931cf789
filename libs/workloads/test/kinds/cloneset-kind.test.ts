// The CloneSet entry of the workload-kind registry: printer columns, status summary, pod facts and the
// mutations as pure spec edits.
import { describe, expect, it } from '@jest/globals';
import type { CloneSet, ControllerRevision, Pod } from '@coxswain/kruise-api';
import { CLONESET_KIND } from '../../src/kinds/cloneset-kind.js';
import { WorkloadMutationError } from '../../src/kinds/mutation-error.js';
import { WORKLOAD_KINDS, workloadKind, workloadKindOf } from '../../src/kinds/registry.js';
import { newRevision } from '../../src/revision/cloneset-revision.js';

const NOW = Date.parse('2026-01-01T12:00:00Z');

function cloneSet(): CloneSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'sample', namespace: 'default', uid: 'cs-1', creationTimestamp: '2026-01-01T11:54:30Z' },
    spec: {
      replicas: 5,
      selector: { matchLabels: { app: 'sample' } },
      template: { metadata: { labels: { app: 'sample' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:alpine' }, { name: 'side', image: 'busybox:1' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2, maxUnavailable: '20%' } },
      minReadySeconds: 10,
    },
    status: {
      observedGeneration: 3, replicas: 5, readyReplicas: 4, availableReplicas: 4, updatedReplicas: 3, updatedReadyReplicas: 2,
      updatedAvailableReplicas: 2, expectedUpdatedReplicas: 3, currentRevision: 'sample-a', updateRevision: 'sample-b',
    },
  };
}

function pod(name: string, extra: Partial<Pod['metadata']> = {}, ready = true, since = '2026-01-01T11:59:00Z'): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { 'controller-revision-hash': 'sample-b', 'apps.kruise.io/cloneset-instance-id': name.slice(7) }, ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'sample', uid: 'cs-1', controller: true }], ...extra },
    spec: { containers: [{ name: 'nginx', image: 'nginx:alpine' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: since }] },
  };
}

describe('the registry', () => {
  it('finds CloneSet by contract name and by apiVersion/kind in both served versions', () => {
    expect(WORKLOAD_KINDS.map((k) => k.kind)).toContain('CLONE_SET');
    expect(workloadKind('CLONE_SET')?.clusterKind).toBe('CloneSet');
    expect(workloadKindOf({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' })?.kind).toBe('CLONE_SET');
    expect(workloadKindOf({ apiVersion: 'apps/v1', kind: 'CloneSet' })).toBeUndefined();
    expect(workloadKind('DAEMON_SET')).toBeUndefined();
  });
});

describe('CLONESET_KIND', () => {
  it('prints kubectl columns', () => {
    expect(CLONESET_KIND.printerColumns).toEqual(['DESIRED', 'UPDATED', 'UPDATED_READY', 'UPDATED_AVAILABLE', 'READY', 'TOTAL', 'AGE']);
    expect(CLONESET_KIND.printRow(cloneSet(), NOW)).toEqual(['5', '3', '2', '2', '4', '5', '5m30s']);
    const fresh = { ...cloneSet(), status: undefined };
    expect(CLONESET_KIND.printRow(fresh, NOW)).toEqual(['5', '', '', '', '', '', '5m30s']);
  });

  it('summarises status in the contract shape and reads images, replicas, partition target', () => {
    const cs = cloneSet();
    expect(CLONESET_KIND.status(cs)).toMatchObject({ replicas: 5, updatedReplicas: 3, expectedUpdatedReplicas: 3, currentRevision: 'sample-a', updateRevision: 'sample-b', conditions: [] });
    expect(CLONESET_KIND.status(cs).currentReplicas).toBeUndefined();
    expect(CLONESET_KIND.expectedUpdatedReplicas(cs)).toBe(3);
    expect(CLONESET_KIND.partitionedReplicas(cs)).toBe(2);
    expect(CLONESET_KIND.partitionedReplicas(CLONESET_KIND.mutations.setPartition(cs, '30%'))).toBe(2);
    expect(CLONESET_KIND.partitionedReplicas(CLONESET_KIND.mutations.setPartition(cs, 9))).toBe(5);
    expect(CLONESET_KIND.images(cs)).toEqual(['nginx:alpine', 'busybox:1']);
    expect(CLONESET_KIND.replicas(cs)).toBe(5);
  });

  it('reads pods: owner, instance id, availability with minReadySeconds, update revision', () => {
    const cs = cloneSet();
    expect(CLONESET_KIND.ownsPod(cs, pod('sample-x1'))).toBe(true);
    expect(CLONESET_KIND.ownsPod(cs, pod('sample-x1', { ownerReferences: [] }))).toBe(false);
    expect(CLONESET_KIND.podInstanceId!(cs, pod('sample-x1'))).toBe('x1');
    expect(CLONESET_KIND.podAvailability(cs, pod('sample-x1'), NOW).available).toBe(true);
    expect(CLONESET_KIND.podAvailability(cs, pod('sample-x1', {}, true, '2026-01-01T11:59:55Z'), NOW).available).toBe(false);
    expect(CLONESET_KIND.isPodUpdated(cs, pod('sample-x1'))).toBe(true);
    expect(CLONESET_KIND.podOrdinal).toBeUndefined();
  });

  describe('mutations', () => {
    it('are pure spec edits', () => {
      const cs = cloneSet();
      const before = structuredClone(cs);
      expect(CLONESET_KIND.mutations.setImage(cs, 'side', 'busybox:2').spec.template.spec.containers[1]!.image).toBe('busybox:2');
      expect(CLONESET_KIND.mutations.setPartition(cs, '40%').spec.updateStrategy!.rollingUpdate!.partition).toBe('40%');
      expect(CLONESET_KIND.mutations.pauseRollout(cs).spec.updateStrategy!.rollingUpdate!.paused).toBe(true);
      expect(CLONESET_KIND.mutations.scaleWorkload(cs, 0).spec.replicas).toBe(0);
      expect(cs).toEqual(before);
    });

    it('deletePods lists the pods in podsToDelete, once; scaleDown lowers replicas by the pods added', () => {
      const cs = cloneSet();
      cs.spec.scaleStrategy = { podsToDelete: ['sample-a1'] };
      const edit = CLONESET_KIND.mutations.deletePods(cs, [pod('sample-a1'), pod('sample-b2'), pod('sample-b2')], true);
      expect(edit.podPatches).toEqual([]);
      expect(edit.workload!.spec.scaleStrategy!.podsToDelete).toEqual(['sample-a1', 'sample-b2']);
      expect(edit.workload!.spec.replicas).toBe(4);
    });

    it('rollback restores the template of a revision', () => {
      const old = cloneSet();
      old.spec.template.spec.containers[0]!.image = 'nginx:1.25';
      const revision: ControllerRevision = newRevision(old, 1, 0);
      expect(CLONESET_KIND.mutations.rollbackWorkload(cloneSet(), revision).spec.template.spec.containers[0]!.image).toBe('nginx:1.25');
    });

    it.each<[string, () => unknown, string]>([
      ['an unknown container', () => CLONESET_KIND.mutations.setImage(cloneSet(), 'web', 'x:1'), 'container'],
      ['an empty image', () => CLONESET_KIND.mutations.setImage(cloneSet(), 'nginx', ' '), 'image'],
      ['a partition that is not a number or percentage', () => CLONESET_KIND.mutations.setPartition(cloneSet(), '3'), 'partition'],
      ['a negative partition', () => CLONESET_KIND.mutations.setPartition(cloneSet(), -1), 'partition'],
      ['negative replicas', () => CLONESET_KIND.mutations.scaleWorkload(cloneSet(), -1), 'replicas'],
    ])('refuse %s naming the argument', (_name, run, field) => {
      let error: unknown;
      try {
        run();
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(WorkloadMutationError);
      expect((error as WorkloadMutationError).fieldErrors.map((e) => e.field)).toEqual([field]);
    });
  });
});
