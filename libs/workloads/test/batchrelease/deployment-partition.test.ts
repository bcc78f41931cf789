// The BatchRelease's partition-style control of an apps/v1 Deployment (docs/spec/kruise-rollout.md §3.6,
// §6.3) as the merge patches it writes: Initialize hands the Deployment to the advanced Deployment
// controller, UpgradeBatch raises the strategy annotation's partition (pods on the NEW revision), Finalize
// hands it back; the planned counts are NewRSReplicasLimit's.
import { describe, expect, it } from '@jest/globals';
import type { Deployment, IntOrString } from '@coxswain/kruise-api';
import {
  deploymentClaimPatch, deploymentPartitionPatch, deploymentPlannedUpdated, deploymentReleasePatch, partitionAtLeast,
} from '../../src/batchrelease/plan/deployment-partition.js';

const CONTROL = 'batchrelease.rollouts.kruise.io/control-info';
const STRATEGY = 'rollouts.kruise.io/deployment-strategy';
const EXTRA = 'rollouts.kruise.io/deployment-extra-status';
const INFO = '{"apiVersion":"rollouts.kruise.io/v1beta1","kind":"BatchRelease","name":"demo","uid":"br","controller":true,"blockOwnerDeletion":true}';

function deployment(over: { paused?: boolean; strategy?: Deployment['spec']['strategy']; annotations?: Record<string, string>; labels?: Record<string, string> } = {}): Deployment {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'd', ...(over.labels ? { labels: over.labels } : {}), ...(over.annotations ? { annotations: over.annotations } : {}) },
    spec: {
      replicas: 5, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'v2' }] } },
      strategy: over.strategy ?? { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }, ...(over.paused !== undefined ? { paused: over.paused } : {}),
    },
  };
}
const claimed = (partition: IntOrString = 0, more: Record<string, string> = {}) => deployment({
  paused: true, strategy: { type: 'Recreate' },
  annotations: { [CONTROL]: INFO, [STRATEGY]: JSON.stringify({ rollingStyle: 'Partition', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, partition }), ...more },
  labels: { 'rollouts.kruise.io/stable-revision': 'abc', 'rollouts.kruise.io/controlled-by-advanced-deployment-controller': 'true' },
});

describe('Initialize (docs/spec/kruise-rollout.md §3.6, §6.3)', () => {
  it('a Deployment the webhook paused: the advanced-control label, the strategy annotation at partition 0, control-info, paused + Recreate', () => {
    expect(deploymentClaimPatch(deployment({ paused: true }), INFO)).toEqual({
      metadata: {
        labels: { 'rollouts.kruise.io/controlled-by-advanced-deployment-controller': 'true' },
        annotations: { [STRATEGY]: '{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"partition":0}', [CONTROL]: INFO },
      },
      spec: { paused: true, strategy: { type: 'Recreate', rollingUpdate: null } },
    });
  });

  it.each<[string, Deployment, string]>([
    // A Recreate spec has no rollingUpdate: the one stored by an earlier release is taken (its partition and pause reset).
    ['the stored rollingUpdate when the spec has none', deployment({ paused: true, strategy: { type: 'Recreate' }, annotations: { [STRATEGY]: '{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":2,"maxUnavailable":0},"paused":true,"partition":"40%"}' } }),
      '{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":2,"maxUnavailable":0},"partition":0}'],
    // None at all: Kruise's defaults, with their quirk (docs/spec/kruise-rollout.md §7).
    ['no rollingUpdate anywhere', deployment({ paused: true, strategy: { type: 'Recreate' } }), '{"rollingStyle":"Partition","rollingUpdate":{"maxUnavailable":"25%"},"partition":0}'],
  ])('%s', (_, d, annotation) => {
    expect((deploymentClaimPatch(d, INFO)!['metadata'] as { annotations: Record<string, string> }).annotations[STRATEGY]).toBe(annotation);
  });

  it('nothing when the Deployment is under rollout control already', () => {
    expect(deploymentClaimPatch(claimed(), INFO)).toBeUndefined();
  });
});

describe('UpgradeBatch: the partition raised to the batch\'s canaryReplicas, compared against 10,000,000', () => {
  it.each<[IntOrString, IntOrString, IntOrString | undefined]>([
    [0, '20%', '20%'],
    ['20%', '20%', undefined],
    ['50%', '20%', undefined],
    ['20%', '50%', '50%'],
    // "1" of 10,000,000 is below 1 %: raised.
    [1, '1%', '1%'],
    ['1%', 1, undefined],
    [2, '100%', '100%'],
    ['100%', 5, undefined],
  ])('current %j, batch %j -> %j', (current, desired, written) => {
    const patch = deploymentPartitionPatch(claimed(current), desired);
    if (written === undefined) {
      expect(patch).toBeUndefined();
      return;
    }
    const annotations = (patch!['metadata'] as { annotations: Record<string, string> }).annotations;
    expect(JSON.parse(annotations[STRATEGY]!)).toEqual({ rollingStyle: 'Partition', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, partition: written });
  });

  it('nothing for a Deployment out of rollout control', () => {
    expect(deploymentPartitionPatch(deployment({ paused: false }), '50%')).toBeUndefined();
  });

  it.each<[IntOrString, IntOrString, boolean]>([[0, 0, true], ['10%', 1, true], [1, '10%', false], ['100%', 7, true]])('partitionAtLeast(%j, %j) = %s', (a, b, expected) => {
    expect(partitionAtLeast(a, b)).toBe(expected);
  });
});

describe('planned (= desired) updated pods: NewRSReplicasLimit of the batch', () => {
  it.each<[IntOrString, number, number]>([['20%', 5, 1], ['50%', 5, 3], ['90%', 5, 4], ['100%', 5, 5], [2, 5, 2], [9, 5, 5], ['50%', 1, 1]])('%j of %d: %d', (batch, replicas, planned) => {
    expect(deploymentPlannedUpdated(batch, replicas)).toBe(planned);
  });
});

describe('Finalize', () => {
  it('finished or cancelled (batchPartition null): resumed, RollingUpdate restored from the annotation, every mark removed', () => {
    expect(deploymentReleasePatch(claimed('100%', { [EXTRA]: '{"updatedReadyReplicas":5}' }), true, false)).toEqual({
      metadata: {
        annotations: { [CONTROL]: null, [STRATEGY]: null, [EXTRA]: null },
        labels: { 'rollouts.kruise.io/stable-revision': null, 'rollouts.kruise.io/controlled-by-advanced-deployment-controller': null },
      },
      spec: { paused: false, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } },
    });
  });

  it('kept paused when asked (the KeepWorkloadPausedOnRolloutDeletion gate without WaitResume)', () => {
    expect((deploymentReleasePatch(claimed(), true, true)!['spec'] as { paused: boolean }).paused).toBe(true);
  });

  it('deleted mid-flight (batchPartition set): only control-info goes; paused, Recreate and the annotations stay', () => {
    expect(deploymentReleasePatch(claimed('20%'), false, false)).toEqual({ metadata: { annotations: { [CONTROL]: null } } });
  });

  it('nothing without control-info or when not paused', () => {
    expect(deploymentReleasePatch(deployment({ paused: true }), true, false)).toBeUndefined();
    expect(deploymentReleasePatch({ ...claimed(), spec: { ...claimed().spec, paused: false } }, true, false)).toBeUndefined();
  });
});
