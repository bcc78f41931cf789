import { describe, expect, it } from '@jest/globals';
import { PodStore } from '../../src/lib/live/pod-store';
import { pod } from '../support/fixtures';
import type { PodEvent } from '../../src/lib/api/types';

describe('PodStore', () => {
  it('applies a batch of upserts and deletions, bumping the version once and notifying once', () => {
    const store = new PodStore();
    let notified = 0;
    store.subscribe(() => notified++);
    store.replaceAll([pod('b'), pod('a')]);
    expect(store.snapshot().map((p) => p.name)).toEqual(['a', 'b']);
    const v = store.version;
    const batch = new Map<string, PodEvent>([
      ['a', { type: 'DELETED', pod: pod('a') }],
      ['c', { type: 'ADDED', pod: pod('c') }],
      ['b', { type: 'MODIFIED', pod: pod('b', { revision: 'new' }) }],
    ]);
    expect(store.apply(batch, 42)).toEqual(['a', 'c', 'b']);
    expect(store.version).toBe(v + 1);
    expect(notified).toBe(2);
    expect(store.snapshot().map((p) => [p.name, p.revision])).toEqual([
      ['b', 'new'],
      ['c', 'web-old'],
    ]);
    expect(store.changedAt.get('b')).toBe(42);
  });

  it('keeps the same snapshot array until something changes, and ignores deletions of unknown pods', () => {
    const store = new PodStore();
    store.replaceAll([pod('a')]);
    const first = store.snapshot();
    expect(store.snapshot()).toBe(first);
    const v = store.version;
    expect(store.apply(new Map([['zz', { type: 'DELETED', pod: pod('zz') } as PodEvent]]))).toEqual([]);
    expect(store.version).toBe(v);
    expect(store.snapshot()).toBe(first);
  });

  it('unsubscribes', () => {
    const store = new PodStore();
    let n = 0;
    const off = store.subscribe(() => n++);
    off();
    store.replaceAll([]);
    expect(n).toBe(0);
    expect(store.loaded).toBe(true);
  });

  it('turns pods available when their availableAt passes, which no event marks', () => {
    const store = new PodStore();
    const T = Date.UTC(2026, 10, 27, 12, 0, 0);
    const at = (ms: number) => new Date(T + ms).toISOString();
    store.replaceAll([
      pod('a', { available: false, availableAt: at(4_000) }),
      pod('b', { available: false, availableAt: at(2_000) }),
      pod('c', { available: false, availableAt: null, ready: false }),
      pod('d'),
    ]);
    expect(store.nextAvailableAt()).toBe(T + 2_000);
    const v = store.version;
    // Only strictly after the moment: at it, the pod is not available yet.
    expect(store.promoteAvailable(T + 2_000)).toBe(false);
    expect(store.version).toBe(v);
    expect(store.promoteAvailable(T + 2_001)).toBe(true);
    expect(store.version).toBe(v + 1);
    expect(store.snapshot().map((p) => [p.name, p.available, p.availableAt])).toEqual([
      ['a', false, at(4_000)],
      ['b', true, null],
      ['c', false, null],
      ['d', true, null],
    ]);
    expect(store.nextAvailableAt()).toBe(T + 4_000);
    expect(store.promoteAvailable(T + 10_000)).toBe(true);
    expect(store.nextAvailableAt()).toBeUndefined();
    expect(
      store
        .snapshot()
        .filter((p) => p.available)
        .map((p) => p.name),
    ).toEqual(['a', 'b', 'd']);
  });
});
