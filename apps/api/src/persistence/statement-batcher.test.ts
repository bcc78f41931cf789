// The group commit of small statements: concurrent items share one statement, each caller gets its own
// result in order, items arriving during a batch go in the next one, and a failing item fails alone.
import { describe, expect, it } from '@jest/globals';
import { StatementBatcher } from './statement-batcher.js';

describe('StatementBatcher', () => {
  it('runs concurrent items as one batch and answers each with its own result', async () => {
    const batches: number[][] = [];
    const batcher = new StatementBatcher<number, number>(async (items) => {
      batches.push(items);
      return items.map((i) => i * 10);
    });
    const results = await Promise.all([1, 2, 3].map((i) => batcher.submit(i)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('queues items that arrive while a batch runs into the next one, at most maxBatch each', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const batcher = new StatementBatcher<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await first;
      return items;
    }, 2);
    const a = batcher.submit(1);
    await new Promise((r) => setImmediate(r));
    const rest = [2, 3, 4].map((i) => batcher.submit(i));
    release();
    await Promise.all([a, ...rest]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const batcher = new StatementBatcher<string, string>(async (items) => {
      if (items.includes('bad')) throw new Error('refused: bad');
      return items.map((i) => i.toUpperCase());
    });
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map((i) => batcher.submit(i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['A', 'refused: bad', 'C']);
  });
});
