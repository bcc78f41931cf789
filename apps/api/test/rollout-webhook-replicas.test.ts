// Outgoing Rollout webhooks with several API replicas (docs/rollouts-api.md §5): two deliverers on one
// database, each observing the same events, against a local receiver. Each event is stored once per
// webhook and received once (a failing receiver: each attempt made once, by one replica), and a delivery
// leased by a replica that stopped is taken over by another once its lease is past. On PGlite (one
// database, two deliverers) and on PostgreSQL (two connection pools, as two replicas have) when
// TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { RealClock } from '@coxswain/cluster';
import { Database } from '../src/persistence/database.js';
import type { RolloutEvent } from '../src/rollouts/rollout-events.js';
import { RolloutWebhooksRepository } from '../src/rollouts/webhooks/rollout-webhooks.repository.js';
import { WebhookDeliverer, type DeliveryLeaseTiming } from '../src/rollouts/webhooks/webhook-deliverer.js';
import { DEFAULT_MIGRATIONS_DIR } from '../src/runtime.js';
import type { Runtime } from '../src/runtime.js';
import { testDatabases } from './support/databases.js';
import { eventually } from './support/api-server.js';

const NS = 'shop';
/** Request counts by delivery id: all, and those answered 2xx. */
const attempts = new Map<string, number>();
const delivered = new Map<string, number>();
/** The receiver answers the first request of each delivery to /flaky 500. */
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['x-coxswain-delivery']);
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      if (req.url === '/flaky' && n === 1) return void res.writeHead(500).end('boom');
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const RUNTIME = { config: { rolloutWebhooks: { attempts: 5, retryBaseMs: 30 } } } as unknown as Pick<Runtime, 'config'>;
const TIMING: DeliveryLeaseTiming = { leaseMs: 2_000, sweepMs: 50 };

const event = (i: number): RolloutEvent => ({
  type: 'STEP_REACHED', namespace: NS, rollout: `web-${i}`, stepIndex: 1, steps: 3, phase: 'Progressing', stableRevision: 'v1', canaryRevision: 'v2', message: null,
});

describe.each(testDatabases())('rollout webhook deliveries with two replicas on $name', (db) => {
  let first: Database;
  let second: Database;
  let replicas: WebhookDeliverer[];

  beforeEach(async () => {
    const target = await db.fresh();
    first = await Database.open(target, DEFAULT_MIGRATIONS_DIR);
    // PGlite is one process's database: its two replicas share it. PostgreSQL: a pool each.
    second = target.kind === 'postgres' ? await Database.open(target, DEFAULT_MIGRATIONS_DIR) : first;
    const clock = new RealClock();
    replicas = [first, second].map((d) => new WebhookDeliverer(new RolloutWebhooksRepository(d.prisma), clock, RUNTIME, TIMING));
    for (const replica of replicas) await replica.onApplicationBootstrap();
    attempts.clear();
    delivered.clear();
  });

  afterEach(async () => {
    for (const replica of replicas ?? []) await replica.onModuleDestroy();
    if (second !== first) await second?.close();
    await first?.close();
  });

  const rows = () => first.prisma.rolloutWebhookDelivery.findMany({ orderBy: { eventKey: 'asc' } });
  const settled = async () => {
    const all = await rows();
    return all.length > 0 && all.every((r) => r.state !== 'pending' && r.leasedBy === null) ? all : undefined;
  };

  it('stores and delivers each event once per webhook, each attempt made once, whichever replicas observe it', async () => {
    const repository = new RolloutWebhooksRepository(first.prisma);
    await repository.upsert({ namespace: NS, name: 'steady', url: `${receiverUrl}/steady`, secret: 's'.repeat(16), events: [] }, new Date());
    await repository.upsert({ namespace: NS, name: 'flaky', url: `${receiverUrl}/flaky`, secret: 's'.repeat(16), events: [] }, new Date());
    const events = Array.from({ length: 20 }, (_, i) => ({ event: event(i), key: `${randomUUID()}/${i}/STEP_REACHED` }));
    // Both replicas observe every event, at the same time.
    await Promise.all(events.flatMap(({ event, key }) => replicas.map((replica) => replica.dispatch(event, key))));

    const all = await eventually(settled, 30_000, 'every delivery settled');
    expect(all).toHaveLength(2 * events.length);
    expect(new Set(all.map((r) => `${r.webhookId}/${r.eventKey}`)).size).toBe(all.length);
    for (const row of all) {
      expect(row).toMatchObject({ state: 'delivered', attempts: row.webhook === 'flaky' ? 2 : 1, lastStatus: 204 });
      expect(attempts.get(row.id)).toBe(row.attempts);
      expect(delivered.get(row.id)).toBe(1);
    }
    // Nothing else reached the receiver.
    expect([...attempts.keys()].sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('takes over a delivery leased by a replica that stopped, once its lease is past', async () => {
    const repository = new RolloutWebhooksRepository(first.prisma);
    const hook = await repository.upsert({ namespace: NS, name: 'steady', url: `${receiverUrl}/steady`, secret: 's'.repeat(16), events: [] }, new Date());
    const now = Date.now();
    const leaseUntil = new Date(now + 500);
    const id = randomUUID();
    // Stored and leased by a replica that then stopped before its attempt was recorded.
    await first.prisma.rolloutWebhookDelivery.create({
      data: {
        id, webhookId: hook.id, namespace: NS, webhook: 'steady', event: 'PAUSED', rollout: 'web', body: JSON.stringify({ id, type: 'PAUSED' }),
        state: 'pending', attempts: 0, createdAt: new Date(now), nextAttemptAt: new Date(now), eventKey: 'uid/7/PAUSED', leasedBy: 'stopped-replica', leaseUntil,
      },
    });
    const [row] = await eventually(settled, 30_000, 'the delivery taken over');
    expect(row).toMatchObject({ id, state: 'delivered', attempts: 1, lastStatus: 204 });
    expect(row!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());
    expect(delivered.get(id)).toBe(1);
    // The stopped replica's late record (it no longer holds the lease) writes nothing.
    expect(await repository.recordAttempt(id, 'stopped-replica', { state: 'failed', attempts: 9, lastStatus: null, lastError: 'late', lastAttemptAt: new Date(), nextAttemptAt: null })).toBe(false);
    expect((await rows())[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });
});
