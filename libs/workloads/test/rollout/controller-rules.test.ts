// The pure rules the Rollout controller adds around the step machine: the Progressing condition's
// transitions (docs/spec/kruise-rollout.md §1.6), what the Rollout reads of its workload
// (docs/spec/kruise-rollout.md §2.1, §2.16), the BatchRelease it wants (docs/spec/kruise-rollout.md §2.7)
// and the finalising task a pass runs (docs/spec/kruise-rollout.md §2.15).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Rollout, RolloutCondition } from '@coxswain/kruise-api';
import { desiredBatchRelease, releaseIsDesired, rollingStyle } from '../../src/rollout/plan/batch-release-spec.js';
import { progressingTransition } from '../../src/rollout/plan/conditions.js';
import { finalisingTask } from '../../src/rollout/plan/finalising.js';
import { rolloutWorkload, type RolloutWorkloadInput } from '../../src/rollout/plan/rollout-workload.js';

const T0 = '2026-07-01T10:00:00Z';
const T1 = '2026-07-01T10:05:00Z';

describe('docs/spec/kruise-rollout.md §1.6: progressingTransition', () => {
  it('creates the condition with both times', () => {
    expect(progressingTransition(undefined, 'True', 'Initializing', 'Rollout is in Progressing', T0)).toEqual([
      { type: 'Progressing', status: 'True', reason: 'Initializing', message: 'Rollout is in Progressing', lastUpdateTime: T0, lastTransitionTime: T0 },
    ]);
  });

  it('a reason change keeps lastUpdateTime (and lastTransitionTime while the status stays); a status change moves lastTransitionTime', () => {
    const created = progressingTransition(undefined, 'True', 'Initializing', 'Rollout is in Progressing', T0);
    const rolling = progressingTransition(created, 'True', 'InRolling', '', T1);
    expect(rolling[0]).toMatchObject({ reason: 'InRolling', message: 'Rollout is in Progressing', lastUpdateTime: T0, lastTransitionTime: T0 });
    const done = progressingTransition(rolling, 'False', 'Completed', 'Rollout progressing has been completed', T1);
    expect(done[0]).toMatchObject({ status: 'False', reason: 'Completed', lastUpdateTime: T0, lastTransitionTime: T1 });
  });

  it('property: other conditions are kept, exactly one Progressing condition remains, lastUpdateTime never moves once set', () => {
    const reasons = fc.constantFrom('Initializing', 'InRolling', 'Paused', 'Cancelling', 'Finalising', 'Completed');
    const step = fc.record({ status: fc.constantFrom<'True' | 'False'>('True', 'False'), reason: reasons, message: fc.constantFrom('', 'a', 'b') });
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
      const other: RolloutCondition = { type: 'Succeeded', status: 'True', reason: '', message: '' };
      let conditions: RolloutCondition[] = [other];
      steps.forEach((s, i) => {
        conditions = progressingTransition(conditions, s.status, s.reason, s.message, `2026-07-01T10:0${i}:00Z`);
      });
      const progressing = conditions.filter((c) => c.type === 'Progressing');
      expect(progressing).toHaveLength(1);
      expect(progressing[0]!.lastUpdateTime).toBe('2026-07-01T10:00:00Z');
      expect(progressing[0]!.reason).toBe(steps[steps.length - 1]!.reason);
      expect(conditions).toContainEqual(other);
    }));
  });
});

describe('docs/spec/kruise-rollout.md §2.1, §2.16: the workload as the Rollout reads it', () => {
  const input = (over: Partial<RolloutWorkloadInput> = {}): RolloutWorkloadInput => ({
    kind: 'CloneSet', labels: {}, generation: 3, observedGeneration: 3, replicas: 5, updatedReplicas: 1,
    currentRevision: 'echo-server-5f8d', updateRevision: 'echo-server-7c9b', inProgressing: true, ...over,
  });
  it.each<[string, Partial<RolloutWorkloadInput>, Record<string, unknown>]>([
    ['CloneSet: the hash after the last "-"', {}, { stableRevision: '5f8d', canaryRevision: '7c9b', podTemplateHash: '7c9b', rolloutId: '7c9b', inRollback: false, statusConsistent: true }],
    ['StatefulSet: full names', { kind: 'StatefulSet' }, { stableRevision: 'echo-server-5f8d', canaryRevision: 'echo-server-7c9b', rolloutId: 'echo-server-7c9b' }],
    ['status lagging', { observedGeneration: 2 }, { statusConsistent: false }],
    ['the rollout-id label wins', { labels: { 'rollouts.kruise.io/rollout-id': '7' } }, { rolloutId: '7' }],
    ['reverted while in progressing: in rollback, id prefixed', { updateRevision: 'echo-server-5f8d', updatedReplicas: 4 }, { inRollback: true, rolloutId: 'rollback-5f8d' }],
    ['reverted and all pods back: no rollback', { updateRevision: 'echo-server-5f8d', updatedReplicas: 5 }, { inRollback: false }],
    ['not in progressing: never in rollback', { updateRevision: 'echo-server-5f8d', updatedReplicas: 4, inProgressing: false }, { inRollback: false }],
  ])('%s', (_, over, expected) => {
    expect(rolloutWorkload(input(over))).toMatchObject(expected);
  });
});

describe('docs/spec/kruise-rollout.md §2.7: the BatchRelease a Rollout wants', () => {
  const rollout: Rollout = {
    apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout',
    metadata: { name: 'demo', namespace: 'default', uid: 'u-1', annotations: { 'rollouts.kruise.io/rollback-in-batch': 'true' } },
    spec: { workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'echo' }, strategy: { canary: { steps: [{ replicas: '20%', pause: {} }, { replicas: 5 }], failureThreshold: '20%' } } },
  };

  it('one batch per step, the batch partition, the id, the threshold, the style; owned by the Rollout', () => {
    const br = desiredBatchRelease(rollout, 1, 'r1', false);
    expect(br.metadata).toEqual({ name: 'demo', namespace: 'default', ownerReferences: [{ apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout', name: 'demo', uid: 'u-1', controller: true, blockOwnerDeletion: true }] });
    expect(br.spec).toEqual({
      workloadRef: rollout.spec.workloadRef,
      releasePlan: { batches: [{ canaryReplicas: '20%' }, { canaryReplicas: 5 }], batchPartition: 1, rolloutID: 'r1', failureThreshold: '20%', rollingStyle: 'Partition', enableExtraWorkloadForCanary: false },
    });
  });

  it('carries the rollback-in-batch annotation only while the workload rolls back', () => {
    expect(desiredBatchRelease(rollout, 0, 'r1', true).metadata.annotations).toEqual({ 'rollouts.kruise.io/rollback-in-batch': 'true' });
  });

  it('is desired when spec and annotation match, whatever else the stored object has', () => {
    const wanted = desiredBatchRelease(rollout, 0, 'r1', false);
    const stored = { ...wanted, metadata: { ...wanted.metadata, resourceVersion: '9', finalizers: ['rollouts.kruise.io/batch-release-finalizer'] }, status: { phase: 'Progressing' as const } };
    expect(releaseIsDesired(stored, wanted)).toBe(true);
    expect(releaseIsDesired(stored, desiredBatchRelease(rollout, 1, 'r1', false))).toBe(false);
    expect(releaseIsDesired(stored, desiredBatchRelease(rollout, 0, 'r2', false))).toBe(false);
    expect(releaseIsDesired(stored, desiredBatchRelease(rollout, 0, 'r1', true))).toBe(false);
  });

  it('style: Canary with enableExtraWorkloadForCanary (the BatchRelease still releases a CloneSet by partition)', () => {
    expect(rollingStyle(rollout)).toBe('Partition');
    expect(rollingStyle({ ...rollout, spec: { ...rollout.spec, strategy: { canary: { ...rollout.spec.strategy.canary, enableExtraWorkloadForCanary: true } } } })).toBe('Canary');
  });
});

describe('docs/spec/kruise-rollout.md §2.15: the finalising task of a pass', () => {
  it.each([
    ['Success', '', 'RestoreStableService'],
    ['Success', 'ResumeWorkload', 'ResumeWorkload'],
    ['Rollback', '', 'FinalisingStepRouteTrafficToStable'],
    ['RolloutDeleting', 'ReleaseWorkloadControl', 'ReleaseWorkloadControl'],
  ] as const)('%s from "%s" runs %s', (reason, current, task) => {
    expect(finalisingTask(reason, current)).toBe(task);
  });
});
