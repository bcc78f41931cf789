import { describe, expect, it } from '@jest/globals';
import { Batcher } from '../../src/lib/live/batcher';
import { FakeScheduler } from '../support/fake-scheduler';

function setup(minInterval = 100) {
  const s = new FakeScheduler();
  const flushes: [string, number][][] = [];
  const b = new Batcher<string, number>((batch) => flushes.push([...batch.entries()]), s, minInterval);
  return { s, b, flushes };
}

describe('Batcher', () => {
  it('flushes a lone change on the next frame', () => {
    const { s, b, flushes } = setup();
    s.time = 1000;
    b.push('a', 1);
    expect(flushes).toEqual([]);
    s.tickFrame();
    expect(flushes).toEqual([[['a', 1]]]);
  });

  it('coalesces a burst: one flush, the last value per key, in order of last arrival', () => {
    const { s, b, flushes } = setup();
    s.time = 1000;
    for (let i = 0; i < 10_000; i++) b.push(`pod-${i % 500}`, i);
    b.push('pod-0', -1);
    expect(s.pendingFrames).toBe(1);
    s.tickFrame();
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toHaveLength(500);
    expect(flushes[0]![499]).toEqual(['pod-0', -1]);
    expect(flushes[0]![0]).toEqual(['pod-1', 9501]);
  });

  it('flushes at most once per interval while events keep coming', () => {
    const { s, b, flushes } = setup(100);
    s.time = 1000;
    // 2 seconds of a steady stream: one event every 5 ms, one animation frame every 15 ms.
    for (let t = 0; t < 2000; t += 5) {
      b.push(`p${t}`, t);
      s.advance(5);
      if (t % 15 === 10) s.tickFrame(0);
    }
    s.advance(200);
    s.tickFrame();
    const total = flushes.reduce((n, f) => n + f.length, 0);
    expect(total).toBe(400); // nothing lost
    expect(flushes.length).toBeLessThanOrEqual(22); // about 2000 ms / 100 ms, not 400
    expect(flushes.length).toBeGreaterThanOrEqual(15);
  });

  it('holds nothing back while frames stall (a background tab): memory stays one entry per key', () => {
    const { s, b, flushes } = setup();
    s.time = 1000;
    for (let i = 0; i < 1000; i++) b.push(`pod-${i % 10}`, i);
    expect(b.size).toBe(10);
    expect(flushes).toEqual([]);
    s.tickFrame();
    expect(flushes[0]).toHaveLength(10);
  });

  it('drain flushes at once; stop drops pending changes and ignores new ones', () => {
    const { s, b, flushes } = setup();
    s.time = 1000;
    b.push('a', 1);
    b.drain();
    expect(flushes).toEqual([[['a', 1]]]);
    expect(s.pendingFrames).toBe(0);
    b.push('b', 2);
    b.stop();
    b.push('c', 3);
    s.advance(1000);
    s.tickFrame();
    expect(flushes).toHaveLength(1);
    expect(s.pendingFrames + s.pendingTimers).toBe(0);
  });
});
