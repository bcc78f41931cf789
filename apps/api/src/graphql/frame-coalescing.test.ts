// Frame coalescing over a real WebSocket: a turn's messages leave in one write, in order, each send is
// acknowledged once, and a reader that stops reading still holds the sender back.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { WebSocket, WebSocketServer } from 'ws';
import { MAX_QUEUED_BYTES, coalesceFrames } from './frame-coalescing.js';

interface Pair {
  server: Server;
  /** The server's side: the WebSocket (coalescing) and its TCP socket. */
  ws: WebSocket;
  socket: Socket;
  /** The client's side, and its TCP socket (to stop reading). */
  client: WebSocket;
  clientSocket: Socket;
  received: string[];
}

const open: Pair[] = [];

async function pair(): Promise<Pair> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const accepted = new Promise<{ ws: WebSocket; socket: Socket }>((resolve) =>
    wss.once('connection', (ws, request) => {
      coalesceFrames(ws, request.socket as Socket);
      resolve({ ws, socket: request.socket as Socket });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let clientSocket!: Socket;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, {
    createConnection: (options: object) => (clientSocket = connect(options as { port: number; host: string })),
  });
  const received: string[] = [];
  client.on('message', (data) => received.push(String(data)));
  await new Promise((resolve) => client.once('open', resolve));
  const { ws, socket } = await accepted;
  const made = { server, ws, socket, client, clientSocket, received };
  open.push(made);
  return made;
}

afterEach(async () => {
  for (const { server, client, ws } of open.splice(0)) {
    client.terminate();
    ws.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function until(what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('frame coalescing', () => {
  it("holds a turn's messages until the turn ends, then they arrive whole and in order", async () => {
    const { ws, socket, received } = await pair();
    const messages = Array.from({ length: 500 }, (_, i) => JSON.stringify({ id: String(i), type: 'next', payload: { data: { n: i } } }));
    let acknowledged = 0;
    for (const message of messages) ws.send(message, () => acknowledged++);
    // Nothing has reached the kernel yet: every frame waits in the corked socket.
    expect(socket.writableCorked).toBe(1);
    expect(socket.writableLength).toBeGreaterThanOrEqual(messages.reduce((sum, m) => sum + m.length, 0));
    // graphql-ws hears of each send at once (it sends the next only then), exactly once.
    await new Promise((resolve) => process.nextTick(resolve));
    expect(acknowledged).toBe(messages.length);
    await nextTurn();
    expect(socket.writableCorked).toBe(0);
    await until('every message', () => received.length === messages.length);
    expect(received).toEqual(messages);
    expect(acknowledged).toBe(messages.length);
  });

  it('corks again on the next turn, and sends without a callback go out too', async () => {
    const { ws, socket, received } = await pair();
    ws.send('first');
    await nextTurn();
    expect(socket.writableCorked).toBe(0);
    ws.send('second', { binary: false });
    expect(socket.writableCorked).toBe(1);
    await until('both messages', () => received.length === 2);
    expect(received).toEqual(['first', 'second']);
  });

  it('holds the sender back once a reader that stopped reading leaves too much unwritten', async () => {
    const { ws, clientSocket, received } = await pair();
    clientSocket.pause();
    const chunk = 'x'.repeat(64 * 1024);
    const total = 1000; // 64 MB: far more than the kernel's buffers between the two sockets hold
    let sent = 0;
    let waiting: Promise<void> | undefined;
    // Sends as graphql-ws does: the next message only once the last one is acknowledged.
    const sender = (async () => {
      while (sent < total) {
        waiting = new Promise<void>((resolve, reject) => ws.send(`${sent}:${chunk}`, (err) => (err ? reject(err) : resolve())));
        await waiting;
        sent++;
      }
    })();
    // The sender stalls with more than MAX_QUEUED_BYTES queued, far short of the whole stream.
    let last = -1;
    await until('the sender to stall', () => {
      const stalled = sent === last && ws.bufferedAmount > MAX_QUEUED_BYTES;
      last = sent;
      return stalled;
    });
    expect(sent).toBeLessThan(total);
    clientSocket.resume();
    await sender;
    await until('every message', () => received.length === total, 30_000);
    expect(received.map((m) => Number(m.slice(0, m.indexOf(':'))))).toEqual(Array.from({ length: total }, (_, i) => i));
  }, 60_000);
});
