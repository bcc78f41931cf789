// Kruise's webhook controller for Coxswain's webhook: every replica, at start and then every minute, makes
// sure the certificate in the Secret is good (creating or rotating it), serves the Secret's certificate
// (so a rotation by another replica reaches this one within a minute), and writes the authority into
// both webhook configurations' caBundle. A failed pass is retried with backoff (1 s doubling to the
// resync period). The first pass must succeed: without a certificate there is nothing to serve, and
// without the caBundle the API server cannot trust it. Configurations the cluster does not have are
// reported, not fatal: then the API server never calls the webhook at all.
import type { Clock, ClusterClient, TimerHandle } from '@coxswain/cluster';
import { ensureCertificateSecret, type SecretRef } from './certificate-secret.js';
import type { CertificateSet } from './webhook-certificates.js';
import { injectCaBundle, type WebhookService } from './webhook-configurations.js';

const RESYNC_MS = 60_000;
const FIRST_RETRY_MS = 1_000;

export interface CertificateControllerOptions {
  client: ClusterClient;
  /** Wall time: certificates are valid in real time, whatever the cluster's clock. */
  clock: Clock;
  secret: SecretRef;
  service: WebhookService;
  /** Told about the certificate to serve: the first, and each different one after. */
  onCertificate(set: CertificateSet): void;
  onEvent?(message: string, fields: Record<string, unknown>): void;
  onError?(err: unknown): void;
  resyncMs?: number;
}

/** The DNS name the API server calls a Service by, and the certificate names. */
export function serviceDnsName(service: WebhookService): string {
  return `${service.name}.${service.namespace}.svc`;
}

export class WebhookCertificateController {
  private served: CertificateSet | undefined;
  private missing = '';
  private timer: TimerHandle | undefined;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;

  constructor(private readonly options: CertificateControllerOptions) {}

  get dnsName(): string {
    return serviceDnsName(this.options.service);
  }

  /** The first pass (its failure is the caller's), then one every resync period. */
  async start(): Promise<CertificateSet> {
    await this.sync();
    this.schedule(this.options.resyncMs ?? RESYNC_MS);
    return this.served!;
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  /** One pass: the Secret's certificate ensured and served, the caBundle written. */
  async sync(): Promise<void> {
    const { client, clock, secret, service } = this.options;
    const { set, written } = await ensureCertificateSecret(client, secret, this.dnsName, clock.now());
    if (written) this.options.onEvent?.('wrote the webhook certificate', { secret: `${secret.namespace}/${secret.name}`, dnsName: this.dnsName });
    if (set.cert !== this.served?.cert || set.key !== this.served.key) {
      this.served = set;
      this.options.onCertificate(set);
    }
    const { updated, missing } = await injectCaBundle(client, set.caCert, service);
    if (updated.length > 0) this.options.onEvent?.('wrote the caBundle', { configurations: updated });
    const missingNow = missing.join(', ');
    if (missingNow !== this.missing && missing.length > 0) {
      this.options.onError?.(new Error(`the cluster has no ${missingNow}: the API server never calls those webhooks (apply docker/kubernetes/coxswain.yaml)`));
    }
    this.missing = missingNow;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = this.options.clock.setTimer(ms, () => void this.pass());
  }

  private async pass(): Promise<void> {
    const resync = this.options.resyncMs ?? RESYNC_MS;
    try {
      await this.sync();
      this.retryMs = FIRST_RETRY_MS;
      this.schedule(resync);
    } catch (err) {
      this.options.onError?.(err);
      this.schedule(this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, resync);
    }
  }
}
