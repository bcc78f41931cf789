// CONTROLLER_MODE=observe: the CloneSet controller computes its plan and writes nothing; the plan is
// served by `plan` so an SRE can see what the controller would do next.
import { describe, expect, it } from '@jest/globals';
import { TestApi, testApiPerFile, eventually } from './support/api-server.js';

const SAMPLE = `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: {name: shadow}
spec:
  replicas: 3
  selector: {matchLabels: {app: shadow}}
  template:
    metadata: {labels: {app: shadow}}
    spec: {containers: [{name: main, image: "nginx:1.25"}]}
`;

let api: TestApi;
testApiPerFile({ CONTROLLER_MODE: 'observe' }, (started) => (api = started));

describe('observe mode', () => {
  it('plans three creations for a new CloneSet and creates nothing: no pods, no revisions, no status', async () => {
    await api.apply(SAMPLE);
    const plan = await eventually(async () => {
      const res = await api.graphql<{ workload: { plan: { actions: { type: string; reason: string }[]; diff: { scaleUpNum: number } } } }>(
        `{ workload(kind: CLONE_SET, namespace: "default", name: "shadow") { plan { actions { type reason } diff } } }`,
      );
      const p = res.data?.workload.plan;
      return p && p.actions.length > 0 ? p : undefined;
    }, 10_000, 'a plan with actions');
    expect(plan.diff.scaleUpNum).toBe(3);
    expect(plan.actions.map((a) => a.type)).toEqual(['CREATE', 'CREATE', 'CREATE']);
    await new Promise((r) => setTimeout(r, 500));
    const world = await api.graphql<{ pods: { totalCount: number }; revisions: { totalCount: number }; workload: { status: { observedGeneration: number } } }>(`{
      pods: objects(kind: "pods", namespace: "default") { totalCount }
      revisions: objects(kind: "controllerrevisions", namespace: "default") { totalCount }
      workload(kind: CLONE_SET, namespace: "default", name: "shadow") { status { observedGeneration } }
    }`);
    expect(world.data).toEqual({ pods: { totalCount: 0 }, revisions: { totalCount: 0 }, workload: { status: { observedGeneration: 0 } } });
    // The one write a reconcile makes before planning (the update revision) went to the observer as a dry run.
    const writes = (await api.runtime.host.observedWrites()) as { verb: string; kind: string }[];
    expect(writes.map((w) => `${w.verb} ${w.kind}`)).toContain('create ControllerRevision');
    expect(writes.filter((w) => w.kind === 'Pod')).toEqual([]);
  });
});
