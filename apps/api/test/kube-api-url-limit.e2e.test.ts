// Issue 28 item 3: a request line longer than the Kubernetes API serves is answered 414 with a Status,
// as an apiserver answers what it will not read, instead of the connection being reset.
import { describe, expect, it } from '@jest/globals';
import { MAX_URL_LENGTH } from '../src/kube-api/kube-api.server.js';
import { TestApi, testApiPerFile } from './support/api-server.js';

let api: TestApi;

testApiPerFile({ KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);

describe('the Kubernetes API limits the length of a URL', () => {
  it.each([MAX_URL_LENGTH + 1, 100_000, 1_000_000])('answers a %d-character URL with 414 and a Status', async (length) => {
    const prefix = '/api/v1/namespaces/default/pods?labelSelector=';
    const res = await api.kubeRequest(`${prefix}${'a'.repeat(length - prefix.length)}`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toMatchObject({
      kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'RequestURITooLong', code: 414,
      message: expect.stringContaining(`longer than ${MAX_URL_LENGTH} characters`),
    });
  });

  it('answers 431 when the request line and headers pass 1 MiB together, as the apiserver', async () => {
    const res = await api.kubeRequest(`/api/v1/namespaces?x=${'a'.repeat(1024 * 1024)}`);
    expect(res.status).toBe(431);
  });

  it('still serves a URL of exactly the limit', async () => {
    const prefix = '/api/v1/namespaces/default/pods?limit=1&unread=';
    const res = await api.kubeRequest(`${prefix}${'a'.repeat(MAX_URL_LENGTH - prefix.length)}`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).kind).toBe('PodList');
  });
});
