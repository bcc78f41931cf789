// admissionregistration.k8s.io/v1 Mutating- and ValidatingWebhookConfiguration: how the API server finds
// admission webhooks. Coxswain writes the `caBundle` of its own (the webhook's certificate authority).
import type { LabelSelector, KubeObject } from './meta.js';

export const ADMISSION_REGISTRATION_API_VERSION = 'admissionregistration.k8s.io/v1';

export interface ServiceReference {
  namespace: string;
  name: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  /** Base64 of the PEM certificates that sign the webhook's serving certificate. */
  caBundle?: string;
}

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

export interface MatchCondition {
  name: string;
  expression: string;
}

export interface ValidatingWebhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: 'Ignore' | 'Fail';
  matchPolicy?: 'Exact' | 'Equivalent';
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects: string;
  timeoutSeconds?: number;
  admissionReviewVersions: string[];
  matchConditions?: MatchCondition[];
}

export interface MutatingWebhook extends ValidatingWebhook {
  reinvocationPolicy?: 'Never' | 'IfNeeded';
}

export interface MutatingWebhookConfiguration extends KubeObject {
  apiVersion: typeof ADMISSION_REGISTRATION_API_VERSION;
  kind: 'MutatingWebhookConfiguration';
  webhooks?: MutatingWebhook[];
}

export interface ValidatingWebhookConfiguration extends KubeObject {
  apiVersion: typeof ADMISSION_REGISTRATION_API_VERSION;
  kind: 'ValidatingWebhookConfiguration';
  webhooks?: ValidatingWebhook[];
}
