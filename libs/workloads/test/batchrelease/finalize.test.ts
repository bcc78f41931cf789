// What a workload keeps when its BatchRelease is finalized (docs/spec/kruise-rollout.md §3.6, §3.7
// Finalize, docs/spec/kruise-rollout.md §2.13), with and without Kruise Rollouts' gate KeepWorkloadPausedOnRolloutDeletion.
import { describe, expect, it } from '@jest/globals';
import { FeatureGates, type ReleasePlan } from '@coxswain/kruise-api';
import { finalizeSpec, finalizing, stablePaused } from '../../src/batchrelease/plan/finalize.js';

const OFF = FeatureGates.defaults();
const ON = FeatureGates.from({ KeepWorkloadPausedOnRolloutDeletion: true });

describe('Finalize (docs/spec/kruise-rollout.md §3.6, §3.7)', () => {
  it.each<[string, number | undefined, ReleasePlan['finalizingPolicy'], FeatureGates, unknown, unknown, boolean]>([
    // what, batchPartition, policy, gates, CloneSet spec, StatefulSet spec, Deployment paused
    ['deleted mid-flight: partition kept, Deployment paused', 1, 'Immediate', OFF, undefined, undefined, true],
    ['deleted mid-flight, gate on: the same', 1, 'Immediate', ON, undefined, undefined, true],
    ['finished (WaitResume): released', undefined, 'WaitResume', OFF, { updateStrategy: { rollingUpdate: { partition: null, paused: false } } }, { updateStrategy: { rollingUpdate: { partition: null } } }, false],
    ['finished (WaitResume), gate on: released all the same', undefined, 'WaitResume', ON, { updateStrategy: { rollingUpdate: { partition: null, paused: false } } }, { updateStrategy: { rollingUpdate: { partition: null } } }, false],
    ['Rollout deleted (Immediate): released', undefined, 'Immediate', OFF, { updateStrategy: { rollingUpdate: { partition: null, paused: false } } }, { updateStrategy: { rollingUpdate: { partition: null } } }, false],
    ['Rollout deleted (Immediate), gate on: CloneSet only unpaused, StatefulSet partition kept, Deployment paused', undefined, 'Immediate', ON,
      { updateStrategy: { rollingUpdate: { paused: false } } }, undefined, true],
    ['no policy, gate on: as Immediate', undefined, undefined, ON, { updateStrategy: { rollingUpdate: { paused: false } } }, undefined, true],
  ])('%s', (_what, batchPartition, finalizingPolicy, gates, cloneSet, statefulSet, deploymentPaused) => {
    const rule = finalizing({ ...(batchPartition === undefined ? {} : { batchPartition }), ...(finalizingPolicy ? { finalizingPolicy } : {}) }, gates);
    expect(finalizeSpec('CloneSet', rule)).toEqual(cloneSet);
    expect(finalizeSpec('StatefulSet', rule)).toEqual(statefulSet);
    expect(stablePaused(rule)).toBe(deploymentPaused);
  });
});
