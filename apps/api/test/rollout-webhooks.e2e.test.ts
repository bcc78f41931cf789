// Outgoing Rollout webhooks end to end (docs/rollouts-api.md): an admin configures a namespace's webhooks
// over GraphQL; Rollout status transitions observed by the API become events (step reached, paused for
// approval, aborted, completed) POSTed as JSON to a real local HTTP receiver, signed with HMAC-SHA256 under
// the webhook's secret; a receiver that fails is retried with backoff up to the configured attempts, and
// every delivery's attempts are visible. No controller runs (CONTROLLER_MODE=off): the status transitions
// are written directly, as a controller would write them.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Rollout, RolloutStatus } from '@coxswain/kruise-api';
import { RolloutWebhooksRepository } from '../src/rollouts/webhooks/rollout-webhooks.repository.js';
import { verifySignature } from '../src/rollouts/webhooks/webhook-signature.js';
import { eventually, TestApi } from './support/api-server.js';

const ROLLOUT_REF = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
const NS = 'payments';
const SECRET = 'whsec-0123456789abcdef';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** 256 MiB of error answer, written as fast as the client reads it. */
function hugeBody(res: import('node:http').ServerResponse): void {
  res.writeHead(500, { 'content-type': 'text/plain' });
  const chunk = Buffer.alloc(1 << 20, 'x');
  let left = 256;
  const pump = () => {
    while (left > 0) {
      left--;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
}

/** The receiver's answers to /slow, held until the test lets them go. */
const slowAnswers: (() => void)[] = [];

let api: TestApi;
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
const failuresLeft: Record<string, number> = { '/flaky': 2 };
let viewer = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/down') return void res.writeHead(503).end('maintenance');
      // Hostile receivers: an error body with NUL and bytes that are not UTF-8, a huge one, a redirect.
      if (req.url === '/binary') return void res.writeHead(500).end(Buffer.concat([Buffer.from('bad\u0000gateway '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' 🚀'.repeat(100))]));
      if (req.url === '/huge') return void hugeBody(res);
      if (req.url === '/slow') return void slowAnswers.push(() => res.writeHead(500).end('late'));
      if (req.url === '/redirect') return void res.writeHead(307, { location: `${receiverUrl}/elsewhere` }).end();
      if ((failuresLeft[req.url!] ?? 0) > 0) {
        failuresLeft[req.url!]!--;
        return void res.writeHead(500).end('boom');
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  api = await TestApi.start({ CONTROLLER_MODE: 'off', ROLLOUT_WEBHOOK_RETRY_BASE_MS: '40', ROLLOUT_WEBHOOK_ATTEMPTS: '3' });
  const created = await api.graphql(`mutation { createToken(name: "watcher", role: "viewer") { secret } }`);
  viewer = created.data!.createToken.secret;
}, 180_000);

afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const SET = `mutation($ns: String!, $n: String!, $u: String!, $s: String!, $e: [RolloutEventType!]) {
  setRolloutWebhook(namespace: $ns, name: $n, url: $u, secret: $s, events: $e) { namespace name url events createdAt updatedAt } }`;

async function setWebhook(namespace: string, name: string, path: string, events: string[] | null): Promise<void> {
  const res = await api.graphql(SET, { ns: namespace, n: name, u: `${receiverUrl}${path}`, s: SECRET, e: events });
  expect(res.errors).toBeUndefined();
}

function status(index: number, state: string, conditions: RolloutStatus['conditions'] = [{ type: 'Progressing', status: 'True', reason: 'InRolling', message: '' }]): RolloutStatus {
  return {
    observedGeneration: 1, phase: 'Progressing', currentStepIndex: index, currentStepState: state as RolloutStatus['currentStepState'],
    canaryStatus: {
      podTemplateHash: 'v2', stableRevision: 'v1', canaryRevision: 'v2', currentStepIndex: index, nextStepIndex: index < 3 ? index + 1 : -1,
      currentStepState: state as NonNullable<RolloutStatus['canaryStatus']>['currentStepState'], finalisingStep: '', canaryReplicas: index, canaryReadyReplicas: index,
    },
    conditions,
  };
}

async function setStatus(namespace: string, name: string, next: RolloutStatus): Promise<void> {
  const current = await api.runtime.cluster.get<Rollout>(ROLLOUT_REF, namespace, name);
  await api.runtime.cluster.updateStatus<Rollout>({ ...current, status: next });
}

async function applyRollout(namespace: string, name: string): Promise<void> {
  const yaml = `apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: { name: ${name}, namespace: ${namespace} }
spec:
  workloadRef: { apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: ${name} }
  strategy: { canary: { steps: [{ replicas: 1, pause: {} }, { replicas: 2, pause: { duration: 30 } }, { replicas: 100% }] } }
`;
  expect((await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: yaml })).errors).toBeUndefined();
}

async function deliveries(namespace: string, webhook?: string): Promise<Record<string, any>[]> {
  const res = await api.graphql(`query($ns: String!, $w: String) { rolloutWebhookDeliveries(namespace: $ns, webhook: $w, first: 100) { id webhook event rollout state attempts lastStatus lastError body createdAt lastAttemptAt nextAttemptAt } }`, { ns: namespace, w: webhook ?? null });
  expect(res.errors).toBeUndefined();
  return res.data!.rolloutWebhookDeliveries;
}

describe('configuration', () => {
  it('sets, replaces, lists and deletes a namespace\'s webhooks; the secret is never served back nor audited', async () => {
    await setWebhook(NS, 'temp', '/ok', ['PAUSED']);
    await setWebhook(NS, 'temp', '/ok2', null);
    const listed = await api.graphql(`{ rolloutWebhooks(namespace: "${NS}") { name url events } }`);
    expect(listed.data!.rolloutWebhooks).toEqual([{ name: 'temp', url: `${receiverUrl}/ok2`, events: [] }]);
    const introspected = await api.graphql(`{ __type(name: "RolloutWebhook") { fields { name } } }`);
    expect(introspected.data!.__type.fields.map((f: { name: string }) => f.name)).not.toContain('secret');
    expect((await api.graphql(`mutation { deleteRolloutWebhook(namespace: "${NS}", name: "temp") }`)).data).toEqual({ deleteRolloutWebhook: true });
    expect((await api.graphql(`mutation { deleteRolloutWebhook(namespace: "${NS}", name: "temp") }`)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const audit = await api.graphql(`{ auditLog(namespace: "${NS}", first: 100) { edges { node { action targetKind targetName after result } } } }`);
    const rows = audit.data!.auditLog.edges.map((e: { node: Record<string, unknown> }) => e.node);
    expect(rows.filter((r: any) => r.action === 'setRolloutWebhook')).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(rows.find((r: any) => r.action === 'setRolloutWebhook')).toMatchObject({ targetKind: 'RolloutWebhook', targetName: 'temp', result: 'ok', after: { secret: '(set)' } });
  });

  it('refuses bad input naming the field, and non-admins', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ u: 'ftp://example.com/hook' }, 'url'],
      [{ u: 'not a url' }, 'url'],
      [{ u: 'http://user:pw@example.com/' }, 'url'],
      [{ u: `http://example.com/${'x'.repeat(3000)}` }, 'url'],
      [{ s: 'short' }, 'secret'],
      [{ s: `long-enough-secret\u0000` }, 'secret'],
      [{ n: 'Bad_Name' }, 'name'],
      [{ ns: 'Bad' }, 'namespace'],
    ];
    for (const [override, field] of cases) {
      const res = await api.graphql(SET, { ns: NS, n: 'bad', u: `${receiverUrl}/ok`, s: SECRET, e: null, ...override });
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(res.errors?.[0]?.extensions)).toContain(`"field":"${field}"`);
    }
    expect((await api.graphql(SET, { ns: NS, n: 'bad', u: `${receiverUrl}/ok`, s: SECRET, e: ['EXPLODED'] })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await api.graphql(SET, { ns: NS, n: 'bad', u: `${receiverUrl}/ok`, s: SECRET, e: null }, { token: viewer })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(`{ rolloutWebhookDeliveries(namespace: "${NS}") { id } }`, {}, { token: viewer })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(`{ rolloutWebhooks { name } }`)).data!.rolloutWebhooks).toEqual([]);
  });
});

describe('deliveries', () => {
  it('POSTs each event signed to the webhooks that want it, retries a failing receiver with backoff, and shows every attempt', async () => {
    await setWebhook(NS, 'chat', '/ok', null);
    await setWebhook(NS, 'pager', '/flaky', ['PAUSED']);
    await setWebhook(NS, 'archive', '/down', ['COMPLETED']);
    await setWebhook('elsewhere', 'other', '/elsewhere', null);
    await applyRollout(NS, 'checkout');
    await applyRollout('elsewhere', 'checkout');

    await setStatus(NS, 'checkout', status(1, 'StepUpgrade')); // STEP_REACHED 1
    await setStatus(NS, 'checkout', status(1, 'StepPaused')); // PAUSED at 1 (no pause.duration)
    await setStatus(NS, 'checkout', status(2, 'StepUpgrade')); // STEP_REACHED 2
    await setStatus(NS, 'checkout', status(2, 'StepPaused')); // a timed pause: no PAUSED
    await setStatus(NS, 'checkout', status(2, 'StepPaused', [{ type: 'Progressing', status: 'True', reason: 'Cancelling', message: '' }])); // ABORTED
    await setStatus(NS, 'checkout', status(3, 'Completed', [
      { type: 'Progressing', status: 'False', reason: 'Completed', message: 'Rollout progressing has been completed' },
      { type: 'Succeeded', status: 'True', reason: '', message: '' },
    ])); // COMPLETED
    await setStatus('elsewhere', 'checkout', status(1, 'StepUpgrade'));

    const chat = await eventually(async () => {
      const got = received.filter((r) => r.path === '/ok');
      return got.length >= 5 ? got : undefined;
    }, 15_000, 'five events at the chat webhook');
    const bodies = chat.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((b) => [b.type, b.stepIndex])).toEqual(expect.arrayContaining([['STEP_REACHED', 1], ['PAUSED', 1], ['STEP_REACHED', 2], ['ABORTED', 2], ['COMPLETED', 3]]));
    expect(bodies).toHaveLength(5);
    for (const r of chat) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-coxswain-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(verifySignature(SECRET, r.body, r.headers['x-coxswain-signature'] as string)).toBe(true);
      expect(verifySignature('another-secret-0000', r.body, r.headers['x-coxswain-signature'] as string)).toBe(false);
      const body = JSON.parse(r.body);
      expect(r.headers['x-coxswain-event']).toBe(body.type);
      expect(r.headers['x-coxswain-delivery']).toBe(body.id);
      expect(body).toMatchObject({ namespace: NS, rollout: 'checkout', steps: 3, stableRevision: 'v1', canaryRevision: 'v2', at: expect.any(String) });
    }

    // The flaky receiver answered 500 twice: the third attempt delivered it.
    const pager = await eventually(async () => {
      const [d] = await deliveries(NS, 'pager');
      return d?.state === 'delivered' ? d : undefined;
    }, 15_000, 'the pager delivery to succeed');
    expect(pager).toMatchObject({ event: 'PAUSED', rollout: 'checkout', attempts: 3, lastStatus: 204, lastError: null, nextAttemptAt: null });
    const pagerAttempts = received.filter((r) => r.path === '/flaky');
    expect(pagerAttempts).toHaveLength(3);
    expect(new Set(pagerAttempts.map((r) => r.body)).size).toBe(1); // the same body, so the same signature, every attempt

    // The receiver that is down: failed after the configured 3 attempts, with its answer kept.
    const archive = await eventually(async () => {
      const [d] = await deliveries(NS, 'archive');
      return d?.state === 'failed' ? d : undefined;
    }, 15_000, 'the archive delivery to fail');
    expect(archive).toMatchObject({ event: 'COMPLETED', attempts: 3, lastStatus: 503, lastError: 'HTTP 503: maintenance', nextAttemptAt: null });
    expect(received.filter((r) => r.path === '/down')).toHaveLength(3);

    // Each namespace's webhooks hear about its own Rollouts only.
    await eventually(async () => (received.some((r) => r.path === '/elsewhere') ? true : undefined), 15_000, 'the other namespace\'s event');
    expect(received.filter((r) => r.path === '/elsewhere').map((r) => JSON.parse(r.body).namespace)).toEqual(['elsewhere']);
    expect((await deliveries(NS, 'chat')).every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('records a receiver that cannot be reached, in words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await api.graphql(SET, { ns: 'nowhere', n: 'gone', u: `http://127.0.0.1:${port}/`, s: SECRET, e: null })).errors).toBeUndefined();
    await applyRollout('nowhere', 'svc');
    await setStatus('nowhere', 'svc', status(1, 'StepUpgrade'));
    const failed = await eventually(async () => {
      const [d] = await deliveries('nowhere');
      return d?.state === 'failed' ? d : undefined;
    }, 15_000, 'the unreachable delivery to fail');
    expect(failed).toMatchObject({ attempts: 3, lastStatus: null, lastError: 'ECONNREFUSED' });
  });

  it('forgets finished deliveries past their retention, and keeps newer ones', async () => {
    const repository = api.app.get(RolloutWebhooksRepository);
    const before = (await deliveries(NS)).length;
    expect(before).toBeGreaterThan(0);
    expect(await repository.forgetDeliveriesBefore(new Date(Date.now() - 60_000))).toBe(0);
    expect(await repository.forgetDeliveriesBefore(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(before);
    expect(await deliveries(NS)).toEqual([]);
  });

  it('records hostile receivers in words and keeps counting their attempts: NUL and non-UTF-8 error bodies, a huge body, a redirect (not followed)', async () => {
    await setWebhook('hostile', 'binary', '/binary', null);
    await setWebhook('hostile', 'huge', '/huge', null);
    await setWebhook('hostile', 'redirect', '/redirect', null);
    await applyRollout('hostile', 'svc');
    const redirectedBefore = received.filter((r) => r.path === '/elsewhere').length;
    await setStatus('hostile', 'svc', status(1, 'StepUpgrade'));
    const failed = await eventually(async () => {
      const all = await deliveries('hostile');
      return all.length === 3 && all.every((d) => d.state === 'failed') ? all : undefined;
    }, 60_000, 'the three hostile deliveries to fail after their attempts');
    const byWebhook = Object.fromEntries(failed.map((d) => [d.webhook, d]));
    expect(byWebhook['binary']).toMatchObject({ attempts: 3, lastStatus: 500 });
    expect(byWebhook['binary']!.lastError).toMatch(/^HTTP 500: bad.gateway /);
    expect(byWebhook['binary']!.lastError).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(byWebhook['huge']).toMatchObject({ attempts: 3, lastStatus: 500 });
    expect(byWebhook['huge']!.lastError.length).toBeLessThanOrEqual(220);
    expect(byWebhook['redirect']).toMatchObject({ attempts: 3, lastStatus: 307, lastError: 'HTTP 307' });
    expect(received.filter((r) => r.path === '/elsewhere').length).toBe(redirectedBefore);
  }, 90_000);

  it('a webhook deleted while its delivery is being attempted: the attempt is recorded, and its retry fails in words, once', async () => {
    await setWebhook('slowns', 'slow', '/slow', null);
    await applyRollout('slowns', 'svc');
    await setStatus('slowns', 'svc', status(1, 'StepUpgrade'));
    await eventually(async () => (slowAnswers.length > 0 ? true : undefined), 15_000, 'the attempt to reach the slow receiver');
    expect((await api.graphql(`mutation { deleteRolloutWebhook(namespace: "slowns", name: "slow") }`)).data).toEqual({ deleteRolloutWebhook: true });
    slowAnswers.shift()!();
    const failed = await eventually(async () => {
      const [d] = await deliveries('slowns');
      return d?.state === 'failed' ? d : undefined;
    }, 15_000, 'the deleted webhook\'s delivery to fail');
    expect(failed).toMatchObject({ attempts: 1, lastError: 'the webhook was deleted' });
    expect(received.filter((r) => r.path === '/slow')).toHaveLength(1);
  }, 60_000);
});
