import { describe, expect, it } from '@jest/globals';
import { canStep, hasPartition, heldBack, parseStep, parseSubsetPartition, steppedPartition } from '../../src/lib/subsets/partition-step';
import { subset } from '../support/fixtures';

describe('a subset partition step', () => {
  it('steps down by the step, never below 0', () => {
    expect(steppedPartition(subset('b', { replicas: 3, partition: 3 }), 1)).toBe(2);
    expect(steppedPartition(subset('b', { replicas: 3, partition: 3 }), 2)).toBe(1);
    expect(steppedPartition(subset('b', { replicas: 3, partition: 1 }), 5)).toBe(0);
  });

  it('counts from the partition the controller applies: capped at the subset’s replicas', () => {
    const over = subset('a', { replicas: 1, partition: 5 });
    expect(heldBack(over)).toBe(1);
    expect(steppedPartition(over, 1)).toBe(0);
  });

  it('can step only while pods are held back, and never for a Deployment subset', () => {
    expect(canStep(subset('a', { replicas: 2, partition: 1 }))).toBe(true);
    expect(canStep(subset('a', { replicas: 2, partition: 0 }))).toBe(false);
    expect(canStep(subset('a', { replicas: 0, partition: 2 }))).toBe(false);
    expect(canStep(subset('a', { kind: 'Deployment', replicas: 2, partition: 2 }))).toBe(false);
    expect(hasPartition(subset('a', { kind: 'Advanced StatefulSet' }))).toBe(true);
    expect(hasPartition(subset('a', { kind: 'Deployment' }))).toBe(false);
  });

  it('reads a step (a whole number, at least 1) and a partition (a whole number, at least 0, no percentages)', () => {
    expect(parseStep(' 2 ')).toBe(2);
    expect([parseStep('0'), parseStep('-1'), parseStep('1.5'), parseStep(''), parseStep('x')]).toEqual([null, null, null, null, null]);
    expect(parseSubsetPartition('0')).toBe(0);
    expect(parseSubsetPartition('7')).toBe(7);
    expect([parseSubsetPartition('50%'), parseSubsetPartition('-1'), parseSubsetPartition('')]).toEqual([null, null, null]);
  });
});
