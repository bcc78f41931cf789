import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { ManualClock } from '@coxswain/cluster';
import { ItemExponentialFailureRateLimiter } from '../src/rate-limiter.js';
import { WorkQueue } from '../src/workqueue.js';

function newQueue(clock = new ManualClock()): WorkQueue {
  return new WorkQueue({ clock, name: 'test' });
}

/** Lets resolved promises run their continuations. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('WorkQueue', () => {
  it('queues a key once however often it is added', async () => {
    const q = newQueue();
    q.add('a');
    q.add('b');
    q.add('a');
    q.add('a');
    expect(q.len()).toBe(2);
    expect(await q.get()).toBe('a');
    expect(await q.get()).toBe('b');
    expect(q.len()).toBe(0);
  });

  it('hands keys out in the order they were first added', async () => {
    const q = newQueue();
    for (const k of ['c', 'a', 'b', 'a', 'c']) q.add(k);
    expect([await q.get(), await q.get(), await q.get()]).toEqual(['c', 'a', 'b']);
  });

  it('does not hand a key being processed to another worker, and re-queues it on done when re-added', async () => {
    const q = newQueue();
    q.add('a');
    expect(await q.get()).toBe('a');

    let second: string | undefined | null = null;
    void q.get().then((k) => (second = k));
    q.add('a'); // arrives while 'a' is processed: marked dirty, not queued
    await settle();
    expect(second).toBeNull();
    expect(q.len()).toBe(0);

    q.done('a');
    await settle();
    expect(second).toBe('a');
  });

  it('does not re-queue a key on done when it was not re-added', async () => {
    const q = newQueue();
    q.add('a');
    const key = await q.get();
    q.done(key!);
    expect(q.len()).toBe(0);
  });

  it('wakes a waiting get when a key is added', async () => {
    const q = newQueue();
    const pending = q.get();
    q.add('x');
    expect(await pending).toBe('x');
  });

  it('backs off exponentially per key: 5, 10, 20, 40 ms, and forget starts over', async () => {
    const clock = new ManualClock();
    const q = newQueue(clock);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const start = clock.now();
      q.addRateLimited('k');
      while (q.len() === 0) await clock.advance(1);
      delays.push(clock.now() - start);
      q.done((await q.get())!);
    }
    expect(delays).toEqual([5, 10, 20, 40]);
    expect(q.numRequeues('k')).toBe(4);

    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
    q.addRateLimited('k');
    await clock.advance(4);
    expect(q.len()).toBe(0);
    await clock.advance(1);
    expect(q.len()).toBe(1);
  });

  it('keeps separate backoff per key', async () => {
    const clock = new ManualClock();
    const q = newQueue(clock);
    q.addRateLimited('a');
    q.addRateLimited('a'); // second failure of 'a' (10 ms) loses to its earlier pending add at 5 ms
    q.addRateLimited('b');
    expect(q.numRequeues('a')).toBe(2);
    expect(q.numRequeues('b')).toBe(1);
    await clock.advance(5);
    expect(q.len()).toBe(2);
  });

  it('caps the backoff at 1000 s like controller-runtime', () => {
    const limiter = new ItemExponentialFailureRateLimiter();
    const delays = Array.from({ length: 30 }, () => limiter.when('k'));
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 80]);
    expect(delays[17]).toBe(655_360);
    expect(delays[18]).toBe(1_000_000);
    expect(delays[29]).toBe(1_000_000);
  });

  it('addAfter: the earliest of several delays wins and the key is added once', async () => {
    const clock = new ManualClock();
    const q = newQueue(clock);
    q.addAfter('k', 100);
    q.addAfter('k', 30);
    q.addAfter('k', 60);
    await clock.advance(29);
    expect(q.len()).toBe(0);
    await clock.advance(1);
    expect(q.len()).toBe(1);
    q.done((await q.get())!);
    await clock.advance(200);
    expect(q.len()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('addAfter with no delay adds at once', () => {
    const q = newQueue();
    q.addAfter('k', 0);
    expect(q.len()).toBe(1);
  });

  it('shutDown releases waiting getters, ignores adds and cancels delayed adds', async () => {
    const clock = new ManualClock();
    const q = newQueue(clock);
    const waiting = [q.get(), q.get()];
    q.addAfter('later', 10);
    q.shutDown();
    expect(await Promise.all(waiting)).toEqual([undefined, undefined]);
    q.add('a');
    expect(q.len()).toBe(0);
    expect(await q.get()).toBeUndefined();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('shutDownWithDrain hands out what is queued and resolves once all of it is done', async () => {
    const q = newQueue();
    q.add('a');
    q.add('b');
    const first = (await q.get())!;
    let drained = false;
    void q.shutDownWithDrain().then(() => (drained = true));
    q.add('c'); // ignored: shutting down
    const second = (await q.get())!;
    expect([first, second]).toEqual(['a', 'b']);
    expect(await q.get()).toBeUndefined();
    q.done(first);
    await settle();
    expect(drained).toBe(false);
    q.done(second);
    await settle();
    expect(drained).toBe(true);
  });

  it('reports depth, adds, retries and durations through the metrics hooks', async () => {
    const clock = new ManualClock();
    const events: string[] = [];
    const q = new WorkQueue({
      clock,
      metrics: {
        add: (k) => events.push(`add ${k}`),
        get: (k) => events.push(`get ${k}`),
        done: (k) => events.push(`done ${k}`),
        retry: () => events.push('retry'),
      },
    });
    q.add('a');
    q.add('a');
    const k = (await q.get())!;
    q.add('a');
    q.done(k);
    q.addRateLimited('b');
    expect(events).toEqual(['add a', 'get a', 'add a', 'done a', 'retry']);
  });
});

describe('WorkQueue with concurrent workers (property)', () => {
  type Op = { kind: 'add'; key: string } | { kind: 'finish'; worker: number };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), key: fc.constantFrom('a', 'b', 'c', 'd') }),
    fc.record({ kind: fc.constant('finish' as const), worker: fc.integer({ min: 0, max: 3 }) }),
  );

  it('never processes a key in two workers at once and never loses an add', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.array(opArb, { maxLength: 60 }), async (workerCount, ops) => {
        const q = newQueue();
        const holding = new Map<string, number>(); // key -> worker processing it
        const gates: ((() => void) | undefined)[] = Array(workerCount).fill(undefined);
        /** Keys added since their last processing start: each must be processed again. */
        const owed = new Set<string>();
        let overlap: string | undefined;
        let starts = 0;
        let adds = 0;

        const workers = Array.from({ length: workerCount }, async (_, w) => {
          for (;;) {
            const key = await q.get();
            if (key === undefined) return;
            if (holding.has(key)) overlap = `${key} held by worker ${holding.get(key)} given to worker ${w}`;
            holding.set(key, w);
            owed.delete(key);
            starts++;
            await new Promise<void>((resolve) => (gates[w] = resolve));
            gates[w] = undefined;
            holding.delete(key);
            q.done(key);
          }
        });

        for (const op of ops) {
          if (op.kind === 'add') {
            q.add(op.key);
            owed.add(op.key);
            adds++;
          } else {
            gates[op.worker % workerCount]?.();
          }
          await settle();
          if (overlap) break;
        }
        // Let every worker finish what it holds until nothing is left to do.
        for (let rounds = 0; rounds < 100 && (q.len() > 0 || holding.size > 0); rounds++) {
          for (const gate of gates) gate?.();
          await settle();
        }
        q.shutDown();
        for (const gate of gates) gate?.();
        await Promise.all(workers);

        expect(overlap).toBeUndefined();
        expect([...owed]).toEqual([]);
        expect(starts).toBeLessThanOrEqual(adds);
      }),
      { numRuns: 200 },
    );
  });
});
