// Starts the real API (Nest + GraphQL + graphql-ws) over an in-memory PGlite and a fast embedded
// cluster, listening on a free loopback port, for tests that talk to it over HTTP and WebSocket.
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config/config.js';
import { JsonLogger } from '../../src/logging/json-logger.js';
import { startRuntime, type Runtime } from '../../src/runtime.js';
import { KubeApiServer } from '../../src/kube-api/kube-api.server.js';
import { AdmissionWebhook } from '../../src/webhook/webhook.module.js';
import { createServer } from '../../src/server.js';

export interface GraphQLResponse<T = Record<string, any>> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

/** The secret of the `local-admin` token every TestApi starts with (BOOTSTRAP_ADMIN_TOKEN). */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface KubeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface AsToken {
  /** The bearer secret to send; null sends no Authorization header. Default: ADMIN_TOKEN. */
  token?: string | null;
}

export class TestApi {
  private closed = false;

  private constructor(readonly app: INestApplication, readonly runtime: Runtime, readonly url: string) {}

  static async start(env: Record<string, string> = {}): Promise<TestApi> {
    const config = loadConfig({
      PGLITE_DIR: 'memory', LOG_LEVEL: 'error', BOOTSTRAP_ADMIN_TOKEN: ADMIN_TOKEN,
      SIM_IMAGE_PULL_MS: '60', SIM_CONTAINER_START_MS: '30', SIM_TERMINATION_MS: '30',
      KUBE_API_PORT: 'off',
      WEBHOOK_PORT: 'off',
      ...env,
    });
    const runtime = await startRuntime(config);
    const app = await createServer(runtime, new JsonLogger('error'));
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    return new TestApi(app, runtime, `http://127.0.0.1:${address.port}`);
  }

  async graphql<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, as: AsToken = {}): Promise<GraphQLResponse<T>> {
    const res = await this.graphqlResponse(query, variables, as);
    return (await res.json()) as GraphQLResponse<T>;
  }

  /** Applies a (multi-document) manifest as the admin; a refusal throws with the API's message. */
  async apply(yaml: string): Promise<void> {
    const res = await this.graphql('mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: yaml });
    if (res.errors) throw new Error(res.errors[0]!.message);
  }

  /** Creates a token as the admin and answers its secret; a refusal throws with the API's message. */
  async createToken(name: string, role: string, namespaces?: readonly string[]): Promise<string> {
    const res = await this.graphql<{ createToken: { secret: string } }>(
      'mutation($n: String!, $r: String!, $ns: [String!]) { createToken(name: $n, role: $r, namespaces: $ns) { secret } }',
      { n: name, r: role, ns: namespaces ?? null },
    );
    if (res.errors) throw new Error(res.errors[0]!.message);
    return res.data!.createToken.secret;
  }

  /** The raw HTTP response, for status codes and headers. */
  graphqlResponse(query: string, variables: Record<string, unknown> = {}, as: AsToken = {}): Promise<Response> {
    return fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authorization(as) },
      body: JSON.stringify({ query, variables }),
    });
  }

  /** An HTTP request to the REST API with the admin token unless told otherwise. */
  fetch(path: string, init: RequestInit & AsToken = {}): Promise<Response> {
    const { token, headers, ...rest } = init;
    return fetch(`${this.url}${path}`, { ...rest, headers: { ...authorization({ token }), ...(headers as Record<string, string> | undefined) } });
  }

  ws(as: AsToken = {}): Client {
    const token = as.token === undefined ? ADMIN_TOKEN : as.token;
    return createClient({
      url: `${this.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  /** The Kubernetes API's https URL (start with KUBE_API_PORT: '0' to serve it). */
  kubeUrl(): string {
    const url = this.app.get(KubeApiServer).url();
    if (!url) throw new Error('the Kubernetes API is not served: start the TestApi with KUBE_API_PORT');
    return url;
  }

  /** One request to the Kubernetes API over HTTPS, trusting the server's certificate (admin token unless told otherwise). */
  kubeRequest(path: string, init: AsToken & { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<KubeResponse> {
    const url = this.kubeUrl();
    const ca = this.app.get(KubeApiServer).certificate()!.cert;
    return new Promise((resolve, reject) => {
      const req = httpsRequest(`${url}${path}`, { method: init.method ?? 'GET', ca, headers: { ...authorization(init), ...init.headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(init.body);
    });
  }

  /** The admission webhook's port (start with WEBHOOK_PORT: '0' to serve it). */
  webhookPort(): number {
    const port = this.app.get(AdmissionWebhook).port();
    if (port === undefined) throw new Error('the admission webhook is not served: start the TestApi with WEBHOOK_PORT');
    return port;
  }

  /** Stops the server; a second call does nothing (a file that restarted its server and then closed the first one again hung past its 120 s hook). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.app.close();
    await this.runtime.close();
  }
}

function authorization(as: AsToken): Record<string, string> {
  const token = as.token === undefined ? ADMIN_TOKEN : as.token;
  return token === null ? {} : { authorization: `Bearer ${token}` };
}

/** One TestApi (started with `env`) for all of a file's tests: handed to `use` before them, closed after them. */
/** `startTimeoutMs` guards against a hung start; a start on a busy 2-core machine can take minutes. */
export function testApiPerFile(env: Record<string, string>, use: (api: TestApi) => void, startTimeoutMs = 180_000): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await TestApi.start(env);
    use(api);
  }, startTimeoutMs);
  afterAll(async () => {
    await api?.close();
  });
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
