// Rollout plan computation time: one planCloneSet step for a CloneSet mid-rollout (half the pods at the
// update revision, 20% maxUnavailable, a few pods not ready), for 1,000 / 10,000 / 100,000 pods.
import { DEFAULT_FEATURE_GATES, type CloneSet, type ControllerRevision, type Pod } from '@coxswain/kruise-api';
import { inPlaceGates, planCloneSet, type PlanContext } from '@coxswain/workloads/testing';

const OLD = 'web-old1';
const NEW = 'web-new2';
const NOW = Date.parse('2026-05-01T12:00:00Z');

function pods(n: number): Pod[] {
  return Array.from({ length: n }, (_, i) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: `web-${i.toString(36).padStart(5, '0')}`, namespace: 'bench', uid: `uid-${i}`,
      creationTimestamp: new Date(NOW - 3_600_000 + i).toISOString(),
      labels: { app: 'web', 'controller-revision-hash': i % 2 ? NEW : OLD, 'pod-template-hash': i % 2 ? 'new2' : 'old1', 'apps.kruise.io/cloneset-instance-id': String(i), 'lifecycle.apps.kruise.io/state': 'Normal' },
    },
    spec: { nodeName: `sim-${i % 9}`, containers: [{ name: 'web', image: 'nginx' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: i % 97 === 0 ? 'False' : 'True', lastTransitionTime: '2026-05-01T11:00:00Z' }] },
  }) as Pod);
}

function context(n: number): PlanContext {
  const cs = {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'bench', uid: 'cs' },
    spec: {
      replicas: n, selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:2' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 } },
    },
  } as CloneSet;
  return {
    cs, currentCS: cs, updateCS: cs, pods: pods(n), pvcs: [], nodes: [], currentRevision: OLD, updateRevision: NEW, currentRevisionObject: revisionStub(OLD), updateRevisionObject: revisionStub(NEW), revisions: [], now: NOW,
    gates: { CloneSetShortHash: false, CloneSetPartitionRollback: false, PreparingUpdateAsUpdate: false, inPlace: inPlaceGates(DEFAULT_FEATURE_GATES) }, excludePreparingDeleteFlag: false,
  };
}

const random = () => 0.5;
console.log('| pods | plan p50 (ms) | plan max (ms) | with blockers p50 (ms) | actions |');
console.log('|---|---|---|---|---|');
for (const n of [1_000, 10_000, 100_000]) {
  const ctx = context(n);
  const runs = n >= 100_000 ? 5 : 20;
  for (let i = 0; i < 3; i++) planCloneSet(ctx, random).blockers; // warm up
  const times: number[] = [];
  const withBlockers: number[] = [];
  let actions = 0;
  for (let i = 0; i < runs; i++) {
    // As a reconcile plans (it never reads the blockers), then as the `plan` query does (it reads them).
    let t = performance.now();
    actions = planCloneSet(ctx, random).actions.length;
    times.push(performance.now() - t);
    t = performance.now();
    if (planCloneSet(ctx, random).blockers.length === 0) throw new Error('a mid-rollout plan names what holds it back');
    withBlockers.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  withBlockers.sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor(runs / 2)]!.toFixed(1);
  console.log(`| ${n.toLocaleString('en-US')} | ${median(times)} | ${times.at(-1)!.toFixed(1)} | ${median(withBlockers)} | ${actions} |`);
}

/** A ReCreate plan never reads a revision's data; only its name matters here. */
function revisionStub(name: string): ControllerRevision {
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name }, revision: 1 };
}
