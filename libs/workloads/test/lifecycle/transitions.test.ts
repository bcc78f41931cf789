// Every row of the lifecycle transition table (docs/spec/inplace-and-lifecycle.md §3.4).
import { describe, expect, it } from '@jest/globals';
import type { Lifecycle, Pod } from '@coxswain/kruise-api';
import { encodeInPlaceUpdateState } from '../../src/inplace/state.js';
import {
  canCancelPreparingDelete, cancelPreparingDelete, inPlaceUpdateLifecycleGate, newPodLifecycleState, preDeleteLifecycleGate, refreshLifecycleState,
  type LifecycleWorkload,
} from '../../src/lifecycle/transitions.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const TS = '2026-05-01T12:00:00Z';
const STATE = 'lifecycle.apps.kruise.io/state';

function pod(state: string | undefined, extra: { labels?: Record<string, string>; finalizers?: string[]; nodeName?: string; revision?: string; annotations?: Record<string, string> } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-x',
      labels: { app: 'web', 'controller-revision-hash': extra.revision ?? 'web-old1', ...(state === undefined ? {} : { [STATE]: state }), ...(extra.labels ?? {}) },
      annotations: extra.annotations ?? {},
      ...(extra.finalizers ? { finalizers: extra.finalizers } : {}),
    },
    spec: { containers: [{ name: 'main', image: 'app:v1' }], ...(extra.nodeName !== undefined ? { nodeName: extra.nodeName } : {}) },
  };
}

const statePatch = (to: string) => ({ metadata: { labels: { [STATE]: to }, annotations: { 'lifecycle.apps.kruise.io/timestamp': TS } } });

const hook = { labelsHandler: { 'example.io/block': 'true' }, finalizersHandler: ['example.io/unreg'] };
const hooked = { labels: { 'example.io/block': 'true' }, finalizers: ['example.io/unreg'] };
const partlyHooked = { labels: { 'example.io/block': 'true' } };

describe('rules 1–2: state of a new pod', () => {
  it.each([
    ['1', 'CloneSet', undefined, pod(undefined), 'PreparingNormal'],
    ['1 (even with preNormal all-hooked)', 'CloneSet', { preNormal: { labelsHandler: { ok: 'y' } } }, pod(undefined, { labels: { ok: 'y' } }), 'PreparingNormal'],
    ['2: lifecycle nil', 'StatefulSet', undefined, pod(undefined), 'Normal'],
    ['2: preNormal nil', 'StatefulSet', { preDelete: hook }, pod(undefined), 'Normal'],
    ['2: A(preNormal) at creation', 'StatefulSet', { preNormal: { labelsHandler: { ok: 'y' } } }, pod(undefined, { labels: { ok: 'y' } }), 'Normal'],
    ['2: preNormal not all-hooked', 'StatefulSet', { preNormal: { labelsHandler: { ok: 'y' } } }, pod(undefined, { labels: { ok: 'n' } }), 'PreparingNormal'],
  ] as const)('rule %s', (_rule, workload, lifecycle, p, expected) => {
    expect(newPodLifecycleState(workload, lifecycle as Lifecycle | undefined, p)).toBe(expected);
  });
});

describe('refresh rules 3, 4, 5, 10, 12, 13', () => {
  const preNormal: Lifecycle = { preNormal: { labelsHandler: { 'traffic-online': 'true' } } };
  const run = (workload: LifecycleWorkload, lifecycle: Lifecycle | undefined, p: Pod) => refreshLifecycleState({ workload, lifecycle, pod: p, updateRevision: 'web-new2', now: NOW });
  const completedState = encodeInPlaceUpdateState({ revision: 'web-new2', updateTimestamp: TS, lastContainerStatuses: null });
  const pendingState = encodeInPlaceUpdateState({ revision: 'web-new2', updateTimestamp: TS, lastContainerStatuses: null, nextContainerImages: { main: 'app:v2' } });

  it.each([
    // [title, workload, lifecycle, pod, rule, to]
    ['3: CS, preNormal nil, scheduled → Normal', 'CloneSet', undefined, pod('PreparingNormal', { nodeName: 'n1' }), 3, 'Normal'],
    ['3: CS, preNormal nil, unscheduled → stays', 'CloneSet', undefined, pod('PreparingNormal'), undefined, undefined],
    ['3: CS, preNormal nil, empty nodeName → stays', 'CloneSet', { preDelete: hook }, pod('PreparingNormal', { nodeName: '' }), undefined, undefined],
    ['4: CS, A(preNormal), unscheduled → Normal', 'CloneSet', preNormal, pod('PreparingNormal', { labels: { 'traffic-online': 'true' } }), 4, 'Normal'],
    ['4: CS, preNormal not all-hooked → stays', 'CloneSet', preNormal, pod('PreparingNormal', { nodeName: 'n1', labels: { 'traffic-online': 'false' } }), undefined, undefined],
    ['5: AS, lifecycle nil, unscheduled → Normal', 'StatefulSet', undefined, pod('PreparingNormal'), 5, 'Normal'],
    ['5: AS, preNormal nil → Normal', 'StatefulSet', { preDelete: hook }, pod('PreparingNormal'), 5, 'Normal'],
    ['5: AS, A(preNormal) → Normal', 'StatefulSet', preNormal, pod('PreparingNormal', { labels: { 'traffic-online': 'true' } }), 5, 'Normal'],
    ['5: AS, preNormal not all-hooked → stays', 'StatefulSet', preNormal, pod('PreparingNormal'), undefined, undefined],
    ['10: reverted while waiting, lifecycle set, not A(inPlaceUpdate) → Updated', 'CloneSet', { inPlaceUpdate: hook }, pod('PreparingUpdate', { revision: 'web-new2' }), 10, 'Updated'],
    ['10: reverted while waiting, A(inPlaceUpdate) → Normal', 'CloneSet', { inPlaceUpdate: hook }, pod('PreparingUpdate', { revision: 'web-new2', ...hooked }), 10, 'Normal'],
    ['10: reverted while waiting, lifecycle nil → Normal', 'StatefulSet', undefined, pod('PreparingUpdate', { revision: 'web-new2' }), 10, 'Normal'],
    ['10: short-hash label at the update revision', 'CloneSet', undefined, pod('PreparingUpdate', { revision: 'new2' }), 10, 'Normal'],
    ['10: not at the update revision → stays', 'CloneSet', { inPlaceUpdate: hook }, pod('PreparingUpdate'), undefined, undefined],
    ['12: completed, lifecycle nil → Normal', 'CloneSet', undefined, pod('Updating', { annotations: { 'apps.kruise.io/inplace-update-state': completedState } }), 12, 'Normal'],
    ['12: completed, not A(inPlaceUpdate) → Updated', 'StatefulSet', { inPlaceUpdate: hook }, pod('Updating'), 12, 'Updated'],
    ['12: completed, A(inPlaceUpdate) → Normal', 'CloneSet', { inPlaceUpdate: hook }, pod('Updating', hooked), 12, 'Normal'],
    ['12: completed, lifecycle with only preDelete → Updated', 'CloneSet', { preDelete: hook }, pod('Updating'), 12, 'Updated'],
    ['12: next batch pending → stays', 'CloneSet', undefined, pod('Updating', { annotations: { 'apps.kruise.io/inplace-update-state': pendingState } }), undefined, undefined],
    ['12: grace period pending → stays', 'CloneSet', undefined, pod('Updating', { annotations: { 'apps.kruise.io/inplace-update-grace': '{}', 'apps.kruise.io/inplace-update-state': completedState } }), undefined, undefined],
    ['13: lifecycle nil → Normal', 'CloneSet', undefined, pod('Updated'), 13, 'Normal'],
    ['13: inPlaceUpdate nil → Normal', 'StatefulSet', { preDelete: hook }, pod('Updated'), 13, 'Normal'],
    ['13: A(inPlaceUpdate) → Normal', 'CloneSet', { inPlaceUpdate: hook }, pod('Updated', hooked), 13, 'Normal'],
    ['13: only partly hooked → stays Updated', 'CloneSet', { inPlaceUpdate: hook }, pod('Updated', partlyHooked), undefined, undefined],
    ['pods without a state label never move', 'CloneSet', undefined, pod(undefined, { nodeName: 'n1' }), undefined, undefined],
    ['Normal pods do not move on refresh', 'CloneSet', undefined, pod('Normal', { nodeName: 'n1' }), undefined, undefined],
    ['PreparingDelete pods do not move on refresh', 'CloneSet', undefined, pod('PreparingDelete', { nodeName: 'n1' }), undefined, undefined],
  ] as const)('rule %s', (_title, workload, lifecycle, p, rule, to) => {
    const change = run(workload, lifecycle as Lifecycle | undefined, p);
    if (rule === undefined) {
      expect(change).toBeUndefined();
      return;
    }
    expect(change).toEqual({ rule, from: p.metadata.labels![STATE], to, patch: statePatch(to!) });
  });

  it('rules 10 and 12 into Updated remove the preUpdateHook key with inPlaceUpdate.markPodNotReady', () => {
    const lifecycle: Lifecycle = { inPlaceUpdate: { ...hook, markPodNotReady: true } };
    expect(run('CloneSet', lifecycle, pod('Updating'))?.podReady).toEqual({ op: 'remove', key: 'preUpdateHook' });
    expect(run('CloneSet', lifecycle, pod('PreparingUpdate', { revision: 'web-new2' }))?.podReady).toEqual({ op: 'remove', key: 'preUpdateHook' });
    // Quirk kept from Kruise: straight to Normal leaves the key in place.
    expect(run('CloneSet', lifecycle, pod('Updating', hooked))?.podReady).toBeUndefined();
  });
});

describe('in-place update gate, rules 6–9, 11, 14, 18', () => {
  const run = (workload: LifecycleWorkload, lifecycle: Lifecycle | undefined, p: Pod) => inPlaceUpdateLifecycleGate({ workload, lifecycle, pod: p, now: NOW });
  const marked: Lifecycle = { inPlaceUpdate: { ...hook, markPodNotReady: true } };

  it.each(['', 'PreparingNormal', 'Normal'])('rule 6: from "%s", H(inPlaceUpdate) → PreparingUpdate, no update this round', (state) => {
    const p = pod(state === '' ? undefined : state, partlyHooked);
    expect(run('CloneSet', marked, p)).toEqual({
      action: 'transition',
      rule: 6,
      change: { rule: 6, from: state, to: 'PreparingUpdate', patch: statePatch('PreparingUpdate'), podReady: { op: 'add', key: 'preUpdateHook' } },
    });
    expect(run('StatefulSet', { inPlaceUpdate: hook }, p)).toMatchObject({ action: 'transition', rule: 6, change: { to: 'PreparingUpdate' } });
    expect((run('StatefulSet', { inPlaceUpdate: hook }, p) as { change: object }).change).not.toHaveProperty('podReady');
  });

  it.each(['', 'PreparingNormal', 'Normal'])('rule 7: from "%s", not H(inPlaceUpdate) → update now (CS always Updating, AS keeps "")', (state) => {
    const p = pod(state === '' ? undefined : state);
    expect(run('CloneSet', { inPlaceUpdate: hook }, p)).toEqual({ action: 'update', rule: 7, lifecycleUpdating: 'always' });
    expect(run('StatefulSet', undefined, p)).toEqual({ action: 'update', rule: 7, lifecycleUpdating: 'ifPresent' });
  });

  it('rule 7 with lifecycle nil ignores handler labels on the pod', () => {
    expect(run('CloneSet', undefined, pod('Normal', hooked))).toMatchObject({ action: 'update', rule: 7 });
  });

  it('rule 8: PreparingUpdate, still H(inPlaceUpdate) → wait, nothing written', () => {
    expect(run('CloneSet', marked, pod('PreparingUpdate', partlyHooked))).toEqual({ action: 'wait', rule: 8, reason: 'inPlaceUpdate hook still holds the pod' });
  });

  it('rule 9: PreparingUpdate, hook released → update', () => {
    expect(run('CloneSet', marked, pod('PreparingUpdate'))).toEqual({ action: 'update', rule: 9, lifecycleUpdating: 'always' });
  });

  it('rule 11: Updating, selected for a newer revision → update again', () => {
    expect(run('StatefulSet', marked, pod('Updating', hooked))).toEqual({ action: 'update', rule: 11, lifecycleUpdating: 'ifPresent' });
  });

  it('rule 14: Updated → PreparingUpdate, re-adding every handler label and finalizer', () => {
    const p = pod('Updated', { labels: { 'example.io/block': 'false' }, finalizers: ['other'] });
    expect(run('CloneSet', marked, p)).toEqual({
      action: 'transition',
      rule: 14,
      change: {
        rule: 14,
        from: 'Updated',
        to: 'PreparingUpdate',
        podReady: { op: 'add', key: 'preUpdateHook' },
        patch: {
          metadata: {
            labels: { 'example.io/block': 'true', [STATE]: 'PreparingUpdate' },
            annotations: { 'lifecycle.apps.kruise.io/timestamp': TS },
            finalizers: ['other', 'example.io/unreg'],
          },
        },
      },
    });
  });

  it('rule 14: finalizers already present are not listed twice (no finalizers in the patch)', () => {
    const gate = run('CloneSet', { inPlaceUpdate: hook }, pod('Updated', { finalizers: ['example.io/unreg'] }));
    if (gate.action !== 'transition') throw new Error(gate.action);
    expect(gate.change.patch?.metadata.finalizers).toBeUndefined();
    expect(gate.change.patch?.metadata.labels).toEqual({ 'example.io/block': 'true', [STATE]: 'PreparingUpdate' });
  });

  it('rule 14: without an inPlaceUpdate hook nothing is written', () => {
    expect(run('CloneSet', { preDelete: hook }, pod('Updated'))).toEqual({ action: 'wait', rule: 14, reason: 'no inPlaceUpdate hook: the pod returns to Normal first' });
  });

  it.each(['PreparingDelete', 'Bogus'])('rule 18: state %s → error', (state) => {
    expect(run('CloneSet', undefined, pod(state))).toEqual({ action: 'error', rule: 18, message: `not allowed to in-place update pod web-x in state ${state}` });
  });
});

describe('deletion rules 15–16', () => {
  const marked: Lifecycle = { preDelete: { ...hook, markPodNotReady: true } };

  it.each(['', 'PreparingNormal', 'Normal', 'PreparingUpdate', 'Updating', 'Updated'])('rule 15: from "%s", H(preDelete) → PreparingDelete + preDeleteHook key', (state) => {
    expect(preDeleteLifecycleGate(marked, pod(state === '' ? undefined : state, { finalizers: ['example.io/unreg'] }), NOW)).toEqual({
      action: 'prepareDelete',
      rule: 15,
      change: { rule: 15, from: state, to: 'PreparingDelete', patch: statePatch('PreparingDelete'), podReady: { op: 'add', key: 'preDeleteHook' } },
    });
  });

  it('not hooked → delete right away', () => {
    expect(preDeleteLifecycleGate(marked, pod('Normal'), NOW)).toEqual({ action: 'delete' });
    expect(preDeleteLifecycleGate(undefined, pod('Normal', hooked), NOW)).toEqual({ action: 'delete' });
  });

  it('rule 16: PreparingDelete and released → delete', () => {
    expect(preDeleteLifecycleGate(marked, pod('PreparingDelete', { labels: { 'example.io/block': 'false' } }), NOW)).toEqual({ action: 'delete', rule: 16 });
  });

  it('rule 16: PreparingDelete and still hooked → wait; no patch, the key is re-asserted', () => {
    expect(preDeleteLifecycleGate(marked, pod('PreparingDelete', partlyHooked), NOW)).toEqual({
      action: 'wait',
      rule: 16,
      change: { rule: 16, from: 'PreparingDelete', to: 'PreparingDelete', podReady: { op: 'add', key: 'preDeleteHook' } },
    });
  });
});

describe('rule 17: cancelling PreparingDelete (CloneSet)', () => {
  it.each([
    ['PreparingDelete, no markPodNotReady', { preDelete: hook }, pod('PreparingDelete'), undefined, true],
    ['lifecycle nil', undefined, pod('PreparingDelete'), undefined, true],
    ['specified-delete label', { preDelete: hook }, pod('PreparingDelete', { labels: { 'apps.kruise.io/specified-delete': '' } }), undefined, false],
    ['listed in podsToDelete', { preDelete: hook }, pod('PreparingDelete'), ['web-x'], false],
    ['preDelete.markPodNotReady', { preDelete: { ...hook, markPodNotReady: true } }, pod('PreparingDelete'), undefined, false],
    ['inPlaceUpdate.markPodNotReady', { preDelete: hook, inPlaceUpdate: { markPodNotReady: true } }, pod('PreparingDelete'), undefined, false],
    ['not PreparingDelete', { preDelete: hook }, pod('Normal'), undefined, false],
  ] as const)('%s', (_name, lifecycle, p, podsToDelete, expected) => {
    expect(canCancelPreparingDelete(lifecycle as Lifecycle | undefined, p, podsToDelete)).toBe(expected);
  });

  it('moves the pod to PreparingNormal', () => {
    expect(cancelPreparingDelete(pod('PreparingDelete'), NOW)).toEqual({ rule: 17, from: 'PreparingDelete', to: 'PreparingNormal', patch: statePatch('PreparingNormal') });
  });
});
