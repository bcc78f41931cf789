// Stream delivery on the receiving thread: a burst of batches is handed to the consumer in slices, each
// in its own turn of the event loop, so the thread's other work (HTTP requests) runs in between; order
// is kept, and a stream's end is heard after its last item.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from '@jest/globals';
import { RpcClient } from '../../src/remote/rpc-client.js';
import { RpcServer } from '../../src/remote/rpc-server.js';

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

/** A server whose stream `burst` emits `count` numbers at once, then ends. */
function burstServer(count: number): RpcClient {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  new RpcServer(port2, {
    methods: {},
    streams: {
      burst: async (_args, emit, close) => {
        setTimeout(() => {
          for (let i = 0; i < count; i++) emit(i);
          close();
        }, 5);
        return () => {};
      },
    },
  });
  return new RpcClient(port1);
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('RpcClient stream delivery', () => {
  it('interleaves other work between slices of a burst, in order, and ends after the last item', async () => {
    const client = burstServer(2000);
    const seen: number[] = [];
    const otherWorkAt: number[] = [];
    let ended = false;
    const done = new Promise<void>((resolve) => {
      void client.stream('burst', [], (item) => {
        if (seen.length === 0) {
          // Work queued now (as an HTTP request would be) must not wait for the whole burst.
          setImmediate(() => otherWorkAt.push(seen.length));
        }
        seen.push(item as number);
        busy(0.05); // 2,000 items: about 100 ms of consumer work in all
      }, () => {
        ended = seen.length === 2000;
        resolve();
      });
    });
    await done;
    expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(ended).toBe(true);
    expect(otherWorkAt).toHaveLength(1);
    expect(otherWorkAt[0]).toBeGreaterThan(0);
    expect(otherWorkAt[0]).toBeLessThan(1000);
  });

  it('drops the rest of a burst once the consumer stops, without hearing the end', async () => {
    const client = burstServer(1000);
    const seen: number[] = [];
    let closed = false;
    const handle = await client.stream('burst', [], (item) => {
      seen.push(item as number);
      if (seen.length === 300) handle.stop();
    }, () => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toHaveLength(300);
    expect(closed).toBe(false);
  });
});
