// The composed CloneSet planner (docs/spec/cloneset.md §5.2, §7.1, §8.1), step by step over an in-memory set of
// pods that become Running and Ready at once: the docs' worked examples and the plan's explanations.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FEATURE_GATES, type CloneSet, type ControllerRevision, type Pod } from '@coxswain/kruise-api';
import { planCloneSet, type CloneSetPlan } from '../../src/cloneset/plan/planner.js';
import { workloadHealth } from '../../src/plan/health.js';
import { MAX_CREATES_PER_RECONCILE } from '../../src/cloneset/plan/scale-plan.js';
import type { PlanContext } from '../../src/cloneset/plan/planner-types.js';
import { inPlaceGates } from '../../src/inplace/calculate-spec.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const OLD = 'sample-old1';
const NEW = 'sample-new2';

function cloneSet(spec: Partial<CloneSet['spec']> & { rollingUpdate?: Record<string, unknown> }, image = 'nginx:1.25'): CloneSet {
  const { rollingUpdate, ...rest } = spec;
  return {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet',
    metadata: { name: 'sample', namespace: 'demo', uid: 'cs-uid', generation: 2 },
    spec: {
      replicas: 5,
      selector: { matchLabels: { app: 'sample' } },
      template: { metadata: { labels: { app: 'sample' } }, spec: { containers: [{ name: 'nginx', image }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0, ...rollingUpdate } },
      ...rest,
    },
  } as CloneSet;
}

function readyPod(name: string, revision: string, extra: { ready?: boolean; labels?: Record<string, string> } = {}): Pod {
  const ready = extra.ready ?? true;
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: 'demo', uid: `uid-${name}`, creationTimestamp: '2026-05-01T10:00:00Z',
      labels: { app: 'sample', 'controller-revision-hash': revision, 'pod-template-hash': revision.split('-').pop()!, 'apps.kruise.io/cloneset-instance-id': name.split('-').pop()!, 'lifecycle.apps.kruise.io/state': 'Normal', ...extra.labels },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'sample', uid: 'cs-uid', controller: true }],
    },
    spec: { nodeName: 'sim-a-1', containers: [{ name: 'nginx', image: 'nginx' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: '2026-05-01T10:00:00Z' }] },
  } as Pod;
}

function context(cs: CloneSet, pods: Pod[], current = OLD, update = NEW): PlanContext {
  return {
    cs, currentCS: cs, updateCS: cs, pods, pvcs: [], nodes: [], currentRevision: current, updateRevision: update, currentRevisionObject: revisionStub(current), updateRevisionObject: revisionStub(update), revisions: [], now: NOW,
    gates: { CloneSetShortHash: false, CloneSetPartitionRollback: false, PreparingUpdateAsUpdate: false, inPlace: inPlaceGates(DEFAULT_FEATURE_GATES) },
    excludePreparingDeleteFlag: false,
  };
}

let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

/** Applies a plan's operations the way the cluster would end up after them (new pods come up Ready). */
function apply(plan: CloneSetPlan, pods: Pod[]): Pod[] {
  let next = pods.map((p) => structuredClone(p));
  for (const op of plan.operations) {
    const find = (name: string) => next.find((p) => p.metadata.name === name)!;
    switch (op.op) {
      case 'create': next.push(readyPod(op.instance.pod.metadata.name!, op.revision, { labels: { 'lifecycle.apps.kruise.io/state': 'PreparingNormal' } })); break;
      case 'delete': next = next.filter((p) => p.metadata.name !== op.pod.metadata.name); break;
      case 'lifecycle': find(op.pod.metadata.name!).metadata.labels!['lifecycle.apps.kruise.io/state'] = op.change.to; break;
      case 'markSpecifiedDelete': find(op.pod.metadata.name!).metadata.labels!['apps.kruise.io/specified-delete'] = 'true'; break;
      case 'setPodTemplateHash': find(op.pod.metadata.name!).metadata.labels!['pod-template-hash'] = op.value; break;
    }
  }
  return next;
}

function converge(cs: CloneSet, pods: Pod[], limit = 50): { pods: Pod[]; plans: CloneSetPlan[] } {
  const plans: CloneSetPlan[] = [];
  for (let i = 0; i < limit; i++) {
    const plan = planCloneSet(context(cs, pods), random);
    plans.push(plan);
    if (plan.operations.length === 0) return { pods, plans };
    pods = apply(plan, pods);
  }
  throw new Error('did not converge');
}

const atRevision = (pods: Pod[], rev: string) => pods.filter((p) => p.metadata.labels!['controller-revision-hash'] === rev).length;

describe('CloneSet planner: the docs\' worked examples', () => {
  it('5 replicas with partition 3 update exactly 2 pods, then stop with a PARTITION blocker', () => {
    const cs = cloneSet({ rollingUpdate: { partition: 3 } });
    const start = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD));
    const { pods, plans } = converge(cs, start);
    expect(pods).toHaveLength(5);
    expect(atRevision(pods, NEW)).toBe(2);
    expect(atRevision(pods, OLD)).toBe(3);
    expect(plans.at(-1)!.blockers).toEqual([expect.objectContaining({ code: 'PARTITION', message: `partition keeps 3 pods on revision ${OLD}` })]);
    // maxUnavailable 20% of 5 rounds up to 1: never two recreates in one step
    expect(plans.every((p) => p.actions.filter((a) => a.type === 'RECREATE').length <= 1)).toBe(true);
  });

  it('podsToDelete without a replica change deletes the pod, then recreates one', () => {
    const cs = cloneSet({ scaleStrategy: { podsToDelete: ['sample-c'] } });
    const start = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW));
    const first = planCloneSet(context(cs, start, NEW, NEW), random);
    expect(first.actions).toEqual([expect.objectContaining({ type: 'DELETE', pod: 'sample-c' })]);
    const second = planCloneSet(context(cs, apply(first, start), NEW, NEW), random);
    expect(second.actions).toEqual([expect.objectContaining({ type: 'CREATE', revision: NEW })]);
    expect(second.diff.scaleUpNum).toBe(1);
  });

  it('maxUnavailable 1 + maxSurge 1 with one unavailable pod creates before deleting', () => {
    const cs = cloneSet({ rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } });
    const start = [readyPod('sample-a', OLD, { ready: false }), ...['b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD))];
    const first = planCloneSet(context(cs, start), random);
    expect(first.diff).toMatchObject({ scaleUpNum: 1, useSurge: 1 });
    expect(first.actions.map((a) => a.type)).toEqual(['CREATE']);
    expect(first.actions[0]!.revision).toBe(NEW);
  });
});

describe('CloneSet planner: rules and explanations', () => {
  it('scale-down prefers the not-ready pod and reports the step\'s numbers', () => {
    const cs = cloneSet({ replicas: 3 });
    const pods = [readyPod('sample-a', NEW), readyPod('sample-b', NEW, { ready: false }), readyPod('sample-c', NEW), readyPod('sample-d', NEW)];
    const plan = planCloneSet(context(cs, pods, NEW, NEW), random);
    expect(plan.diff.scaleDownNum).toBe(1);
    expect(plan.actions).toEqual([expect.objectContaining({ type: 'DELETE', pod: 'sample-b' })]);
  });

  it('a pod held by its preDelete hook moves to PreparingDelete instead of being deleted', () => {
    const cs = cloneSet({ replicas: 1, lifecycle: { preDelete: { labelsHandler: { 'example.io/registered': 'true' } } } });
    const pods = [readyPod('sample-a', NEW, { labels: { 'example.io/registered': 'true' } }), readyPod('sample-b', NEW)];
    const plan = planCloneSet(context(cs, pods, NEW, NEW), random);
    const ops = plan.operations.map((o) => `${o.op}:${'pod' in o ? o.pod.metadata.name : ''}`);
    expect(ops).toEqual([expect.stringMatching(/^(lifecycle:sample-a|delete:sample-b)$/)]);
  });

  it('paused stops the update path with a PAUSED blocker; scaling continues', () => {
    const cs = cloneSet({ replicas: 6, rollingUpdate: { paused: true } });
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD));
    const scaling = planCloneSet(context(cs, pods), random);
    expect(scaling.actions.map((a) => a.type)).toEqual(['CREATE']);
    const full = apply(scaling, pods).map((p) => ({ ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels, 'lifecycle.apps.kruise.io/state': 'Normal' } } }));
    const paused = planCloneSet(context(cs, full), random);
    expect(paused.operations).toEqual([]);
    expect(paused.blockers).toEqual([{ code: 'PAUSED', message: 'paused', pods: [] }]);
  });

  it('names the unavailable pods when maxUnavailable holds the update back', () => {
    const cs = cloneSet({ rollingUpdate: { maxUnavailable: 1 } });
    const pods = [readyPod('sample-a', NEW, { ready: false }), ...['b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD))];
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.operations).toEqual([]);
    expect(plan.blockers).toEqual([
      { code: 'MAX_UNAVAILABLE', message: 'maxUnavailable allows 1 unavailable pod at a time: sample-a is unavailable; 4 more pods wait their turn', pods: ['sample-a'] },
      { code: 'POD_NOT_READY', message: 'pod sample-a: Running, not Ready', pods: ['sample-a'] },
    ]);
  });

  it('moves a scheduled PreparingNormal pod to Normal before updating anything', () => {
    const cs = cloneSet({});
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD, n === 'a' ? { labels: { 'lifecycle.apps.kruise.io/state': 'PreparingNormal' } } : {}));
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.actions).toEqual([{ type: 'LIFECYCLE_TRANSITION', pod: 'sample-a', reason: 'PreparingNormal -> Normal: scheduled' }]);
  });

  it('InPlaceOnly that cannot update in place says so as a FailedUpdate message', () => {
    const cs = cloneSet({ rollingUpdate: { podUpdatePolicy: 'InPlaceOnly' } });
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD));
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.updateError).toMatch(/^find Pod sample-[a-e] update strategy is InPlaceOnly but can not update in-place$/);
    expect(plan.operations).toEqual([]);
  });

  it('reports complete only when every pod is at the update revision and available', () => {
    const cs = cloneSet({});
    const done = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW));
    expect(planCloneSet(context(cs, done, NEW, NEW), random).complete).toBe(true);
    expect(planCloneSet(context(cs, [...done.slice(1), readyPod('sample-f', OLD)], OLD, NEW), random).complete).toBe(false);
  });
});

describe('CloneSet planner: bounded work whatever the replica count (issue 13 item 3)', () => {
  it('replicas: 2147483647 plans at most MAX_CREATES_PER_RECONCILE creates, all distinct, at once', () => {
    const cs = cloneSet({ replicas: 2147483647 });
    const plan = planCloneSet(context(cs, [], NEW, NEW), random);
    const creates = plan.operations.filter((o) => o.op === 'create');
    expect(creates).toHaveLength(MAX_CREATES_PER_RECONCILE);
    expect(new Set(creates.map((c) => c.instance.pod.metadata.name)).size).toBe(MAX_CREATES_PER_RECONCILE);
    expect(plan.diff.scaleUpNum).toBe(2147483647);
  });

  it('the next reconcile creates the next batch, keeping current-revision pods first', () => {
    const replicas = 2 * MAX_CREATES_PER_RECONCILE + 200;
    const cs = cloneSet({ replicas, rollingUpdate: { partition: replicas } });
    let pods: Pod[] = [];
    const batches: number[] = [];
    const follow: boolean[] = [];
    for (let round = 0; round < 4; round++) {
      const plan = planCloneSet(context(cs, pods), random);
      const creates = plan.operations.filter((o) => o.op === 'create');
      batches.push(creates.length);
      follow.push(plan.creationsFollow === true);
      expect(creates.every((c) => c.revision === OLD)).toBe(true);
      pods = apply(plan, pods);
    }
    expect(batches).toEqual([MAX_CREATES_PER_RECONCILE, MAX_CREATES_PER_RECONCILE, 200, 0]);
    // Only a step that leaves pods missing says more creations follow (the slow start continues).
    expect(follow).toEqual([true, true, false, false]);
    expect(pods).toHaveLength(replicas);
  });
});

/** A ReCreate plan never reads a revision's data; only its name matters here. */
function revisionStub(name: string): ControllerRevision {
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name }, revision: 1 };
}

describe('CloneSet planner: plan wording that agrees with itself (issue 14 item 6)', () => {
  it('a partition raised above the pods still on the current revision says what it keeps and what stays updated', () => {
    const cs = cloneSet({ rollingUpdate: { partition: 5 } });
    const pods = [readyPod('sample-a', NEW), readyPod('sample-b', NEW), ...['c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD))];
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.operations).toEqual([]);
    expect(plan.blockers).toEqual([{
      code: 'PARTITION',
      message: `partition 5 keeps all 3 pods still on revision ${OLD}; the 2 pods already at revision ${NEW} stay there (gate CloneSetPartitionRollback is off)`,
      pods: ['sample-c', 'sample-d', 'sample-e'],
    }]);
  });

  it.each<[string, number, string]>([
    ['equal to the pods kept', 2, `partition keeps 2 pods on revision ${OLD}`],
    ['one pod', 1, `partition keeps 1 pod on revision ${OLD}`],
    ['above the replicas (the partition counts at most replicas)', 9, `partition keeps 5 pods on revision ${OLD}`],
  ])('partition %s: %s', (_, partition, message) => {
    const cs = cloneSet({ rollingUpdate: { partition } });
    const kept = partition >= 5 ? 5 : partition;
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n, i) => readyPod(`sample-${n}`, i < kept ? OLD : NEW));
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.blockers.map((b) => b.message)).toEqual([message]);
  });

  it('a ReCreate rollout never says an in-place update completed', () => {
    const cs = cloneSet({});
    const fresh = readyPod('sample-f', NEW);
    fresh.spec.readinessGates = [{ conditionType: 'InPlaceUpdateReady' }];
    const pods = [...['a', 'b', 'c', 'd'].map((n) => readyPod(`sample-${n}`, OLD)), fresh];
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.actions).toEqual([{ type: 'LIFECYCLE_TRANSITION', pod: 'sample-f', reason: 'new pod: InPlaceUpdateReady set True' }]);
    expect(JSON.stringify(plan)).not.toContain('in-place update');
  });

  it('MAX_UNAVAILABLE counts the pods this step takes down instead of saying "0 of 1 allowed"', () => {
    const cs = cloneSet({ rollingUpdate: { maxUnavailable: 1 } });
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, OLD));
    const plan = planCloneSet(context(cs, pods), random);
    expect(plan.actions).toHaveLength(1);
    const updated = plan.actions[0]!.pod;
    expect(plan.blockers).toEqual([{
      code: 'MAX_UNAVAILABLE', message: `maxUnavailable allows 1 unavailable pod at a time: ${updated} is updated now; 4 more pods wait their turn`, pods: [updated],
    }]);
  });
});

describe('CloneSet planner: every pod that holds the rollout back is named, with why (issue 14 item 5)', () => {
  const unscheduled = (name: string, message: string): Pod => {
    const pod = readyPod(name, NEW);
    delete pod.spec.nodeName;
    pod.status = { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message }] };
    return pod;
  };

  it("quotes the scheduler for unschedulable pods, grouped by message", () => {
    const cs = cloneSet({ replicas: 9 });
    const full = '0/9 nodes are available: 9 Too many pods.';
    const pods = [
      ...['a', 'b', 'c'].map((n) => readyPod(`sample-${n}`, NEW)),
      ...['d', 'e', 'f', 'g', 'h', 'i'].map((n) => unscheduled(`sample-${n}`, full)),
    ];
    const plan = planCloneSet(context(cs, pods, NEW, NEW), random);
    expect(plan.complete).toBe(false);
    expect(plan.blockers).toEqual([{
      code: 'UNSCHEDULABLE',
      message: `6 pods (sample-d, sample-e, sample-f, sample-g, sample-h and 1 more): cannot be scheduled: ${full}`,
      pods: ['sample-d', 'sample-e', 'sample-f', 'sample-g', 'sample-h', 'sample-i'],
    }]);
    const one = planCloneSet(context(cloneSet({ replicas: 4 }), [...pods.slice(0, 3), unscheduled('sample-z', full)], NEW, NEW), random);
    expect(one.blockers).toEqual([{ code: 'UNSCHEDULABLE', message: `pod sample-z: cannot be scheduled: ${full}`, pods: ['sample-z'] }]);
  });

  it('names image pull failures and failing pods, with the container states', () => {
    const cs = cloneSet({});
    const pulling = readyPod('sample-a', NEW, { ready: false });
    pulling.status!.containerStatuses = [{ name: 'nginx', image: 'nginx:bad', imageID: '', ready: false, restartCount: 0, state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:bad"' } } }];
    const crashing = readyPod('sample-b', NEW, { ready: false });
    crashing.status!.conditions![0]!.message = 'containers with unready status: [nginx]';
    crashing.status!.containerStatuses = [{ name: 'nginx', image: 'nginx', imageID: 'x', ready: false, restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 1m20s restarting failed container' } } }];
    const pods = [pulling, crashing, ...['c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW))];
    const plan = planCloneSet(context(cs, pods, NEW, NEW), random);
    expect(plan.blockers).toEqual([
      { code: 'IMAGE_PULL_FAILED', message: 'pod sample-a: container nginx ImagePullBackOff: Back-off pulling image "nginx:bad"', pods: ['sample-a'] },
      // A crash-looping container is a failing pod (the workload is degraded), not one still starting.
      {
        code: 'POD_FAILING',
        message: 'pod sample-b: container nginx CrashLoopBackOff: back-off 1m20s restarting failed container (restarted 4 times)',
        pods: ['sample-b'],
      },
    ]);
  });

  it('names a pod stuck in Updating with the container and batch it waits on', () => {
    const cs = cloneSet({ rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } });
    const stuck = readyPod('sample-a', NEW, { labels: { 'lifecycle.apps.kruise.io/state': 'Updating' } });
    stuck.spec.containers = [{ name: 'nginx', image: 'nginx:1.27' }];
    stuck.spec.readinessGates = [{ conditionType: 'InPlaceUpdateReady' }];
    stuck.status!.conditions!.push({ type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate' });
    stuck.status!.containerStatuses = [{ name: 'nginx', image: 'nginx:1.25', imageID: 'id-1.25', ready: true, restartCount: 0 }];
    stuck.metadata.annotations = {
      'apps.kruise.io/inplace-update-state': JSON.stringify({
        revision: NEW, updateTimestamp: '2026-05-01T11:59:00Z', lastContainerStatuses: { nginx: { imageID: 'id-1.25' } }, updateImages: true,
        containerBatchesRecord: [{ timestamp: '2026-05-01T11:59:00Z', containers: ['nginx'] }],
      }),
    };
    const pods = [stuck, ...['b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW))];
    const plan = planCloneSet(context(cs, pods, NEW, NEW), random);
    expect(plan.actions).toEqual([]);
    expect(plan.blockers).toEqual([{
      code: 'IN_PLACE_UPDATING',
      message: `pod sample-a: in-place update to revision ${NEW}, batch 1 [nginx]: waits for container nginx to run nginx:1.27`,
      pods: ['sample-a'],
    }]);
  });

  it('names the next container batch and what it waits for', () => {
    const cs = cloneSet({ rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } });
    const pod = readyPod('sample-a', NEW, { labels: { 'lifecycle.apps.kruise.io/state': 'Updating' } });
    pod.spec.containers = [{ name: 'sidecar', image: 'side:v2' }, { name: 'main', image: 'main:v1' }];
    pod.spec.readinessGates = [{ conditionType: 'InPlaceUpdateReady' }];
    pod.status!.conditions!.push({ type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate' });
    pod.status!.containerStatuses = [
      { name: 'sidecar', image: 'side:v2', imageID: 'id-side-v2', ready: false, restartCount: 1 },
      { name: 'main', image: 'main:v1', imageID: 'id-main-v1', ready: true, restartCount: 0 },
    ];
    pod.metadata.annotations = {
      'apps.kruise.io/inplace-update-state': JSON.stringify({
        revision: NEW, updateTimestamp: '2026-05-01T11:59:00Z', lastContainerStatuses: { sidecar: { imageID: 'id-side-v1' } }, updateImages: true,
        nextContainerImages: { main: 'main:v2' }, preCheckBeforeNext: { containersRequiredReady: ['sidecar'] },
        containerBatchesRecord: [{ timestamp: '2026-05-01T11:59:00Z', containers: ['sidecar'] }],
      }),
    };
    const pods = [pod, ...['b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW))];
    const plan = planCloneSet(context(cs, pods, NEW, NEW), random);
    expect(plan.blockers).toEqual([{
      code: 'IN_PLACE_UPDATING',
      message: `pod sample-a: in-place update to revision ${NEW}, batch 1 [sidecar] done: the next batch [main] waits for sidecar to be ready`,
      pods: ['sample-a'],
    }]);
  });

  it('names hook waits and minReadySeconds per pod, and nothing once every pod is available', () => {
    const cs = cloneSet({ minReadySeconds: 30, lifecycle: { inPlaceUpdate: { labelsHandler: { 'example.io/ok': 'true' } } } });
    const updated = readyPod('sample-a', NEW, { labels: { 'lifecycle.apps.kruise.io/state': 'Updated' } });
    const fresh = readyPod('sample-b', NEW);
    fresh.status!.conditions![0]!.lastTransitionTime = '2026-05-01T11:59:50Z';
    const settled = ['c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW, { labels: { 'example.io/ok': 'true' } }));
    const plan = planCloneSet(context(cs, [updated, fresh, ...settled], NEW, NEW), random);
    expect(plan.blockers).toEqual([
      { code: 'HOOK_PENDING', message: 'pod sample-a waits for its inPlaceUpdate hook to be set again after the update', pods: ['sample-a'] },
      { code: 'MIN_READY_SECONDS', message: 'pod sample-b turns available once Ready for minReadySeconds (30 s)', pods: ['sample-b'], until: Date.parse('2026-05-01T12:00:20Z') },
    ]);
    // Planned a moment later (the API's plan, beside the health of the last reconcile), the words and the
    // moment are the same: one computation, whichever plan a surface reads (issue 28 item 6).
    const later = planCloneSet({ ...context(cs, [updated, fresh, ...settled], NEW, NEW), now: NOW + 16_000 }, random);
    expect(later.blockers).toEqual(plan.blockers);
    expect(workloadHealth(later, [])).toEqual(workloadHealth(plan, []));
    const done = planCloneSet(context(cloneSet({}), ['a', 'b', 'c', 'd', 'e'].map((n) => readyPod(`sample-${n}`, NEW)), NEW, NEW), random);
    expect(done.complete).toBe(true);
    expect(done.blockers).toEqual([]);
  });
});
