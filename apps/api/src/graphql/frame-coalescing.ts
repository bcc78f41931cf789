// Subscription events come in bursts: the cluster's watch batches reach the API's cache a few hundred
// changes at a time (a rollout, a scale-down), and each change a subscriber selects becomes one
// graphql-ws message. graphql-ws sends a message and waits until the socket has written it before it
// sends the next, so every event was a write system call of its own: 14% of the API thread while the
// scale benchmark's 2,000 hook acks streamed their pods' changes to one subscriber, and the same per
// dashboard watching a rollout.
//
// Here a subscriber's socket is corked from its first message in a turn of the event loop until the
// turn ends, so the turn's messages leave in one write, and graphql-ws hears a message is sent as soon
// as it is queued. A reader that falls behind still holds the sender back: once more than
// MAX_QUEUED_BYTES wait in the socket, a message is acknowledged only when written, as before.
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** Bytes a subscriber's socket may hold unwritten before sends wait for the writes again. */
export const MAX_QUEUED_BYTES = 1 << 20;

type SendCallback = (err?: Error) => void;

/** Makes `ws` (served over `socket`) write each turn's messages together; see above. */
export function coalesceFrames(ws: WebSocket, socket: Socket): void {
  const send = ws.send.bind(ws) as (data: unknown, options: object | undefined, cb: SendCallback | undefined) => void;
  let corked = false;
  const holdForTurn = () => {
    if (corked) return;
    corked = true;
    socket.cork();
    setImmediate(() => {
      corked = false;
      socket.uncork();
    });
  };
  ws.send = ((data: unknown, optionsOrCallback?: object | SendCallback, callback?: SendCallback) => {
    const options = typeof optionsOrCallback === 'function' ? undefined : optionsOrCallback;
    const cb = typeof optionsOrCallback === 'function' ? (optionsOrCallback as SendCallback) : callback;
    holdForTurn();
    if (cb === undefined || ws.bufferedAmount > MAX_QUEUED_BYTES) return send(data, options, cb);
    // A write that fails later fails for the whole connection: ws closes it, and graphql-ws ends its
    // subscriptions on the close, so the caller loses nothing by hearing of success now.
    send(data, options, undefined);
    process.nextTick(cb);
  }) as WebSocket['send'];
}
