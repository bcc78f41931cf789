// The calling side of the RPC: promises for calls, callbacks for streams. Every answer arrives as a
// message; a closed endpoint fails whatever is still waiting, so nobody hangs on a dead peer.
//
// Stream items are delivered in time slices (event-loop.ts), each in its own turn of the event loop. A
// port hands every queued message over in one task, so a burst of watch batches (a 5,000-pod rollout)
// would otherwise hold this thread for tens of milliseconds while HTTP requests wait behind it.
import { ApiError } from '../errors.js';
import { TimeSlice } from '../event-loop.js';
import { fromWire, type MessageEndpoint, type Request, type Response } from './wire.js';

interface PendingCall {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface OpenStream {
  onItem(item: unknown): void;
  onClose(err?: Error): void;
  started: PendingCall | undefined;
}

/** A stream message waiting for delivery: a batch's items (parsed when its turn comes) or the stream's end. */
type Pending = { id: number; json: string; items?: unknown[]; next: number } | { id: number; closed: Extract<Response, { kind: 'closed' }> };

export interface StreamHandle {
  stop(): void;
}

export class RpcClient {
  private nextId = 1;
  private readonly calls = new Map<number, PendingCall>();
  private readonly streams = new Map<number, OpenStream>();
  private closedWith: Error | undefined;
  /** Stream messages in arrival order, delivered by `drain` in slices. */
  private readonly pending: Pending[] = [];
  private draining = false;
  private readonly listener = (message: unknown) => this.receive(message as Response);

  constructor(private readonly endpoint: MessageEndpoint) {
    endpoint.on('message', this.listener);
  }

  call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.send({ kind: 'call', id, method, args });
    });
  }

  /** Opens a stream; resolves once the serving side accepted it (or rejects with its refusal). */
  stream(method: string, args: unknown[], onItem: (item: unknown) => void, onClose: (err?: Error) => void): Promise<StreamHandle> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise<StreamHandle>((resolve, reject) => {
      const handle: StreamHandle = {
        stop: () => {
          if (!this.streams.delete(id)) return;
          if (!this.closedWith) this.send({ kind: 'unwatch', id });
        },
      };
      this.streams.set(id, { onItem, onClose, started: { resolve: () => resolve(handle), reject } });
      this.send({ kind: 'watch', id, method, args });
    });
  }

  /** Fails every pending call and ends every stream: the peer is gone. */
  close(reason = 'the cluster connection is closed'): void {
    if (this.closedWith) return;
    this.closedWith = new ApiError('InternalError', reason);
    this.endpoint.off('message', this.listener);
    for (const call of this.calls.values()) call.reject(this.closedWith);
    this.calls.clear();
    this.pending.length = 0;
    for (const stream of this.streams.values()) {
      if (stream.started) stream.started.reject(this.closedWith);
      else stream.onClose(this.closedWith);
    }
    this.streams.clear();
  }

  private send(request: Request): void {
    this.endpoint.postMessage(request);
  }

  private receive(message: Response): void {
    switch (message.kind) {
      case 'result': {
        const stream = this.streams.get(message.id);
        if (stream?.started) {
          stream.started.resolve(undefined);
          stream.started = undefined;
          return;
        }
        this.settle(message.id)?.resolve(message.value);
        return;
      }
      case 'error': {
        const stream = this.streams.get(message.id);
        if (stream?.started) {
          this.streams.delete(message.id);
          stream.started.reject(fromWire(message.error));
          return;
        }
        this.settle(message.id)?.reject(fromWire(message.error));
        return;
      }
      case 'items':
        this.enqueue({ id: message.id, json: message.json, next: 0 });
        return;
      case 'closed':
        // After the stream's items still waiting, so its consumer hears every item before the end.
        this.enqueue({ id: message.id, closed: message });
        return;
    }
  }

  private enqueue(entry: Pending): void {
    this.pending.push(entry);
    if (!this.draining) {
      this.draining = true;
      setImmediate(() => this.drain());
    }
  }

  private drain(): void {
    const slice = new TimeSlice();
    while (this.pending.length > 0) {
      const entry = this.pending[0]!;
      if ('closed' in entry) {
        this.pending.shift();
        this.end(entry.closed);
        continue;
      }
      const stream = this.streams.get(entry.id);
      entry.items ??= stream ? (JSON.parse(entry.json) as unknown[]) : [];
      // A stopped stream's items still in flight are dropped, also in the middle of a batch.
      while (entry.next < entry.items.length && this.streams.has(entry.id)) {
        stream!.onItem(entry.items[entry.next++]);
        if (slice.over()) {
          setImmediate(() => this.drain());
          return;
        }
      }
      this.pending.shift();
    }
    this.draining = false;
  }

  private end(message: Extract<Response, { kind: 'closed' }>): void {
    const stream = this.streams.get(message.id);
    if (!stream) return;
    this.streams.delete(message.id);
    // Ended while starting (e.g. its replay failed): the caller gets its handle, then the close.
    stream.started?.resolve(undefined);
    stream.onClose(message.error ? fromWire(message.error) : undefined);
  }

  private settle(id: number): PendingCall | undefined {
    const call = this.calls.get(id);
    this.calls.delete(id);
    return call;
  }
}
