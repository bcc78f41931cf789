// The admission webhook's certificate as Kruise's webhook controller handles it, for replicas in Kubernetes
// mode against a cluster behind the apiserver's RBAC with coxswain.yaml's webhook roles: the first replica
// makes an authority and a serving certificate and keeps them in the Secret; a second replica serves the
// same one without writing; two replicas starting at once end up with one; the authority goes into the
// caBundle of both webhook configurations (with the Service's namespace and name); six months before
// expiry the certificate is rotated and the other replicas serve the new one at their next resync; a
// certificate for another DNS name is replaced, keeping the authority. Nothing the webhook asks is
// refused, and every verb the webhook roles grant is used.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { X509Certificate } from 'node:crypto';
import type { KubeObject, MutatingWebhookConfiguration, Secret, ValidatingWebhookConfiguration } from '@coxswain/kruise-api';
import { loadConfig } from '../src/config/config.js';
import type { Runtime } from '../src/runtime.js';
import { RENEW_BEFORE_MS, CERTIFICATE_LIFETIME_MS } from '../src/webhook/certificates/webhook-certificates.js';
import { WEBHOOK_CONFIGURATIONS } from '../src/webhook/certificates/webhook-configurations.js';
import { WEBHOOK_PATHS, webhookAt } from '../src/webhook/webhook-paths.js';
import { AdmissionWebhook } from '../src/webhook/webhook.module.js';
import { eventually } from './support/api-server.js';
import { clusterGate, permission, ServiceAccountRbac, type GateRecord } from './support/rbac.js';
import { admissionReview, COXSWAIN_YAML, DNS_NAME, SECRET, SERVICE, WebhookRig } from './support/webhook-rig.js';

const SECRET_REF = { apiVersion: 'v1', kind: 'Secret' };
const MUTATING = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration' };
const VALIDATING = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration' };
const ACCOUNT = { namespace: 'coxswain', name: 'coxswain' };
const DAY_MS = 86_400_000;

/** What the webhook may do: its own roles, and the API's (pods get, for CloneSet validation). */
const rbac = ServiceAccountRbac.fromManifests(COXSWAIN_YAML, ACCOUNT, ['coxswain-webhook', 'coxswain-api']);
const webhookRoles = ServiceAccountRbac.fromManifests(COXSWAIN_YAML, ACCOUNT, ['coxswain-webhook']);
const records: GateRecord[] = [];
const rigs: WebhookRig[] = [];

async function gatedRig(): Promise<WebhookRig> {
  const gate = clusterGate(rbac);
  records.push(gate.record);
  const rig = await WebhookRig.start({ intercept: gate.intercept });
  rigs.push(rig);
  return rig;
}

async function secretOf(rig: WebhookRig): Promise<Secret> {
  return rig.store.get<Secret>(SECRET_REF, SECRET.namespace, SECRET.name);
}

function pem(secret: Secret, key: string): string {
  return Buffer.from(secret.data![key]!, 'base64').toString('utf8');
}

async function configurations(rig: WebhookRig): Promise<(MutatingWebhookConfiguration | ValidatingWebhookConfiguration)[]> {
  return [
    await rig.store.get<MutatingWebhookConfiguration>(MUTATING, undefined, WEBHOOK_CONFIGURATIONS.mutating),
    await rig.store.get<ValidatingWebhookConfiguration>(VALIDATING, undefined, WEBHOOK_CONFIGURATIONS.validating),
  ];
}

afterAll(async () => {
  for (const rig of rigs) await rig.stop();
});

describe('the webhook certificate', () => {
  let rig: WebhookRig;
  beforeAll(async () => {
    rig = await gatedRig();
  }, 180_000);

  it('is made once by the first replica, kept in the Secret with Kruise\'s keys, and served for the Service\'s DNS name', async () => {
    const first = await rig.replica();
    const secret = await secretOf(rig);
    expect(Object.keys(secret.data!).sort()).toEqual(['ca-cert.pem', 'ca-key.pem', 'cert.pem', 'key.pem', 'tls.crt', 'tls.key']);
    expect(pem(secret, 'tls.crt')).toBe(pem(secret, 'cert.pem'));
    expect(first.served().cert).toBe(pem(secret, 'cert.pem'));
    const cert = new X509Certificate(first.served().cert);
    const ca = new X509Certificate(pem(secret, 'ca-cert.pem'));
    expect(cert.checkHost(DNS_NAME)).toBe(DNS_NAME);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(ca.ca).toBe(true);
    // Ten years, as Kruise's.
    expect(Date.parse(cert.validTo) - rig.clock.now()).toBeGreaterThan(CERTIFICATE_LIFETIME_MS - DAY_MS);
  });

  it('is reused from the Secret by a second replica, which writes nothing and presents the same certificate', async () => {
    const before = (await secretOf(rig)).metadata.resourceVersion;
    const [first] = [await rig.replica()];
    const second = await rig.replica();
    expect(second.served().cert).toBe(first!.served().cert);
    expect((await secretOf(rig)).metadata.resourceVersion).toBe(before);
    const review = admissionReview('DELETE', undefined, { oldObject: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'x', namespace: 'shop' } } as KubeObject });
    const path = webhookAt('/validate-apps-kruise-io-v1alpha1-cloneset')!.path;
    const a = await rig.post(first!, path, review);
    const b = await rig.post(second, path, review);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(b.body.response).toEqual({ uid: review.request.uid, allowed: true });
  });

  it('is written into the caBundle of every webhook of both configurations, with the Service\'s namespace and name', async () => {
    const ca = pem(await secretOf(rig), 'ca-cert.pem');
    const configs = await configurations(rig);
    const webhooks = configs.flatMap((c) => c.webhooks ?? []);
    expect(webhooks.map((w) => w.clientConfig.service!.path).sort()).toEqual(WEBHOOK_PATHS.map((w) => w.path).sort());
    for (const webhook of webhooks) {
      expect(Buffer.from(webhook.clientConfig.caBundle!, 'base64').toString('utf8')).toBe(ca);
      expect(webhook.clientConfig.service).toMatchObject({ namespace: SERVICE.namespace, name: SERVICE.name });
    }
  });
});

describe('a configuration re-created without its caBundle', () => {
  it('gets it back at the next resync (every minute)', async () => {
    const rig = await gatedRig();
    const replica = await rig.replica();
    const config = await rig.store.get<MutatingWebhookConfiguration>(MUTATING, undefined, WEBHOOK_CONFIGURATIONS.mutating);
    await rig.store.update({ ...config, webhooks: config.webhooks!.map(({ clientConfig: { caBundle: _dropped, ...rest }, ...w }) => ({ ...w, clientConfig: rest })) });
    await expect(rig.caBundle()).rejects.toThrow('no caBundle');
    await rig.clock.advance(60_000);
    const restored = await eventually(async () => rig.caBundle().catch(() => undefined), 10_000, 'the caBundle to be written again');
    expect(restored).toBe(replica.served().caCert);
  }, 180_000);
});

describe('two replicas starting at once', () => {
  it('end up serving one certificate', async () => {
    const rig = await gatedRig();
    const [a, b] = await Promise.all([rig.replica(), rig.replica()]);
    expect(a.served().cert).toBe(b.served().cert);
    expect(pem(await secretOf(rig), 'cert.pem')).toBe(a.served().cert);
  }, 180_000);
});

describe('rotation', () => {
  it('happens six months before expiry, with a new authority in both caBundles, and the other replica follows at its next resync', async () => {
    const rig = await gatedRig();
    const a = await rig.replica();
    const b = await rig.replica();
    const original = a.served();
    const { resourceVersion } = (await secretOf(rig)).metadata;

    // Not yet: more than the renewal margin left.
    await rig.clock.advance(CERTIFICATE_LIFETIME_MS - RENEW_BEFORE_MS - 10 * DAY_MS);
    await a.controller.sync();
    expect(a.served()).toEqual(original);
    expect((await secretOf(rig)).metadata.resourceVersion).toBe(resourceVersion);

    await rig.clock.advance(20 * DAY_MS);
    await a.controller.sync();
    const rotated = a.served();
    expect(rotated.cert).not.toBe(original.cert);
    // The authority expires with the old certificate, so it is renewed too; the caBundle follows.
    expect(rotated.caCert).not.toBe(original.caCert);
    expect(pem(await secretOf(rig), 'cert.pem')).toBe(rotated.cert);
    for (const config of await configurations(rig)) {
      for (const webhook of config.webhooks ?? []) expect(Buffer.from(webhook.clientConfig.caBundle!, 'base64').toString('utf8')).toBe(rotated.caCert);
    }
    const presentedByA = await rig.post(a, '/healthz', undefined, { method: 'GET', verify: false });

    // b still serves the old one until its resync (a minute) reads the Secret.
    expect(b.served().cert).toBe(original.cert);
    await rig.clock.advance(60_000);
    await eventually(async () => (b.served().cert === rotated.cert ? true : undefined), 10_000, 'the second replica to serve the rotated certificate');
    const presentedByB = await rig.post(b, '/healthz', undefined, { method: 'GET', verify: false });
    expect(presentedByB.fingerprint).toBe(presentedByA.fingerprint);
    expect(presentedByA.fingerprint).toBe(new X509Certificate(rotated.cert).fingerprint256);
  }, 180_000);

  it('replaces a certificate for another DNS name, keeping the authority and so the caBundle', async () => {
    const rig = await gatedRig();
    const first = await rig.replica();
    const renamed = await rig.replica({ service: { namespace: 'coxswain', name: 'renamed-webhook' } });
    expect(renamed.served().caCert).toBe(first.served().caCert);
    expect(new X509Certificate(renamed.served().cert).checkHost('renamed-webhook.coxswain.svc')).toBe('renamed-webhook.coxswain.svc');
    for (const config of await configurations(rig)) {
      for (const webhook of config.webhooks ?? []) {
        expect(webhook.clientConfig.service!.name).toBe('renamed-webhook');
        expect(Buffer.from(webhook.clientConfig.caBundle!, 'base64').toString('utf8')).toBe(first.served().caCert);
      }
    }
  }, 180_000);
});

describe('a replica without the webhook roles', () => {
  it('does not start, naming the Secret, the roles to grant and the refusal', async () => {
    const gate = clusterGate(ServiceAccountRbac.fromManifests(COXSWAIN_YAML, ACCOUNT, ['coxswain-api']));
    const rig = await WebhookRig.start({ intercept: gate.intercept });
    rigs.push(rig);
    const config = loadConfig({ PGLITE_DIR: 'memory', CLUSTER: 'kubernetes', WEBHOOK_PORT: '0', WEBHOOK_NAMESPACE: 'coxswain' });
    const webhook = new AdmissionWebhook(rig.client(), { config } as Runtime);
    await expect(webhook.onApplicationBootstrap()).rejects.toThrow(
      'WEBHOOK_PORT=0: cannot set up the webhook certificate (Secret coxswain/coxswain-webhook-certs, caBundle of the webhook configurations; ' +
      'grant the Role and ClusterRole coxswain-webhook of docker/kubernetes/coxswain.yaml, or set WEBHOOK_PORT=off): ' +
      'secrets "coxswain-webhook-certs" is forbidden: User "system:serviceaccount:coxswain:coxswain" cannot get resource "secrets" in API group "" in the namespace "coxswain"',
    );
    expect(webhook.port()).toBeUndefined();
  }, 180_000);
});

describe('the RBAC of docker/kubernetes/coxswain.yaml', () => {
  it('grants every request of the certificate handling and CloneSet validation\'s pod reads, and the webhook roles nothing unused', async () => {
    // CloneSet validation reads the pods podsToDelete names (granted by coxswain-api).
    const rig = await gatedRig();
    const replica = await rig.replica();
    const old = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'shop', uid: 'u' }, spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } } as KubeObject;
    const review = admissionReview('UPDATE', { ...old, spec: { ...(old.spec as object), scaleStrategy: { podsToDelete: ['gone'] } } }, { oldObject: old });
    expect((await rig.post(replica, '/validate-apps-kruise-io-v1alpha1-cloneset', review)).body.response.allowed).toBe(false);

    const denied = records.flatMap((r) => r.denied.map((d) => `${permission(d)} ${d.namespace ?? ''}/${d.name ?? ''}`));
    expect(denied).toEqual([]);
    const used = new Set(records.flatMap((r) => r.requests.map((q) => permission(q))));
    expect([...webhookRoles.granted()].filter((p) => !used.has(p)).sort()).toEqual([]);
    expect(used.has(' pods get')).toBe(true);
  }, 180_000);
});
