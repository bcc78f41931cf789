// The serving side of the RPC: named methods answer calls; named streams push items. Stream items are
// sent in batches, one message per turn of the event loop and at most MAX_BATCH items each, so a burst
// of watch events costs a few messages rather than one each, and the receiving thread takes them in
// slices it can interleave with its own work. A batch travels as JSON text, so stream items must be
// JSON values: JSON.parse builds objects more compactly than the structured clone does (about 40%
// less heap for a pod kept in a cache), and stringify + parse cost less than the clone's two halves.
// A batch also ends at MAX_BATCH_CHARS of text, so that it dies young on both sides (young-strings.ts).
import { JsonArrayChunker, YOUNG_STRING_CHARS } from '../young-strings.js';
import { toWire, type MessageEndpoint, type Request, type Response } from './wire.js';

export type Method = (...args: any[]) => unknown;

const MAX_BATCH = 200;
/** Characters of JSON per batch (about); an item longer than this is sent alone. */
export const MAX_BATCH_CHARS = YOUNG_STRING_CHARS;
/** Starts a stream; `emit` sends an item, `close` ends it (with an error when it failed). Returns its stop. */
export type StreamMethod = (args: any[], emit: (item: unknown) => void, close: (err?: unknown) => void) => Promise<() => void>;

export interface RpcServerOptions {
  methods: Record<string, Method>;
  streams?: Record<string, StreamMethod>;
}

export class RpcServer {
  private readonly stops = new Map<number, () => void>();
  private readonly listener = (message: unknown) => void this.receive(message as Request);

  constructor(
    private readonly endpoint: MessageEndpoint,
    private readonly options: RpcServerOptions,
  ) {
    endpoint.on('message', this.listener);
  }

  /** Stops every stream and stops answering. */
  close(): void {
    this.endpoint.off('message', this.listener);
    for (const stop of this.stops.values()) stop();
    this.stops.clear();
  }

  private send(response: Response): void {
    this.endpoint.postMessage(response);
  }

  private async receive(request: Request): Promise<void> {
    // The endpoint may carry other traffic too (a worker's control messages): only requests are ours.
    if (!isRequest(request)) return;
    if (request.kind === 'unwatch') {
      this.stops.get(request.id)?.();
      this.stops.delete(request.id);
      return;
    }
    if (request.kind === 'watch') {
      await this.openStream(request.id, request.method, request.args);
      return;
    }
    const method = Object.hasOwn(this.options.methods, request.method) ? this.options.methods[request.method] : undefined;
    try {
      if (!method) throw new Error(`unknown method ${request.method}`);
      this.send({ kind: 'result', id: request.id, value: await method(...request.args) });
    } catch (err) {
      this.send({ kind: 'error', id: request.id, error: toWire(err) });
    }
  }

  private async openStream(id: number, name: string, args: unknown[]): Promise<void> {
    const start = this.options.streams && Object.hasOwn(this.options.streams, name) ? this.options.streams[name] : undefined;
    // Items are turned into text as they come, so a batch's size is known before it is sent.
    const batch = new JsonArrayChunker(MAX_BATCH_CHARS);
    let flushScheduled = false;
    let open = true;
    const send = (json: string) => {
      if (open) this.send({ kind: 'items', id, json });
    };
    const flush = () => {
      if (batch.count > 0) send(batch.take());
    };
    const emit = (item: unknown) => {
      if (!open) return;
      const full = batch.add(item);
      if (full !== undefined) send(full);
      if (batch.count >= MAX_BATCH) flush();
      else if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(() => {
          flushScheduled = false;
          flush();
        });
      }
    };
    const close = (err?: unknown) => {
      if (!open) return;
      flush();
      open = false;
      this.stops.delete(id);
      this.send({ kind: 'closed', id, ...(err === undefined ? {} : { error: toWire(err) }) });
    };
    try {
      if (!start) throw new Error(`unknown stream ${name}`);
      const stop = await start(args, emit, close);
      if (!open) return stop();
      this.stops.set(id, () => {
        open = false;
        stop();
      });
      this.send({ kind: 'result', id, value: undefined });
    } catch (err) {
      open = false;
      this.send({ kind: 'error', id, error: toWire(err) });
    }
  }
}

function isRequest(message: unknown): message is Request {
  const kind = (message as { kind?: unknown } | null)?.kind;
  return kind === 'call' || kind === 'watch' || kind === 'unwatch';
}
