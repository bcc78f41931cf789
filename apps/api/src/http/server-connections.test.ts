import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:https';
import { connect, type Socket } from 'node:net';
import { selfSignedCertificate } from '../kube-api/tls/x509.js';
import { ServerConnections } from './server-connections.js';

const TLS = selfSignedCertificate('test', ['127.0.0.1']);

async function listening() {
  const server = createServer({ cert: TLS.certPem, key: TLS.keyPem }, () => undefined);
  const connections = new ServerConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { server, connections, port };
}

/** A TCP connection that never starts its TLS handshake: the server has accepted it, but its own
 *  closeAllConnections() does not know it (it would hold close() open for the 120 s handshake timeout). */
async function handshakeNeverStarted(port: number): Promise<{ socket: Socket; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, ended };
}

describe('ServerConnections', () => {
  it('closes the server while a connection is still before its TLS handshake, ending that connection', async () => {
    const { server, connections, port } = await listening();
    const { ended } = await handshakeNeverStarted(port);
    await new Promise((r) => setTimeout(r, 50)); // the server has accepted it
    expect(server.listening).toBe(true);
    await connections.close();
    await ended;
    expect(server.listening).toBe(false);
  });

  it('drops every connection but keeps accepting new ones', async () => {
    const { connections, port } = await listening();
    const first = await handshakeNeverStarted(port);
    await new Promise((r) => setTimeout(r, 50));
    connections.dropAll();
    await first.ended;
    const second = await handshakeNeverStarted(port);
    expect(second.socket.destroyed).toBe(false);
    await connections.close();
    await second.ended;
  });
});
