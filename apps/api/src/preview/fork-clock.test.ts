// The fork's clock changes when the fork settles, not what fires when: for any schedule of timers (timers
// that set timers, at the same instant or later, directly or after a promise turn, and cancel others),
// ForkClock fires the same callbacks at the same times as ManualClock, the clock the cluster's own tests
// and the accuracy test's real run use; in the same order when timers are set by timers' callbacks.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ManualClock, type Clock, type TimerHandle } from '@coxswain/cluster';
import { ForkClock } from './fork-clock.js';

interface Plan {
  /** When it is set, from the start or from the timer that sets it. */
  delay: number;
  /** Set from the firing callback directly, or after a promise turn. */
  later: boolean;
  /** Cancels the timer with this number, if set and not fired. */
  cancels: number | null;
  children: Plan[];
}

const plan: fc.Memo<Plan> = fc.memo((n) => fc.record({
  delay: fc.constantFrom(0, 0, 10, 50, 100, 250),
  later: fc.boolean(),
  cancels: fc.option(fc.nat({ max: 50 })),
  children: n > 1 ? fc.array(plan(n - 1), { maxLength: 3 }) : fc.constant([]),
}));

/** Each timer is named by its place in the plan (root index, then child indexes), whatever order it is set in. */
function names(roots: Plan[]): string[] {
  const all: string[] = [];
  const walk = (p: Plan, name: string): void => {
    all.push(name);
    p.children.forEach((child, i) => walk(child, `${name}.${i}`));
  };
  roots.forEach((root, i) => walk(root, `${i}`));
  return all;
}

const steps = fc.array(fc.constantFrom(0, 30, 100, 400), { minLength: 1, maxLength: 8 });

async function run(clock: Clock & { advance(ms: number): Promise<void> }, roots: Plan[], steps: number[]): Promise<string[]> {
  const log: string[] = [];
  const handles = new Map<string, TimerHandle>();
  const all = names(roots);
  const start = clock.now();
  const set = (p: Plan, name: string): void => {
    handles.set(name, clock.setTimer(p.delay, () => {
      log.push(`${name}@${clock.now() - start}`);
      if (p.cancels !== null) handles.get(all[p.cancels % all.length]!)?.cancel();
      p.children.forEach((child, i) => {
        if (child.later) void Promise.resolve().then(() => set(child, `${name}.${i}`));
        else set(child, `${name}.${i}`);
      });
    }));
  };
  roots.forEach((root, i) => set(root, `${i}`));
  for (const ms of steps) await clock.advance(ms);
  return log;
}

describe('ForkClock', () => {
  it('fires what ManualClock fires, in its order, at its times, when timers are set by timers', async () => {
    await fc.assert(fc.asyncProperty(fc.array(plan(4), { maxLength: 6 }), steps, async (roots, advances) => {
      const synchronous = roots.map(function strip(p: Plan): Plan { return { ...p, later: false, children: p.children.map(strip) }; });
      expect(await run(new ForkClock(1_000), synchronous, advances)).toEqual(await run(new ManualClock(1_000), synchronous, advances));
    }), { numRuns: 150 });
  });

  it('fires what ManualClock fires at its times when timers are also set a promise turn later', async () => {
    // What differs is what runs between two callbacks of one instant: ManualClock settles between them,
    // ForkClock after both. So two timers due at one later instant, one set by a callback and one a
    // promise turn after another callback, may swap; and a callback cannot cancel a timer that the
    // promise turn of another callback of its instant has not set yet (no cancellations here).
    const byInstant = (log: string[]) => [...log].sort((a, b) => Number(a.split('@')[1]) - Number(b.split('@')[1]) || a.localeCompare(b));
    await fc.assert(fc.asyncProperty(fc.array(plan(4), { maxLength: 6 }), steps, async (roots, advances) => {
      const uncancelled = roots.map(function strip(p: Plan): Plan { return { ...p, cancels: null, children: p.children.map(strip) }; });
      expect(byInstant(await run(new ForkClock(1_000), uncancelled, advances))).toEqual(byInstant(await run(new ManualClock(1_000), uncancelled, advances)));
    }), { numRuns: 150 });
  });

  it('fires the timers due at one instant before settling once for them', async () => {
    const settles: number[] = [];
    const fired: string[] = [];
    const clock = new ForkClock(0, async () => { settles.push(fired.length); });
    for (const name of ['a', 'b', 'c']) clock.setTimer(100, () => fired.push(name));
    clock.setTimer(200, () => fired.push('d'));
    await clock.advance(300);
    expect(fired).toEqual(['a', 'b', 'c', 'd']);
    // Before the first instant, after the three at 100, after the one at 200, and at the end.
    expect(settles).toEqual([0, 3, 4, 4]);
    expect(clock.now()).toBe(300);
  });
});
