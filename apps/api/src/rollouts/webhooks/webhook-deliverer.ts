// Delivers Rollout events to a namespace's outgoing webhooks (docs/rollouts-api.md): one delivery row per
// event and webhook, stored before the first attempt; each attempt POSTs the same JSON body, signed
// (webhook-signature.ts), and is recorded on the row (status or error, when). A non-2xx answer, a timeout
// or a refused connection is retried after an exponential backoff (retry-schedule.ts) up to the configured
// number of attempts, then the delivery is failed. Deliveries still pending when the API stops are resumed
// when it starts. Waits are wall-clock time: the receiver lives in real time, whatever the cluster's clock.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RealClock, type Clock, type TimerHandle } from '@coxswain/cluster';
import type { Runtime } from '../../runtime.js';
import { CLOCK, RUNTIME } from '../../tokens.js';
import type { RolloutEvent } from '../rollout-events.js';
import { retryDelayMs } from './retry-schedule.js';
import { RolloutWebhooksRepository, type DeliveryRow } from './rollout-webhooks.repository.js';
import { SIGNATURE_HEADER, signature } from './webhook-signature.js';

/** A receiver that has not answered in this long is a failed attempt. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Kept of a receiver's error answer in the delivery's lastError. */
const ERROR_TEXT_LIMIT = 200;

@Injectable()
export class WebhookDeliverer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RolloutWebhooks');
  private readonly wall: Clock = new RealClock();
  private readonly timers = new Set<TimerHandle>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly repository: RolloutWebhooksRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Pick<Runtime, 'config'>,
  ) {}

  /** Resumes the deliveries a previous run left pending, each at its next attempt's time. */
  async onApplicationBootstrap(): Promise<void> {
    for (const delivery of await this.repository.pending()) this.schedule(delivery, (delivery.nextAttemptAt?.getTime() ?? 0) - this.wall.now());
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    await Promise.all(this.running);
  }

  /** Stores a delivery of `event` for every webhook of its namespace that wants it, and attempts each. */
  async dispatch(event: RolloutEvent): Promise<void> {
    const hooks = (await this.repository.list(event.namespace)).filter((h) => h.events.length === 0 || h.events.includes(event.type));
    if (hooks.length === 0) return;
    const now = new Date(this.wall.now());
    const at = new Date(this.clock.now()).toISOString();
    const deliveries = hooks.map((hook) => {
      const id = randomUUID();
      const { type, ...facts } = event;
      return {
        id, webhookId: hook.id, namespace: event.namespace, webhook: hook.name, event: type, rollout: event.rollout,
        body: JSON.stringify({ id, type, at, ...facts }), state: 'pending', attempts: 0, createdAt: now, nextAttemptAt: now,
      };
    });
    await this.repository.createDeliveries(deliveries);
    for (const delivery of deliveries) this.schedule({ ...delivery, lastStatus: null, lastError: null, lastAttemptAt: null }, 0);
  }

  private schedule(delivery: DeliveryRow, delayMs: number): void {
    if (this.stopped) return;
    const timer = this.wall.setTimer(Math.max(0, delayMs), () => {
      this.timers.delete(timer);
      const attempt = this.attempt(delivery).catch((err) => this.logger.error({ msg: 'a webhook delivery attempt failed to record', delivery: delivery.id, error: String(err) }));
      this.running.add(attempt);
      void attempt.finally(() => this.running.delete(attempt));
    });
    this.timers.add(timer);
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const hook = await this.repository.find(delivery.webhookId);
    const attempts = delivery.attempts + 1;
    const lastAttemptAt = new Date(this.wall.now());
    if (!hook) {
      await this.repository.recordAttempt(delivery.id, { state: 'failed', attempts: delivery.attempts, lastStatus: null, lastError: 'the webhook was deleted', lastAttemptAt, nextAttemptAt: null });
      return;
    }
    const outcome = await post(hook.url, delivery.body, {
      'content-type': 'application/json',
      'user-agent': 'coxswain-rollout-webhooks',
      [SIGNATURE_HEADER]: signature(hook.secret, delivery.body),
      'x-coxswain-event': delivery.event,
      'x-coxswain-delivery': delivery.id,
    });
    if (outcome.ok) {
      await this.repository.recordAttempt(delivery.id, { state: 'delivered', attempts, lastStatus: outcome.status, lastError: null, lastAttemptAt, nextAttemptAt: null });
      return;
    }
    const { attempts: max, retryBaseMs } = this.runtime.config.rolloutWebhooks;
    const delay = retryDelayMs(attempts, max, retryBaseMs);
    const nextAttemptAt = delay === undefined ? null : new Date(lastAttemptAt.getTime() + delay);
    const next = { state: delay === undefined ? 'failed' : 'pending', attempts, lastStatus: outcome.status, lastError: outcome.error, lastAttemptAt, nextAttemptAt };
    await this.repository.recordAttempt(delivery.id, next);
    if (delay !== undefined) this.schedule({ ...delivery, ...next }, delay);
  }
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function post(url: string, body: string, headers: Record<string, string>): Promise<Outcome> {
  try {
    // Redirects are not followed: the signature is for the configured receiver.
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
    const text = await res.text().catch(() => '');
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    return { ok: false, status: res.status, error: `HTTP ${res.status}${text ? `: ${text.slice(0, ERROR_TEXT_LIMIT)}` : ''}` };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const timedOut = (err as { name?: string }).name === 'TimeoutError';
    return { ok: false, status: null, error: timedOut ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : cause?.code ?? cause?.message ?? String(err) };
  }
}
