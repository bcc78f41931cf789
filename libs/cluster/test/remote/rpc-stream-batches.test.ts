// Stream batching on the serving thread: a burst of items goes out in few messages, in order, and no
// message of several items carries more than MAX_BATCH_CHARS of JSON (a longer string would sit in the
// old generation of both threads until a full collection).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MAX_BATCH_CHARS, RpcServer } from '../../src/remote/rpc-server.js';
import type { MessageEndpoint, Response } from '../../src/remote/wire.js';

/** An endpoint that records what the server sends and lets the test send it requests. */
function recordingEndpoint() {
  const sent: Response[] = [];
  let listener: ((message: unknown) => void) | undefined;
  const endpoint: MessageEndpoint = {
    postMessage: (message) => void sent.push(message as Response),
    on: (_event, l) => (listener = l),
    off: () => (listener = undefined),
  };
  return { endpoint, sent, request: (message: unknown) => listener?.(message) };
}

/** Streams `items` in one burst; resolves with the item messages once the stream has closed. */
async function batchesOf(items: unknown[]): Promise<unknown[][]> {
  const { endpoint, sent, request } = recordingEndpoint();
  new RpcServer(endpoint, {
    methods: {},
    streams: {
      burst: async (_args, emit, close) => {
        setImmediate(() => {
          for (const item of items) emit(item);
          close();
        });
        return () => {};
      },
    },
  });
  request({ kind: 'watch', id: 1, method: 'burst', args: [] });
  while (!sent.some((m) => m.kind === 'closed')) await new Promise((r) => setImmediate(r));
  return sent.flatMap((m) => {
    if (m.kind !== 'items') return [];
    const batch = JSON.parse(m.json) as unknown[];
    if (batch.length > 1) expect(m.json.length).toBeLessThanOrEqual(MAX_BATCH_CHARS + 2);
    return [batch];
  });
}

describe('RpcServer stream batches', () => {
  it.each([
    { case: '200 small items fill one batch', items: Array.from({ length: 200 }, (_, i) => i), batches: 1 },
    { case: 'the 201st small item starts a second', items: Array.from({ length: 201 }, (_, i) => i), batches: 2 },
    { case: 'items of 1,000 characters: about 48 per batch', items: Array.from({ length: 100 }, () => 'x'.repeat(998)), batches: 3 },
    { case: 'an item over the limit goes alone', items: ['a', 'x'.repeat(MAX_BATCH_CHARS + 10), 'b'], batches: 3 },
  ])('$case', async ({ items, batches }) => {
    const sent = await batchesOf(items);
    expect(sent).toHaveLength(batches);
    expect(sent.flat()).toEqual(items);
  });

  it('keeps every item, in order, whatever their sizes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 30_000 }), { maxLength: 40 }), async (sizes) => {
        const items = sizes.map((size, i) => `${i}:${'y'.repeat(size)}`);
        expect((await batchesOf(items)).flat()).toEqual(items);
      }),
      { numRuns: 50 },
    );
  });
});
