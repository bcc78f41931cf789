// The admission webhook as the server wires it (WEBHOOK_PORT), here in embedded mode, where it is off
// unless configured: at start the server keeps its certificate in the Secret WEBHOOK_NAMESPACE/
// WEBHOOK_SECRET of its cluster and serves reviews over HTTPS with it, for the Service's DNS name. The
// Secret holds private keys, so only admin tokens read it, over GraphQL and the Kubernetes API alike.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:https';
import type { Secret } from '@coxswain/kruise-api';
import { ADMIN_TOKEN, TestApi, testApiPerFile } from './support/api-server.js';
import { applyJsonPatch } from '../src/kube-api/patches/json-patch.js';
import { admissionReview } from './support/webhook-rig.js';

const SECRET = { apiVersion: 'v1', kind: 'Secret' };
let api: TestApi;
let viewer: string;

testApiPerFile({ WEBHOOK_PORT: '0', WEBHOOK_NAMESPACE: 'hooks', WEBHOOK_SERVICE: 'admission', KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  viewer = await api.createToken('looker', 'viewer');
}, 180_000);

function https(url: string, options: { method?: string; ca?: string; servername?: string; token?: string; body?: unknown }): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      ...(options.ca ? { ca: options.ca, servername: options.servername } : { rejectUnauthorized: false }),
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

describe('the webhook of a server started with WEBHOOK_PORT', () => {
  it('keeps its certificate in the configured Secret and answers reviews over TLS the authority in it verifies', async () => {
    const secret = await api.runtime.cluster.get<Secret>(SECRET, 'hooks', 'coxswain-webhook-certs');
    const ca = Buffer.from(secret.data!['ca-cert.pem']!, 'base64').toString('utf8');
    const review = admissionReview('CREATE', {
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'shop' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'web:v1' }] } } },
    });
    const { status, body } = await https(`https://127.0.0.1:${api.webhookPort()}/mutate-apps-kruise-io-v1alpha1-cloneset`, {
      method: 'POST', ca, servername: 'admission.hooks.svc', body: review,
    });
    expect(status).toBe(200);
    expect(body.response).toMatchObject({ uid: review.request.uid, allowed: true, patchType: 'JSONPatch' });
  });

  it('serves the pod webhook: a pod a CloneSet creates gets the KruisePodReady gate appended by a JSONPatch', async () => {
    const secret = await api.runtime.cluster.get<Secret>(SECRET, 'hooks', 'coxswain-webhook-certs');
    const ca = Buffer.from(secret.data!['ca-cert.pem']!, 'base64').toString('utf8');
    const owner = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web', uid: 'uid-web', controller: true };
    const review = admissionReview('CREATE', {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-abcde', namespace: 'shop', ownerReferences: [owner] },
      spec: { containers: [{ name: 'main', image: 'web:v1' }], readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
    });
    const { status, body } = await https(`https://127.0.0.1:${api.webhookPort()}/mutate-pod`, { method: 'POST', ca, servername: 'admission.hooks.svc', body: review });
    expect(status).toBe(200);
    expect(body.response).toMatchObject({ uid: review.request.uid, allowed: true, patchType: 'JSONPatch' });
    const patch = JSON.parse(Buffer.from(body.response.patch, 'base64').toString('utf8'));
    expect(applyJsonPatch(review.request.object, patch)).toMatchObject({ spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }, { conditionType: 'KruisePodReady' }] } });
  });

  it('lets only admins read the Secret, over GraphQL and the Kubernetes API', async () => {
    const query = '{ object(kind: "Secret", namespace: "hooks", name: "coxswain-webhook-certs") { name } }';
    expect((await api.graphql(query)).data).toEqual({ object: { name: 'coxswain-webhook-certs' } });
    const refused = await api.graphql(query, {}, { token: viewer });
    expect(refused.errors?.[0]).toMatchObject({ message: 'role viewer may not get Secret objects (they hold credentials; admins only)', extensions: { code: 'FORBIDDEN' } });
    const listed = await api.graphql('{ objects(kind: "secrets") { totalCount } }', {}, { token: viewer });
    expect(listed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const path = `${api.kubeUrl()}/api/v1/namespaces/hooks/secrets/coxswain-webhook-certs`;
    expect((await https(path, { token: ADMIN_TOKEN })).status).toBe(200);
    const kube = await https(path, { token: viewer });
    expect(kube.status).toBe(403);
    expect(kube.body.message).toMatch(/^secrets "coxswain-webhook-certs" is forbidden: User "looker" cannot get resource "secrets" in API group "" in the namespace "hooks": role viewer may not get Secret objects/);
    // Other kinds stay readable to viewers.
    expect((await api.graphql('{ objects(kind: "pods") { totalCount } }', {}, { token: viewer })).errors).toBeUndefined();
  });
});
