// A cluster that serves a Kruise kind only in another version than the caller's (OpenKruise before
// CloneSet v1beta1, or the CRDs Coxswain ships for clusters without OpenKruise): the adapter finds the
// version through discovery, reads and writes in it, and hands the caller its own version.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubernetesClusterClient } from '../../src/kubernetes/index.js';

const V1BETA1 = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
const UD_V1BETA1 = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment' };
let stored: Record<string, any>;
let storedUd: Record<string, any>;
const requests: { method: string; path: string; body?: any }[] = [];
let server: Server;
let client: KubernetesClusterClient;

function send(res: import('node:http').ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  stored = {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop', resourceVersion: '7', uid: 'u1' },
    spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
      updateStrategy: { type: 'InPlaceIfPossible', partition: 2, maxUnavailable: 1 } },
  };
  storedUd = {
    apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment',
    metadata: { name: 'ud', namespace: 'shop', resourceVersion: '3', uid: 'u2' },
    spec: { replicas: 4, selector: { matchLabels: { app: 'ud' } }, template: { deploymentTemplate: { metadata: { labels: { app: 'ud' } }, spec: {} } },
      topology: { subsets: [{ name: 'a' }, { name: 'b' }] }, updateStrategy: { type: 'Manual', manualUpdate: { partitions: { a: 1 } } } },
    status: { replicas: 4, subsetReplicas: { a: 2, b: 2 }, updateStatus: { updatedRevision: 'ud-abc', currentPartitions: { a: 1, b: 0 } } },
  };
  server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const path = new URL(req.url!, 'http://x').pathname;
    requests.push({ method: req.method!, path, ...(text ? { body: JSON.parse(text) } : {}) });
    if (path === '/apis/apps.kruise.io/v1beta1') return send(res, 404, { kind: 'Status', code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' });
    if (path === '/apis/apps.kruise.io') return send(res, 200, { kind: 'APIGroup', name: 'apps.kruise.io', versions: [{ groupVersion: 'apps.kruise.io/v1alpha1', version: 'v1alpha1' }], preferredVersion: { groupVersion: 'apps.kruise.io/v1alpha1', version: 'v1alpha1' } });
    if (path === '/apis/apps.kruise.io/v1alpha1') return send(res, 200, { kind: 'APIResourceList', groupVersion: 'apps.kruise.io/v1alpha1', resources: [
      { name: 'clonesets', kind: 'CloneSet', namespaced: true }, { name: 'clonesets/status', kind: 'CloneSet', namespaced: true },
      { name: 'uniteddeployments', kind: 'UnitedDeployment', namespaced: true }, { name: 'uniteddeployments/status', kind: 'UnitedDeployment', namespaced: true },
    ] });
    if (path === '/apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets/web' && req.method === 'GET') return send(res, 200, stored);
    if (path.startsWith('/apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets/web') && req.method === 'PUT') {
      const body = JSON.parse(text);
      if (body.metadata.resourceVersion !== stored.metadata.resourceVersion) return send(res, 409, { kind: 'Status', code: 409, reason: 'Conflict', message: 'modified' });
      stored = { ...body, metadata: { ...body.metadata, resourceVersion: String(Number(stored.metadata.resourceVersion) + 1) } };
      return send(res, 200, stored);
    }
    if (path === '/apis/apps.kruise.io/v1alpha1/namespaces/shop/uniteddeployments/ud' && req.method === 'GET') return send(res, 200, storedUd);
    if (path === '/apis/apps.kruise.io/v1alpha1/namespaces/shop/uniteddeployments/ud/status' && req.method === 'PUT') {
      storedUd = { ...JSON.parse(text), metadata: { ...storedUd.metadata, resourceVersion: String(Number(storedUd.metadata.resourceVersion) + 1) } };
      return send(res, 200, storedUd);
    }
    send(res, 404, { kind: 'Status', code: 404, reason: 'NotFound', message: `no ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const file = join(mkdtempSync(join(tmpdir(), 'coxswain-stub-')), 'config');
  const port = (server.address() as { port: number }).port;
  writeFileSync(file, `apiVersion: v1\nkind: Config\nclusters: [{name: s, cluster: {server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: s, context: {cluster: s, user: u}}]\ncurrent-context: s\n`);
  client = KubernetesClusterClient.fromConfig({ kubeconfig: file });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('a kind the cluster serves only in another version', () => {
  it('is read in the caller\'s version, converted', async () => {
    const cs = await client.get<any>(V1BETA1, 'shop', 'web');
    expect(cs.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(cs.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', partition: 2, maxUnavailable: 1 } });
  });

  it('is written in the version the cluster serves: status, and a merge patch applied to the converted object', async () => {
    const cs = await client.get<any>(V1BETA1, 'shop', 'web');
    await client.updateStatus({ ...cs, status: { replicas: 3, observedGeneration: 1 } });
    const put = requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put.path).toBe('/apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets/web/status');
    expect(put.body).toMatchObject({ apiVersion: 'apps.kruise.io/v1alpha1', spec: { updateStrategy: { type: 'InPlaceIfPossible', partition: 2 } }, status: { replicas: 3 } });

    const patched = await client.patch<any>(V1BETA1, 'shop', 'web', { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } });
    expect(patched.spec.updateStrategy.rollingUpdate.partition).toBe(0);
    expect(stored.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(stored.spec.updateStrategy.partition).toBe(0);
    // Discovery once per group version, not per request.
    expect(requests.filter((r) => r.path === '/apis/apps.kruise.io/v1beta1')).toHaveLength(1);
  });

  it('covers UnitedDeployment too: the v1alpha1 status read as v1beta1 subset statuses, and written back in v1alpha1\'s shape', async () => {
    const ud = await client.get<any>(UD_V1BETA1, 'shop', 'ud');
    expect(ud.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(ud.status).toMatchObject({ replicas: 4, updatedRevision: 'ud-abc', subsetStatuses: [{ name: 'a', replicas: 2, partition: 1 }, { name: 'b', replicas: 2, partition: 0 }] });

    await client.updateStatus({ ...ud, status: { ...ud.status, subsetStatuses: [{ name: 'a', replicas: 3, readyReplicas: 3, partition: 0 }, { name: 'b', replicas: 1, readyReplicas: 1, partition: 0 }] } });
    const put = requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put.path).toBe('/apis/apps.kruise.io/v1alpha1/namespaces/shop/uniteddeployments/ud/status');
    expect(put.body.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(put.body.status).toMatchObject({ subsetReplicas: { a: 3, b: 1 }, updateStatus: { updatedRevision: 'ud-abc', currentPartitions: { a: 0, b: 0 } } });
    expect(put.body.status.updatedRevision).toBeUndefined();
  });
});
