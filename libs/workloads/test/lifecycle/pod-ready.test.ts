// markPodNotReady through the KruisePodReady condition (docs/spec/inplace-and-lifecycle.md §3.3).
import { describe, expect, it } from '@jest/globals';
import type { Pod, PodCondition } from '@coxswain/kruise-api';
import { addNotReadyKey, formatPodReadyMessages, initialKruisePodReady, parsePodReadyMessages, removeNotReadyKey } from '../../src/lifecycle/pod-ready.js';
import { applyPodMetadataPatch, lifecycleStatePatch, withLifecycleState } from '../../src/lifecycle/state-change.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const TS = '2026-05-01T12:00:00Z';

function pod(kruisePodReady?: PodCondition, gate = true): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-x', labels: { app: 'web' } },
    spec: { containers: [{ name: 'main' }], readinessGates: gate ? [{ conditionType: 'KruisePodReady' }] : [] },
    status: {
      conditions: [
        { type: 'ContainersReady', status: 'True' },
        { type: 'Ready', status: 'True', lastTransitionTime: '2026-05-01T11:00:00Z' },
        ...(kruisePodReady ? [kruisePodReady] : []),
      ],
    },
  };
}

const kpr = (out: Pod | undefined) => out?.status?.conditions?.find((c) => c.type === 'KruisePodReady');
const ready = (out: Pod | undefined) => out?.status?.conditions?.find((c) => c.type === 'Ready');

describe('KruisePodReady messages', () => {
  it('are sorted by userAgent then key', () => {
    expect(
      formatPodReadyMessages([
        { userAgent: 'Lifecycle', key: 'preUpdateHook' },
        { userAgent: 'Admin', key: 'z' },
        { userAgent: 'Lifecycle', key: 'preDeleteHook' },
      ]),
    ).toBe('[{"userAgent":"Admin","key":"z"},{"userAgent":"Lifecycle","key":"preDeleteHook"},{"userAgent":"Lifecycle","key":"preUpdateHook"}]');
    expect(formatPodReadyMessages([])).toBe('[]');
  });

  it('unreadable messages hold nobody', () => {
    expect(parsePodReadyMessages('not json')).toEqual([]);
    expect(parsePodReadyMessages('{"a":1}')).toEqual([]);
    expect(parsePodReadyMessages(undefined)).toEqual([]);
  });
});

describe('addNotReadyKey', () => {
  it('creates a missing condition False with the one-entry message and recomputes Ready', () => {
    const out = addNotReadyKey(pod(), 'preDeleteHook', NOW);
    expect(kpr(out)).toEqual({ type: 'KruisePodReady', status: 'False', message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]', lastTransitionTime: TS });
    expect(ready(out)).toMatchObject({ status: 'False', reason: 'ReadinessGatesNotReady' });
  });

  it('adds a new key to a True condition, keeping the list sorted', () => {
    const existing: PodCondition = { type: 'KruisePodReady', status: 'True', message: '[{"userAgent":"Lifecycle","key":"preUpdateHook"}]' };
    expect(kpr(addNotReadyKey(pod({ ...existing, message: '[]' }), 'preUpdateHook', NOW))?.message).toBe('[{"userAgent":"Lifecycle","key":"preUpdateHook"}]');
    const both = addNotReadyKey(pod({ ...existing, status: 'False' }), 'preDeleteHook', NOW);
    expect(kpr(both)).toEqual({
      type: 'KruisePodReady',
      status: 'False',
      message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"},{"userAgent":"Lifecycle","key":"preUpdateHook"}]',
      lastTransitionTime: TS,
    });
  });

  it('is a no-op when the key is already listed or the pod has no KruisePodReady gate', () => {
    expect(addNotReadyKey(pod({ type: 'KruisePodReady', status: 'False', message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]' }), 'preDeleteHook', NOW)).toBeUndefined();
    expect(addNotReadyKey(pod(undefined, false), 'preDeleteHook', NOW)).toBeUndefined();
  });
});

describe('removeNotReadyKey', () => {
  it('removes the key; an empty list makes the condition True with message []; Ready is left alone', () => {
    const p = pod({ type: 'KruisePodReady', status: 'False', message: '[{"userAgent":"Lifecycle","key":"preUpdateHook"}]', lastTransitionTime: '2026-05-01T11:30:00Z' });
    p.status!.conditions![1]!.status = 'False';
    const out = removeNotReadyKey(p, 'preUpdateHook', NOW);
    expect(kpr(out)).toEqual({ type: 'KruisePodReady', status: 'True', message: '[]', lastTransitionTime: TS });
    expect(ready(out)?.status).toBe('False');
  });

  it('other holders keep the condition False', () => {
    const p = pod({ type: 'KruisePodReady', status: 'False', message: '[{"userAgent":"Admin","key":"x"},{"userAgent":"Lifecycle","key":"preUpdateHook"}]' });
    expect(kpr(removeNotReadyKey(p, 'preUpdateHook', NOW))).toMatchObject({ status: 'False', message: '[{"userAgent":"Admin","key":"x"}]' });
  });

  it('is a no-op when the key is not listed, the condition is missing, or there is no gate', () => {
    expect(removeNotReadyKey(pod({ type: 'KruisePodReady', status: 'True', message: '[]' }), 'preUpdateHook', NOW)).toBeUndefined();
    expect(removeNotReadyKey(pod(), 'preUpdateHook', NOW)).toBeUndefined();
    expect(removeNotReadyKey(pod(undefined, false), 'preUpdateHook', NOW)).toBeUndefined();
  });
});

describe('lifecycle state patch', () => {
  it('is the strategic-merge shape Kruise sends, and applies to a pod', () => {
    expect(lifecycleStatePatch('Updating', NOW)).toEqual({
      metadata: { labels: { 'lifecycle.apps.kruise.io/state': 'Updating' }, annotations: { 'lifecycle.apps.kruise.io/timestamp': TS } },
    });
    const out = withLifecycleState(pod(), 'Updating', NOW);
    expect(out.metadata.labels).toEqual({ app: 'web', 'lifecycle.apps.kruise.io/state': 'Updating' });
    expect(out.metadata.annotations).toEqual({ 'lifecycle.apps.kruise.io/timestamp': TS });
    expect(applyPodMetadataPatch(out, { metadata: { labels: { app: null } } }).metadata.labels).toEqual({ 'lifecycle.apps.kruise.io/state': 'Updating' });
  });
});

describe("the condition Kruise's pod-readiness controller gives a pod", () => {
  const held: PodCondition = { type: 'KruisePodReady', status: 'False', message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]' };
  it.each<[string, Pod, PodCondition | undefined]>([
    ['the gate and no condition: True, stamped now', pod(), { type: 'KruisePodReady', status: 'True', lastTransitionTime: TS }],
    ['no gate: nothing', pod(undefined, false), undefined],
    ['a condition already (held by a hook): left as it is', pod(held), undefined],
    ['being deleted: nothing', { ...pod(), metadata: { ...pod().metadata, deletionTimestamp: TS } }, undefined],
    // Every pod of the cluster is read, however odd the shape the API let through.
    ['a null spec: no gate', { ...pod(), spec: null } as unknown as Pod, undefined],
    ['readinessGates null: no gate', { ...pod(), spec: { ...pod().spec, readinessGates: null } } as unknown as Pod, undefined],
    ['a null entry before the gate: the gate still counts', { ...pod(), spec: { ...pod().spec, readinessGates: [null, { conditionType: 'KruisePodReady' }] } } as unknown as Pod, { type: 'KruisePodReady', status: 'True', lastTransitionTime: TS }],
    ['conditions null: written', { ...pod(), status: { conditions: null } } as unknown as Pod, { type: 'KruisePodReady', status: 'True', lastTransitionTime: TS }],
    ['conditions not a list: left alone', { ...pod(), status: { conditions: 'odd' } } as unknown as Pod, undefined],
  ])('%s', (_name, input, expected) => {
    const out = initialKruisePodReady(input, NOW);
    expect(kpr(out)).toEqual(expected);
    // Ready is the kubelet's to recompute.
    if (out) expect(ready(out)).toEqual(ready(input));
  });
});
