import { describe, it, expect } from '@jest/globals';
import { ManualClock } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { DEFAULT_EXPECTATION_TIMEOUT_MS, isResourceVersionAtLeast } from '../src/expectations.js';
import { ResourceVersionExpectations, type ObjectCache } from '../src/resource-version-expectations.js';
import { ScaleExpectations } from '../src/scale-expectations.js';

const FIVE_MINUTES = 5 * 60 * 1000;

describe('ScaleExpectations', () => {
  it('is satisfied only once every expected creation and deletion has been observed', () => {
    const exp = new ScaleExpectations({ clock: new ManualClock() });
    expect(exp.satisfied('ns/web')).toBe(true);

    exp.expectScale('ns/web', 'create', 'web-a');
    exp.expectScale('ns/web', 'create', 'web-b');
    exp.expectScale('ns/web', 'delete', 'web-old');
    expect(exp.satisfied('ns/web')).toBe(false);

    exp.observeScale('ns/web', 'create', 'web-a');
    exp.observeScale('ns/web', 'delete', 'web-b'); // wrong action: does not count
    exp.observeScale('ns/other', 'create', 'web-b'); // other controller key: does not count
    expect(exp.satisfied('ns/web')).toBe(false);
    expect(exp.pending('ns/web')).toMatchObject({ creations: ['web-b'], deletions: ['web-old'] });

    exp.observeScale('ns/web', 'create', 'web-b');
    expect(exp.satisfied('ns/web')).toBe(false);
    exp.observeScale('ns/web', 'delete', 'web-old');
    expect(exp.satisfied('ns/web')).toBe(true);
    expect(exp.pending('ns/web')).toBeUndefined();
  });

  it('explains what is outstanding and since when', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const exp = new ScaleExpectations({ clock });
    exp.expectScale('ns/web', 'create', 'web-b');
    await clock.advance(1000);
    exp.expectScale('ns/web', 'create', 'web-a');
    exp.expectScale('ns/web', 'delete', 'web-z');
    const pending = exp.pending('ns/web')!;
    expect(pending.since).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(pending.expiresAt).toBe(pending.since + FIVE_MINUTES);
    expect(pending.message).toBe('waiting to observe 2 creations (web-a, web-b) and 1 deletion (web-z)');
  });

  it('stops waiting 5 minutes after the expectation was set, on the injected clock', async () => {
    const clock = new ManualClock();
    const exp = new ScaleExpectations({ clock });
    expect(DEFAULT_EXPECTATION_TIMEOUT_MS).toBe(FIVE_MINUTES);
    exp.expectScale('ns/web', 'create', 'web-a');
    await clock.advance(FIVE_MINUTES - 1);
    expect(exp.satisfied('ns/web')).toBe(false);
    await clock.advance(1);
    expect(exp.satisfied('ns/web')).toBe(true);
    expect(exp.pending('ns/web')).toBeUndefined();

    // New expectations after a timeout get a full timeout of their own.
    exp.expectScale('ns/web', 'create', 'web-c');
    expect(exp.satisfied('ns/web')).toBe(false);
    await clock.advance(FIVE_MINUTES - 1);
    expect(exp.satisfied('ns/web')).toBe(false);
  });

  it('does not inherit the age of an expired record that nobody checked', async () => {
    const clock = new ManualClock();
    const exp = new ScaleExpectations({ clock });
    exp.expectScale('k', 'create', 'a');
    await clock.advance(FIVE_MINUTES + 1);
    exp.expectScale('k', 'create', 'b');
    expect(exp.satisfied('k')).toBe(false);
    expect(exp.pending('k')?.creations).toEqual(['b']);
  });

  it('honours a custom timeout and deleteExpectations', async () => {
    const clock = new ManualClock();
    const exp = new ScaleExpectations({ clock, timeoutMs: 1000 });
    exp.expectScale('k', 'delete', 'a');
    await clock.advance(999);
    expect(exp.satisfied('k')).toBe(false);
    exp.deleteExpectations('k');
    expect(exp.satisfied('k')).toBe(true);
  });
});

function pod(name: string, uid: string, resourceVersion: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'ns', name, uid, resourceVersion } };
}

class MapCache implements ObjectCache {
  readonly objects = new Map<string, KubeObject>();
  put(o: KubeObject): void {
    this.objects.set(`${o.metadata.namespace}/${o.metadata.name}`, o);
  }
  get(namespace: string | undefined, name: string): KubeObject | undefined {
    return this.objects.get(`${namespace}/${name}`);
  }
}

describe('ResourceVersionExpectations', () => {
  it('waits until the cache shows the written resourceVersion or newer', () => {
    const cache = new MapCache();
    const exp = new ResourceVersionExpectations({ clock: new ManualClock(), cache });
    cache.put(pod('web-a', 'u1', '9'));
    cache.put(pod('web-b', 'u2', '20'));

    exp.expect('ns/web', pod('web-a', 'u1', '10'));
    exp.expect('ns/web', pod('web-b', 'u2', '21'));
    expect(exp.satisfied('ns/web')).toBe(false);
    expect(exp.pending('ns/web')?.objects.map((o) => o.name).sort()).toEqual(['web-a', 'web-b']);

    cache.put(pod('web-a', 'u1', '10'));
    expect(exp.pending('ns/web')?.objects.map((o) => o.name)).toEqual(['web-b']);
    expect(exp.pending('ns/web')?.message).toBe('waiting for the cache to show 1 updated object (web-b@21)');

    cache.put(pod('web-b', 'u2', '35')); // newer than expected is fine
    expect(exp.satisfied('ns/web')).toBe(true);
  });

  it('counts an object gone from the cache, or recreated with another uid, as caught up', () => {
    const cache = new MapCache();
    const exp = new ResourceVersionExpectations({ clock: new ManualClock(), cache });
    cache.put(pod('a', 'u1', '1'));
    cache.put(pod('b', 'u2', '1'));
    exp.expect('k', pod('a', 'u1', '5'));
    exp.expect('k', pod('b', 'u2', '5'));
    expect(exp.satisfied('k')).toBe(false);

    cache.objects.delete('ns/a');
    cache.put(pod('b', 'u3', '2'));
    expect(exp.satisfied('k')).toBe(true);
  });

  it('keeps the highest version expected for an object', () => {
    const cache = new MapCache();
    const exp = new ResourceVersionExpectations({ clock: new ManualClock(), cache });
    exp.expect('k', pod('a', 'u1', '7'));
    exp.expect('k', pod('a', 'u1', '5'));
    cache.put(pod('a', 'u1', '6'));
    expect(exp.satisfied('k')).toBe(false);
    cache.put(pod('a', 'u1', '7'));
    expect(exp.satisfied('k')).toBe(true);
  });

  it('is satisfied when the cache was already ahead before expect was called', () => {
    const cache = new MapCache();
    const exp = new ResourceVersionExpectations({ clock: new ManualClock(), cache });
    cache.put(pod('a', 'u1', '8')); // the watch delivered the write before the API call returned
    exp.expect('k', pod('a', 'u1', '8'));
    expect(exp.satisfied('k')).toBe(true);
  });

  it('gives up after the timeout', async () => {
    const clock = new ManualClock();
    const cache = new MapCache();
    const exp = new ResourceVersionExpectations({ clock, cache });
    cache.put(pod('a', 'u1', '1'));
    exp.expect('k', pod('a', 'u1', '2'));
    await clock.advance(FIVE_MINUTES - 1);
    expect(exp.satisfied('k')).toBe(false);
    await clock.advance(1);
    expect(exp.satisfied('k')).toBe(true);
  });

  it('refuses an object that was not returned by the API', () => {
    const exp = new ResourceVersionExpectations({ clock: new ManualClock(), cache: new MapCache() });
    expect(() => exp.expect('k', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } })).toThrow(/resourceVersion/);
  });

  it('compares resourceVersions as integers', () => {
    expect(isResourceVersionAtLeast('10', '9')).toBe(true);
    expect(isResourceVersionAtLeast('9', '10')).toBe(false);
    expect(isResourceVersionAtLeast('10', '10')).toBe(true);
    expect(isResourceVersionAtLeast(undefined, '1')).toBe(false);
    expect(isResourceVersionAtLeast('abc', 'abd')).toBe(false);
    expect(isResourceVersionAtLeast('abc', 'abc')).toBe(true);
  });
});
