import { describe, expect, it } from '@jest/globals';
import { subsetWords } from '../../src/lib/subsets/subset-words';
import { subset } from '../support/fixtures';

const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('subset row words', () => {
  it('says the allocation against what bounds it: replicas as written, min/max, or a share of the rest', () => {
    expect(subsetWords(subset('b', { replicas: 3, specifiedReplicas: '50%' }), NOW).bounds).toBe('replicas 50%');
    expect(subsetWords(subset('a', { specifiedReplicas: null, minReplicas: 1, maxReplicas: 4 }), NOW).bounds).toBe('min 1, max 4');
    expect(subsetWords(subset('a', { specifiedReplicas: null, minReplicas: 2, maxReplicas: null }), NOW).bounds).toBe('min 2, no max');
    expect(subsetWords(subset('a', { specifiedReplicas: null, minReplicas: null, maxReplicas: 3 }), NOW).bounds).toBe('min 0, max 3');
    expect(subsetWords(subset('c', { specifiedReplicas: null }), NOW).bounds).toBe('no replicas, min or max: shares the rest');
  });

  it('counts ready and updated pods, and names the subset workload (or says it is not created yet)', () => {
    const w = subsetWords(subset('b', { replicas: 3, readyReplicas: 2, updatedReplicas: 1, updatedReadyReplicas: 0 }), NOW);
    expect([w.ready, w.updated, w.workload]).toEqual(['2 of 3 ready', '1 updated, 0 ready', 'CloneSet ud-b-x7k2p']);
    expect(subsetWords(subset('b', { kind: 'StatefulSet', workload: null }), NOW).workload).toBe('StatefulSet, not created yet');
  });

  it('says what the partition holds back in the subset kind’s meaning', () => {
    const words = (over: Parameters<typeof subset>[1]) => subsetWords(subset('b', { replicas: 3, ...over }), NOW).partition;
    expect(words({ partition: 2 })).toBe('partition 2: keeps 2 of 3 pods on the previous revision');
    expect(words({ partition: 3 })).toBe('partition 3: keeps all 3 pods on the previous revision');
    expect(words({ partition: 0 })).toBe('partition 0: every pod may update');
    expect(words({ replicas: 1, partition: 1 })).toBe('partition 1: keeps its only pod on the previous revision');
    expect(words({ kind: 'StatefulSet', partition: 1 })).toBe('partition 1: ordinals below 1 keep the previous revision, 1 to 2 update (highest first)');
    expect(words({ kind: 'Advanced StatefulSet', partition: 3 })).toBe('partition 3: ordinals 0 to 2 (every pod) keep the previous revision');
    expect(words({ kind: 'Deployment', partition: 0 })).toBe('no partition: a Deployment updates every pod');
    expect(words({ replicas: 0, partition: 1 })).toBe('partition 1: the subset has no pods');
  });

  it('says when an unschedulable subset recovers, with the condition’s reason', () => {
    const held = subset('a', {
      schedulable: false,
      recoversAt: new Date(NOW + 4 * 60_000 + 10_000).toISOString(),
      schedulableCondition: { status: 'False', reason: 'reschedule', message: 'timeout pending pods found', lastTransitionTime: null },
    });
    expect(subsetWords(held, NOW).schedulable).toMatch(/^unschedulable \(reschedule: timeout pending pods found\) until \d\d:\d\d:\d\d, in 5 min$/);
    expect(subsetWords({ ...held, recoversAt: new Date(NOW - 1000).toISOString() }, NOW).schedulable).toMatch(
      /^unschedulable \(reschedule: timeout pending pods found\), recovering since \d\d:\d\d:\d\d$/,
    );
    expect(subsetWords({ ...held, recoversAt: null, schedulableCondition: null }, NOW).schedulable).toBe('unschedulable');
    expect(subsetWords(subset('a'), NOW).schedulable).toBe('schedulable');
  });

  it('mentions reserved pods only when there are some', () => {
    expect(subsetWords(subset('a'), NOW).reserved).toBeNull();
    expect(subsetWords(subset('a', { reservedPods: 2 }), NOW).reserved).toBe('2 pods reserved (pending; substitutes run in later subsets)');
  });
});
