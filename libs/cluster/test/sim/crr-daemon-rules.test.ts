// kruise-daemon's ContainerRecreateRequest rules (docs/spec/image-pull.md §7.2), table by table.
import { describe, expect, it } from '@jest/globals';
import type { ContainerRecreateRequest, ContainerRecreateRequestContainerRecreateState as State, ContainerRecreateRequestStrategy } from '@coxswain/kruise-api';
import {
  currentRecreateStates, manageStep, pickRequest, unreadyGate, type RuntimeContainer,
} from '../../src/embedded/sim/crr-daemon-rules.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function crr(options: {
  name?: string; phase?: string; created?: number; containers?: string[]; strategy?: ContainerRecreateRequestStrategy;
  states?: State[]; sync?: object[]; annotations?: Record<string, string>; completed?: boolean;
} = {}): ContainerRecreateRequest {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest',
    metadata: {
      name: options.name ?? 'r', namespace: 'default', creationTimestamp: new Date(T0 + (options.created ?? 0)).toISOString(),
      annotations: { ...(options.sync ? { 'crr.apps.kruise.io/sync-container-statuses': JSON.stringify(options.sync) } : {}), ...options.annotations },
    },
    spec: {
      podName: 'web-0',
      containers: (options.containers ?? ['app']).map((name) => ({ name, statusContext: { containerID: `old-${name}`, restartCount: 0 } })),
      strategy: options.strategy ?? {},
    },
    status: {
      phase: (options.phase ?? '') as never,
      ...(options.states ? { containerRecreateStates: options.states } : {}),
      ...(options.completed ? { completionTime: new Date(T0).toISOString() } : {}),
    },
  };
}

const running = (name: string, id: string, restartCount = 0, startedAtMs = T0): RuntimeContainer => ({ name, state: 'running', containerID: id, restartCount, startedAtMs });
const view = (...containers: RuntimeContainer[]) => new Map(containers.map((c) => [c.name, c]));

describe('pickRequest', () => {
  it.each([
    ['Recreating before Pending before none', [['a', '', 0], ['b', 'Pending', 1], ['c', 'Recreating', 2]], 'c', ['a']],
    ['older first within a phase', [['a', '', 5], ['b', '', 1]], 'b', ['a']],
    ['a Pending one is not written again', [['a', 'Recreating', 0], ['b', 'Pending', 1]], 'a', []],
  ] as const)('%s', (_title, list, picked, toPending) => {
    const result = pickRequest(list.map(([name, phase, created]) => crr({ name, phase, created: created * 1000 })));
    expect(result.picked?.metadata.name).toBe(picked);
    expect(result.toPending.map((c) => c.metadata.name)).toEqual(toPending);
  });

  it('skips completed requests', () => {
    expect(pickRequest([crr({ name: 'done', phase: 'Completed', completed: true })]).picked).toBeUndefined();
  });
});

describe('currentRecreateStates', () => {
  const now = T0 + 60_000;
  it.each<[string, Parameters<typeof crr>[0], RuntimeContainer[], State[]]>([
    ['a finished state is kept', { states: [{ name: 'app', phase: 'Failed', message: 'x' }] }, [], [{ name: 'app', phase: 'Failed', message: 'x' }]],
    ['not on the node', {}, [], [{ name: 'app', phase: 'Pending', isKilled: false, message: 'not found container on Node' }]],
    ['exited', { states: [{ name: 'app', phase: 'Recreating', isKilled: true }] }, [{ name: 'app', state: 'exited', containerID: 'old-app', restartCount: 0 }], [{ name: 'app', phase: 'Recreating', isKilled: true }]],
    ['forceRecreate and not killed yet', { strategy: { forceRecreate: true } }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Pending', isKilled: false }]],
    ['same container: Pending', {}, [running('app', 'old-app')], [{ name: 'app', phase: 'Pending', isKilled: false }]],
    ['new id, not in the annotation: Recreating', {}, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Recreating', isKilled: false }]],
    ['new id, ready in the annotation: Succeeded', { sync: [{ name: 'app', ready: true, restartCount: 1, containerID: 'new-app' }] }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Succeeded', isKilled: false }]],
    ['not ready in the annotation', { sync: [{ name: 'app', ready: false, restartCount: 1, containerID: 'new-app' }] }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Recreating', isKilled: false }]],
    ['annotation names another instance', { sync: [{ name: 'app', ready: true, restartCount: 1, containerID: 'other' }] }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Recreating', isKilled: false }]],
    ['restart count above the context, same id', { sync: [{ name: 'app', ready: true, restartCount: 1, containerID: 'old-app' }] }, [running('app', 'old-app', 1)], [{ name: 'app', phase: 'Succeeded', isKilled: false }]],
    ['minStartedSeconds not yet passed', { strategy: { minStartedSeconds: 60 }, sync: [{ name: 'app', ready: true, restartCount: 1, containerID: 'new-app' }] }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Recreating', isKilled: false }]],
    ['minStartedSeconds passed', { strategy: { minStartedSeconds: 59 }, sync: [{ name: 'app', ready: true, restartCount: 1, containerID: 'new-app' }] }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Succeeded', isKilled: false }]],
    ['unreadable annotation', { annotations: { 'crr.apps.kruise.io/sync-container-statuses': '{' } }, [running('app', 'new-app', 1)], [{ name: 'app', phase: 'Recreating', isKilled: false }]],
  ])('%s', (_title, options, runtime, expected) => {
    expect(currentRecreateStates(crr(options), view(...runtime), now)).toEqual(expected);
  });
});

describe('manageStep', () => {
  const two = ['app', 'sidecar'];
  const rt = view(running('app', 'old-app'), running('sidecar', 'old-sidecar'));
  const states = (a: State['phase'], b: State['phase'], killed = [false, false]): State[] => [
    { name: 'app', phase: a, isKilled: killed[0] }, { name: 'sidecar', phase: b, isKilled: killed[1] },
  ];
  it.each<[string, ContainerRecreateRequestStrategy, State[] | undefined, State[], ReturnType<typeof manageStep>]>([
    ['new states are written first', {}, undefined, states('Pending', 'Pending'), { kind: 'writeStates', states: states('Pending', 'Pending') }],
    ['kills the first Pending container', {}, states('Pending', 'Pending'), states('Pending', 'Pending'),
      { kind: 'kill', container: 'app', containerID: 'old-app', states: [{ name: 'app', phase: 'Recreating', isKilled: true }, { name: 'sidecar', phase: 'Pending', isKilled: false }] }],
    ['unordered: the next one while the first recreates', {}, states('Recreating', 'Pending', [true, false]), states('Recreating', 'Pending', [true, false]),
      { kind: 'kill', container: 'sidecar', containerID: 'old-sidecar', states: states('Recreating', 'Recreating', [true, true]) }],
    ['ordered: waits for the first', { orderedRecreate: true }, states('Recreating', 'Pending', [true, false]), states('Recreating', 'Pending', [true, false]), { kind: 'wait' }],
    ['ordered: the next one once the first succeeded', { orderedRecreate: true }, states('Succeeded', 'Pending'), states('Succeeded', 'Pending'),
      { kind: 'kill', container: 'sidecar', containerID: 'old-sidecar', states: [{ name: 'app', phase: 'Succeeded', isKilled: false }, { name: 'sidecar', phase: 'Recreating', isKilled: true }] }],
    ['Failed with Fail completes', { failurePolicy: 'Fail' }, states('Failed', 'Pending'), states('Failed', 'Pending'), { kind: 'complete' }],
    ['Failed with Ignore goes on', { failurePolicy: 'Ignore' }, states('Failed', 'Pending'), states('Failed', 'Pending'),
      { kind: 'kill', container: 'sidecar', containerID: 'old-sidecar', states: [{ name: 'app', phase: 'Failed', isKilled: false }, { name: 'sidecar', phase: 'Recreating', isKilled: true }] }],
    ['all finished completes', {}, states('Succeeded', 'Failed'), states('Succeeded', 'Failed'), { kind: 'complete' }],
    ['Recreating marks isKilled', {}, states('Recreating', 'Recreating'), states('Recreating', 'Recreating'), { kind: 'writeStates', states: states('Recreating', 'Recreating', [true, true]) }],
    ['minStartedSeconds resyncs', { minStartedSeconds: 5 }, states('Recreating', 'Recreating', [true, true]), states('Recreating', 'Recreating', [true, true]), { kind: 'wait', resyncAfterMs: 5000 }],
  ])('%s', (_title, strategy, previous, current, expected) => {
    expect(manageStep(crr({ containers: two, strategy, states: previous }), current, rt)).toEqual(expected);
  });

  it('stops at a container the runtime does not know', () => {
    const current = states('Pending', 'Pending');
    expect(manageStep(crr({ containers: two, states: current }), current, view(running('sidecar', 'old-sidecar')))).toEqual({ kind: 'wait' });
  });

  it.each([
    ['Fail', { kind: 'writeStates', states: [{ name: 'app', phase: 'Failed', isKilled: false, message: 'kill container error: boom' }, { name: 'sidecar', phase: 'Pending', isKilled: false }] }],
    ['Ignore', { kind: 'kill', container: 'sidecar', containerID: 'old-sidecar', states: [{ name: 'app', phase: 'Failed', isKilled: false, message: 'kill container error: boom' }, { name: 'sidecar', phase: 'Recreating', isKilled: true }] }],
  ] as const)('a refused kill with failurePolicy %s', (failurePolicy, expected) => {
    const current = states('Pending', 'Pending');
    expect(manageStep(crr({ containers: two, strategy: { failurePolicy }, states: current }), current, rt, new Map([['app', 'boom']]))).toEqual(expected);
  });
});

describe('unreadyGate', () => {
  it.each<[string, ContainerRecreateRequestStrategy, Record<string, string>, number, ReturnType<typeof unreadyGate>['kind']]>([
    ['no grace period', {}, {}, 0, 'go'],
    ['no mark yet', { unreadyGracePeriodSeconds: 5 }, {}, 0, 'waitForMark'],
    ['within the period', { unreadyGracePeriodSeconds: 5 }, { 'crr.apps.kruise.io/unready-acquired': '2026-01-01T00:00:00Z' }, 4000, 'waitUntil'],
    ['after the period', { unreadyGracePeriodSeconds: 5 }, { 'crr.apps.kruise.io/unready-acquired': '2026-01-01T00:00:00Z' }, 5000, 'go'],
    ['no RFC 3339 time', { unreadyGracePeriodSeconds: 5 }, { 'crr.apps.kruise.io/unready-acquired': '2026-01-01' }, 0, 'complete'],
  ])('%s', (_title, strategy, annotations, after, kind) => {
    expect(unreadyGate(crr({ strategy, annotations }), T0 + after).kind).toBe(kind);
  });

  it('wakes 100 ms after the period ends', () => {
    expect(unreadyGate(crr({ strategy: { unreadyGracePeriodSeconds: 5 }, annotations: { 'crr.apps.kruise.io/unready-acquired': '2026-01-01T00:00:00Z' } }), T0 + 1000))
      .toEqual({ kind: 'waitUntil', resyncAfterMs: 4100 });
  });
});
