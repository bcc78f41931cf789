import { describe, expect, it } from '@jest/globals';
import { confirmImage, confirmScale } from '../../src/lib/rollout/confirm-words';
import { progressOf } from '../../src/lib/rollout/progress';
import { strategyLine, strategyOf, subsetPartitions } from '../../src/lib/rollout/strategy';
import { unitedDeployment } from '../support/fixtures';

describe('a UnitedDeployment’s update strategy', () => {
  const ud = unitedDeployment({ partitions: { 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 } });

  it('reads the partitions by subset; their sum is what the progress bar marks as held', () => {
    expect(subsetPartitions(ud.updateStrategy)).toEqual({ 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 });
    expect(strategyOf(ud.updateStrategy, ud.kind)).toMatchObject({ type: 'Manual', partition: 6, paused: false });
    expect(progressOf(ud).partition).toBe(6);
    expect(subsetPartitions({ type: 'Manual' })).toEqual({});
  });

  it('says the partitions in the page header, or that none holds any subset back', () => {
    expect(strategyLine(ud.updateStrategy, ud.kind)).toBe("Manual: partitions subset-a 1, subset-b 3, subset-c 2; each subset's workload paces its own pods");
    expect(strategyLine({ type: 'Manual' }, 'UNITED_DEPLOYMENT')).toBe("Manual: no partition, every subset updates; each subset's workload paces its own pods");
  });

  it('confirms an image change and a scale in the subsets’ terms', () => {
    expect(confirmImage(ud, 'nginx', 'nginx:1.27', 'nginx:alpine')).toBe(
      "Set container nginx of ud from nginx:alpine to nginx:1.27: this makes a new update revision. No pod moves to it yet; the subsets' partitions keep 6 pods on the current revision.");
    expect(confirmImage(unitedDeployment({ partitions: { 'subset-b': 3 } }), 'nginx', 'nginx:1.27', 'nginx:alpine')).toContain(
      "3 pods move to it (each subset's workload updates the pods its partition lets go, at its own pace); the subsets' partitions keep 3 pods");
    expect(confirmScale(ud, 8)).toBe('Scale ud from 6 to 8: the controller spreads the 8 replicas over its subsets again (in topology order, within each subset\'s replicas or min/max), so 2 pods are created in the subsets whose share changes.');
  });
});
