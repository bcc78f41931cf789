// The UnitedDeployment planner rule by rule, without a cluster: which subsets are created, deleted and
// updated (docs/spec/uniteddeployment.md §3.3), partitions capped at the allocation (docs/spec/uniteddeployment.md §5), pending timeouts and Schedulable (docs/spec/uniteddeployment.md §4),
// revisions and history (docs/spec/uniteddeployment.md §6.1), status (docs/spec/uniteddeployment.md §6.2).
import { describe, expect, it } from '@jest/globals';
import type { ControllerRevision, Pod, UnitedDeployment } from '@coxswain/kruise-api';
import { DEPLOYMENT_SUBSET } from '../../src/uniteddeployment/plan/adapters/deployment.js';
import { CLONESET_SUBSET, STATEFULSET_SUBSET } from '../../src/uniteddeployment/plan/adapters/partitioned.js';
import type { SubsetWorkload } from '../../src/uniteddeployment/plan/adapters/types.js';
import { subsetPartitions } from '../../src/uniteddeployment/plan/partitions.js';
import { planUnitedDeployment } from '../../src/uniteddeployment/plan/planner.js';
import { pendingTimeout } from '../../src/uniteddeployment/plan/schedulability.js';
import type { SubsetObservation } from '../../src/uniteddeployment/plan/subsets.js';
import { newUnitedDeploymentRevision, previewUnitedDeploymentRevisions, revisionTemplateLabels, truncateUnitedDeploymentHistory } from '../../src/uniteddeployment/revision/revisions.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const REV = 'web-rev2';

function ud(edit: (ud: any) => void = () => {}): UnitedDeployment {
  const obj: any = {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment',
    metadata: { name: 'web', namespace: 'default', uid: 'ud', generation: 3 },
    spec: {
      replicas: 6, selector: { matchLabels: { app: 'web' } }, revisionHistoryLimit: 10,
      template: { cloneSetTemplate: { spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'a', image: 'x' }] } } } } },
      topology: { subsets: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
      updateStrategy: { type: 'Manual', manualUpdate: { partitions: {} } },
    },
  };
  edit(obj);
  return obj;
}

function subset(name: string, replicas: number, opts: { revision?: string; ready?: number; podsAt?: number; partition?: number; patch?: string } = {}): SubsetObservation {
  const revision = opts.revision ?? REV;
  const workload: SubsetWorkload = {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet',
    metadata: { name: `web-${name}-xxxxx`, namespace: 'default', uid: `w-${name}`, labels: { 'apps.kruise.io/subset-name': name, 'apps.kruise.io/controller-revision-hash': revision }, annotations: { 'apps.kruise.io/subset-patch': opts.patch ?? '' } },
    spec: { replicas, updateStrategy: { rollingUpdate: { partition: opts.partition ?? 0 } } },
    status: { replicas, readyReplicas: opts.ready ?? replicas },
  };
  const pods = Array.from({ length: replicas }, (_, i): Pod => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: `${name}-${i}`, labels: { 'apps.kruise.io/controller-revision-hash': i < (opts.podsAt ?? replicas) ? revision : 'old' } },
    spec: { containers: [], nodeName: 'n' },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: i < (opts.ready ?? replicas) ? 'True' : 'False' }] },
  }));
  return { name, workload, pods };
}

const plan = (u: UnitedDeployment, subsets: SubsetObservation[], extra: Partial<Parameters<typeof planUnitedDeployment>[0]> = {}) =>
  planUnitedDeployment({ ud: u, adapter: CLONESET_SUBSET, updateRevision: REV, currentRevision: REV, subsets: new Map(subsets.map((s) => [s.name, s])), otherKinds: [], now: NOW, ...extra });

const ops = (p: ReturnType<typeof plan>) => p.operations.map((o) => (o.op === 'labelPod' ? `label ${o.pod.metadata.name}` : `${o.op} ${'subset' in o ? o.subset : o.workload.metadata.name}`));

describe('manageSubsets (docs/spec/uniteddeployment.md §3.3)', () => {
  it('creates missing subsets and deletes removed ones, sorted by name, then updates', () => {
    const p = plan(ud((u) => { u.spec.topology.subsets = [{ name: 'c' }, { name: 'a' }]; }), [subset('z', 2), subset('a', 2, { revision: 'old' })]);
    expect(ops(p)).toEqual(['createSubset c', 'deleteSubset z', 'updateSubset a']);
    expect(p.status.conditions?.find((c) => c.type === 'SubsetProvisioned')).toMatchObject({ status: 'True' });
  });

  it.each<[string, SubsetObservation, boolean]>([
    ['nothing differs', subset('a', 2), false],
    ['an older revision label', subset('a', 2, { revision: 'old' }), true],
    ['other replicas', subset('a', 3), true],
    ['another partition', subset('a', 2, { partition: 1 }), true],
    ['another patch', subset('a', 2, { patch: '{"x":1}' }), true],
    ['pods not at the revision yet', subset('a', 2, { podsAt: 1 }), true],
  ])('updates a subset when: %s', (_name, a, expected) => {
    const p = plan(ud(), [a, subset('b', 2), subset('c', 2)]);
    expect(ops(p).includes('updateSubset a')).toBe(expected);
  });

  it('deletes owned workloads of another kind', () => {
    const other: SubsetWorkload = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web-a-old', uid: 'd' }, spec: {} };
    expect(ops(plan(ud(), [subset('a', 2), subset('b', 2), subset('c', 2)], { otherKinds: [other] }))).toEqual(['deleteOtherKind web-a-old']);
  });

  it('stops at an allocation error with a Warning event and no subset writes', () => {
    const p = plan(ud((u) => { u.spec.topology.subsets = [{ name: 'a', replicas: 4 }, { name: 'b', replicas: 4 }]; }), []);
    expect(p.allocationError).toBe("specified subsets' replica (8) is greater than UnitedDeployment replica (6)");
    expect(p.operations).toEqual([]);
    expect(p.events).toEqual([{ type: 'Warning', reason: 'Failed SpecifySubsetReplicas', message: "Specified subset replicas is ineffective: specified subsets' replica (8) is greater than UnitedDeployment replica (6)" }]);
  });
});

describe('partitions (docs/spec/uniteddeployment.md §5)', () => {
  it('takes manualUpdate.partitions, 0 without an entry, capped at the allocation', () => {
    const u = ud((x) => { x.spec.updateStrategy.manualUpdate.partitions = { a: 5, b: 1 }; });
    expect(subsetPartitions(u, new Map([['a', 2], ['b', 2], ['c', 2]]))).toEqual(new Map([['a', 2], ['b', 1], ['c', 0]]));
  });
});

describe('status (docs/spec/uniteddeployment.md §6.2)', () => {
  it('sums the subsets that existed, keeps the current revision until every pod is updated and ready', () => {
    const u = ud((x) => { x.status = { replicas: 6, updatedReplicas: 6, currentRevision: 'web-rev1', updatedRevision: 'web-rev1' }; });
    const rolling = plan(u, [subset('a', 2, { podsAt: 1 }), subset('b', 2), subset('c', 2)], { currentRevision: 'web-rev1' });
    expect(rolling.status).toMatchObject({ replicas: 6, readyReplicas: 6, updatedReplicas: 5, updatedReadyReplicas: 5, currentRevision: 'web-rev1', updatedRevision: REV, observedGeneration: 3, labelSelector: 'app=web' });
    expect(rolling.status.conditions?.find((c) => c.type === 'UnitedDeploymentUpdated')).toMatchObject({ status: 'False', reason: 'UnitedDeploymentRevisionUpdating', message: `updating to revision ${REV}` });
    const done = plan(u, [subset('a', 2), subset('b', 2), subset('c', 2)], { currentRevision: 'web-rev1' });
    expect(done.status.currentRevision).toBe(REV);
  });

  it('counts a subset created in this pass only next time, and keeps subset statuses of removed subsets', () => {
    const u = ud((x) => { x.status = { replicas: 0, updatedReplicas: 0, subsetStatuses: [{ name: 'gone', replicas: 1, readyReplicas: 1, partition: 0 }] }; });
    const p = plan(u, [subset('a', 2)]);
    expect(p.status.replicas).toBe(2);
    expect(p.status.subsetStatuses?.map((s) => [s.name, s.replicas])).toEqual([['gone', 1], ['a', 2], ['b', 0], ['c', 0]]);
  });
});

describe('pending timeout (docs/spec/uniteddeployment.md §4)', () => {
  const pending = (created: string, extra: Partial<Pod['status']> = {}, nodeName?: string): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', creationTimestamp: created }, spec: { containers: [], ...(nodeName ? { nodeName } : {}) },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }], ...extra },
  });
  it.each<[string, Pod, { timedOut: boolean; checkAfterMs?: number }]>([
    ['past the critical time', pending('2026-01-01T00:59:00Z'), { timedOut: true }],
    ['exactly at it: not yet, look again just after', pending('2026-01-01T00:59:30Z'), { timedOut: false, checkAfterMs: 1 }],
    ['younger', pending('2026-01-01T00:59:50Z'), { timedOut: false, checkAfterMs: 20_001 }],
    ['bound to a node', pending('2026-01-01T00:00:00Z', {}, 'n1'), { timedOut: false }],
    ['Running', pending('2026-01-01T00:00:00Z', { phase: 'Running' }), { timedOut: false }],
    ['scheduled', pending('2026-01-01T00:00:00Z', { conditions: [{ type: 'PodScheduled', status: 'True' }] }), { timedOut: false }],
  ])('%s', (_name, pod, expected) => {
    expect(pendingTimeout(pod, 30_000, NOW)).toEqual(expected);
  });
});

describe('revisions (docs/spec/uniteddeployment.md §6.1)', () => {
  const sts = ud((x) => { x.spec.template = { statefulSetTemplate: { metadata: { labels: { app: 'web', tier: 'db' } }, spec: x.spec.template.cloneSetTemplate.spec } }; });

  it('labels a revision with the template labels, except for a CloneSet template', () => {
    expect(revisionTemplateLabels(sts)).toEqual({ app: 'web', tier: 'db' });
    expect(revisionTemplateLabels(ud())).toEqual({});
    const r = newUnitedDeploymentRevision(sts, 1, 0);
    expect(r.metadata.labels).toEqual({ app: 'web', tier: 'db', 'controller.kubernetes.io/hash': expect.any(String) });
    expect(r.metadata.name).toBe(`web-${r.metadata.labels!['controller.kubernetes.io/hash']}`);
    expect((r.data as any).spec.template.$patch).toBe('replace');
  });

  it('versions the template only: topology, replicas and partitions make no new revision', () => {
    const a = newUnitedDeploymentRevision(sts, 1, 0).metadata.name;
    const b = newUnitedDeploymentRevision({ ...sts, spec: { ...sts.spec, replicas: 9, topology: { subsets: [{ name: 'z', patch: { a: 1 } }] } } }, 1, 0).metadata.name;
    expect(b).toBe(a);
  });

  it('cuts history counting live revisions, dropping the first `exceed` from the working list regardless', () => {
    const rev = (n: number): ControllerRevision => ({ ...newUnitedDeploymentRevision(sts, n, 0), metadata: { name: `r${n}`, namespace: 'default' } });
    const u = ud((x) => { x.spec.revisionHistoryLimit = 2; x.status = { replicas: 0, updatedReplicas: 0, currentRevision: 'r1', updatedRevision: 'r4' }; });
    const cut = truncateUnitedDeploymentHistory(u, [rev(4), rev(1), rev(3), rev(2)]);
    expect(cut.remove.map((r) => r.metadata.name)).toEqual(['r2']);
    expect(cut.kept.map((r) => r.metadata.name)).toEqual(['r3', 'r4']);
  });

  it('previews the revision a pass would resolve: an equal listed one, else the candidate', () => {
    const existing = newUnitedDeploymentRevision(sts, 1, 0);
    expect(previewUnitedDeploymentRevisions(sts, [existing]).updateRevision.metadata.name).toBe(existing.metadata.name);
    const changed = ud((x) => { x.spec.template = { statefulSetTemplate: { metadata: { labels: { app: 'web' } }, spec: { ...x.spec.template.cloneSetTemplate.spec, serviceName: 'other' } } }; });
    const preview = previewUnitedDeploymentRevisions(changed, [existing]);
    expect(preview.updateRevision.revision).toBe(2);
    expect(preview.currentRevision.metadata.name).toBe(preview.updateRevision.metadata.name);
  });
});

describe('Deployment subsets', () => {
  it('have no partition to write or wait for', () => {
    const u = ud((x) => { x.spec.template = { deploymentTemplate: { spec: x.spec.template.cloneSetTemplate.spec } }; x.spec.updateStrategy.manualUpdate.partitions = { a: 1 }; });
    const p = plan(u, [], { adapter: DEPLOYMENT_SUBSET });
    expect(p.operations.filter((o) => o.op === 'createSubset').map((o) => 'partition' in o && o.partition)).toEqual([1, 0, 0]);
    expect(p.subsets[0]).toMatchObject({ kind: 'Deployment', partition: 1 });
  });
});

describe('what the plan claims (issue 28 item 5)', () => {
  it('claims no write for a subset workload Kruise rewrites unchanged while its pods lag', () => {
    const p = plan(ud(), [subset('a', 2, { podsAt: 1 }), subset('b', 2), subset('c', 2)]);
    // The request is made, as Kruise makes it; the cluster writes nothing, and the plan says nothing of it.
    expect(ops(p)).toEqual(['updateSubset a']);
    expect(p.actions).toEqual([]);
  });

  it('names the changes it writes into a subset workload, not the pods that lag', () => {
    const p = plan(ud((u) => { u.spec.updateStrategy.manualUpdate.partitions = { a: 1 }; }), [subset('a', 2, { revision: 'old', podsAt: 0 }), subset('b', 2), subset('c', 2)]);
    expect(p.actions).toEqual([{
      type: 'UPDATE_WORKLOAD', pod: '', workload: { kind: 'CloneSet', name: 'web-a-xxxxx' }, revision: REV, reason: `subset a: template to revision ${REV}; partition 0 -> 1`,
    }]);
  });

  it('says it deletes the stuck pods of an apps/v1 StatefulSet subset (kubernetes#67250), the writes it makes', () => {
    const u = ud((x) => { x.spec.template = { statefulSetTemplate: { spec: x.spec.template.cloneSetTemplate.spec } }; x.spec.topology.subsets = [{ name: 'a' }]; x.spec.replicas = 3; });
    const a = statefulSubset('a', 3, { podsAt: 1, ready: 2 });
    const p = plan(u, [a], { adapter: STATEFULSET_SUBSET });
    const update = p.operations.find((o) => o.op === 'updateSubset');
    expect(update && 'stuckPods' in update && update.stuckPods.map((pod) => pod.metadata.name)).toEqual(['web-a-xxxxx-2']);
    expect(p.actions).toEqual([{ type: 'DELETE', pod: 'web-a-xxxxx-2', reason: `subset a: not Ready and not at revision ${REV} at or above partition 0: deleted so the StatefulSet can go on (kubernetes#67250)` }]);
  });

  it('tells a subset workload still rolling toward its partition apart from one its partition holds', () => {
    const rolling = plan(ud(), [subset('a', 2, { podsAt: 1 }), subset('b', 2), subset('c', 2)]);
    expect(rolling.blockers).toEqual([{ code: 'WAITING_FOR_SUBSET', message: `subset a: CloneSet web-a-xxxxx has 1 of its 2 pods at revision ${REV}; its partition 0 lets 2 through`, pods: ['a-1'] }]);
    const held = plan(ud((u) => { u.spec.updateStrategy.manualUpdate.partitions = { a: 1 }; }), [subset('a', 2, { podsAt: 1, partition: 1 }), subset('b', 2), subset('c', 2)]);
    expect(held.blockers.map((b) => b.code)).toEqual(['PARTITION']);
  });
});

describe('a subset workload that never gets pods (issue 28 item 8)', () => {
  const CREATED = '2026-01-01T00:50:00Z';
  const u = ud((x) => { x.spec.template = { statefulSetTemplate: { spec: x.spec.template.cloneSetTemplate.spec } }; x.spec.topology.subsets = [{ name: 'a' }]; x.spec.replicas = 2; });
  const bare = (): SubsetObservation => {
    const a = statefulSubset('a', 2, { created: CREATED });
    // Nothing ever ran it: no status, no pods.
    return { ...a, workload: { ...a.workload, status: undefined }, pods: [] };
  };
  const at = (seconds: number) => plan(u, [bare()], { adapter: STATEFULSET_SUBSET, now: Date.parse(CREATED) + seconds * 1000 });

  it('waits for its pods until the progress deadline, and looks again then', () => {
    const p = at(599);
    expect(p.blockers).toEqual([{ code: 'WAITING_FOR_SUBSET', message: 'subset a: StatefulSet web-a-xxxxx has 0 of its 2 pods', pods: [] }]);
    expect(p.requeueAfterMs).toBe(1000);
  });

  it('is stalled from the deadline on, naming the workload and the likely cause', () => {
    expect(at(600).blockers).toEqual([{
      code: 'PODS_NOT_CREATED', message: 'subset a: no pods were created for StatefulSet web-a-xxxxx in 600 s: is kube-controller-manager running?', pods: [],
    }]);
  });

  it('takes the template\'s progressDeadlineSeconds when it sets one', () => {
    const short = ud((x) => { x.spec.template = { deploymentTemplate: { spec: { ...x.spec.template.cloneSetTemplate.spec, progressDeadlineSeconds: 60 } } }; x.spec.topology.subsets = [{ name: 'a' }]; x.spec.replicas = 2; });
    const a = { ...bare(), workload: { ...bare().workload, apiVersion: 'apps/v1', kind: 'Deployment' } };
    expect(plan(short, [a], { adapter: DEPLOYMENT_SUBSET, now: Date.parse(CREATED) + 60_000 }).blockers.map((b) => b.message)).toEqual([
      'subset a: no pods were created for Deployment web-a-xxxxx in 60 s: is kube-controller-manager running?',
    ]);
  });

  it('is not stalled once a controller has reported on it, however old', () => {
    const observed = bare();
    observed.workload = { ...observed.workload, status: { observedGeneration: 1, replicas: 0 } as SubsetWorkload['status'] };
    expect(plan(u, [observed], { adapter: STATEFULSET_SUBSET, now: Date.parse(CREATED) + 3_600_000 }).blockers.map((b) => b.code)).toEqual(['WAITING_FOR_SUBSET']);
  });
});

/** An apps/v1 StatefulSet subset `web-<name>-xxxxx` with pods at ordinals 0..replicas-1. */
function statefulSubset(name: string, replicas: number, opts: { podsAt?: number; ready?: number; created?: string } = {}): SubsetObservation {
  const workloadName = `web-${name}-xxxxx`;
  const workload: SubsetWorkload = {
    apiVersion: 'apps/v1', kind: 'StatefulSet',
    metadata: {
      name: workloadName, namespace: 'default', uid: `w-${name}`, generation: 1, ...(opts.created ? { creationTimestamp: opts.created } : {}),
      labels: { 'apps.kruise.io/subset-name': name, 'apps.kruise.io/controller-revision-hash': REV }, annotations: { 'apps.kruise.io/subset-patch': '' },
    },
    spec: { replicas, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } } },
    status: { observedGeneration: 1, replicas, readyReplicas: opts.ready ?? replicas } as SubsetWorkload['status'],
  };
  const pods = Array.from({ length: replicas }, (_, i): Pod => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: `${workloadName}-${i}`, labels: { 'apps.kruise.io/controller-revision-hash': i < (opts.podsAt ?? replicas) ? REV : 'old' } },
    spec: { containers: [], nodeName: 'n' },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: i < (opts.ready ?? replicas) ? 'True' : 'False' }] },
  }));
  return { name, workload, pods };
}
