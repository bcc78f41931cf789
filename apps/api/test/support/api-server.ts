// Starts the real API (Nest + GraphQL + graphql-ws) over an in-memory PGlite and a fast embedded
// cluster, listening on a free loopback port, for tests that talk to it over HTTP and WebSocket.
import type { INestApplication } from '@nestjs/common';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config/config.js';
import { JsonLogger } from '../../src/logging/json-logger.js';
import { startRuntime, type Runtime } from '../../src/runtime.js';
import { createServer } from '../../src/server.js';

export interface GraphQLResponse<T = Record<string, any>> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

export class TestApi {
  private constructor(readonly app: INestApplication, readonly runtime: Runtime, readonly url: string) {}

  static async start(env: Record<string, string> = {}): Promise<TestApi> {
    const config = loadConfig({
      PGLITE_DIR: 'memory', LOG_LEVEL: 'error',
      SIM_IMAGE_PULL_MS: '60', SIM_CONTAINER_START_MS: '30', SIM_TERMINATION_MS: '30',
      ...env,
    });
    const runtime = await startRuntime(config);
    const app = await createServer(runtime, new JsonLogger('error'));
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    return new TestApi(app, runtime, `http://127.0.0.1:${address.port}`);
  }

  async graphql<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GraphQLResponse<T>;
  }

  ws(): Client {
    return createClient({ url: `${this.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.runtime.close();
  }
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
