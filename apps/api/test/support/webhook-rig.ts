// Coxswain's admission webhook as Kubernetes mode runs it, without the rest of the server: an embedded
// cluster serves the Kubernetes API (KubeFacade, optionally behind the apiserver's RBAC), the webhook
// configurations of docker/kubernetes/coxswain.yaml are applied to it, and each "replica" reaches it
// through the client-node adapter (KubernetesClusterClient), runs the certificate controller and serves
// the webhook over HTTPS. Reviews are sent as the API server sends them: POSTed AdmissionReviews over
// TLS verified with the caBundle the configurations hold, for the Service's DNS name.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { EmbeddedStore, ManualClock, MemoryPersistence, kruiseAdmission, type ClusterClient } from '@coxswain/cluster';
import { KubernetesClusterClient } from '@coxswain/cluster/kubernetes';
import { DEFAULT_FEATURE_GATES, type FeatureGates, type KubeObject, type MutatingWebhookConfiguration } from '@coxswain/kruise-api';
import { admitReview } from '../../src/webhook/admission-handlers.js';
import { clusterAdmissionDependencies } from '../../src/webhook/cluster-lookups.js';
import { WebhookCertificateController } from '../../src/webhook/certificates/certificate-controller.js';
import type { CertificateSet } from '../../src/webhook/certificates/webhook-certificates.js';
import { WEBHOOK_CONFIGURATIONS, type WebhookService } from '../../src/webhook/certificates/webhook-configurations.js';
import { AdmissionWebhookServer } from '../../src/webhook/webhook-server.js';
import { KubeFacade, type KubeIntercept } from './kube-facade.js';

export const COXSWAIN_YAML = join(import.meta.dirname, '..', '..', '..', '..', 'docker', 'kubernetes', 'coxswain.yaml');
export const SERVICE: WebhookService = { namespace: 'coxswain', name: 'coxswain-webhook-service' };
export const SECRET = { namespace: 'coxswain', name: 'coxswain-webhook-certs' };
export const DNS_NAME = 'coxswain-webhook-service.coxswain.svc';
const MUTATING = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration' };

/** One replica's webhook: its certificate controller and its HTTPS server. */
export interface WebhookReplica {
  controller: WebhookCertificateController;
  server: AdmissionWebhookServer;
  /** The certificate set it serves. */
  served(): CertificateSet;
  stop(): Promise<void>;
}

export interface HttpAnswer {
  status: number;
  body: any;
  /** The SHA-256 fingerprint of the certificate the server presented, to tell rotations apart. */
  fingerprint: string;
}

export class WebhookRig {
  private readonly replicas: WebhookReplica[] = [];

  private constructor(
    readonly store: EmbeddedStore,
    readonly facade: KubeFacade,
    readonly clock: ManualClock,
  ) {}

  /** The cluster with coxswain.yaml's two webhook configurations applied. */
  static async start(options: { intercept?: KubeIntercept } = {}): Promise<WebhookRig> {
    const clock = new ManualClock(Date.now());
    const store = await EmbeddedStore.open({ clock, persistence: new MemoryPersistence(), admission: kruiseAdmission() });
    // The namespace coxswain.yaml deploys into, where the certificate's Secret is kept.
    await store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'coxswain' } });
    for (const doc of parseAllDocuments(readFileSync(COXSWAIN_YAML, 'utf8')).map((d) => d.toJS() as KubeObject).filter(Boolean)) {
      if (doc.kind === 'MutatingWebhookConfiguration' || doc.kind === 'ValidatingWebhookConfiguration') await store.create(doc);
    }
    const facade = await KubeFacade.start(store.localClient(), clock, { intercept: options.intercept });
    return new WebhookRig(store, facade, clock);
  }

  /** A client of the cluster as a Kubernetes-mode replica has it (client-node, over HTTPS). */
  client(): ClusterClient {
    return KubernetesClusterClient.fromConfig({ kubeconfig: this.facade.kubeconfigFile() });
  }

  /** Starts a replica's webhook: the first certificate pass, then the server on a free port. */
  async replica(options: { service?: WebhookService; gates?: FeatureGates } = {}): Promise<WebhookReplica> {
    const client = this.client();
    let server: AdmissionWebhookServer | undefined;
    let served: CertificateSet | undefined;
    const controller = new WebhookCertificateController({
      client, clock: this.clock, secret: SECRET, service: options.service ?? SERVICE,
      onCertificate: (set) => {
        served = set;
        server?.useCertificate(set);
      },
    });
    const first = await controller.start();
    server = await AdmissionWebhookServer.start({
      host: '127.0.0.1', port: 0, certificate: first,
      admit: (path, review) => admitReview(path, review, clusterAdmissionDependencies(client, options.gates ?? DEFAULT_FEATURE_GATES, this.clock)),
    });
    const replica: WebhookReplica = {
      controller, server,
      served: () => served!,
      stop: async () => {
        controller.stop();
        await server!.close();
      },
    };
    this.replicas.push(replica);
    return replica;
  }

  /** The caBundle the API server would verify the webhook with (the mutating configuration's first webhook's). */
  async caBundle(): Promise<string> {
    const config = await this.store.get<MutatingWebhookConfiguration>(MUTATING, undefined, WEBHOOK_CONFIGURATIONS.mutating);
    const bundle = config.webhooks?.[0]?.clientConfig.caBundle;
    if (!bundle) throw new Error('the mutating webhook configuration has no caBundle yet');
    return Buffer.from(bundle, 'base64').toString('utf8');
  }

  /**
   * POSTs `body` to the replica as the API server does: TLS verified by the caBundle, for the Service's
   * name. `verify: false` only reads the certificate presented (certificates issued on a clock moved
   * years ahead are not valid yet in real time).
   */
  async post(replica: WebhookReplica, path: string, body: unknown, options: { contentType?: string; raw?: string; method?: string; verify?: boolean } = {}): Promise<HttpAnswer> {
    const trust = options.verify === false ? { rejectUnauthorized: false } : { ca: await this.caBundle() };
    return new Promise((resolve, reject) => {
      const req = request({
        host: '127.0.0.1', port: replica.server.port, path, method: options.method ?? 'POST', ...trust, servername: DNS_NAME,
        headers: { 'content-type': options.contentType ?? 'application/json' },
      }, (res) => {
        // Read while the socket is attached: it is released once the response ends.
        const peer = (res.socket as unknown as { getPeerCertificate(): { fingerprint256: string } }).getPeerCertificate();
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode!, body: parsed, fingerprint: peer.fingerprint256 });
        });
      });
      req.on('error', reject);
      req.end(options.raw ?? (options.method === 'GET' ? undefined : JSON.stringify(body)));
    });
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) await replica.stop();
    await this.facade.close();
    await this.store.close();
  }
}

/** An AdmissionReview as the API server sends one for `object` (and `oldObject` on UPDATE/DELETE). */
export function admissionReview(operation: 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT', object: KubeObject | undefined, options: { oldObject?: KubeObject; dryRun?: boolean; resource?: string } = {}) {
  const subject = (object ?? options.oldObject)!;
  const [group, version] = subject.apiVersion.includes('/') ? subject.apiVersion.split('/') : ['', subject.apiVersion];
  const resource = options.resource ?? `${subject.kind.toLowerCase()}s`;
  const kind = { group, version, kind: subject.kind };
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: randomUUID(),
      kind, resource: { group, version, resource }, requestKind: kind, requestResource: { group, version, resource },
      name: subject.metadata.name, namespace: subject.metadata.namespace, operation,
      userInfo: { username: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] },
      object: object ?? null, oldObject: options.oldObject ?? null, dryRun: options.dryRun ?? false,
      options: { kind: operation === 'DELETE' ? 'DeleteOptions' : operation === 'UPDATE' ? 'UpdateOptions' : 'CreateOptions', apiVersion: 'meta.k8s.io/v1' },
    },
  };
}
