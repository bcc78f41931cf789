// wallTimeOf: when the wall clock gets to a moment of a cluster clock (a browser's timer needs it);
// rfc3339: how an instant is written as metav1.Time.
import { describe, expect, it } from '@jest/globals';
import { ManualClock, RealClock, ScaledClock, rfc3339, wallTimeOf } from '../src/clock.js';

describe('wallTimeOf', () => {
  it('is the moment itself on a real or manual clock', () => {
    expect(wallTimeOf(new RealClock(), 1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(wallTimeOf(new ManualClock('2026-01-01T00:00:00Z'), 42)).toBe(42);
  });

  it.each([
    ['20 times faster, from the same origin', 20, { wall: 1_000_000, simulated: 1_000_000 }, 1_000_000 + 20_000, 1_001_000],
    ['resumed ahead of the wall clock after a restart', 20, { wall: 1_000_000, simulated: 5_000_000 }, 5_000_000 + 4_000, 1_000_200],
    ['a moment already past', 10, { wall: 1_000_000, simulated: 2_000_000 }, 1_990_000, 999_000],
  ])('on a scaled clock, %s', (_what, factor, origin, at, wall) => {
    expect(wallTimeOf(new ScaledClock(factor, origin), at)).toBe(wall);
  });

  it('maps a scaled clock\'s now to about the wall clock\'s now', () => {
    const clock = new ScaledClock(50, { wall: Date.now() - 60_000, simulated: Date.now() });
    const wall = wallTimeOf(clock, clock.now());
    expect(Math.abs(wall - Date.now())).toBeLessThan(1000);
  });
});

describe('rfc3339', () => {
  it('writes an instant as metav1.Time: UTC, whole seconds, the fraction cut off', () => {
    expect(rfc3339(Date.UTC(2026, 10, 28, 8, 5, 9, 999))).toBe('2026-11-28T08:05:09Z');
    expect(rfc3339(1_999.999)).toBe('1970-01-01T00:00:01Z');
    expect(rfc3339(-1)).toBe('1969-12-31T23:59:59Z');
    expect(() => rfc3339(Number.NaN)).toThrow(RangeError);
  });
});
