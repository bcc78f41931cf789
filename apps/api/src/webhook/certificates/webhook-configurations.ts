// The caBundle in Coxswain's webhook configurations (Kruise's configuration.Ensure): every webhook of the
// MutatingWebhookConfiguration and ValidatingWebhookConfiguration whose path Coxswain serves gets the
// authority's certificate as its caBundle and, when it calls a Service, the configured Service's
// namespace and name; a configuration is written only when that changes it. Webhooks at other paths
// are left as they are.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import {
  ADMISSION_REGISTRATION_API_VERSION, jsonEqual, type MutatingWebhookConfiguration, type ValidatingWebhook, type ValidatingWebhookConfiguration,
} from '@coxswain/kruise-api';
import { WEBHOOK_PATHS, type WebhookPath } from '../webhook-paths.js';

/** The configurations docker/kubernetes/coxswain.yaml applies. */
export const WEBHOOK_CONFIGURATIONS = {
  mutating: 'coxswain-mutating-webhook-configuration',
  validating: 'coxswain-validating-webhook-configuration',
} as const;

const KINDS = { mutating: 'MutatingWebhookConfiguration', validating: 'ValidatingWebhookConfiguration' } as const;

export interface WebhookService {
  namespace: string;
  name: string;
}

export interface CaBundleResult {
  /** Configurations written because their caBundle or Service changed. */
  updated: string[];
  /** Configurations the cluster does not have (the webhooks are then never called). */
  missing: string[];
}

function pathOf(webhook: ValidatingWebhook): string | undefined {
  if (webhook.clientConfig?.service) return webhook.clientConfig.service.path;
  if (!webhook.clientConfig?.url) return undefined;
  try {
    return new URL(webhook.clientConfig.url).pathname;
  } catch {
    return undefined;
  }
}

function served(type: WebhookPath['type'], path: string | undefined): boolean {
  return WEBHOOK_PATHS.some((w) => w.type === type && w.path === path);
}

/** Replicas write the same change at the same moments (their starts): a conflict is read again and retried. */
const CONFLICT_ATTEMPTS = 5;

async function injectInto(client: ClusterClient, type: WebhookPath['type'], caBundle: string, service: WebhookService): Promise<'updated' | 'unchanged' | 'missing'> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await injectOnce(client, type, caBundle, service);
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
    }
  }
}

async function injectOnce(client: ClusterClient, type: WebhookPath['type'], caBundle: string, service: WebhookService): Promise<'updated' | 'unchanged' | 'missing'> {
  const name = WEBHOOK_CONFIGURATIONS[type];
  let current: MutatingWebhookConfiguration | ValidatingWebhookConfiguration;
  try {
    current = await client.get({ apiVersion: ADMISSION_REGISTRATION_API_VERSION, kind: KINDS[type] }, undefined, name);
  } catch (err) {
    if (isApiError(err, 'NotFound')) return 'missing';
    throw err;
  }
  const webhooks = (current.webhooks ?? []).map((webhook) => {
    if (!served(type, pathOf(webhook))) return webhook;
    const { clientConfig } = webhook;
    return {
      ...webhook,
      clientConfig: {
        ...clientConfig,
        ...(clientConfig.service ? { service: { ...clientConfig.service, namespace: service.namespace, name: service.name } } : {}),
        caBundle,
      },
    };
  });
  if (jsonEqual(webhooks, current.webhooks ?? [])) return 'unchanged';
  await client.update({ ...current, webhooks });
  return 'updated';
}

/** Writes `caCertPem` (base64, as the API server reads caBundle) into both configurations. */
export async function injectCaBundle(client: ClusterClient, caCertPem: string, service: WebhookService): Promise<CaBundleResult> {
  const caBundle = Buffer.from(caCertPem, 'utf8').toString('base64');
  const result: CaBundleResult = { updated: [], missing: [] };
  for (const type of ['mutating', 'validating'] as const) {
    const outcome = await injectInto(client, type, caBundle, service);
    if (outcome === 'updated') result.updated.push(WEBHOOK_CONFIGURATIONS[type]);
    if (outcome === 'missing') result.missing.push(WEBHOOK_CONFIGURATIONS[type]);
  }
  return result;
}
