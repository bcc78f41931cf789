// The Kubernetes API beside the Nest application: the KubeApi handler wired to the API's tokens, its
// audit trail and the runtime's cluster, on an HTTPS listener of its own (KUBE_API_PORT). Its own port
// because kubectl sends bearer tokens only over TLS, and because its paths (/api/v1/namespaces/...)
// would meet the REST API's /api/v1/hooks on the main port.
import { createServer, type Server } from 'node:https';
import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Clock, ClusterClient } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { AuditTrail, type AuditDraft } from '../audit/audit-trail.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthModule } from '../auth/auth.module.js';
import { secretFromAuthorization } from '../auth/token-secret.js';
import { TokensService } from '../auth/tokens.service.js';
import { newRequestId } from '../http/request-scope.js';
import { ServerConnections } from '../http/server-connections.js';
import { countRequests } from '../memory/idle-collector.js';
import type { Runtime } from '../runtime.js';
import { CLOCK, CLUSTER, RUNTIME } from '../tokens.js';
import { KubeApi, type KubeAudit, type KubeAuditRequest } from './kube-api.js';
import { removeRecord, writeRecord } from './kube-api-record.js';
import { KubeStatusError } from './kube-status.js';
import { kubeApiTls, type KubeApiTls } from './tls/kube-api-tls.js';

/**
 * The longest request URL served (path and query), in characters; a longer one is answered 414. Real
 * requests stay far below it (kubectl's longest, a field selector naming a pod's involvedObject, is
 * a few hundred). Node reads at most MAX_HEADER_BYTES of request line and headers together, as the
 * apiserver (Go's http.Server MaxHeaderBytes, 1 MiB), so URLs up to that size get this clean 414 and
 * not Node's 16 KiB default of a bare 431; beyond it Node answers 431 and closes, as Go does.
 */
export const MAX_URL_LENGTH = 16_384;
const MAX_HEADER_BYTES = 1024 * 1024;

class TrailAudit implements KubeAudit {
  constructor(
    private readonly trail: AuditTrail,
    private readonly audit: AuditService,
  ) {}

  async record<T>(request: KubeAuditRequest, run: () => Promise<T>, resultOf: (err: unknown) => { result: string; message: string }): Promise<T> {
    const draft: AuditDraft = { changes: [], target: request.target, idempotencyKey: null, message: null };
    const row = { action: request.action, requestId: request.requestId, principal: request.principal };
    let value: T;
    try {
      value = await this.trail.run(draft, run);
    } catch (err) {
      await this.audit.record(row, draft, resultOf(err));
      throw err;
    }
    await this.audit.record(row, draft, { result: 'ok' });
    return value;
  }

  noteObjectChange(before: KubeObject | null, after: KubeObject | null): void {
    this.trail.noteObjectChange(before, after);
  }

  noteDeletion(result: KubeObject): void {
    this.trail.noteDeletion(result);
  }

  noteMessage(message: string): void {
    this.trail.noteMessage(message);
  }
}

@Injectable()
export class KubeApiServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('KubeApi');
  readonly api: KubeApi;
  private server: Server | undefined;
  private connections: ServerConnections | undefined;
  private tls: KubeApiTls | undefined;

  constructor(
    @Inject(CLUSTER) cluster: ClusterClient,
    @Inject(CLOCK) clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    tokens: TokensService,
    trail: AuditTrail,
    audit: AuditService,
  ) {
    this.api = new KubeApi({
      cluster,
      clock,
      authenticate: (authorization, client) => tokens.authenticate(secretFromAuthorization(authorization), client),
      audit: new TrailAudit(trail, audit),
      // In Kubernetes mode the pods are real, only not reachable through Coxswain.
      simulatedPods: runtime.config.cluster.mode === 'embedded',
      onError: (err) => this.logger.error({ msg: 'Kubernetes API request failed', error: err instanceof Error ? err.stack ?? err.message : String(err) }),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port } = this.runtime.config.kubeApi;
    if (port === undefined) return;
    this.tls = kubeApiTls(this.runtime.config);
    const server = createServer({ cert: this.tls.cert, key: this.tls.key, maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
      const requestId = newRequestId(req.headers['x-request-id']);
      res.setHeader('x-request-id', requestId);
      const url = req.url ?? '/';
      if (url.length > MAX_URL_LENGTH) {
        const status = new KubeStatusError('RequestURITooLong', `the request URL is longer than ${MAX_URL_LENGTH} characters`).toStatus();
        res.writeHead(414, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(status));
        return;
      }
      void this.api.handle(req, res, url, '', requestId);
    });
    const connections = new ServerConnections(server);
    countRequests(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.runtime.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.connections = connections;
    const dataDir = this.runtime.config.kubeApi.generatedTlsDir;
    if (dataDir) {
      try {
        writeRecord(dataDir, { server: this.url()!, certificateFile: this.tls.certFile, pid: process.pid });
      } catch (err) {
        // Only the kubeconfig command reads it, and it falls back to the configuration.
        this.logger.warn({ msg: 'could not record the Kubernetes API address for the kubeconfig command', error: (err as Error).message });
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const dataDir = this.runtime.config.kubeApi.generatedTlsDir;
    if (this.server && dataDir) removeRecord(dataDir);
    const connections = this.connections;
    this.server = undefined;
    this.connections = undefined;
    // Watches stay open for minutes; they end with the server.
    await connections?.close();
  }

  /** `https://HOST:PORT` once listening, else undefined. */
  url(): string | undefined {
    const address = this.server?.address();
    if (!address || typeof address === 'string') return undefined;
    const host = this.runtime.config.host === '0.0.0.0' || this.runtime.config.host === '::' ? '127.0.0.1' : this.runtime.config.host;
    return `https://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }

  /** The certificate clients should trust (PEM), once listening. */
  certificate(): KubeApiTls | undefined {
    return this.tls;
  }
}

@Module({ imports: [AuthModule], providers: [KubeApiServer], exports: [KubeApiServer] })
export class KubeApiModule {}
