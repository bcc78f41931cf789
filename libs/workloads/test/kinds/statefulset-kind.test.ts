// The Advanced StatefulSet entry of the workload-kind registry: kubectl columns, status summary with
// currentReplicas, pod ordinals, the kind's own availability and partition, and pod deletion through
// specified-delete labels or reserved ordinals.
import { describe, expect, it } from '@jest/globals';
import { mutationError } from './mutation-error.js';
import { workloadKind, workloadKindOf } from '../../src/kinds/registry.js';
import { STATEFULSET_KIND } from '../../src/kinds/statefulset-kind.js';
import { NOW, iso, makeSet, pod, world } from '../statefulset/fixtures.js';

const withStatus = () => {
  const set = makeSet((s, obj) => {
    s['replicas'] = 4;
    s['reserveOrdinals'] = [1];
    obj['metadata']['creationTimestamp'] = iso(NOW - 50 * 3600_000);
  });
  set.status = {
    observedGeneration: 1, replicas: 4, readyReplicas: 3, availableReplicas: 3, currentReplicas: 2, updatedReplicas: 2, updatedReadyReplicas: 2,
    updatedAvailableReplicas: 1, currentRevision: 'web-a', updateRevision: 'web-b',
  };
  return set;
};


describe('STATEFULSET_KIND', () => {
  it('is in the registry under STATEFUL_SET for both Kruise versions, not for apps/v1', () => {
    expect(workloadKind('STATEFUL_SET')).toBe(STATEFULSET_KIND);
    expect(workloadKindOf({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'StatefulSet' })?.kind).toBe('STATEFUL_SET');
    expect(workloadKindOf({ apiVersion: 'apps/v1', kind: 'StatefulSet' })).toBeUndefined();
  });

  it('prints DESIRED CURRENT UPDATED READY AGE (CURRENT is status.replicas)', () => {
    expect(STATEFULSET_KIND.printerColumns).toEqual(['DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE']);
    expect(STATEFULSET_KIND.printRow(withStatus(), NOW)).toEqual(['4', '4', '2', '3', '2d2h']);
  });

  it('summarises status with currentReplicas and without expectedUpdatedReplicas; the rollout target is replicas − partition', () => {
    const set = withStatus();
    expect(STATEFULSET_KIND.status(set)).toMatchObject({ currentReplicas: 2, updatedReplicas: 2, currentRevision: 'web-a', updateRevision: 'web-b' });
    expect(STATEFULSET_KIND.status(set).expectedUpdatedReplicas).toBeUndefined();
    expect(STATEFULSET_KIND.expectedUpdatedReplicas(set)).toBe(4);
    expect(STATEFULSET_KIND.expectedUpdatedReplicas(STATEFULSET_KIND.mutations.setPartition(set, 3))).toBe(1);
    expect(STATEFULSET_KIND.expectedUpdatedReplicas(STATEFULSET_KIND.mutations.setPartition(set, 9))).toBe(0);
    expect(STATEFULSET_KIND.partitionedReplicas(STATEFULSET_KIND.mutations.setPartition(set, 3))).toBe(3);
    expect(STATEFULSET_KIND.partitionedReplicas(STATEFULSET_KIND.mutations.setPartition(set, 9))).toBe(4);
  });

  it('reads pods: ordinal, availability with equality at minReadySeconds, update revision by exact name', () => {
    const w = world((s) => (s['updateStrategy'] = { rollingUpdate: { minReadySeconds: 10 } }));
    const set = { ...w.set, status: { replicas: 1, readyReplicas: 1, availableReplicas: 1, currentReplicas: 1, updatedReplicas: 1, updateRevision: w.v1.metadata.name } };
    const p = pod(set, 3, w.v1, { readySince: iso(NOW - 10_000) });
    expect(STATEFULSET_KIND.podOrdinal!(set, p)).toBe(3);
    expect(STATEFULSET_KIND.podOrdinal!(set, { ...p, metadata: { ...p.metadata, name: 'other-3' } })).toBeUndefined();
    expect(STATEFULSET_KIND.podAvailability(set, p, NOW).available).toBe(true);
    expect(STATEFULSET_KIND.podAvailability(set, p, NOW - 1).available).toBe(false);
    // Held back by minReadySeconds alone: until when.
    expect(STATEFULSET_KIND.podAvailability(set, p, NOW - 1)).toEqual({ available: false, at: NOW });
    expect(STATEFULSET_KIND.isPodUpdated(set, p)).toBe(true);
    expect(STATEFULSET_KIND.isPodUpdated(set, pod(set, 3, w.v2))).toBe(false);
  });

  it('partition is an integer: percentages and negatives are refused naming the argument; OnDelete has none', () => {
    expect(mutationError(() => STATEFULSET_KIND.mutations.setPartition(withStatus(), '40%')).fieldErrors.map((e) => e.field)).toEqual(['partition']);
    expect(mutationError(() => STATEFULSET_KIND.mutations.setPartition(withStatus(), -1)).fieldErrors.map((e) => e.field)).toEqual(['partition']);
    const onDelete = makeSet((s) => (s['updateStrategy'] = { type: 'OnDelete' }));
    expect(mutationError(() => STATEFULSET_KIND.mutations.pauseRollout(onDelete)).fieldErrors.map((e) => e.field)).toEqual(['spec.updateStrategy.type']);
    const paused = STATEFULSET_KIND.mutations.pauseRollout(withStatus());
    expect(paused.spec.updateStrategy!.rollingUpdate!.paused).toBe(true);
  });

  it('deletePods labels the pods specified-delete; with scaleDown it reserves their ordinals and lowers replicas (0,2,3,4 -> 0,2,4)', () => {
    const w = world((s) => {
      s['replicas'] = 4;
      s['reserveOrdinals'] = [1];
    });
    const p3 = pod(w.set, 3, w.v1);
    const labelled = STATEFULSET_KIND.mutations.deletePods(w.set, [p3, p3], false);
    expect(labelled).toEqual({ podPatches: [{ pod: 'web-3', patch: { metadata: { labels: { 'apps.kruise.io/specified-delete': 'true' } } } }] });
    const shrunk = STATEFULSET_KIND.mutations.deletePods(w.set, [p3], true).workload!;
    expect(shrunk.spec.reserveOrdinals).toEqual([1, 3]);
    expect(shrunk.spec.replicas).toBe(3);
    expect(w.set.spec.reserveOrdinals).toEqual([1]);
    const stranger = { ...p3, metadata: { ...p3.metadata, name: 'db-3' } };
    expect(mutationError(() => STATEFULSET_KIND.mutations.deletePods(w.set, [p3, stranger], false)).fieldErrors).toEqual([{ field: 'pods[1]', message: 'db-3 is not <name>-<ordinal> of this StatefulSet' }]);
  });

  it('rolls back to a revision template', () => {
    const w = world();
    const rolledBack = STATEFULSET_KIND.mutations.rollbackWorkload({ ...w.set, spec: { ...w.set.spec, template: { ...w.set.spec.template, spec: { containers: [{ name: 'main', image: 'x' }] } } } }, w.v2);
    expect(rolledBack.spec.template.spec.containers[0]!.image).toBe('nginx:v2');
  });
});
