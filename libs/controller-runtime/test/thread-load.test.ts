import { describe, expect, it } from '@jest/globals';
import { ThreadLoad } from '../src/thread-load.js';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ThreadLoad', () => {
  it('reads a thread that never waited as saturated and a waiting one as idle', async () => {
    const load = new ThreadLoad();
    await idle(10);
    for (let i = 0; i < 4; i++) {
      busy(150);
      await new Promise((r) => setImmediate(r));
    }
    expect(load.utilization()).toBeGreaterThan(0.8);
    for (let i = 0; i < 3; i++) {
      await idle(300);
      load.utilization();
    }
    expect(load.utilization()).toBeLessThan(0.2);
  });
});
