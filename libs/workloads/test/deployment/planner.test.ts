// The Deployment and ReplicaSet planners as pure functions: a rolling update's steps within maxSurge
// and maxUnavailable, Recreate, proportional scaling, history, the deletion ranking.
import { describe, expect, it } from '@jest/globals';
import type { Deployment, Pod, ReplicaSet } from '@coxswain/kruise-api';
import { pruneHistory } from '../../src/deployment/plan/history.js';
import { planDeployment } from '../../src/deployment/plan/planner.js';
import { ANNOTATION_DEPLOYMENT_REVISION, ANNOTATION_DESIRED_REPLICAS, ANNOTATION_MAX_REPLICAS, podTemplateHash } from '../../src/deployment-facts/replica-sets.js';
import { resolveFenceposts } from '../../src/deployment-facts/strategy.js';
import { podsToDelete } from '../../src/replicaset/plan/delete-order.js';
import { planReplicaSet } from '../../src/replicaset/plan/planner.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const template = (image: string) => ({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image }] } });

function deployment(spec: Partial<Deployment['spec']> = {}, status?: Deployment['status']): Deployment {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'd-uid', generation: 2 },
    spec: {
      replicas: 4, selector: { matchLabels: { app: 'web' } }, template: template('v2'), revisionHistoryLimit: 10, progressDeadlineSeconds: 600,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 1 } }, ...spec,
    },
    ...(status ? { status } : {}),
  };
}

function rs(image: string, replicas: number, available: number, revision: number, created = '2026-01-01T00:00:00Z', d = deployment()): ReplicaSet {
  const hash = podTemplateHash(template(image), undefined);
  return {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      name: `web-${hash}`, namespace: 'default', uid: `rs-${image}`, creationTimestamp: created, generation: 1,
      labels: { app: 'web', 'pod-template-hash': hash },
      annotations: { [ANNOTATION_DEPLOYMENT_REVISION]: String(revision), [ANNOTATION_DESIRED_REPLICAS]: String(d.spec.replicas), [ANNOTATION_MAX_REPLICAS]: String((d.spec.replicas ?? 1) + 1) },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true }],
    },
    spec: { replicas, minReadySeconds: 0, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: { ...template(image), metadata: { labels: { app: 'web', 'pod-template-hash': hash } } } },
    status: { replicas, readyReplicas: available, availableReplicas: available, observedGeneration: 1 },
  };
}

const sizes = (plan: ReturnType<typeof planDeployment>) =>
  plan.operations.map((o) => `${o.op}:${o.rs.spec.template.spec.containers[0]!.image}=${o.rs.spec.replicas}`);

describe('resolveFenceposts', () => {
  it.each<[number, string | number, string | number, number, number]>([
    [10, '25%', '25%', 3, 2],
    [4, 1, 1, 1, 1],
    [4, 0, 0, 0, 1],
    [3, '0%', '10%', 0, 1],
    [1, '25%', '25%', 1, 0],
  ])('replicas %d, maxSurge %j, maxUnavailable %j -> surge %d, unavailable %d', (replicas, maxSurge, maxUnavailable, surge, unavailable) => {
    expect(resolveFenceposts(deployment({ replicas, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } } }))).toEqual({ maxSurge: surge, maxUnavailable: unavailable });
  });
});

describe('rolling update, one step per pass', () => {
  it('creates the new ReplicaSet at maxSurge, then scales old pods down within maxUnavailable', () => {
    const old = rs('v1', 4, 4, 1);
    const d = deployment({}, { observedGeneration: 1, replicas: 4, updatedReplicas: 4, readyReplicas: 4, availableReplicas: 4 });
    const plan = planDeployment({ d, replicaSets: [old], pods: [], now: NOW });
    // New ReplicaSet: 4 + 1 surge - 4 existing = 1; old: 5 pods, 3 must stay available, 0 new available -> 1 down.
    expect(sizes(plan)).toEqual(['createReplicaSet:v2=1', 'updateReplicaSet:v1=3']);
    expect(plan.revisionAnnotation).toBe('2');
    expect(plan.operations[0]!.rs.metadata.annotations).toMatchObject({ [ANNOTATION_DEPLOYMENT_REVISION]: '2', [ANNOTATION_DESIRED_REPLICAS]: '4', [ANNOTATION_MAX_REPLICAS]: '5' });
    expect(plan.status.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ reason: 'NewReplicaSetCreated', message: `Created new replica set "${plan.operations[0]!.rs.metadata.name}"` });
    // Until the progress deadline passes without progress, the Deployment is looked at again.
    expect(plan.requeueAfterMs).toBe(601_000);
  });

  it('scales the new ReplicaSet up as far as maxSurge allows and stops the pass there', () => {
    const plan = planDeployment({ d: deployment(), replicaSets: [rs('v1', 3, 3, 1), rs('v2', 1, 0, 2, '2026-01-01T00:10:00Z')], pods: [], now: NOW });
    expect(sizes(plan)).toEqual(['updateReplicaSet:v2=2']);
  });

  it('scales old pods down only while minAvailable stays available, counting unavailable new pods', () => {
    // 5 pods in total (surge used up), 4 - 1 = 3 must stay available; new ones (2) not available yet.
    const held = planDeployment({ d: deployment(), replicaSets: [rs('v1', 3, 3, 1), rs('v2', 2, 0, 2, '2026-01-01T00:10:00Z')], pods: [], now: NOW });
    expect(sizes(held)).toEqual([]);
    expect(held.blockers.map((b) => b.code)).toContain('MAX_UNAVAILABLE');
    const moves = planDeployment({ d: deployment(), replicaSets: [rs('v1', 3, 3, 1), rs('v2', 2, 2, 2, '2026-01-01T00:10:00Z')], pods: [], now: NOW });
    expect(sizes(moves)).toEqual(['updateReplicaSet:v1=1']);
  });

  it('takes unavailable old pods away first', () => {
    const plan = planDeployment({ d: deployment({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } }), replicaSets: [rs('v1', 4, 2, 1)], pods: [], now: NOW });
    // maxSurge 0: no new pod; maxScaledDown = 4 - 3 - 0 = 1 taken from the unhealthy ones.
    expect(sizes(plan)).toEqual(['createReplicaSet:v2=0', 'updateReplicaSet:v1=3']);
  });

  it('prunes old ReplicaSets beyond revisionHistoryLimit once the stored status is complete', () => {
    const d = deployment({ revisionHistoryLimit: 1 }, { observedGeneration: 2, replicas: 4, updatedReplicas: 4, availableReplicas: 4 });
    const plan = planDeployment({ d, replicaSets: [rs('v0', 0, 0, 1), rs('v1', 0, 0, 2, '2026-01-01T00:05:00Z'), rs('v2', 4, 4, 3, '2026-01-01T00:10:00Z')], pods: [], now: NOW });
    expect(sizes(plan)).toEqual(['deleteReplicaSet:v0=0']);
    expect(plan.complete).toBe(true);
  });
});

describe('Recreate', () => {
  const recreate = deployment({ strategy: { type: 'Recreate' } });
  const pod = (owner: string, phase: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${owner}-${phase}`, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner, uid: `rs-${owner}`, controller: true }] }, spec: { containers: [] }, status: { phase: phase as never } });

  it('scales every old ReplicaSet to 0 first, then waits for their pods, then creates the new one at full size', () => {
    expect(sizes(planDeployment({ d: recreate, replicaSets: [rs('v1', 4, 4, 1)], pods: [], now: NOW }))).toEqual(['updateReplicaSet:v1=0']);
    const waiting = planDeployment({ d: recreate, replicaSets: [rs('v1', 0, 0, 1)], pods: [pod('v1', 'Running')], now: NOW });
    expect(sizes(waiting)).toEqual([]);
    expect(waiting.blockers[0]).toMatchObject({ code: 'WAITING_FOR_DELETIONS' });
    expect(sizes(planDeployment({ d: recreate, replicaSets: [rs('v1', 0, 0, 1)], pods: [pod('v1', 'Succeeded')], now: NOW }))).toEqual(['createReplicaSet:v2=4']);
  });
});

describe('scaling', () => {
  it('resizes a lone active ReplicaSet', () => {
    const plan = planDeployment({ d: deployment({ replicas: 6 }), replicaSets: [rs('v2', 4, 4, 1)], pods: [], now: NOW });
    expect(sizes(plan)).toEqual(['updateReplicaSet:v2=6']);
  });

  it('spreads a change during a rollout over the active ReplicaSets in proportion', () => {
    // Sized for 4 (+1 surge = 5 max): old 3, new 2. Scaled to 10 (+1 surge = 11 allowed): +6 over 5.
    const old = rs('v1', 3, 3, 1);
    const fresh = rs('v2', 2, 0, 2, '2026-01-01T00:10:00Z');
    const plan = planDeployment({ d: deployment({ replicas: 10 }), replicaSets: [old, fresh], pods: [], now: NOW });
    const after = Object.fromEntries(plan.operations.map((o) => [o.rs.spec.template.spec.containers[0]!.image, o.rs.spec.replicas]));
    expect(after['v1']! + after['v2']!).toBe(11);
    expect(after).toEqual({ v1: 7, v2: 4 });
  });

  it('does not roll out while paused, but scales', () => {
    const plan = planDeployment({ d: deployment({ paused: true, replicas: 2 }), replicaSets: [rs('v1', 4, 4, 1)], pods: [], now: NOW });
    expect(sizes(plan)).toEqual(['updateReplicaSet:v1=2']);
    expect(plan.status.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused' });
  });
});

describe('pruneHistory', () => {
  it('keeps the limit, deleting the lowest revisions that run no pods', () => {
    const list = [rs('a', 0, 0, 1), rs('b', 1, 1, 2), rs('c', 0, 0, 3), rs('d', 0, 0, 4)];
    expect(pruneHistory(list, 1).map((r) => r.metadata.uid)).toEqual(['rs-a', 'rs-c']);
    expect(pruneHistory(list, 4)).toEqual([]);
    expect(pruneHistory(list, undefined)).toEqual([]);
  });
});

describe('ReplicaSet planner and deletion ranking', () => {
  const mk = (name: string, extra: { node?: string; phase?: string; ready?: boolean; created?: string; cost?: string; restarts?: number }): Pod => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, uid: name, creationTimestamp: extra.created ?? '2026-01-01T00:00:00Z', labels: { app: 'web' }, ...(extra.cost ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': extra.cost } } : {}) },
    spec: { containers: [], ...(extra.node ? { nodeName: extra.node } : {}) },
    status: {
      phase: (extra.phase ?? 'Running') as never,
      conditions: [{ type: 'Ready', status: extra.ready === false ? 'False' : 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }],
      containerStatuses: [{ name: 'app', ready: true, restartCount: extra.restarts ?? 0, image: 'x', imageID: '' }] as never,
    },
  });

  it.each<[string, Pod[], string[]]>([
    ['unscheduled before scheduled', [mk('a', { node: 'n1' }), mk('b', {})], ['b']],
    ['pending before running', [mk('a', { node: 'n1' }), mk('b', { node: 'n2', phase: 'Pending' })], ['b']],
    ['not ready before ready', [mk('a', { node: 'n1' }), mk('b', { node: 'n2', ready: false })], ['b']],
    ['lower deletion cost first', [mk('a', { node: 'n1', cost: '10' }), mk('b', { node: 'n2', cost: '-5' })], ['b']],
    ['doubled up on a node first', [mk('a', { node: 'n1' }), mk('b', { node: 'n2' }), mk('c', { node: 'n2' })], ['b']],
    ['more restarts first', [mk('a', { node: 'n1' }), mk('b', { node: 'n2', restarts: 3 })], ['b']],
    ['newer first (in log2 buckets of age)', [mk('a', { node: 'n1' }), mk('b', { node: 'n2', created: '2026-01-01T00:59:00Z' })], ['b']],
  ])('%s', (_name, pods, expected) => {
    expect(podsToDelete(pods, pods, 1, NOW).map((p) => p.metadata.name)).toEqual(expected);
  });

  it('creates the missing pods and reports the status of the active ones', () => {
    const set: ReplicaSet = { ...rs('v1', 3, 0, 1), status: undefined };
    const pods = [mk('a', { node: 'n1' }), { ...mk('b', { node: 'n1' }), metadata: { ...mk('b', {}).metadata, deletionTimestamp: '2026-01-01T00:59:00Z' } }];
    const plan = planReplicaSet({ rs: set, pods, now: NOW });
    expect(plan.create).toBe(2);
    expect(plan.delete).toEqual([]);
    expect(plan.status).toMatchObject({ replicas: 1, readyReplicas: 1, availableReplicas: 1, observedGeneration: 1 });
  });
});
