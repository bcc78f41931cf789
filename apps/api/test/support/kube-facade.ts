// The Kubernetes API (KubeApi) over any ClusterClient on a local HTTPS port, without the rest of the
// server: what the adapter tests talk to. Every request is admin; the audit is not kept. An `intercept`
// sees each request first and may answer it itself (RBAC, the versions a cluster serves: support/rbac.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, ClusterClient } from '@coxswain/cluster';
import { KubeApi } from '../../src/kube-api/kube-api.js';
import { selfSignedCertificate } from '../../src/kube-api/tls/x509.js';
import { ServerConnections } from '../../src/http/server-connections.js';

const TLS = selfSignedCertificate('test', ['127.0.0.1', 'localhost']);

/** Answers the request itself (true), or lets the Kubernetes API serve it (false). */
export type KubeIntercept = (req: IncomingMessage, res: ServerResponse) => boolean;

export class KubeFacade {
  private constructor(
    readonly server: Server,
    readonly port: number,
    private readonly connections: ServerConnections,
  ) {}

  static async start(cluster: ClusterClient, clock: Clock, options: { port?: number; bookmarkIntervalMs?: number; intercept?: KubeIntercept } = {}): Promise<KubeFacade> {
    const api = new KubeApi({
      cluster,
      clock,
      authenticate: async (authorization) => (authorization ? { tokenId: '1', name: 'tester', role: 'admin', namespaces: [] } : undefined),
      audit: { record: (_request, run) => run(), noteObjectChange() {}, noteDeletion() {}, noteMessage() {} },
      bookmarkIntervalMs: options.bookmarkIntervalMs,
    });
    const server = createServer({ cert: TLS.certPem, key: TLS.keyPem }, (req, res) => {
      if (options.intercept?.(req, res)) return;
      void api.handle(req, res, req.url ?? '/', '', 'test');
    });
    const connections = new ServerConnections(server);
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return new KubeFacade(server, (server.address() as { port: number }).port, connections);
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  /** A kubeconfig file for this facade (what KUBECONFIG would name). */
  kubeconfigFile(): string {
    const file = join(mkdtempSync(join(tmpdir(), 'coxswain-facade-')), 'config');
    writeFileSync(file, [
      'apiVersion: v1', 'kind: Config',
      `clusters: [{name: facade, cluster: {server: "${this.url}", insecure-skip-tls-verify: true}}]`,
      'users: [{name: tester, user: {token: any-token}}]',
      'contexts: [{name: facade, context: {cluster: facade, user: tester}}]',
      'current-context: facade', '',
    ].join('\n'));
    return file;
  }

  /** Ends every open connection (watch streams included), as a server restart or a proxy would. */
  dropConnections(): void {
    this.connections.dropAll();
  }

  close(): Promise<void> {
    return this.connections.close();
  }
}
