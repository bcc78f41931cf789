// Every socket a server has accepted, from the moment it is accepted. An HTTPS server's own
// closeAllConnections() only knows connections whose TLS handshake has finished: one still shaking
// hands when the server closes completes it afterwards, opens a watch, and holds the close open for as
// long as the watch lives. Tracking the raw sockets ends those too.
import type { Server, Socket } from 'node:net';

export class ServerConnections {
  private readonly sockets = new Set<Socket>();

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Ends every open connection (watch streams included), as a server restart or a proxy would. */
  dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Stops accepting, then ends every connection; resolves once the server is closed. Accepting stops
   *  first, so a client reconnecting in between (an informer's watch retry) cannot hold the close open. */
  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.dropAll();
    return closed;
  }
}
