// What a command runs with: where it writes, the global options, and the API connection, made only
// when the command first talks to the API (config commands and --help never read a token).
import { httpApi, type Api } from '../api/client.js';
import type { Live } from '../api/live.js';
import { resolveConnection, type Connection, type GlobalOptions } from '../config/connection.js';

export interface Io {
  /** Writes a line (or several) to stdout. */
  out(text: string): void;
  /** Writes a line (or several) to stderr. */
  err(text: string): void;
  readStdin(): Promise<string>;
  env: NodeJS.ProcessEnv;
}

export interface Session {
  io: Io;
  globals: GlobalOptions;
  connection(): Connection;
  api(): Api;
  /** The graphql-ws client, loaded on first use (only watches need it; it costs startup time). */
  live(): Promise<Live>;
  /** Local wall-clock time (ms); ages are computed on the server's clock where the API gives it. */
  now(): number;
  close(): Promise<void>;
}

export function createSession(io: Io, globals: GlobalOptions): Session {
  let connection: Connection | undefined;
  let api: Api | undefined;
  let live: Live | undefined;
  const session: Session = {
    io,
    globals,
    connection: () => (connection ??= resolveConnection(globals, io.env)),
    api: () => {
      if (!api) {
        const c = session.connection();
        api = httpApi(c.server, c.token());
      }
      return api;
    },
    live: async () => {
      if (!live) {
        const c = session.connection();
        const token = c.token();
        const { liveApi } = await import('../api/live.js');
        live ??= liveApi(c.server, token);
      }
      return live;
    },
    now: () => Date.now(),
    close: async () => {
      await live?.dispose();
    },
  };
  return session;
}
