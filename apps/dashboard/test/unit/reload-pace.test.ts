import { describe, expect, it } from '@jest/globals';
import { ReloadPace } from '../../src/lib/live/reload-pace';

describe('ReloadPace', () => {
  it('allows the first reload at once, then waits at least the minimum', () => {
    const pace = new ReloadPace(1000, 5);
    expect(pace.delay(0)).toBe(0);
    pace.started(0);
    pace.finished(50);
    expect(pace.delay(300)).toBe(700);
    expect(pace.delay(1500)).toBe(0);
  });

  it('backs off to `factor` times the last load when the API is slow', () => {
    const pace = new ReloadPace(1000, 5);
    pace.started(0);
    pace.finished(400); // the API took 400 ms: the next reload no sooner than 2 s after this one started
    expect(pace.delay(400)).toBe(1600);
    pace.started(2000);
    pace.finished(2100);
    expect(pace.delay(2100)).toBe(900);
  });
});
