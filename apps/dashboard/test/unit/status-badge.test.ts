import { describe, expect, it } from '@jest/globals';
import { filterWorkloads, namespacesOf, NO_FILTER } from '../../src/lib/rollout/filters';
import { badgeOf } from '../../src/lib/rollout/status-badge';
import { status, workload } from '../support/fixtures';

const rolling = status({ updatedReplicas: 2, updatedReadyReplicas: 2, updatedAvailableReplicas: 2, expectedUpdatedReplicas: 2, currentRevision: 'a', updateRevision: 'b' });

describe('badgeOf', () => {
  it('is complete when the plan is complete', () => {
    expect(badgeOf(workload()).state).toBe('complete');
  });
  it('is paused when updateStrategy.paused is set and work is left', () => {
    expect(badgeOf(workload({ paused: true, status: rolling, plan: { complete: false, actions: [], blockers: [{ code: 'PAUSED', message: 'paused', pods: [] }] } })).state).toBe('paused');
  });
  it('is paused (held by partition) when the step is done and only the partition holds the rest', () => {
    const b = badgeOf(workload({ partition: 3, status: rolling, plan: { complete: false, actions: [], blockers: [{ code: 'PARTITION', message: 'partition keeps 3 pods', pods: [] }] } }));
    expect(b).toEqual({ state: 'paused', detail: 'held by partition 3: 3 pods stay on the current revision' });
  });
  it('is blocked when another blocker stops everything, naming it', () => {
    const b = badgeOf(workload({ status: rolling, plan: { complete: false, actions: [], blockers: [{ code: 'HOOK_PENDING', message: 'pod web-1 waits for its preDelete hook', pods: ['web-1'] }] } }));
    expect(b).toEqual({ state: 'blocked', detail: 'pod web-1 waits for its preDelete hook' });
  });
  it('is progressing while actions are planned, even with a rate-limiting blocker', () => {
    const b = badgeOf(workload({ status: rolling, plan: { complete: false, actions: [{ type: 'RECREATE' }], blockers: [{ code: 'MAX_UNAVAILABLE', message: '1 of 1', pods: [] }] } }));
    expect(b.state).toBe('progressing');
  });
  it('is progressing while updated pods are still becoming ready at the partition', () => {
    const b = badgeOf(workload({ partition: 3, status: { ...rolling, updatedReadyReplicas: 1 }, plan: { complete: false, actions: [], blockers: [{ code: 'PARTITION', message: 'p', pods: [] }] } }));
    expect(b.state).toBe('progressing');
  });
});

describe('filterWorkloads', () => {
  const rows = [
    workload({ name: 'web', namespace: 'shop', images: ['nginx:1.27'] }),
    workload({ name: 'api', namespace: 'shop', uid: 'u2', images: ['api:2'], status: rolling, plan: { complete: false, actions: [{ type: 'CREATE' }], blockers: [] } }),
    workload({ name: 'db', namespace: 'data', uid: 'u3', kind: 'STATEFUL_SET' }),
  ];
  it('filters by namespace, kind, status and text (all words, in name, namespace or images)', () => {
    expect(filterWorkloads(rows, NO_FILTER)).toHaveLength(3);
    expect(filterWorkloads(rows, { ...NO_FILTER, namespace: 'shop' }).map((w) => w.name)).toEqual(['web', 'api']);
    expect(filterWorkloads(rows, { ...NO_FILTER, kind: 'STATEFUL_SET' }).map((w) => w.name)).toEqual(['db']);
    expect(filterWorkloads(rows, { ...NO_FILTER, state: 'progressing' }).map((w) => w.name)).toEqual(['api']);
    expect(filterWorkloads(rows, { ...NO_FILTER, text: 'NGINX shop' }).map((w) => w.name)).toEqual(['web']);
    expect(filterWorkloads(rows, { ...NO_FILTER, text: 'nothing' })).toEqual([]);
  });
  it('lists namespaces once, sorted', () => {
    expect(namespacesOf(rows)).toEqual(['data', 'shop']);
  });
});
