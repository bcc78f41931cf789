import { describe, expect, it } from '@jest/globals';
import { confirmImage, confirmScale } from '../../src/lib/rollout/confirm-words';
import { progressOf } from '../../src/lib/rollout/progress';
import { strategyLine, strategyOf, subsetPartitions } from '../../src/lib/rollout/strategy';
import { subsetWords } from '../../src/lib/subsets/subset-words';
import { subset, unitedDeployment } from '../support/fixtures';

describe('a UnitedDeployment’s update strategy', () => {
  const ud = unitedDeployment({ partitions: { 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 } });

  it('reads the partitions by subset; the progress bar marks what the API says they hold', () => {
    expect(subsetPartitions(ud.updateStrategy)).toEqual({ 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 });
    expect(strategyOf(ud.updateStrategy, ud.kind)).toMatchObject({ type: 'Manual', paused: false });
    expect(progressOf(ud).partition).toBe(6);
    expect(subsetPartitions({ type: 'Manual' })).toEqual({});
  });

  describe('spec partitions above what the subsets run (issue 28 item 5)', () => {
    // The spec asks 3, 1, 3 of subsets allocated 1, 3 and 2: the controller applies 1, 1, 2.
    const capped = unitedDeployment({
      partitions: { 'subset-a': 3, 'subset-b': 1, 'subset-c': 3 },
      partitionedReplicas: 4,
      status: { ...ud.status, expectedUpdatedReplicas: 2 },
    });
    const subsets = [
      subset('subset-a', { replicas: 1, partition: 1, specifiedPartition: 3 }),
      subset('subset-b', { replicas: 3, partition: 1, specifiedPartition: 1 }),
      subset('subset-c', { replicas: 2, partition: 2, specifiedPartition: 3 }),
    ];

    it("marks the partitions applied against desired, not the spec's sum", () => {
      expect(progressOf(capped)).toMatchObject({ desired: 6, partition: 4, partitionRaw: 4, expectedUpdated: 2 });
    });

    it("says in the header the partitions applied, and the spec's beside them where they differ", () => {
      expect(strategyLine(capped.updateStrategy, capped.kind, subsets)).toBe(
        "Manual: partitions subset-a 1 (spec 3, capped at 1 replica), subset-b 1, subset-c 2 (spec 3, capped at 2 replicas); each subset's workload paces its own pods",
      );
      expect(subsetWords(subsets[0]!, 0).partition).toBe('partition 1 (spec 3, capped at 1 replica): keeps its only pod on the previous revision');
      expect(subsetWords(subsets[1]!, 0).partition).toBe('partition 1: keeps 1 of 3 pods on the previous revision');
    });
  });

  it('says the partitions in the page header, or that none holds any subset back', () => {
    expect(
      strategyLine(ud.updateStrategy, ud.kind, [
        subset('subset-a', { partition: 1, specifiedPartition: 1 }),
        subset('subset-b', { partition: 2, specifiedPartition: 3 }),
      ]),
    ).toBe("Manual: partitions subset-a 1, subset-b 2 (spec 3, capped at 2 replicas); each subset's workload paces its own pods");
    // Before the subsets are read: the spec's, said to be the spec's.
    expect(strategyLine(ud.updateStrategy, ud.kind)).toBe(
      "Manual: spec partitions subset-a 1, subset-b 3, subset-c 2; each subset's workload paces its own pods",
    );
    expect(strategyLine({ type: 'Manual' }, 'UNITED_DEPLOYMENT')).toBe("Manual: no partition, every subset updates; each subset's workload paces its own pods");
    expect(strategyLine({ type: 'Manual' }, 'UNITED_DEPLOYMENT', [subset('subset-a')])).toBe(
      "Manual: no partition, every subset updates; each subset's workload paces its own pods",
    );
  });

  it('confirms an image change and a scale in the subsets’ terms', () => {
    expect(confirmImage(ud, 'nginx', 'nginx:1.27', 'nginx:alpine')).toBe(
      "Set container nginx of ud from nginx:alpine to nginx:1.27: this makes a new update revision. No pod moves to it yet; the subsets' partitions keep 6 pods on the current revision.",
    );
    expect(confirmImage(unitedDeployment({ partitions: { 'subset-b': 3 } }), 'nginx', 'nginx:1.27', 'nginx:alpine')).toContain(
      "3 pods move to it (each subset's workload updates the pods its partition lets go, at its own pace); the subsets' partitions keep 3 pods",
    );
    expect(confirmScale(ud, 8)).toBe(
      "Scale ud from 6 to 8: the controller spreads the 8 replicas over its subsets again (in topology order, within each subset's replicas or min/max), so 2 pods are created in the subsets whose share changes.",
    );
  });
});
