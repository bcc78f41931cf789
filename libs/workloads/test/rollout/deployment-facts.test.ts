// docs/spec/kruise-rollout.md §2.1, the row "Deployment, canary style", and docs/spec/kruise-rollout.md
// §3.7: what the Rollout and the BatchRelease read of a Deployment, its ReplicaSets and its canary Deployment.
import { describe, expect, it } from '@jest/globals';
import type { ClusterClient } from '@coxswain/cluster';
import type { Deployment, Pod, ReplicaSet } from '@coxswain/kruise-api';
import { describeDeployment } from '../../src/release-target/deployment.js';
import { releaseTarget } from '../../src/release-target/workload.js';
import { rolloutWorkload } from '../../src/rollout/plan/rollout-workload.js';
import { restoreStableTemplate } from '../../src/rollout/sync/rollout-writes.js';

const TARGET = releaseTarget({ apiVersion: 'apps/v1', kind: 'Deployment' })!;
const template = (image: string, hash?: string) => ({ metadata: { labels: { app: 'web', ...(hash ? { 'pod-template-hash': hash } : {}) } }, spec: { containers: [{ name: 'main', image }] } });
const owner = (uid: string, kind = 'Deployment') => [{ apiVersion: 'apps/v1', kind, name: 'x', uid, controller: true }];

const deployment = (image: string, over: Partial<Deployment['metadata']> = {}): Deployment => ({
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'stable', generation: 2, ...over },
  spec: { replicas: 5, selector: { matchLabels: { app: 'web' } }, template: template(image), paused: true },
  status: { observedGeneration: 2, replicas: 5, updatedReplicas: 0, availableReplicas: 5 },
});
const replicaSet = (name: string, image: string, hash: string, replicas: number, created: string, uid: string): ReplicaSet => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet',
  metadata: { name, namespace: 'default', uid: name, creationTimestamp: created, labels: { app: 'web', 'pod-template-hash': hash }, ownerReferences: owner(uid) },
  spec: { replicas, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: template(image, hash) },
});
const canaryDeployment = (name: string, created: string, releaseUid: string, status: { replicas: number; availableReplicas: number }): Deployment => ({
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name, namespace: 'default', uid: name, creationTimestamp: created, labels: { 'rollouts.kruise.io/canary-deployment': 'web' }, ownerReferences: [{ apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'BatchRelease', name: 'demo', uid: releaseUid, controller: true }] },
  spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: template('web:v2') },
  status,
});
const pod = (name: string, rs: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', ownerReferences: owner(rs, 'ReplicaSet') }, spec: { containers: [] } } as Pod);

describe('docs/spec/kruise-rollout.md §2.1: a canary-style Deployment', () => {
  const sets = [
    replicaSet('web-old', 'web:v0', 'h0', 0, '2026-01-01T00:00:00Z', 'stable'),
    replicaSet('web-h1', 'web:v1', 'h1', 5, '2026-01-02T00:00:00Z', 'stable'),
    replicaSet('web-a-h2', 'web:v2', 'h2', 3, '2026-01-03T00:00:00Z', 'web-a'),
    replicaSet('web-b-h2', 'web:v2', 'h2b', 2, '2026-01-03T00:00:00Z', 'web-b'),
  ];
  const canaries = [canaryDeployment('web-a', '2026-01-03T00:00:00Z', 'br', { replicas: 3, availableReplicas: 2 }), canaryDeployment('web-b', '2026-01-04T00:00:00Z', 'other-br', { replicas: 2, availableReplicas: 2 })];
  const pods = [pod('p1', 'web-h1'), pod('c1', 'web-a-h2'), pod('c2', 'web-a-h2'), pod('x1', 'web-b-h2')];

  it('reads the oldest active ReplicaSet as stable, the template hash as update revision, and the release\'s canary as the updated pods', () => {
    const w = describeDeployment(TARGET, { deployment: deployment('web:v2'), replicaSets: sets, canaries, pods, releaseUid: 'br' });
    expect(w.currentRevision).toBe('h1');
    expect(w.updateRevision).toMatch(/^[0-9a-z]+$/);
    expect(w.updateRevision).not.toBe('h1');
    expect({ updated: w.updatedReplicas, ready: w.updatedReadyReplicas, pods: w.pods.map((p) => p.metadata.name) }).toEqual({ updated: 3, ready: 2, pods: ['c1', 'c2'] });
    expect(w.deployment).toMatchObject({ stableFound: true, stableTemplateEqual: false, stableUpdatedReplicas: 0, maxUnavailable: 1 });
    expect(w.deployment!.canary).toMatchObject({ replicas: 3, podTemplateHash: 'h2' });
    expect(w.deployment!.stableTemplate).toEqual(template('web:v1'));
  });

  it('without a release, the newest canary Deployment (what the Rollout reads)', () => {
    const w = describeDeployment(TARGET, { deployment: deployment('web:v2'), replicaSets: sets, canaries, pods });
    expect(w.deployment!.canary?.object.metadata.name).toBe('web-b');
  });

  it.each<[string, Deployment, ReplicaSet[], { statusConsistent: boolean; inRollback: boolean; rolloutId?: string }]>([
    ['in progressing, a new template', deployment('web:v2', { annotations: { 'rollouts.kruise.io/in-progressing': '{}' } }), sets, { statusConsistent: true, inRollback: false }],
    ['in progressing, the stable template again: a rollback', deployment('web:v1', { annotations: { 'rollouts.kruise.io/in-progressing': '{}' } }), sets, { statusConsistent: true, inRollback: true }],
    ['not in progressing, the stable template: no rollback', deployment('web:v1'), sets, { statusConsistent: true, inRollback: false }],
    ['no active ReplicaSet: not consistent', deployment('web:v2'), [sets[0]!, sets[3]!], { statusConsistent: false, inRollback: false }],
    ['a rollout-id label', deployment('web:v2', { labels: { 'rollouts.kruise.io/rollout-id': 'r7' } }), sets, { statusConsistent: true, inRollback: false, rolloutId: 'r7' }],
  ])('%s', (_, d, replicaSets, expected) => {
    const w = describeDeployment(TARGET, { deployment: d, replicaSets, canaries, pods });
    const facts = rolloutWorkload({
      kind: 'Deployment', labels: d.metadata.labels, generation: w.generation, observedGeneration: w.observedGeneration, replicas: w.replicas,
      updatedReplicas: w.updatedReplicas, currentRevision: w.currentRevision, updateRevision: w.updateRevision, inProgressing: w.inProgressing,
      deployment: { stableFound: w.deployment!.stableFound, stableTemplateEqual: w.deployment!.stableTemplateEqual, canaryPodTemplateHash: w.deployment!.canary?.podTemplateHash ?? '' },
    });
    expect(facts).toMatchObject({ ...expected, realPartition: false, stableRevision: w.currentRevision, canaryRevision: w.updateRevision, podTemplateHash: 'h2b' });
    if (!expected.rolloutId) expect(facts.rolloutId).toBe(expected.inRollback ? `rollback-${w.updateRevision}` : w.updateRevision);
  });
});

describe('docs/analysis.md §5: an aborted analysis of a canary-style Deployment', () => {
  const sets = [replicaSet('web-h1', 'web:v1', 'h1', 5, '2026-01-02T00:00:00Z', 'stable')];
  const updates: unknown[] = [];
  const client = { update: async (object: unknown) => (updates.push(object), object) } as unknown as ClusterClient;

  it('writes the stable ReplicaSet\'s template back (its pod-template-hash label left out), and nothing when it is there already', async () => {
    updates.length = 0;
    await restoreStableTemplate(client, describeDeployment(TARGET, { deployment: deployment('web:v2'), replicaSets: sets, canaries: [], pods: [] }));
    expect(updates).toHaveLength(1);
    expect((updates[0] as Deployment).spec.template).toEqual(template('web:v1'));
    expect((updates[0] as Deployment).metadata.name).toBe('web');
    await restoreStableTemplate(client, describeDeployment(TARGET, { deployment: deployment('web:v1'), replicaSets: sets, canaries: [], pods: [] }));
    expect(updates).toHaveLength(1);
  });
});
