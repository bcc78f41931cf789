// Kruise's admission webhooks beside the API (WEBHOOK_PORT): the certificate controller keeps the serving
// certificate in its Secret and the caBundle in the webhook configurations, and the HTTPS server answers
// the API server's AdmissionReviews with the cluster's pods and nodes at hand (CloneSet's podsToDelete
// check, a ContainerRecreateRequest's pod and node).
// It runs on the API thread, which answers requests promptly, not on the cluster worker, whose
// reconciles could hold up a review past the API server's timeout (10 s; failurePolicy Fail then
// refuses the write). The start fails, naming the cause, when the certificate cannot be had or written
// into the configurations (the API server could not trust the webhook).
import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RealClock, type ClusterClient } from '@coxswain/cluster';
import type { Runtime } from '../runtime.js';
import { CLUSTER, RUNTIME } from '../tokens.js';
import { admitReview } from './admission-handlers.js';
import { clusterAdmissionDependencies } from './cluster-lookups.js';
import { WebhookCertificateController } from './certificates/certificate-controller.js';
import { AdmissionWebhookServer } from './webhook-server.js';

@Injectable()
export class AdmissionWebhook implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhook');
  private server: AdmissionWebhookServer | undefined;
  private controller: WebhookCertificateController | undefined;

  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { webhook, host, controllers } = this.runtime.config;
    if (webhook.port === undefined) return;
    const secret = { namespace: webhook.service.namespace, name: webhook.secretName };
    const controller = new WebhookCertificateController({
      client: this.cluster,
      clock: new RealClock(),
      secret,
      service: webhook.service,
      onCertificate: (set) => this.server?.useCertificate(set),
      onEvent: (msg, fields) => this.logger.log({ msg, ...fields }),
      onError: (err) => this.logger.warn({ msg: 'webhook certificate', error: err instanceof Error ? err.message : String(err) }),
    });
    let first;
    try {
      first = await controller.start();
    } catch (err) {
      throw new Error(`WEBHOOK_PORT=${webhook.port}: cannot set up the webhook certificate (Secret ${secret.namespace}/${secret.name}, caBundle of the webhook configurations; ` +
        `grant the Role and ClusterRole coxswain-webhook of docker/kubernetes/coxswain.yaml, or set WEBHOOK_PORT=off): ${err instanceof Error ? err.message : String(err)}`);
    }
    this.controller = controller;
    const dependencies = clusterAdmissionDependencies(this.cluster, controllers.featureGates, new RealClock());
    try {
      this.server = await AdmissionWebhookServer.start({
        host,
        port: webhook.port,
        certificate: first,
        admit: (path, request) => admitReview(path, request, dependencies),
        onError: (err, path) => this.logger.error({ msg: 'admission review failed', path: path.path, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
      });
    } catch (err) {
      controller.stop();
      throw new Error(`WEBHOOK_PORT=${webhook.port}: cannot listen: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.logger.log({ msg: 'admission webhooks served', port: this.server.port, dnsName: controller.dnsName });
  }

  async onApplicationShutdown(): Promise<void> {
    this.controller?.stop();
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  /** The port served on, once serving. */
  port(): number | undefined {
    return this.server?.port;
  }
}

@Module({ providers: [AdmissionWebhook], exports: [AdmissionWebhook] })
export class AdmissionWebhookModule {}
