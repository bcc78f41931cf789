// The composed CloneSet planner (spec cloneset §5.2, §7.1, §8.1), step by step over an in-memory set of
// pods that become Running and Ready at once: the docs' worked examples and the plan's explanations.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FEATURE_GATES, type CloneSet, type ControllerRevision, type Pod } from '@coxswain/kruise-api';
import { planCloneSet, type CloneSetPlan } from '../../src/cloneset/planner.js';
import { MAX_CREATES_PER_RECONCILE } from '../../src/cloneset/scale-plan.js';
import type { PlanContext } from '../../src/cloneset/planner-types.js';
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
    expect(plan.blockers).toEqual([expect.objectContaining({ code: 'MAX_UNAVAILABLE', message: '1 of 1 allowed unavailable pods are unavailable: sample-a', pods: ['sample-a'] })]);
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
    const cs = cloneSet({ replicas: 1200, rollingUpdate: { partition: 1200 } });
    let pods: Pod[] = [];
    const batches: number[] = [];
    for (let round = 0; round < 4; round++) {
      const plan = planCloneSet(context(cs, pods), random);
      const creates = plan.operations.filter((o) => o.op === 'create');
      batches.push(creates.length);
      expect(creates.every((c) => c.revision === OLD)).toBe(true);
      pods = apply(plan, pods);
    }
    expect(batches).toEqual([500, 500, 200, 0]);
    expect(pods).toHaveLength(1200);
  });
});

/** A ReCreate plan never reads a revision's data; only its name matters here. */
function revisionStub(name: string): ControllerRevision {
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name }, revision: 1 };
}
