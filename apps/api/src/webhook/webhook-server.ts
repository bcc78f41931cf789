// The admission webhook's HTTPS listener (Kruise's webhook server, port 9876): a POST of an AdmissionReview
// v1 to one of WEBHOOK_PATHS gets the review back with the answer (HTTP 200, as controller-runtime
// answers); a body that is not a review gets HTTP 400 and a refusal naming what is wrong; GET /healthz
// answers ok. The certificate can be swapped while serving (a rotation, or another replica's).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { ServerConnections } from '../http/server-connections.js';
import { countRequests } from '../memory/idle-collector.js';
import { MalformedReview, parseAdmissionReview, refused, reviewAnswer, type AdmissionRequest, type AdmissionResponse } from './admission-review.js';
import { WEBHOOK_PATHS, webhookAt, type WebhookPath } from './webhook-paths.js';

/** controller-runtime's limit: an object and its old version, each up to the API server's 3 MiB. */
const MAX_BODY_BYTES = 7 * 1024 * 1024;

export interface ServingCertificate {
  /** PEM of the serving certificate (the chain the API server verifies with the caBundle). */
  cert: string;
  key: string;
}

export interface WebhookServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  certificate: ServingCertificate;
  admit(webhook: WebhookPath, request: AdmissionRequest): Promise<AdmissionResponse>;
  /** Told about a review that failed unexpectedly (answered as a refusal with code 500). */
  onError?(err: unknown, webhook: WebhookPath): void;
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`the body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function malformed(res: ServerResponse, message: string, uid = ''): void {
  send(res, 400, reviewAnswer(refused(uid, 400, 'BadRequest', message)));
}

export class AdmissionWebhookServer {
  private constructor(
    private readonly server: Server,
    private readonly connections: ServerConnections,
  ) {}

  static async start(options: WebhookServerOptions): Promise<AdmissionWebhookServer> {
    const server = createServer({ cert: options.certificate.cert, key: options.certificate.key }, (req, res) => {
      void serve(req, res, options).catch((err) => {
        if (!res.headersSent) send(res, 500, { message: `Internal error occurred: ${err instanceof Error ? err.message : String(err)}` });
      });
    });
    const connections = new ServerConnections(server);
    countRequests(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new AdmissionWebhookServer(server, connections);
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** Serves new connections with this certificate from now on. */
  useCertificate(certificate: ServingCertificate): void {
    this.server.setSecureContext({ cert: certificate.cert, key: certificate.key });
  }

  close(): Promise<void> {
    return this.connections.close();
  }
}

async function serve(req: IncomingMessage, res: ServerResponse, options: WebhookServerOptions): Promise<void> {
  const path = new URL(req.url ?? '/', 'https://webhook').pathname;
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  const webhook = webhookAt(path);
  if (!webhook) return send(res, 404, { message: `no admission webhook at ${path}; served: ${WEBHOOK_PATHS.map((w) => w.path).join(', ')}` });
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return send(res, 405, { message: `${req.method} is not served at ${path}: the API server POSTs an AdmissionReview` });
  }
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') return malformed(res, `content-type ${JSON.stringify(contentType)}: expected application/json (an AdmissionReview)`);
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (err) {
    return malformed(res, err instanceof BodyTooLarge ? err.message : `the body is not JSON: ${(err as Error).message}`);
  }
  let request: AdmissionRequest;
  try {
    request = parseAdmissionReview(body);
  } catch (err) {
    if (err instanceof MalformedReview) return malformed(res, err.message, err.uid);
    throw err;
  }
  let response: AdmissionResponse;
  try {
    response = await options.admit(webhook, request);
  } catch (err) {
    options.onError?.(err, webhook);
    response = refused(request.uid, 500, 'InternalError', `Internal error occurred: ${err instanceof Error ? err.message : String(err)}`);
  }
  send(res, 200, reviewAnswer(response));
}
