// What the cluster did to a workload's pods, set against the plan Coxswain had just before: each kind of
// pod change, matched or not, and what the comparison reports.
import { describe, expect, it } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { ShadowRecorder, type ShadowPlan } from './shadow-recorder.js';

function pod(name: string, labels: Record<string, string> = {}, extra: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels: { owner: 'web', ...labels }, ...extra },
    spec: { containers: [{ name: 'main', image: 'web:v1' }] },
  };
}

function recorder(plan: ShadowPlan | undefined) {
  let current = plan;
  const r = new ShadowRecorder(
    (p) => (p.metadata.labels?.owner ? { namespace: 'shop', name: p.metadata.labels.owner } : undefined),
    () => current,
    () => Date.parse('2026-01-01T00:00:00Z'),
  );
  return { r, setPlan: (p: ShadowPlan | undefined) => (current = p) };
}

const plan = (...actions: [string, string][]): ShadowPlan => ({ actions: actions.map(([type, p]) => ({ type, pod: p, reason: 'test' })), blockers: [] });

describe('ShadowRecorder', () => {
  it.each([
    ['a creation Coxswain planned (any pod name)', plan(['CREATE', 'web-new1']), (r: ShadowRecorder) => r.podAdded(pod('web-x'), false), 'CREATE', 'CREATE', true],
    ['a creation with nothing planned', plan(), (r: ShadowRecorder) => r.podAdded(pod('web-x'), false), 'CREATE', undefined, false],
    ['the deletion of the pod Coxswain planned to delete', plan(['DELETE', 'web-a']), (r: ShadowRecorder) => r.podUpdated(pod('web-a'), pod('web-a', {}, { deletionTimestamp: 'now' })), 'DELETE', 'DELETE', true],
    ['the deletion of another pod than planned', plan(['DELETE', 'web-a']), (r: ShadowRecorder) => r.podUpdated(pod('web-b'), pod('web-b', {}, { deletionTimestamp: 'now' })), 'DELETE', undefined, false],
    ['a recreate carried out by deletion', plan(['RECREATE', 'web-a']), (r: ShadowRecorder) => r.podDeleted(pod('web-a')), 'DELETE', 'RECREATE', true],
    ['an in-place update of the planned pod', plan(['UPDATE_IN_PLACE', 'web-a']), (r: ShadowRecorder) => r.podUpdated(pod('web-a', { 'controller-revision-hash': 'web-1' }), pod('web-a', { 'controller-revision-hash': 'web-2' })), 'UPDATE_IN_PLACE', 'UPDATE_IN_PLACE', true],
    ['an in-place update where Coxswain planned a recreate', plan(['RECREATE', 'web-a']), (r: ShadowRecorder) => r.podUpdated(pod('web-a', { 'controller-revision-hash': 'web-1' }), pod('web-a', { 'controller-revision-hash': 'web-2' })), 'UPDATE_IN_PLACE', 'RECREATE', false],
  ])('%s', (_what, p, act, type, plannedAs, matched) => {
    const { r } = recorder(p);
    act(r);
    const c = r.comparison('shop', 'web');
    expect(c.clusterActions).toHaveLength(1);
    expect(c.clusterActions[0]).toMatchObject({ type, matched, ...(plannedAs ? { plannedAs } : {}) });
    if (!plannedAs) expect(c.clusterActions[0]!.plannedAs).toBeUndefined();
    expect([c.matched, c.unplanned]).toEqual(matched ? [1, 0] : [0, 1]);
  });

  it('notes a deletion once (marked, then gone), ignores the initial list and pods of no workload', () => {
    const { r } = recorder(plan(['DELETE', 'web-a']));
    r.podAdded(pod('web-a'), true);
    r.podAdded(pod('stray', { owner: '' }), false);
    const marked = pod('web-a', {}, { deletionTimestamp: 'now' });
    r.podUpdated(pod('web-a'), marked);
    r.podDeleted(marked);
    expect(r.comparison('shop', 'web').clusterActions.map((a) => a.type)).toEqual(['DELETE']);
  });

  it('records a lifecycle transition and judges each action against the plan of its moment; newest first', () => {
    const { r, setPlan } = recorder(plan(['LIFECYCLE_TRANSITION', 'web-a']));
    r.podUpdated(pod('web-a', { 'lifecycle.apps.kruise.io/state': 'Normal' }), pod('web-a', { 'lifecycle.apps.kruise.io/state': 'PreparingUpdate' }));
    setPlan(plan());
    r.podUpdated(pod('web-a', { 'lifecycle.apps.kruise.io/state': 'PreparingUpdate' }), pod('web-a', { 'lifecycle.apps.kruise.io/state': 'Updated' }));
    const c = r.comparison('shop', 'web');
    expect(c.clusterActions.map((a) => [a.to, a.matched])).toEqual([['Updated', false], ['PreparingUpdate', true]]);
    expect(c.plan).toEqual(plan());
  });
});
