// evaluateCheck over the network (src/analysis/evaluate.ts, fetch-json.ts), against a local HTTP server
// that misbehaves on purpose: unreachable, slow (the timeout bounds the wait), huge, redirecting, not
// JSON. Each comes back as an Error result in words, never as an exception or a pass.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RealClock } from '@coxswain/cluster';
import type { AnalysisCheck } from '@coxswain/kruise-api';
import { evaluateCheck, prometheusQueryUrl } from '../../src/analysis/evaluate.js';
import { MAX_ANSWER_BYTES } from '../../src/analysis/fetch-json.js';

let server: Server;
let base: string;
const hanging = new Set<import('node:http').ServerResponse>();
const queries: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/slow') {
      hanging.add(res); // answers never; the check's timeout ends the wait
      return;
    }
    if (path === '/huge') {
      res.setHeader('content-type', 'application/json');
      res.end(`"${'x'.repeat(MAX_ANSWER_BYTES + 10)}"`);
      return;
    }
    if (path === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/');
      res.end();
      return;
    }
    if (path === '/html') {
      res.end('<html>ok</html>');
      return;
    }
    if (path === '/health') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: { errorRatio: 0.2 } }));
      return;
    }
    if (path === '/prom/api/v1/query' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const query = new URLSearchParams(body).get('query') ?? '';
        queries.push(query);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [{ metric: {}, value: [1, '0.01'] }] } }));
      });
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const clock = new RealClock();
const http = (path: string, timeoutSeconds = 5): AnalysisCheck => ({ name: 'h', timeoutSeconds, http: { url: `${base}${path}`, jsonPath: 'status.errorRatio', successCondition: { operator: 'LessThan', value: 0.1 } } });

describe('evaluateCheck', () => {
  it('asks Prometheus with the query as a form and judges the answer', async () => {
    const result = await evaluateCheck({ name: 'p', prometheus: { address: `${base}/prom`, query: 'sum(rate(x[1m])) / 2', successCondition: { operator: 'LessThan', value: 0.05 } } }, { clock });
    expect(result).toMatchObject({ check: 'p', kind: 'prometheus', phase: 'Passed', measured: 0.01, condition: '< 0.05' });
    expect(queries).toContain('sum(rate(x[1m])) / 2');
  });

  it("binds the query's placeholders to the Rollout's values before asking", async () => {
    const variables = { namespace: 'shop-ns', workload: 'shop', updateRevision: 'shop-v2', currentRevision: 'shop-v1' };
    const check: AnalysisCheck = { name: 'p', prometheus: { address: `${base}/prom`, query: 'x{namespace="{{namespace}}",revision="{{updateRevision}}"}', successCondition: { operator: 'LessThan', value: 0.05 } } };
    expect((await evaluateCheck(check, { clock, variables })).phase).toBe('Passed');
    expect(queries).toContain('x{namespace="shop-ns",revision="shop-v2"}');
    const health = { ...http('/health'), http: { ...http('/health').http!, url: `${base}/{{workload}}` } };
    expect(await evaluateCheck(health, { clock, variables: { ...variables, workload: 'health' } })).toMatchObject({ phase: 'Failed', measured: 0.2 });
  });

  it('reads the JSON answer of an endpoint', async () => {
    expect(await evaluateCheck(http('/health'), { clock })).toMatchObject({ kind: 'http', phase: 'Failed', measured: 0.2, reason: 'status.errorRatio is 0.2, which is not < 0.1' });
  });

  it.each<[string, string, string]>([
    ['a slow endpoint is cut at the timeout', '/slow', 'no answer within 1s'],
    ['a huge answer is not read whole', '/huge', `larger than ${MAX_ANSWER_BYTES} bytes`],
    ['a redirect is not followed', '/redirect', 'the answer is a redirect (HTTP 302)'],
    ['an answer that is not JSON', '/html', 'is not JSON'],
    ['a 404', '/nowhere', 'the endpoint answered HTTP 404'],
  ])('%s', async (_what, path, reason) => {
    const result = await evaluateCheck(http(path, 1), { clock });
    expect(result.phase).toBe('Error');
    expect(result.reason).toContain(reason);
  });

  it('an unreachable endpoint is an Error naming it', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await evaluateCheck({ name: 'p', timeoutSeconds: 2, prometheus: { address: `http://127.0.0.1:${port}`, query: 'up', successCondition: { operator: 'Equal', value: 1 } } }, { clock });
    expect(result.phase).toBe('Error');
    expect(result.reason).toContain(`could not reach http://127.0.0.1:${port}/api/v1/query`);
  });

  it('keeps a prefix of the Prometheus address', () => {
    expect(prometheusQueryUrl('http://h:9090')).toBe('http://h:9090/api/v1/query');
    expect(prometheusQueryUrl('http://h/prom/')).toBe('http://h/prom/api/v1/query');
  });
});
