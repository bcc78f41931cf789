// Issue 13 item 13 and issue 28 item 1: guessing tokens is rate limited per address, with one budget
// shared by GraphQL (HTTP and graphql-ws), REST and the Kubernetes API. A limited address gets 429 with
// Retry-After for every failed attempt (the Kubernetes API as a TooManyRequests Status), while requests
// with a valid token from that same address are still served: a guesser cannot lock out its neighbours.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, eventually, TestApi, type GraphQLResponse } from './support/api-server.js';

let api: TestApi;

beforeAll(async () => {
  // One failure earned back every 15 s: the burst stays spent however slowly a loaded machine sends it.
  api = await TestApi.start({ KUBE_API_PORT: '0', AUTH_FAILURE_REFILL_PER_MINUTE: '4' });
}, 180_000);
afterAll(async () => {
  await api?.close();
});

describe('failed authentication is rate limited, once for every surface', () => {
  it('after a burst of bad tokens on the Kubernetes API every surface refuses more guesses with 429, and still serves valid tokens', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await api.kubeRequest('/api/v1/namespaces', { token: `cxs_guess_${i}` })).status);
    expect(statuses).toEqual(Array(20).fill(401));

    const kube = await api.kubeRequest('/api/v1/namespaces', { token: 'cxs_guess_more' });
    expect(kube.status).toBe(429);
    expect(Number(kube.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(kube.body)).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: expect.stringContaining('too many failed authentications from this address'),
      reason: 'TooManyRequests', details: { retryAfterSeconds: Number(kube.headers['retry-after']) }, code: 429,
    });
    // The same budget on the other surfaces.
    const rest = await api.fetch('/api/v1/hooks', { token: 'cxs_guess_rest' });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await rest.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    const gql = await api.graphqlResponse('{ me { name } }', {}, { token: 'cxs_guess_graphql' });
    expect(gql.status).toBe(429);
    expect(((await gql.json()) as GraphQLResponse).errors![0]!.extensions!.code).toBe('RATE_LIMITED');
    const guesser = api.ws({ token: 'cxs_guess_ws' });
    try {
      const closed = await new Promise<unknown>((resolve) => guesser.subscribe({ query: '{ me { name } }' }, { next: () => {}, error: resolve, complete: () => resolve('complete') }));
      expect((closed as { code?: number }).code).toBe(4403);
    } finally {
      await guesser.dispose();
    }

    // A valid token from the limited address is served everywhere.
    const served = await api.kubeRequest('/api/v1/namespaces');
    expect(served.status).toBe(200);
    expect(JSON.parse(served.body).kind).toBe('NamespaceList');
    expect((await api.fetch('/api/v1/hooks')).status).toBe(200);
    expect((await api.graphql('{ me { name } }')).data).toEqual({ me: { name: 'local-admin' } });
    const client = api.ws({ token: ADMIN_TOKEN });
    try {
      const answer = await new Promise<unknown>((resolve, reject) => client.subscribe({ query: '{ me { name } }' }, { next: resolve, error: reject, complete: () => {} }));
      expect(answer).toEqual({ data: { me: { name: 'local-admin' } } });
    } finally {
      await client.dispose();
    }

    // Once the budget refills, a bad token is an ordinary 401 again.
    await eventually(async () => ((await api.kubeRequest('/api/v1/namespaces', { token: 'cxs_guess_later' })).status === 401 ? true : undefined), 60_000, 'a refilled budget');
  }, 120_000);
});
