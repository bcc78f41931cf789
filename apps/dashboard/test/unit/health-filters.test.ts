import { describe, expect, it } from '@jest/globals';
import type { Health } from '../../src/lib/api/types';
import { filterFromQuery, filterToQuery, filterWorkloads, namespacesOf, NO_FILTER } from '../../src/lib/rollout/filters';
import { HEALTH_STATES, healthFromSlug, healthSlug, healthWord } from '../../src/lib/rollout/health';
import { filterHooks, hookFilterFromQuery, hookFilterToQuery, NO_HOOK_FILTER } from '../../src/lib/hooks/filter';
import { workload } from '../support/fixtures';

const held: Health = { state: 'HELD', reason: 'partition keeps 3 pods on revision api-1', pods: [], until: null };
const degraded: Health = {
  state: 'DEGRADED',
  reason: 'pods db-0: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.',
  pods: ['db-0'],
  until: null,
};

describe('health words', () => {
  it('names every state, most urgent first, and round-trips through the URL', () => {
    expect(HEALTH_STATES.map(healthWord)).toEqual(['degraded', 'waiting on hook', 'held', 'progressing', 'complete']);
    expect(HEALTH_STATES.map((s) => healthFromSlug(healthSlug(s)))).toEqual([...HEALTH_STATES]);
    expect(healthSlug('WAITING_ON_HOOK')).toBe('waiting-on-hook');
    expect(healthFromSlug('paused')).toBe('');
  });
});

describe('workload filters', () => {
  const rows = [
    workload({ name: 'web', namespace: 'shop', images: ['nginx:1.27'] }),
    workload({ name: 'api', namespace: 'shop', uid: 'u2', images: ['api:2'], health: held }),
    workload({ name: 'db', namespace: 'data', uid: 'u3', kind: 'STATEFUL_SET', health: degraded }),
  ];

  it('filters by namespace, kind, health state and text (all words, in name, namespace or images)', () => {
    expect(filterWorkloads(rows, NO_FILTER)).toHaveLength(3);
    expect(filterWorkloads(rows, { ...NO_FILTER, namespace: 'shop' }).map((w) => w.name)).toEqual(['web', 'api']);
    expect(filterWorkloads(rows, { ...NO_FILTER, kind: 'STATEFUL_SET' }).map((w) => w.name)).toEqual(['db']);
    expect(filterWorkloads(rows, { ...NO_FILTER, state: 'HELD' }).map((w) => w.name)).toEqual(['api']);
    expect(filterWorkloads(rows, { ...NO_FILTER, state: 'DEGRADED' }).map((w) => w.name)).toEqual(['db']);
    expect(filterWorkloads(rows, { ...NO_FILTER, text: 'NGINX shop' }).map((w) => w.name)).toEqual(['web']);
    expect(filterWorkloads(rows, { ...NO_FILTER, text: 'nothing' })).toEqual([]);
  });

  it('lists namespaces once, sorted', () => {
    expect(namespacesOf(rows)).toEqual(['data', 'shop']);
  });

  it('keeps the filter in the query string and reads it back; unknown kinds and states are dropped', () => {
    const f = { namespace: 'shop', kind: 'STATEFUL_SET' as const, state: 'WAITING_ON_HOOK' as const, text: 'web 1' };
    const query = filterToQuery(f);
    expect(query).toBe('?namespace=shop&kind=statefulset&status=waiting-on-hook&q=web+1');
    expect(filterFromQuery(new URLSearchParams(query))).toEqual(f);
    expect(filterToQuery(NO_FILTER)).toBe('');
    expect(filterFromQuery(new URLSearchParams('kind=deployment&status=paused&q=x'))).toEqual({ ...NO_FILTER, text: 'x' });
  });
});

describe('hook filters', () => {
  const hooks = [
    { namespace: 'default', pod: 'web-1', hook: 'PRE_DELETE' as const, workload: 'web', node: 'sim-a-1', zone: 'zone-a', podIP: '10.0.0.7' },
    { namespace: 'default', pod: 'db-0', hook: 'PRE_UPDATE' as const, workload: 'db', node: 'sim-b-1', zone: 'zone-b', podIP: null },
    { namespace: 'shop', pod: 'api-2', hook: 'PRE_DELETE' as const, workload: 'api', node: null, zone: null, podIP: null },
  ];
  it('filters by namespace, hook point and text (pod, workload, node, zone, IP)', () => {
    expect(filterHooks(hooks, NO_HOOK_FILTER)).toHaveLength(3);
    expect(filterHooks(hooks, { ...NO_HOOK_FILTER, hook: 'PRE_DELETE' }).map((h) => h.pod)).toEqual(['web-1', 'api-2']);
    expect(filterHooks(hooks, { ...NO_HOOK_FILTER, namespace: 'shop' }).map((h) => h.pod)).toEqual(['api-2']);
    expect(filterHooks(hooks, { ...NO_HOOK_FILTER, text: '10.0.0.7' }).map((h) => h.pod)).toEqual(['web-1']);
    expect(filterHooks(hooks, { ...NO_HOOK_FILTER, text: 'zone-b db' }).map((h) => h.pod)).toEqual(['db-0']);
  });
  it('round-trips through the URL', () => {
    const f = { namespace: 'default', hook: 'PRE_NORMAL' as const, text: 'web' };
    expect(hookFilterToQuery(f)).toBe('?namespace=default&hook=pre_normal&q=web');
    expect(hookFilterFromQuery(new URLSearchParams(hookFilterToQuery(f)))).toEqual(f);
    expect(hookFilterFromQuery(new URLSearchParams('hook=later'))).toEqual(NO_HOOK_FILTER);
  });
});
