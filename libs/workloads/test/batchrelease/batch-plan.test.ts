// The BatchRelease's pure arithmetic, rule by rule (docs/spec/kruise-rollout.md §3.5, §3.6, §3.9) and
// through the worked examples: the CloneSet partitions of docs/spec/kruise-rollout.md §6.1, the Advanced StatefulSet ordinals of
// docs/spec/kruise-rollout.md §6.2, the failureThreshold tolerance of docs/spec/kruise-rollout.md §6.5, and which pods get which batch label.
import { describe, expect, it } from '@jest/globals';
import { batchNotReady, batchTarget, plannedUpdated, type BatchReadinessInput } from '../../src/batchrelease/plan/batch-context.js';
import { batchLabelPatches, plannedIncrements, type PodBatchFacts } from '../../src/batchrelease/plan/batch-labels.js';
import { cloneSetPartition, loweredPartition, stableAsPercentage } from '../../src/batchrelease/plan/partitions.js';

const batches = (...r: (string | number)[]) => r.map((canaryReplicas) => ({ canaryReplicas }));

describe('planned updated replicas (docs/spec/kruise-rollout.md §3.5)', () => {
  it.each<[string | number, number, number]>([
    ['20%', 5, 1], ['50%', 5, 3], ['60%', 5, 3], ['100%', 5, 5], [3, 5, 3], [7, 5, 5], ['1%', 200, 2], ['10%', 0, 0], ['bad', 5, 0],
  ])('%p of %p replicas rounds up and clamps to %p', (replicas, total, expected) => {
    expect(plannedUpdated(batches(replicas), total, 0)).toBe(expected);
  });

  it('rolling back in batches plans over the pods that still need the update (docs/spec/kruise-rollout.md §3.8)', () => {
    // 10 replicas, 4 already on the target revision; batch 50% of the remaining 6 = 3 → stable 3, updated 7.
    expect(batchTarget(batches('50%'), 10, 0, 4)).toEqual({ plannedUpdated: 5, desiredUpdated: 7, desiredStable: 3 });
    expect(batchTarget(batches('50%'), 10, 0, 0)).toEqual({ plannedUpdated: 5, desiredUpdated: 5, desiredStable: 5 });
  });
});

describe('partitions (docs/spec/kruise-rollout.md §3.6)', () => {
  it('docs/spec/kruise-rollout.md §6.1: a CloneSet of 5 with steps 20%, 50%, 100% gets partitions "80%", "40%", "0%"', () => {
    const plan = batches('20%', '50%', '100%');
    const partitions = [0, 1, 2].map((b) => cloneSetPartition(batchTarget(plan, 5, b).desiredStable, 5, plan[b]!.canaryReplicas));
    expect(partitions).toEqual(['80%', '40%', '0%']);
  });

  it('docs/spec/kruise-rollout.md §6.2: an Advanced StatefulSet of 5 gets ordinal partitions 4, 2, 0 (desiredStable as an int)', () => {
    const plan = batches('20%', '50%', '100%');
    expect([0, 1, 2].map((b) => batchTarget(plan, 5, b).desiredStable)).toEqual([4, 2, 0]);
  });

  it.each<[number, number, string, string]>([
    [5, 5, '20%', '100%'], [0, 5, '100%', '0%'], [4, 5, '20%', '80%'], [2, 3, '34%', '66%'],
    // 1 stable of 300: 0% would update them all; "1%" keeps at least the one (ceil(3) = 3 stable).
    [1, 300, '99%', '1%'], [1, 300, '100%', '0%'],
  ])('stable %p of %p (batch %p) as a percentage: %p', (stable, replicas, batch, expected) => {
    expect(stableAsPercentage(stable, replicas, batch)).toBe(expected);
  });

  it('an int batch gives an int partition', () => {
    expect(cloneSetPartition(3, 5, 2)).toBe(3);
  });

  it.each<[string | number | undefined, string | number, number, string | number | undefined]>([
    ['100%', '80%', 5, '80%'], ['80%', '80%', 5, undefined], ['40%', '80%', 5, undefined], [undefined, 2, 5, undefined], [32767, 4, 5, 4], [4, 2, 5, 2],
  ])('current %p, desired %p of %p: writes %p (partitions are only lowered)', (current, desired, replicas, expected) => {
    expect(loweredPartition(current, desired, replicas)).toBe(expected);
  });
});

describe('batch readiness (docs/spec/kruise-rollout.md §3.5)', () => {
  const ready = (over: Partial<BatchReadinessInput>) => batchNotReady({
    desiredUpdated: 1, plannedUpdated: 1, updatedReplicas: 1, updatedReadyReplicas: 1, failureThreshold: undefined, rolloutID: '', podRolloutIds: [], ...over,
  });

  it.each<[string, Partial<BatchReadinessInput>, string | undefined]>([
    ['ready', {}, undefined],
    ['too few updated', { updatedReplicas: 0, updatedReadyReplicas: 0 }, 'current batch not ready: updated replicas not satisfied, UpdatedReplicas 0 < DesiredUpdatedReplicas 1'],
    ['failureThreshold absent tolerates no unready pod (docs/spec/kruise-rollout.md §7)', { desiredUpdated: 3, plannedUpdated: 3, updatedReplicas: 3, updatedReadyReplicas: 2 },
      'current batch not ready: updated ready replicas not satisfied, allowedUnavailable + UpdatedReadyReplicas 2 < DesiredUpdatedReplicas 3'],
    ['the labels of this rollout id are counted', { rolloutID: 'v2', podRolloutIds: ['v1', undefined] },
      'current batch not ready: pods with batch label not satisfied, RolloutID v2, PlannedUpdatedReplicas 1'],
    ['no pods listed: the labels are not checked', { rolloutID: 'v2', podRolloutIds: [] }, undefined],
  ])('%s', (_, over, expected) => {
    expect(ready(over)).toBe(expected);
  });

  it('docs/spec/kruise-rollout.md §6.5: failureThreshold 20% of the updated pods, rounded up; at least one updated pod ready', () => {
    const plan = batches('10%', '30%', '60%', '100%');
    const at = (batch: number, updated: number, readyPods: number) => {
      const { desiredUpdated, plannedUpdated: planned } = batchTarget(plan, 10, batch);
      return batchNotReady({ desiredUpdated, plannedUpdated: planned, updatedReplicas: updated, updatedReadyReplicas: readyPods, failureThreshold: '20%', rolloutID: '1', podRolloutIds: [] });
    };
    // Step 1: 1 updated, tolerance ceil(0.2) = 1, but one must be ready.
    expect(at(0, 1, 0)).toContain('no updated ready replicas');
    expect(at(0, 1, 1)).toBeUndefined();
    // Step 2: 3 updated, tolerance 1: 2 or 3 ready suffice.
    expect(at(1, 3, 2)).toBeUndefined();
    expect(at(1, 3, 1)).toContain('updated ready replicas not satisfied');
    // Step 3: 6 updated, tolerance ceil(1.2) = 2: 4 to 6 ready.
    expect(at(2, 6, 4)).toBeUndefined();
    expect(at(2, 6, 3)).toContain('allowedUnavailable + UpdatedReadyReplicas 5 < DesiredUpdatedReplicas 6');
  });
});

describe('batch labels (docs/spec/kruise-rollout.md §3.9)', () => {
  const pod = (name: string, over: Partial<PodBatchFacts> = {}): PodBatchFacts => ({ name, deleting: false, updated: true, rolloutId: undefined, batchId: undefined, ...over });

  it('the planned increments per batch up to the current one (docs/spec/kruise-rollout.md §6.5: 1, 2, 3)', () => {
    expect(plannedIncrements(batches('10%', '30%', '60%', '100%'), 10, 2)).toEqual([1, 2, 3, 0]);
    expect(plannedIncrements(batches('20%', '50%', '100%'), 5, 1)).toEqual([1, 2, 0]);
  });

  it('docs/spec/kruise-rollout.md §6.1 row 9: the two newly updated pods of step 2 get batch 2, the one of step 1 keeps batch 1', () => {
    const pods = [pod('a', { rolloutId: 'v2', batchId: '1' }), pod('b'), pod('c'), pod('d', { updated: false }), pod('e', { updated: false })];
    expect(batchLabelPatches(pods, batches('20%', '50%', '100%'), 5, 1, 'v2')).toEqual([
      { pod: 'c', rolloutId: 'v2', batchId: 2 }, { pod: 'b', rolloutId: 'v2', batchId: 2 },
    ]);
  });

  it('newest batch with free quota first; bad, foreign or out-of-range labels are overwritten; deleting and old pods are skipped', () => {
    const pods = [
      pod('a', { rolloutId: 'v2', batchId: 'x' }), pod('b', { rolloutId: 'v1', batchId: '1' }), pod('c', { rolloutId: 'v2', batchId: '9' }),
      pod('gone', { deleting: true }), pod('old', { updated: false }),
    ];
    expect(batchLabelPatches(pods, batches('20%', '60%', '100%'), 5, 1, 'v2')).toEqual([
      { pod: 'c', rolloutId: 'v2', batchId: 2 }, { pod: 'b', rolloutId: 'v2', batchId: 2 }, { pod: 'a', rolloutId: 'v2', batchId: 1 },
    ]);
  });

  it('no rollout id: no labels', () => {
    expect(batchLabelPatches([pod('a')], batches('100%'), 1, 0, '')).toEqual([]);
  });
});
