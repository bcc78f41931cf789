import { describe, it, expect } from '@jest/globals';
import { ManualClock } from '../../src/clock.js';
import { ImageCache } from '../../src/embedded/sim/image-cache.js';
import { PodIpAllocator } from '../../src/embedded/sim/pod-ip.js';
import { withCondition } from '../../src/embedded/sim/pod-conditions.js';
import { TimerSet } from '../../src/embedded/sim/timer-set.js';

describe('PodIpAllocator', () => {
  it('hands out addresses from .2 round-robin, never twice, and does not reuse a released one at once', () => {
    const ips = new PodIpAllocator();
    expect(ips.allocate('n', '10.244.3.0/24', 'a')).toBe('10.244.3.2');
    expect(ips.allocate('n', '10.244.3.0/24', 'b')).toBe('10.244.3.3');
    expect(ips.allocate('n', '10.244.3.0/24', 'a')).toBe('10.244.3.2');
    expect(ips.release('a')).toBe('n');
    expect(ips.allocate('n', '10.244.3.0/24', 'c')).toBe('10.244.3.4');
  });

  it('wraps around and reports a full range', () => {
    const ips = new PodIpAllocator();
    const cidr = '10.0.0.0/29'; // .2 to .6 usable
    const got = ['a', 'b', 'c', 'd', 'e'].map((uid) => ips.allocate('n', cidr, uid));
    expect(got).toEqual(['10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5', '10.0.0.6']);
    expect(ips.allocate('n', cidr, 'f')).toBeUndefined();
    ips.release('b');
    expect(ips.allocate('n', cidr, 'f')).toBe('10.0.0.3');
  });

  it('keeps nodes apart and honours reported addresses', () => {
    const ips = new PodIpAllocator();
    expect(ips.reserve('n1', '10.244.0.0/24', 'old', '10.244.0.2')).toBe(true);
    expect(ips.reserve('n1', '10.244.0.0/24', 'other', '10.244.0.2')).toBe(false);
    expect(ips.reserve('n1', '10.244.0.0/24', 'outside', '10.9.9.9')).toBe(false);
    expect(ips.allocate('n1', '10.244.0.0/24', 'new')).toBe('10.244.0.3');
    expect(ips.allocate('n2', '10.244.1.0/24', 'x')).toBe('10.244.1.2');
    expect(ips.allocate('n3', undefined, 'y')).toBe('10.250.0.2');
  });
});

describe('ImageCache', () => {
  it('shares one pull per node and image, caches successes and never caches failures', async () => {
    const clock = new ManualClock();
    const pulled: string[] = [];
    const cache = new ImageCache(new TimerSet(clock), { pullMs: 100, failImagePattern: /bad/, onPulled: (n, i) => pulled.push(`${n} ${i}`) });
    const results: string[] = [];
    cache.pull('n1', 'good', (ok) => results.push(`first ${ok}`));
    await clock.advance(50);
    cache.pull('n1', 'good', (ok) => results.push(`second ${ok}`));
    cache.pull('n2', 'good', (ok) => results.push(`other node ${ok}`));
    cache.pull('n1', 'bad', (ok) => results.push(`bad ${ok}`));
    await clock.advance(50);
    expect(results).toEqual(['first true', 'second true']);
    await clock.advance(50);
    expect(results).toEqual(['first true', 'second true', 'other node true', 'bad false']);
    cache.pull('n1', 'good', (ok) => results.push(`cached ${ok}`));
    expect(results.at(-1)).toBe('cached true');
    expect(cache.has('n1', 'bad')).toBe(false);
    expect(pulled).toEqual(['n1 good', 'n2 good']);
  });
});

describe('withCondition', () => {
  const now = '2026-01-01T00:01:00Z';
  const existing = [
    { type: 'example.com/gate', status: 'True' as const },
    { type: 'Ready', status: 'False' as const, reason: 'ContainersNotReady', lastTransitionTime: '2026-01-01T00:00:00Z' },
  ];

  it('keeps other writers\u2019 conditions and their order', () => {
    const next = withCondition(existing, { type: 'Ready', status: 'True' }, now);
    expect(next.map((c) => c.type)).toEqual(['example.com/gate', 'Ready']);
    expect(next[0]).toBe(existing[0]);
    expect(next[1]).toMatchObject({ status: 'True', lastTransitionTime: now });
  });

  it('leaves an entry alone when status and reason are unchanged, and keeps the transition time on a reason change', () => {
    expect(withCondition(existing, { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'new words' }, now)).toEqual(existing);
    expect(withCondition(existing, { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady' }, now)[1]).toMatchObject({
      reason: 'ReadinessGatesNotReady',
      lastTransitionTime: '2026-01-01T00:00:00Z',
    });
  });
});
