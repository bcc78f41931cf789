import { describe, expect, it } from '@jest/globals';
import { parseIntOrPercent, scaled } from '../../src/lib/rollout/int-or-percent';
import { progressOf } from '../../src/lib/rollout/progress';
import { maxUnavailablePods, partitionPods, strategyOf } from '../../src/lib/rollout/strategy';
import { status, workload } from '../support/fixtures';

describe('IntOrPercent', () => {
  it('parses what an operator types', () => {
    expect(parseIntOrPercent(' 3 ')).toBe(3);
    expect(parseIntOrPercent('40%')).toBe('40%');
    expect(parseIntOrPercent('abc')).toBeNull();
    expect(parseIntOrPercent('-1')).toBeNull();
    expect(parseIntOrPercent('')).toBeNull();
  });
  it('scales percentages with the rounding the caller asks for', () => {
    expect(scaled('30%', 5, true)).toBe(2);
    expect(scaled('30%', 5, false)).toBe(1);
    expect(scaled(4, 5, true)).toBe(4);
    expect(scaled(undefined, 5, true)).toBe(0);
  });
});

describe('strategy', () => {
  it('reads v1beta1 rollingUpdate and v1alpha1 top-level fields, with Kruise defaults', () => {
    expect(strategyOf({ rollingUpdate: { partition: 3, paused: true } })).toMatchObject({ partition: 3, paused: true, maxUnavailable: '20%', maxSurge: 0 });
    expect(strategyOf({ partition: '50%', maxUnavailable: 2 })).toMatchObject({ partition: '50%', maxUnavailable: 2, paused: false });
    expect(strategyOf(undefined)).toMatchObject({ partition: 0, podUpdatePolicy: 'ReCreate' });
  });
  it('reads an Advanced StatefulSet with its own defaults (maxUnavailable 1, no surge) and unorderedUpdate', () => {
    expect(strategyOf({ rollingUpdate: { partition: 2 } }, 'STATEFUL_SET')).toMatchObject({ partition: 2, maxUnavailable: 1, maxSurge: 0, unordered: false });
    expect(strategyOf({ rollingUpdate: { maxSurge: 3, unorderedUpdate: { priorityStrategy: {} } } }, 'STATEFUL_SET')).toMatchObject({
      maxSurge: 0,
      unordered: true,
    });
    expect(strategyOf({ type: 'OnDelete' }, 'STATEFUL_SET').type).toBe('OnDelete');
    expect(strategyOf('not an object')).toMatchObject({ partition: 0, maxUnavailable: '20%' });
  });
  it('resolves the partition (rounding up, capped at replicas) and maxUnavailable (rounding down, at least 1)', () => {
    expect(partitionPods('50%', 5)).toBe(3);
    expect(partitionPods(9, 5)).toBe(5);
    expect(maxUnavailablePods(strategyOf({ rollingUpdate: { maxUnavailable: '20%' } }), 4)).toBe(1);
    expect(maxUnavailablePods(strategyOf({ rollingUpdate: { maxUnavailable: '50%' } }), 10)).toBe(5);
  });
});

describe('progressOf', () => {
  it('measures a rollout held at partition 3 of 5 with 2 updated pods, one of them ready', () => {
    const p = progressOf(
      workload({
        partition: 3,
        status: status({
          updatedReplicas: 2,
          updatedReadyReplicas: 1,
          updatedAvailableReplicas: 1,
          expectedUpdatedReplicas: 2,
          readyReplicas: 4,
          availableReplicas: 4,
          currentRevision: 'a',
          updateRevision: 'b',
        }),
      }),
    );
    expect(p).toMatchObject({ desired: 5, updated: 2, updatedReady: 1, updatedAvailable: 1, expectedUpdated: 2, partition: 3, stepDone: false, done: false });
    expect(p.fraction.updated).toBeCloseTo(0.4);
    expect(p.fraction.updatedReady).toBeCloseTo(0.2);
    expect(p.fraction.partitionMark).toBeCloseTo(0.4);
    expect(p.fraction.expected).toBeCloseTo(0.4);
  });

  it('calls the step done once the expected updated pods are ready, and the rollout done when all are available', () => {
    const step = progressOf(
      workload({ partition: 3, status: status({ updatedReplicas: 2, updatedReadyReplicas: 2, updatedAvailableReplicas: 2, expectedUpdatedReplicas: 2 }) }),
    );
    expect(step.stepDone).toBe(true);
    expect(step.done).toBe(false);
    expect(progressOf(workload()).done).toBe(true);
  });

  it('is not done while the controller has not observed the latest generation', () => {
    const p = progressOf(workload({ generation: 3, status: status({ observedGeneration: 2 }) }));
    expect(p.observed).toBe(false);
    expect(p.done).toBe(false);
    expect(p.stepDone).toBe(false);
  });

  it('resolves a percentage partition and clamps fractions when pods surge above desired', () => {
    const p = progressOf(
      workload({
        partition: '50%',
        replicas: 4,
        status: status({ replicas: 6, updatedReplicas: 6, updatedReadyReplicas: 5, updatedAvailableReplicas: 7, expectedUpdatedReplicas: 2 }),
      }),
    );
    expect(p.partition).toBe(2);
    expect(p.partitionRaw).toBe('50%');
    expect(p.fraction.updated).toBe(1);
    expect(p.updatedAvailable).toBe(5); // never more available than ready
  });

  it('handles a workload scaled to zero', () => {
    const p = progressOf(
      workload({
        replicas: 0,
        status: status({ replicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0, updatedAvailableReplicas: 0, expectedUpdatedReplicas: 0 }),
      }),
    );
    expect(p.fraction).toEqual({ updatedAvailable: 0, updatedReady: 0, updated: 0, expected: 0, partitionMark: 0 });
    expect(p.done).toBe(true);
  });
});
