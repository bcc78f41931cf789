import { describe, expect, it } from '@jest/globals';
import { confirmSubsetPartition } from '../../src/lib/subsets/confirm-subset-partition';
import { pod, status, subset, unitedDeployment } from '../support/fixtures';

// A new template: update revision ud-new, every pod still on ud-old.
const rolling = unitedDeployment({ status: status({ replicas: 6, updatedReplicas: 0, currentRevision: 'ud-old', updateRevision: 'ud-new' }) });

describe('confirming a subset partition', () => {
  it('CloneSet subset: says how many pods stay, how many move, and that the other subsets do not', () => {
    const b = subset('subset-b', { replicas: 3, partition: 3 });
    expect(confirmSubsetPartition(rolling, b, 2, [])).toBe(
      'Set the partition of subset subset-b of ud from 3 to 2. 2 pods of its 3 stay on the previous revision ud-old; 1 pod moves to revision ud-new. The other subsets do not move.',
    );
  });

  it('CloneSet subset: raising the partition updates no more pods; the updated ones stay', () => {
    const b = subset('subset-b', { replicas: 3, partition: 1, updatedReplicas: 2 });
    expect(confirmSubsetPartition(rolling, b, 3, [])).toContain(
      '3 pods of its 3 stay on the previous revision ud-old; no more pods are updated, and the 2 pods already on ud-new stay there.',
    );
  });

  it('StatefulSet subset: names the highest ordinals that move, skipping the ones already updated', () => {
    const b = subset('subset-b', { kind: 'StatefulSet', replicas: 3, partition: 3, updatedReplicas: 0 });
    const pods = [0, 1, 2].map((o) => pod(`ud-subset-b-abcde-${o}`, { subset: 'subset-b', ordinal: o }));
    expect(confirmSubsetPartition(rolling, b, 1, [...pods, pod('ud-subset-a-xyz-0', { subset: 'subset-a', ordinal: 0 })])).toBe(
      'Set the partition of subset subset-b of ud from 3 to 1. In subset-b ordinals below 1 keep the previous revision ud-old; ud-subset-b-abcde-2, ud-subset-b-abcde-1 move to revision ud-new, highest ordinal first. The other subsets do not move.',
    );
    const oneDone = { ...b, partition: 2, updatedReplicas: 1 };
    expect(confirmSubsetPartition(rolling, oneDone, 0, pods)).toContain('ud-subset-b-abcde-1, ud-subset-b-abcde-0 move to revision ud-new');
  });

  it('StatefulSet subset: reads the ordinal from the pod name when the API gives none', () => {
    const a = subset('subset-a', { kind: 'StatefulSet', replicas: 2, partition: 2 });
    const pods = [pod('ud-subset-a-q-0', { subset: 'subset-a' }), pod('ud-subset-a-q-1', { subset: 'subset-a' })];
    expect(confirmSubsetPartition(rolling, a, 1, pods)).toContain('ud-subset-a-q-1 moves to revision ud-new');
  });

  it('says when the controller caps the partition, and when every pod already runs the update revision', () => {
    const a = subset('subset-a', { replicas: 1, partition: 0 });
    expect(confirmSubsetPartition(rolling, a, 4, [])).toContain("from 0 to 4 (the controller caps it at the subset's 1 replica).");
    expect(confirmSubsetPartition(unitedDeployment(), a, 1, [])).toBe(
      'Set the partition of subset subset-a of ud from 0 to 1. Every pod of subset-a already runs ud-old; the partition applies to the next template change.',
    );
  });
});
