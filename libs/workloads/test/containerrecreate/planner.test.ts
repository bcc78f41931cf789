// The ContainerRecreateRequest controller's reconcile (docs/spec/image-pull.md §7.1), table by table.
import { describe, expect, it } from '@jest/globals';
import type { ContainerRecreateRequest, Pod } from '@coxswain/kruise-api';
import { planContainerRecreate, syncedContainerStatuses, type CrrPlan } from '../../src/containerrecreate/plan/planner.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Options {
  phase?: string; completedAt?: number; deleting?: boolean; finalizer?: boolean; active?: boolean; ttl?: number; deadline?: number;
  unready?: number; acquired?: string; synced?: string; uid?: string;
}

function crr(o: Options = {}): ContainerRecreateRequest {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest',
    metadata: {
      name: 'r', namespace: 'default', creationTimestamp: iso(0),
      labels: { 'crr.apps.kruise.io/pod-uid': o.uid ?? 'pod-uid', ...(o.active === false ? {} : { 'crr.apps.kruise.io/active': 'true' }) },
      annotations: {
        ...(o.acquired !== undefined ? { 'crr.apps.kruise.io/unready-acquired': o.acquired } : {}),
        ...(o.synced !== undefined ? { 'crr.apps.kruise.io/sync-container-statuses': o.synced } : {}),
      },
      ...(o.finalizer ? { finalizers: ['crr.apps.kruise.io/unready-acquired'] } : {}),
      ...(o.deleting ? { deletionTimestamp: iso(1000) } : {}),
    },
    spec: {
      podName: 'web-0', containers: [{ name: 'app' }, { name: 'sidecar' }],
      strategy: { ...(o.unready !== undefined ? { unreadyGracePeriodSeconds: o.unready } : {}) },
      ...(o.ttl !== undefined ? { ttlSecondsAfterFinished: o.ttl } : {}),
      ...(o.deadline !== undefined ? { activeDeadlineSeconds: o.deadline } : {}),
    },
    status: { phase: (o.phase ?? '') as never, ...(o.completedAt !== undefined ? { completionTime: iso(o.completedAt) } : {}) },
  };
}

function pod(options: { uid?: string; deleting?: boolean; app?: { startedAt: number; ready: boolean; id: string } } = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'web-0', namespace: 'default', uid: options.uid ?? 'pod-uid', ...(options.deleting ? { deletionTimestamp: iso(0) } : {}) },
    spec: { containers: [{ name: 'app', image: 'a' }, { name: 'sidecar', image: 's' }] },
    status: {
      containerStatuses: [
        { name: 'app', image: 'a', imageID: '', ready: options.app?.ready ?? true, restartCount: 1, containerID: options.app?.id ?? 'c-app', state: { running: { startedAt: iso(options.app?.startedAt ?? -5000) } } },
        { name: 'sidecar', image: 's', imageID: '', ready: true, restartCount: 0, containerID: 'c-side', state: { running: { startedAt: iso(-5000) } } },
      ],
    },
  };
}

const SYNCED_NONE = '[]';

describe('planContainerRecreate', () => {
  it.each<[string, Options, Pod | undefined, number, CrrPlan]>([
    ['completed: the active label goes first', { phase: 'Completed', completedAt: 10_000 }, pod(), 20_000, { writes: [{ kind: 'removeActiveLabel' }] }],
    ['completed with the finalizer: release, then the label', { phase: 'Completed', completedAt: 10_000, finalizer: true }, pod(), 20_000, { writes: [{ kind: 'releaseNotReady' }, { kind: 'removeActiveLabel' }] }],
    ['completed, no TTL: nothing more', { phase: 'Completed', completedAt: 10_000, active: false }, pod(), 20_000, { writes: [] }],
    ['completed, TTL not yet over', { phase: 'Completed', completedAt: 10_000, active: false, ttl: 30 }, pod(), 20_000, { writes: [], requeueAfterMs: 20_000 }],
    ['completed, TTL over: delete', { phase: 'Completed', completedAt: 10_000, active: false, ttl: 30 }, pod(), 40_000, { writes: [{ kind: 'delete' }] }],
    ['being deleted with the finalizer: release only', { phase: 'Recreating', deleting: true, finalizer: true }, pod(), 20_000, { writes: [{ kind: 'releaseNotReady' }] }],
    ['being deleted: nothing', { phase: 'Recreating', deleting: true }, pod(), 20_000, { writes: [] }],
    ['pod gone', { phase: 'Recreating' }, undefined, 1000, { writes: [{ kind: 'complete', message: 'pod has gone' }] }],
    ['pod being deleted', { phase: 'Recreating' }, pod({ deleting: true }), 1000, { writes: [{ kind: 'complete', message: 'pod has gone' }] }],
    ['another pod with the name', { phase: 'Recreating' }, pod({ uid: 'other' }), 1000, { writes: [{ kind: 'complete', message: 'pod has gone' }] }],
    ['no phase: wait for the daemon up to 1 minute', {}, pod(), 10_000, { writes: [], requeueAfterMs: 50_000 }],
    ['no phase after 1 minute', {}, pod(), 60_000, { writes: [{ kind: 'complete', message: 'daemon has not responded for a long time' }] }],
    ['the earlier of the two waits', { deadline: 30 }, pod(), 10_000, { writes: [], requeueAfterMs: 20_000 }],
    ['deadline passed', { phase: 'Recreating', deadline: 30 }, pod(), 30_000, { writes: [{ kind: 'complete', message: 'recreating has exceeded the activeDeadlineSeconds' }] }],
    ['Pending: only wait', { phase: 'Pending', deadline: 300 }, pod(), 10_000, { writes: [], requeueAfterMs: 290_000 }],
    ['Recreating: sync the statuses', { phase: 'Recreating' }, pod(), 10_000, { writes: [{ kind: 'syncContainerStatuses', value: SYNCED_NONE }] }],
    ['Recreating: statuses unchanged', { phase: 'Recreating', synced: SYNCED_NONE }, pod(), 10_000, { writes: [] }],
    ['Recreating with unready grace: acquire', { phase: 'Recreating', synced: SYNCED_NONE, unready: 5 }, pod(), 10_000, { writes: [{ kind: 'acquireNotReady' }] }],
    ['Recreating with unready grace already acquired', { phase: 'Recreating', synced: SYNCED_NONE, unready: 5, acquired: iso(1000) }, pod(), 10_000, { writes: [] }],
  ])('%s', (_title, options, p, at, expected) => {
    expect(planContainerRecreate(crr(options), p, T0 + at)).toEqual(expected);
  });
});

describe('syncedContainerStatuses', () => {
  it('lists the request containers running since its creation, in its order', () => {
    expect(syncedContainerStatuses(crr(), pod({ app: { startedAt: 2000, ready: false, id: 'c-new' } }))).toEqual([
      { name: 'app', ready: false, restartCount: 1, containerID: 'c-new' },
    ]);
    expect(syncedContainerStatuses(crr(), pod({ app: { startedAt: 0, ready: true, id: 'c-new' } }))).toEqual([
      { name: 'app', ready: true, restartCount: 1, containerID: 'c-new' },
    ]);
    expect(syncedContainerStatuses(crr(), pod())).toEqual([]);
  });

  it('prints in Go field order', () => {
    const [entry] = syncedContainerStatuses(crr(), pod({ app: { startedAt: 2000, ready: true, id: 'c-new' } }));
    expect(JSON.stringify(entry)).toBe('{"name":"app","ready":true,"restartCount":1,"containerID":"c-new"}');
  });
});
