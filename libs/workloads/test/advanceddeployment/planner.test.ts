// Kruise Rollouts' advanced Deployment controller as a pure function (docs/spec/kruise-rollout.md §3.6):
// NewRSReplicasLimit's arithmetic, and one pass of a partition-style rolling update — the new ReplicaSet
// grown within maxSurge up to the partition's limit, the old ones shrunk within maxUnavailable down to what
// the partition leaves them (or grown back), the extra-status annotation, and which Deployments it drives.
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_DEPLOYMENT_STRATEGY, formatFieldError, newRSReplicasLimit, withDefaultDeploymentStrategy,
  type AdvancedDeploymentStrategy, type Deployment, type IntOrString, type ReplicaSet,
} from '@coxswain/kruise-api';
import { planAdvancedDeployment } from '../../src/advanceddeployment/plan/planner.js';
import { advancedStrategyOf } from '../../src/deployment-facts/advanced-strategy.js';
import { ANNOTATION_DEPLOYMENT_REVISION, ANNOTATION_DESIRED_REPLICAS, ANNOTATION_MAX_REPLICAS, podTemplateHash } from '../../src/deployment-facts/replica-sets.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const template = (image: string) => ({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image }] } });

function strategy(partition: IntOrString, rollingUpdate: { maxSurge?: IntOrString; maxUnavailable?: IntOrString } = { maxSurge: 1, maxUnavailable: 0 }, paused = false): AdvancedDeploymentStrategy {
  return { rollingStyle: 'Partition', rollingUpdate, paused, partition };
}

function deployment(s: AdvancedDeploymentStrategy, replicas = 5): Deployment {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: {
      name: 'web', namespace: 'default', uid: 'd-uid', generation: 3,
      annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: '{"uid":"br"}', [ANNOTATION_DEPLOYMENT_STRATEGY]: JSON.stringify(s) },
    },
    spec: { replicas, paused: true, selector: { matchLabels: { app: 'web' } }, template: template('v2'), strategy: { type: 'Recreate' }, progressDeadlineSeconds: 600 },
    status: { observedGeneration: 3, replicas, updatedReplicas: 0, availableReplicas: replicas },
  };
}

function rs(image: string, replicas: number, available: number, revision: number, maxReplicas = 6, desired = 5): ReplicaSet {
  const hash = podTemplateHash(template(image), undefined);
  return {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      name: `web-${hash}`, namespace: 'default', uid: `rs-${image}`, creationTimestamp: `2026-01-01T00:0${revision}:00Z`, generation: 1,
      labels: { app: 'web', 'pod-template-hash': hash },
      annotations: { [ANNOTATION_DEPLOYMENT_REVISION]: String(revision), [ANNOTATION_DESIRED_REPLICAS]: String(desired), [ANNOTATION_MAX_REPLICAS]: String(maxReplicas) },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true }],
    },
    spec: { replicas, minReadySeconds: 0, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: { ...template(image), metadata: { labels: { app: 'web', 'pod-template-hash': hash } } } },
    status: { replicas, readyReplicas: available, availableReplicas: available, observedGeneration: 1 },
  };
}

const sizes = (plan: ReturnType<typeof planAdvancedDeployment>) =>
  plan.operations.map((o) => `${o.op}:${o.rs.spec.template.spec.containers[0]!.image}=${o.rs.spec.replicas}`);
const plan = (s: AdvancedDeploymentStrategy, sets: ReplicaSet[], replicas = 5) => planAdvancedDeployment({ d: deployment(s, replicas), strategy: s, replicaSets: sets, now: NOW });

describe('NewRSReplicasLimit (docs/spec/kruise-rollout.md §3.6, §7)', () => {
  it.each<[IntOrString | undefined, number, number]>([
    [0, 5, 0], [undefined, 5, 0], [1, 5, 1], [7, 5, 5], [-1, 5, 0],
    ['20%', 5, 1], ['21%', 5, 2], ['50%', 5, 3], ['90%', 5, 4], ['99%', 5, 4], ['100%', 5, 5],
    ['99%', 1, 1], ['50%', 1, 1], ['50%', 2, 1], ['100%', 1, 1], ['0%', 5, 0], [5, 5, 5],
  ])('partition %j of %d replicas: %d on the new revision', (partition, replicas, limit) => {
    expect(newRSReplicasLimit(partition, replicas)).toBe(limit);
  });
});

describe("SetDefaultDeploymentStrategy, with its quirk (docs/spec/kruise-rollout.md §7)", () => {
  it.each<[AdvancedDeploymentStrategy['rollingUpdate'], AdvancedDeploymentStrategy['rollingUpdate']]>([
    [undefined, { maxUnavailable: '25%' }],
    [{ maxSurge: 2 }, { maxSurge: 2, maxUnavailable: '25%' }],
    // maxSurge missing: the 25 % default lands in maxUnavailable, maxSurge stays unset.
    [{ maxUnavailable: 3 }, { maxUnavailable: '25%' }],
    [{ maxSurge: '25%', maxUnavailable: '25%' }, { maxSurge: '25%', maxUnavailable: '25%' }],
    [{ maxSurge: 0, maxUnavailable: 0 }, { maxSurge: 0, maxUnavailable: 1 }],
  ])('rollingUpdate %j -> %j', (given, expected) => {
    expect(withDefaultDeploymentStrategy({ rollingStyle: 'Partition', ...(given ? { rollingUpdate: given } : {}), partition: 0 }).rollingUpdate).toEqual(expected);
  });
});

describe('which Deployments the advanced controller drives', () => {
  const d = deployment(strategy(0));
  it.each<[string, Deployment, boolean]>([
    ['paused, Recreate, control-info, a partition strategy', d, true],
    ['without control-info', { ...d, metadata: { ...d.metadata, annotations: { [ANNOTATION_DEPLOYMENT_STRATEGY]: '{"rollingStyle":"Partition"}' } } }, false],
    ['not paused', { ...d, spec: { ...d.spec, paused: false } }, false],
    ['RollingUpdate', { ...d, spec: { ...d.spec, strategy: { type: 'RollingUpdate' } } }, false],
    ['canary style', { ...d, metadata: { ...d.metadata, annotations: { ...d.metadata.annotations, [ANNOTATION_DEPLOYMENT_STRATEGY]: '{"rollingStyle":"Canary"}' } } }, false],
    // Still this controller's (the native one keeps away), which waits and says why: its problems.
    ['an unreadable strategy', { ...d, metadata: { ...d.metadata, annotations: { ...d.metadata.annotations, [ANNOTATION_DEPLOYMENT_STRATEGY]: '{' } } }, true],
  ])('%s: %s', (_, deploymentObject, driven) => {
    expect(advancedStrategyOf(deploymentObject) !== undefined).toBe(driven);
  });
  it.each<[string, string]>([
    ['{', 'metadata.annotations[rollouts.kruise.io/deployment-strategy]: Invalid value: "{": must be a JSON object'],
    ['{"rollingStyle":"Partition","partition":"150%"}', 'metadata.annotations[rollouts.kruise.io/deployment-strategy].partition: Invalid value: "150%": must not be greater than 100%'],
    ['{"rollingStyle":"Partition","paused":"yes","partition":1}', 'metadata.annotations[rollouts.kruise.io/deployment-strategy].paused: Invalid value: "yes": must be true or false'],
  ])('an unsound strategy %s: the problem names the field', (text, problem) => {
    const control = advancedStrategyOf({ ...d, metadata: { ...d.metadata, annotations: { ...d.metadata.annotations, [ANNOTATION_DEPLOYMENT_STRATEGY]: text } } });
    expect(control?.problems.map(formatFieldError)).toEqual([problem]);
  });
});

describe('one pass of a partition-style rolling update (upstream rolling.go)', () => {
  it.each<[string, AdvancedDeploymentStrategy, ReplicaSet[], string[]]>([
    // NewRSReplicasLowerBound: without surge the new ReplicaSet starts with one pod even at partition 0.
    // (And, within maxUnavailable 1, an old pod goes in the same pass: 5 pods again.)
    ['partition 0, maxSurge 0: the new ReplicaSet created with 1 pod', strategy(0, { maxSurge: 0, maxUnavailable: 1 }), [rs('v1', 5, 5, 1)], ['createReplicaSet:v2=1', 'updateReplicaSet:v1=4']],
    ['partition 0, maxSurge 1: the new ReplicaSet created empty', strategy(0), [rs('v1', 5, 5, 1)], ['createReplicaSet:v2=0']],
    ['partition 20% of 5: the new ReplicaSet created with its 1 pod (within maxSurge 1)', strategy('20%'), [rs('v1', 5, 5, 1)], ['createReplicaSet:v2=1']],
    ['partition 60%, maxSurge 2: up by the surge only', strategy('60%', { maxSurge: 2, maxUnavailable: 0 }), [rs('v1', 5, 5, 1), rs('v2', 0, 0, 2)], ['updateReplicaSet:v2=2']],
    ['partition 60%, maxSurge 5: up to the limit of 3', strategy('60%', { maxSurge: 5, maxUnavailable: 0 }), [rs('v1', 5, 5, 1), rs('v2', 0, 0, 2)], ['updateReplicaSet:v2=3']],
    ['at the limit, new pod available: one old pod goes', strategy('20%'), [rs('v1', 5, 5, 1), rs('v2', 1, 1, 2)], ['updateReplicaSet:v1=4']],
    ['at the limit, new pod not available, maxUnavailable 0: nothing', strategy('20%'), [rs('v1', 5, 5, 1), rs('v2', 1, 0, 2)], []],
    ['at the limit, old ones at what the partition leaves them: nothing', strategy('20%'), [rs('v1', 4, 4, 1), rs('v2', 1, 1, 2)], []],
    ['maxUnavailable 2, partition 40%: old pods go only down to the partition', strategy('40%', { maxSurge: 0, maxUnavailable: 2 }), [rs('v1', 5, 5, 1), rs('v2', 1, 1, 2)], ['updateReplicaSet:v1=3']],
    ['old ones below what the partition leaves them: the largest grows back', strategy('20%'), [rs('v1', 2, 2, 1), rs('v2', 1, 1, 2)], ['updateReplicaSet:v1=4']],
    ['"100%": every pod', strategy('100%'), [rs('v1', 1, 1, 1), rs('v2', 4, 4, 2)], ['updateReplicaSet:v2=5']],
    ['"100%", new ReplicaSet complete: the last old pod goes', strategy('100%'), [rs('v1', 1, 1, 1), rs('v2', 5, 5, 2)], ['updateReplicaSet:v1=0']],
    // ReplicaSetsBySmallerRevision: the middle revision goes first.
    ['two old revisions: the newer old one goes first', strategy('40%', { maxSurge: 0, maxUnavailable: 2 }), [rs('v0', 2, 2, 1), rs('v1', 3, 3, 2), rs('v2', 1, 1, 3)], ['updateReplicaSet:v1=1']],
    ['a paused strategy only scales', strategy('100%', { maxSurge: 1, maxUnavailable: 0 }, true), [rs('v1', 4, 4, 1), rs('v2', 1, 1, 2)], []],
  ])('%s', (_, s, sets, expected) => {
    expect(sizes(plan(s, sets))).toEqual(expected);
  });

  it('a scaling event spreads the change over the ReplicaSets in proportion (sync)', () => {
    const s = strategy('40%');
    // Sized for 5 (max 6), the Deployment now wants 10.
    const p = planAdvancedDeployment({ d: deployment(s, 10), strategy: s, replicaSets: [rs('v1', 3, 3, 1), rs('v2', 2, 2, 2)], now: NOW });
    // Spread to spec.replicas (no surge, unlike Kubernetes' scale()).
    const total = p.operations.reduce((sum, o) => sum + (o.rs.spec.replicas ?? 0), 0);
    expect(total).toBe(10);
  });

  it('writes the extra status: the new ReplicaSet\'s ready pods and the limit', () => {
    expect(JSON.parse(plan(strategy('50%'), [rs('v1', 3, 3, 1), rs('v2', 2, 2, 2)]).extraStatus)).toEqual({ updatedReadyReplicas: 2, expectedUpdatedReplicas: 3 });
    // omitempty, as Go's.
    expect(plan(strategy(0), [rs('v1', 5, 5, 1)]).extraStatus).toBe('{}');
  });

  it('the status is counted as a RollingUpdate one with the annotation\'s maxUnavailable (Available with 4 of 5 at maxUnavailable 1)', () => {
    const p = plan(strategy('20%', { maxSurge: 0, maxUnavailable: 1 }), [rs('v1', 4, 4, 1), rs('v2', 1, 0, 2)]);
    expect(p.status).toMatchObject({ replicas: 5, updatedReplicas: 1, availableReplicas: 4 });
    expect(p.status.conditions?.find((c) => c.type === 'Available')?.status).toBe('True');
    expect(p.diff.newRSReplicasLimit).toBe(1);
  });

  it('asks to be looked at again while not at its partition, not once it is', () => {
    expect(plan(strategy('20%'), [rs('v1', 5, 5, 1)]).requeueAfterMs).toBe(2000);
    const done = deployment(strategy('20%'));
    done.status = { observedGeneration: 3, replicas: 5, updatedReplicas: 1, availableReplicas: 5 };
    expect(planAdvancedDeployment({ d: done, strategy: strategy('20%'), replicaSets: [rs('v1', 4, 4, 1), rs('v2', 1, 1, 2)], now: NOW }).requeueAfterMs).toBeUndefined();
  });
});
