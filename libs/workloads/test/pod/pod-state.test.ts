import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import {
  availableAt, explainUnavailable, isActive, isNormalLifecycle, isPodAvailable, isPodReady, isRunningAndReady,
  isSpecifiedDelete, lifecycleState, readyTransitionTime,
} from '../../src/pod/pod-state.js';
import { secondsUntil } from '../../src/pod/time.js';
import { timestampMillis } from '../../src/pod/time.js';
import { T0, iso, makePod, readyPod } from '../cloneset/pod-state-fixtures.js';

describe('isActive', () => {
  it.each([
    ['Running', undefined, true],
    ['Pending', undefined, true],
    ['Unknown', undefined, true],
    ['Succeeded', undefined, false],
    ['Failed', undefined, false],
    ['Running', '2026-01-01T00:00:00Z', false],
  ] as const)('phase %s, deletionTimestamp %s -> %s', (phase, deletionTimestamp, expected) => {
    expect(isActive(makePod({ phase, ...(deletionTimestamp ? { deletionTimestamp } : {}) }))).toBe(expected);
  });
});

describe('lifecycle state', () => {
  it('reads the label, "" when absent', () => {
    expect(lifecycleState(makePod())).toBe('');
    expect(lifecycleState(makePod({ state: 'PreparingUpdate' }))).toBe('PreparingUpdate');
  });

  it.each([
    ['', true],
    ['Normal', true],
    ['PreparingNormal', false],
    ['PreparingUpdate', false],
    ['Updating', false],
    ['Updated', false],
    ['PreparingDelete', false],
    ['SomethingHandWritten', false],
  ])('state %j counts as normal: %s', (state, normal) => {
    const pod = state === '' ? makePod({ revision: 'r', ready: 'True' }) : readyPod('r', { state });
    expect(isNormalLifecycle(pod)).toBe(normal);
    expect(isPodAvailable(pod, 0, T0)).toBe(normal);
    expect(isPodReady(pod)).toBe(normal);
    // readyReplicas ignores the lifecycle state.
    expect(isRunningAndReady(pod)).toBe(true);
  });
});

describe('isSpecifiedDelete', () => {
  it('label presence counts, whatever the value (even empty)', () => {
    expect(isSpecifiedDelete(makePod({ specifiedDelete: 'true' }))).toBe(true);
    expect(isSpecifiedDelete(makePod({ specifiedDelete: '' }))).toBe(true);
    expect(isSpecifiedDelete(makePod({ specifiedDelete: 'false' }))).toBe(true);
    expect(isSpecifiedDelete(makePod())).toBe(false);
  });

  it('name in podsToDelete counts (array or set)', () => {
    const pod = makePod({ name: 'web-abcde' });
    expect(isSpecifiedDelete(pod, ['web-xxxxx', 'web-abcde'])).toBe(true);
    expect(isSpecifiedDelete(pod, new Set(['web-abcde']))).toBe(true);
    expect(isSpecifiedDelete(pod, ['web-xxxxx'])).toBe(false);
    expect(isSpecifiedDelete(pod, [])).toBe(false);
  });
});

describe('readiness and availability', () => {
  it('needs phase Running', () => {
    for (const phase of ['Pending', 'Unknown', 'Succeeded', 'Failed'] as const) {
      const pod = readyPod('r', { phase });
      expect(isRunningAndReady(pod)).toBe(false);
      expect(isPodReady(pod)).toBe(false);
      expect(isPodAvailable(pod, 0, T0)).toBe(false);
    }
  });

  it('needs the Ready condition True', () => {
    for (const ready of ['False', 'Unknown', undefined] as const) {
      const pod = makePod({ revision: 'r', state: 'Normal', ...(ready ? { ready } : {}) });
      expect(isRunningAndReady(pod)).toBe(false);
      expect(isPodAvailable(pod, 0, T0)).toBe(false);
    }
  });

  it('InPlaceUpdateReady False or Unknown makes a pod neither ready nor available; absent or True passes', () => {
    expect(isRunningAndReady(readyPod('r', { inPlaceUpdateReady: 'False' }))).toBe(false);
    expect(isPodReady(readyPod('r', { inPlaceUpdateReady: 'False' }))).toBe(false);
    expect(isPodAvailable(readyPod('r', { inPlaceUpdateReady: 'False' }), 0, T0)).toBe(false);
    expect(isPodAvailable(readyPod('r', { inPlaceUpdateReady: 'Unknown' }), 0, T0)).toBe(false);
    expect(isPodAvailable(readyPod('r', { inPlaceUpdateReady: 'True' }), 0, T0)).toBe(true);
    expect(isPodAvailable(readyPod('r'), 0, T0)).toBe(true);
  });

  it('minReadySeconds: available only strictly after Ready transition + minReadySeconds', () => {
    const pod = readyPod('r', { readySince: T0 });
    expect(isPodAvailable(pod, 10, T0 + 9_999)).toBe(false);
    expect(isPodAvailable(pod, 10, T0 + 10_000)).toBe(false);
    expect(isPodAvailable(pod, 10, T0 + 10_001)).toBe(true);
    expect(availableAt(pod, 10)).toBe(T0 + 10_000);
    // minReadySeconds 0 does not look at the time at all.
    expect(isPodAvailable(pod, 0, T0 - 1_000_000)).toBe(true);
    // ready(p) is availability with minReadySeconds 0.
    expect(isPodReady(pod)).toBe(true);
  });

  it('minReadySeconds with an unknown (zero) Ready transition time never passes', () => {
    const pod = readyPod('r');
    pod.status!.conditions![0]!.lastTransitionTime = '0001-01-01T00:00:00Z';
    expect(readyTransitionTime(pod)).toBeUndefined();
    expect(isPodAvailable(pod, 1, T0 + 1e12)).toBe(false);
    delete pod.status!.conditions![0]!.lastTransitionTime;
    expect(isPodAvailable(pod, 1, T0 + 1e12)).toBe(false);
    expect(isPodAvailable(pod, 0, T0)).toBe(true);
  });

  it('readyTransitionTime parses RFC 3339', () => {
    expect(readyTransitionTime(readyPod('r', { readySince: T0 + 5_000 }))).toBe(T0 + 5_000);
  });
});

describe('explainUnavailable', () => {
  it('names the first obstacle in predicate order', () => {
    expect(explainUnavailable(readyPod('r', { state: 'PreparingDelete', phase: 'Pending' }), 0, T0)).toBe('lifecycle state PreparingDelete');
    expect(explainUnavailable(makePod({ phase: 'Pending' }), 0, T0)).toBe('Pending');
    expect(explainUnavailable(makePod({ ready: 'False' }), 0, T0)).toBe('not Ready');
    expect(explainUnavailable(makePod({ ready: 'True', inPlaceUpdateReady: 'False' }), 0, T0))
      .toBe('in-place update in progress (InPlaceUpdateReady False)');
    expect(explainUnavailable(readyPod('r'), 0, T0)).toBeUndefined();
  });

  it('names minReadySeconds in the same words whenever it is asked (the moment is availableAt, issue 28 item 6)', () => {
    const pod = readyPod('r', { name: 'web-k2j1', readySince: T0 });
    for (const now of [T0 + 1_000, T0 + 18_000, T0 + 18_500, T0 + 30_000]) {
      expect(explainUnavailable(pod, 30, now)).toBe('pod web-k2j1 turns available once Ready for minReadySeconds (30 s)');
    }
    expect(explainUnavailable(pod, 30, T0 + 30_001)).toBeUndefined();
    expect(availableAt(pod, 30)).toBe(T0 + 30_000);
  });

  it('counts whole seconds up to a moment, rounding up: every remaining duration of a plan', () => {
    expect(secondsUntil(T0 + 12_000, T0)).toBe(12);
    expect(secondsUntil(T0 + 11_500, T0)).toBe(12);
    expect(secondsUntil(T0, T0)).toBe(0);
    expect(secondsUntil(T0 - 5_000, T0)).toBe(0);
  });

  it('explains an unknown Ready time', () => {
    const pod = readyPod('r');
    pod.status!.conditions![0]!.lastTransitionTime = iso(Date.parse('0001-01-01T00:00:00Z'));
    expect(explainUnavailable(pod, 5, T0)).toBe(`pod ${pod.metadata.name} is Ready since an unknown time (minReadySeconds 5)`);
  });
});

describe('timestampMillis', () => {
  it('agrees with Date.parse on canonical RFC 3339 instants', () => {
    const min = Date.parse('0001-01-02T00:00:00Z');
    const max = Date.parse('9999-12-31T23:59:59Z');
    fc.assert(fc.property(fc.integer({ min: min / 1000, max: max / 1000 }), (seconds) => {
      const text = iso(seconds * 1000);
      expect(timestampMillis(text)).toBe(Date.parse(text));
    }), { numRuns: 5000 });
  });

  it.each([
    ['2024-02-29T12:34:56Z', Date.parse('2024-02-29T12:34:56Z')],
    ['2026-01-01T00:00:05.250Z', T0 + 5_250],
    ['2026-01-01T02:00:05+02:00', T0 + 5_000],
    ['0001-01-01T00:00:00Z', undefined],
    ['', undefined],
    [undefined, undefined],
    ['not a time at all!!', undefined],
    ['2026-13-01T00:00:00Z', undefined],
  ])('%j -> %j', (text, expected) => {
    expect(timestampMillis(text)).toBe(expected);
  });
});
