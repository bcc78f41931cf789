// Kruise Rollouts' advanced Deployment controller, property (docs/spec/kruise-rollout.md §3.6): over a
// random partition-style release — partitions only raised, new pods turning available at random, the
// controller's passes in between — the pods never exceed replicas + maxSurge and the available pods never
// fall below replicas − maxUnavailable, after each single ReplicaSet write (a ReplicaSet controller that
// acts at once: pods created unavailable, the unavailable ones deleted first); and once every pod is
// available the Deployment settles with newRSReplicasLimit(partition) pods on the new revision.
// The one excess is upstream's NewRSReplicasLowerBound: with maxSurge 0 the new ReplicaSet is created with
// one pod (replicas + 1 until the same pass takes an old one away).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_DEPLOYMENT_STRATEGY, newRSReplicasLimit, type AdvancedDeploymentStrategy, type Deployment,
  type IntOrString, type ReplicaSet,
} from '@coxswain/kruise-api';
import { planAdvancedDeployment } from '../../src/advanceddeployment/plan/planner.js';
import { rollingView } from '../../src/deployment-facts/advanced-strategy.js';
import { ANNOTATION_DEPLOYMENT_REVISION, ANNOTATION_DESIRED_REPLICAS, ANNOTATION_MAX_REPLICAS, podTemplateHash } from '../../src/deployment-facts/replica-sets.js';
import { resolveFenceposts } from '../../src/deployment-facts/strategy.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const template = (image: string) => ({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image }] } });

interface Pods { pods: number; available: number }

function oldReplicaSet(replicas: number, maxSurge: number): ReplicaSet {
  const hash = podTemplateHash(template('v1'), undefined);
  return {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      name: `web-${hash}`, namespace: 'default', uid: 'rs-v1', creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { app: 'web', 'pod-template-hash': hash },
      annotations: { [ANNOTATION_DEPLOYMENT_REVISION]: '1', [ANNOTATION_DESIRED_REPLICAS]: String(replicas), [ANNOTATION_MAX_REPLICAS]: String(replicas + maxSurge) },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true }],
    },
    spec: { replicas, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: { ...template('v1'), metadata: { labels: { app: 'web', 'pod-template-hash': hash } } } },
    status: { replicas, availableReplicas: replicas, readyReplicas: replicas },
  };
}

function deploymentOf(replicas: number, strategy: AdvancedDeploymentStrategy, status: Deployment['status']): Deployment {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'd-uid', generation: 2, annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: '{}', [ANNOTATION_DEPLOYMENT_STRATEGY]: JSON.stringify(strategy) } },
    spec: { replicas, paused: true, selector: { matchLabels: { app: 'web' } }, template: template('v2'), strategy: { type: 'Recreate' } },
    ...(status ? { status } : {}),
  };
}

const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 60 }).map((p) => `${p}%`));
const step = fc.oneof(
  fc.constant({ kind: 'pass' as const }),
  fc.integer({ min: 1, max: 4 }).map((count) => ({ kind: 'ready' as const, count })),
  fc.constant({ kind: 'raise' as const }),
);

describe('the advanced Deployment controller (docs/spec/kruise-rollout.md §3.6): properties', () => {
  it('never more than replicas + maxSurge pods, never fewer than replicas − maxUnavailable available; settles at the partition', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }), intOrPercent, intOrPercent,
        fc.array(fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 100 }).map((p) => `${p}%`)), { minLength: 1, maxLength: 4 }),
        fc.array(step, { maxLength: 60 }),
        (replicas, maxSurge, maxUnavailable, rawPartitions, steps) => {
          const rollingUpdate = { maxSurge, maxUnavailable };
          // Partitions are only raised (docs/spec/kruise-rollout.md §3.6 UpgradeBatch).
          const partitions: IntOrString[] = [...rawPartitions].sort((a, b) => newRSReplicasLimit(a, replicas) - newRSReplicasLimit(b, replicas));
          let at = 0;
          const strategyNow = (): AdvancedDeploymentStrategy => ({ rollingStyle: 'Partition', rollingUpdate, partition: partitions[at]! });
          const fence = resolveFenceposts(rollingView(deploymentOf(replicas, strategyNow(), undefined), strategyNow()));
          const maxUnavail = Math.min(fence.maxUnavailable, replicas);
          const maxPods = replicas + fence.maxSurge + (fence.maxSurge === 0 ? 1 : 0);
          let sets: ReplicaSet[] = [oldReplicaSet(replicas, fence.maxSurge)];
          const pods = new Map<string, Pods>([['rs-v1', { pods: replicas, available: replicas }]]);
          let status: Deployment['status'] = { observedGeneration: 2, replicas, updatedReplicas: 0, availableReplicas: replicas };
          let created = 0;

          const check = () => {
            const all = [...pods.values()];
            expect(all.reduce((s, p) => s + p.pods, 0)).toBeLessThanOrEqual(maxPods);
            expect(all.reduce((s, p) => s + p.available, 0)).toBeGreaterThanOrEqual(replicas - maxUnavail);
          };
          const withStatus = (rs: ReplicaSet): ReplicaSet => {
            const p = pods.get(rs.metadata.uid!)!;
            return { ...rs, status: { replicas: p.pods, availableReplicas: p.available, readyReplicas: p.available } };
          };
          const pass = () => {
            const strategy = strategyNow();
            const plan = planAdvancedDeployment({ d: deploymentOf(replicas, strategy, status), strategy, replicaSets: sets, now: NOW });
            for (const op of plan.operations) {
              if (op.op === 'createReplicaSet') {
                const rs = { ...op.rs, metadata: { ...op.rs.metadata, uid: `rs-new-${created}`, creationTimestamp: `2026-01-01T00:3${created++}:00Z` } };
                pods.set(rs.metadata.uid, { pods: rs.spec.replicas ?? 0, available: 0 });
                sets.push(withStatus(rs));
              } else if (op.op === 'updateReplicaSet') {
                const p = pods.get(op.rs.metadata.uid!)!;
                const to = op.rs.spec.replicas ?? 0;
                if (to > p.pods) p.pods = to;
                // The ReplicaSet controller deletes the unavailable pods first.
                else p.available = Math.min(p.available, (p.pods = to));
                sets = sets.map((rs) => (rs.metadata.uid === op.rs.metadata.uid ? withStatus(op.rs) : rs));
              }
              check();
            }
            status = plan.status;
          };
          const ready = (count: number) => {
            let left = count;
            for (const [uid, p] of pods) {
              const now = Math.min(left, p.pods - p.available);
              p.available += now;
              left -= now;
              if (now > 0) sets = sets.map((rs) => (rs.metadata.uid === uid ? withStatus(rs) : rs));
            }
          };

          for (const s of steps) {
            if (s.kind === 'pass') pass();
            else if (s.kind === 'ready') ready(s.count);
            else at = Math.min(at + 1, partitions.length - 1);
            check();
          }
          // Every pod turns available: the release settles at the last partition.
          for (let i = 0; i < 10 * replicas + 20; i++) {
            pass();
            ready(replicas * 3);
          }
          const limit = newRSReplicasLimit(partitions[at], replicas);
          const newRS = sets.find((rs) => rs.spec.template.spec.containers[0]!.image === 'v2');
          const onNew = newRS ? pods.get(newRS.metadata.uid!)!.pods : 0;
          const all = [...pods.values()].reduce((s, p) => s + p.pods, 0);
          expect(all).toBe(replicas);
          // At least the limit; one more only when the lower bound put a pod there at partition 0.
          expect(onNew).toBeGreaterThanOrEqual(limit);
          expect(onNew).toBeLessThanOrEqual(Math.max(limit, fence.maxSurge === 0 ? 1 : 0));
        },
      ),
      { numRuns: 300 },
    );
  });
});
