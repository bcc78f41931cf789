// Subscription messages: the server's CPU per graphql-ws message when events come in bursts, with each
// turn's messages written together (graphql/frame-coalescing.ts) and with one write per message (how
// graphql-ws sends on its own). The sender behaves as graphql-ws does: one subscription, each message
// sent once the previous one is acknowledged, BURST events ready per turn of the event loop (a watch
// batch applied to the API's cache). The reader is a WebSocket client in a process of its own.
// Run after a build: `npm run bench -w @coxswain/api`.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { coalesceFrames } from '../dist/graphql/frame-coalescing.js';

const MESSAGES = 50_000;
const BURST = 100;
const ROUNDS = 3;
const message = JSON.stringify({ id: '1', type: 'next', payload: { data: { podChanged: { type: 'MODIFIED', pod: { name: 'targets-x7k2p', deleting: true } } } } });

if (process.argv[2] === 'reader') {
  const ws = new WebSocket(process.argv[3]);
  let received = 0;
  ws.on('message', () => {
    if (++received === MESSAGES) ws.close();
  });
} else {
  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const coalesce of [false, true]) rows.push({ coalesce, ...(await run(coalesce)) });
  }
  for (const coalesce of [false, true]) {
    const mine = rows.filter((r) => r.coalesce === coalesce);
    console.log(JSON.stringify({
      writes: coalesce ? 'a turn at a time' : 'one per message',
      cpuMicrosPerMessage: mine.map((r) => r.cpuMicrosPerMessage),
      wallMs: mine.map((r) => r.wallMs),
    }));
  }
  process.exit(0);
}

async function run(coalesce) {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const reader = fork(fileURLToPath(import.meta.url), ['reader', `ws://127.0.0.1:${server.address().port}`]);
  const [ws, request] = await new Promise((resolve) => wss.once('connection', (...args) => resolve(args)));
  if (coalesce) coalesceFrames(ws, request.socket);
  const read = new Promise((resolve) => reader.once('exit', resolve));
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let sent = 0; sent < MESSAGES; sent += BURST) {
    for (let i = 0; i < BURST; i++) await new Promise((resolve, reject) => ws.send(message, (err) => (err ? reject(err) : resolve())));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await read;
  const { user, system } = process.cpuUsage(cpu);
  const wallMs = Math.round(performance.now() - started);
  wss.close();
  await new Promise((resolve) => server.close(resolve));
  return { cpuMicrosPerMessage: Math.round(((user + system) / MESSAGES) * 100) / 100, wallMs };
}
