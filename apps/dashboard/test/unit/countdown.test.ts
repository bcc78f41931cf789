// One countdown for every moment the API serves, on the server's clock (issue 28 item 6): the health
// banner, the plan, a pod's tooltip and a subset's recovery say the same time for the same moment.
import { describe, expect, it } from '@jest/globals';
import { countdownTo, countdownWords, secondsUntil } from '../../src/lib/clock/countdown';
import { ServerClock } from '../../src/lib/clock/server-clock';

const T = Date.parse('2026-05-01T12:00:00Z');

describe('countdown', () => {
  it('counts whole seconds, rounded up, to 0 once the moment has come', () => {
    expect(secondsUntil(T + 12_000, T)).toBe(12);
    expect(secondsUntil(T + 11_001, T)).toBe(12);
    expect(secondsUntil(T, T)).toBe(0);
    expect(secondsUntil(T - 3_000, T)).toBe(0);
  });

  it('says it in seconds, then minutes, then hours', () => {
    expect(countdownWords(T + 12_000, T)).toBe('in 12 s');
    expect(countdownWords(T + 119_000, T)).toBe('in 119 s');
    expect(countdownWords(T + 250_000, T)).toBe('in 5 min');
    expect(countdownWords(T + 3 * 3_600_000, T)).toBe('in 3 h');
    expect(countdownWords(T - 1, T)).toBe('now');
    expect(countdownTo(new Date(T + 12_000).toISOString(), T)).toBe('in 12 s');
    expect(countdownTo('not a time', T)).toBe('');
  });

  it("counts down on the server's clock: a browser clock 5 s behind still says what the server says", () => {
    let local = T;
    const clock = new ServerClock(() => local);
    expect(clock.now()).toBe(T);
    // Asked at T, answered at T + 200 ms, with the server at T + 5.1 s when it read its clock.
    clock.note(new Date(T + 5_100).toISOString(), T, T + 200);
    expect(clock.now()).toBe(T + 5_000);
    local = T + 1_000;
    expect(countdownWords(T + 20_000, clock.now())).toBe('in 14 s');
    clock.note('garbage', T, T);
    expect(clock.now()).toBe(T + 6_000);
  });
});
