// Delivers Rollout events to a namespace's outgoing webhooks (docs/rollouts-api.md): one delivery row per
// event and webhook, stored before the first attempt; each attempt POSTs the same JSON body, signed
// (webhook-signature.ts), and is recorded on the row (status or error, when). A non-2xx answer, a timeout
// or a refused connection is retried after an exponential backoff (retry-schedule.ts) up to the configured
// number of attempts, then the delivery is failed. Waits are wall-clock time: the receiver lives in real
// time, whatever the cluster's clock.
// Every API replica observes the same Rollout changes, and a delivery is one replica's all the same: the
// row is stored once per event (its key, the same on every replica) and webhook, whoever stores it first,
// and an attempt is made only under a lease of the row (rollout-webhooks.repository.ts), which the
// attempt's record ends. The replica that leased the first attempt schedules the retries; every replica
// sweeps for deliveries due and not leased (or leased past their lease: their replica stopped), so a
// restart resumes what it left and a replica that stopped is taken over after the lease.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RealClock, type Clock, type TimerHandle } from '@coxswain/cluster';
import type { Runtime } from '../../runtime.js';
import { CLOCK, RUNTIME } from '../../tokens.js';
import type { RolloutEvent } from '../rollout-events.js';
import { retryDelayMs } from './retry-schedule.js';
import { RolloutWebhooksRepository, type DeliveryRow, type Lease } from './rollout-webhooks.repository.js';
import { SIGNATURE_HEADER, signature } from './webhook-signature.js';

/** A receiver that has not answered in this long is a failed attempt. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Kept of a receiver's error answer in the delivery's lastError. */
const ERROR_TEXT_LIMIT = 200;
/** Deliveries one sweep leases at most. */
const SWEEP_BATCH = 50;

/** How long an attempt's lease lasts (well beyond an attempt's timeout), and how often a replica sweeps. */
export interface DeliveryLeaseTiming {
  leaseMs: number;
  sweepMs: number;
}
export const DELIVERY_LEASE_TIMING = Symbol('DELIVERY_LEASE_TIMING');
export const DEFAULT_LEASE_TIMING: DeliveryLeaseTiming = { leaseMs: 6 * ATTEMPT_TIMEOUT_MS, sweepMs: 15_000 };

@Injectable()
export class WebhookDeliverer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RolloutWebhooks');
  private readonly wall: Clock = new RealClock();
  private readonly timers = new Set<TimerHandle>();
  private readonly running = new Set<Promise<void>>();
  /** This replica, as lease holder. */
  private readonly owner = randomUUID();
  private sweeper: TimerHandle | undefined;
  private stopped = false;

  constructor(
    private readonly repository: RolloutWebhooksRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Pick<Runtime, 'config'>,
    @Optional() @Inject(DELIVERY_LEASE_TIMING) private readonly timing: DeliveryLeaseTiming = DEFAULT_LEASE_TIMING,
  ) {}

  /** Resumes the deliveries left pending (by this replica before a restart, or by one that stopped), and keeps sweeping. */
  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.sweeper?.cancel();
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    await Promise.all(this.running);
  }

  /**
   * Stores a delivery of `event` for every webhook of its namespace that wants it (unless another replica
   * stored it: same `eventKey`), and attempts those no replica has leased yet.
   */
  async dispatch(event: RolloutEvent, eventKey: string): Promise<void> {
    const hooks = (await this.repository.list(event.namespace)).filter((h) => h.events.length === 0 || h.events.includes(event.type));
    if (hooks.length === 0) return;
    const now = new Date(this.wall.now());
    const at = new Date(this.clock.now()).toISOString();
    const { type, ...facts } = event;
    await this.repository.createDeliveries(hooks.map((hook) => {
      const id = randomUUID();
      return {
        id, webhookId: hook.id, namespace: event.namespace, webhook: hook.name, event: type, rollout: event.rollout, eventKey,
        body: JSON.stringify({ id, type, at, ...facts }), state: 'pending', attempts: 0, createdAt: now, nextAttemptAt: now,
      };
    }));
    for (const delivery of await this.repository.leaseEvent(eventKey, hooks.map((h) => h.id), this.lease())) this.start(delivery);
  }

  private lease(): Lease {
    const now = this.wall.now();
    return { owner: this.owner, now: new Date(now), until: new Date(now + this.timing.leaseMs) };
  }

  /** Leases the deliveries due, attempts them, and sweeps again after sweepMs. */
  private async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      for (;;) {
        const due = await this.repository.leaseDue(this.lease(), SWEEP_BATCH);
        for (const delivery of due) this.start(delivery);
        if (due.length < SWEEP_BATCH) break;
      }
    } catch (err) {
      this.logger.error({ msg: 'could not lease the webhook deliveries due', error: String(err) });
    }
    if (this.stopped) return;
    this.sweeper = this.wall.setTimer(this.timing.sweepMs, () => {
      const next = this.sweep();
      this.running.add(next);
      void next.finally(() => this.running.delete(next));
    });
  }

  /** Attempts a delivery this replica leased. */
  private start(delivery: DeliveryRow): void {
    const attempt = this.attempt(delivery).catch((err) => this.logger.error({ msg: 'a webhook delivery attempt failed to record', delivery: delivery.id, error: String(err) }));
    this.running.add(attempt);
    void attempt.finally(() => this.running.delete(attempt));
  }

  /** Leases the delivery again when its retry is due (unless another replica's sweep did first) and attempts it. */
  private retryAt(id: string, delayMs: number): void {
    if (this.stopped) return;
    const timer = this.wall.setTimer(Math.max(0, delayMs), () => {
      this.timers.delete(timer);
      const leased = this.repository.leaseOne(id, this.lease()).then((delivery) => delivery && this.start(delivery))
        .catch((err) => this.logger.error({ msg: 'could not lease a webhook delivery for its retry', delivery: id, error: String(err) }));
      this.running.add(leased);
      void leased.finally(() => this.running.delete(leased));
    });
    this.timers.add(timer);
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const hook = await this.repository.find(delivery.webhookId);
    const attempts = delivery.attempts + 1;
    const lastAttemptAt = new Date(this.wall.now());
    if (!hook) {
      await this.repository.recordAttempt(delivery.id, this.owner, { state: 'failed', attempts: delivery.attempts, lastStatus: null, lastError: 'the webhook was deleted', lastAttemptAt, nextAttemptAt: null });
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
      await this.repository.recordAttempt(delivery.id, this.owner, { state: 'delivered', attempts, lastStatus: outcome.status, lastError: null, lastAttemptAt, nextAttemptAt: null });
      return;
    }
    const { attempts: max, retryBaseMs } = this.runtime.config.rolloutWebhooks;
    const delay = retryDelayMs(attempts, max, retryBaseMs);
    const nextAttemptAt = delay === undefined ? null : new Date(lastAttemptAt.getTime() + delay);
    const recorded = await this.repository.recordAttempt(delivery.id, this.owner, {
      state: delay === undefined ? 'failed' : 'pending', attempts, lastStatus: outcome.status, lastError: outcome.error, lastAttemptAt, nextAttemptAt,
    });
    if (recorded && delay !== undefined) this.retryAt(delivery.id, delay);
  }
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function post(url: string, body: string, headers: Record<string, string>): Promise<Outcome> {
  try {
    // Redirects are not followed: the signature is for the configured receiver.
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
    const text = await answerStart(res);
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    return { ok: false, status: res.status, error: `HTTP ${res.status}${text ? `: ${text}` : ''}` };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const timedOut = (err as { name?: string }).name === 'TimeoutError';
    return { ok: false, status: null, error: timedOut ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : printable(cause?.code ?? cause?.message ?? String(err)) };
  }
}

/**
 * The start of a receiver's answer, as text fit for the delivery's lastError: at most a few KiB are read
 * (the rest is cancelled, however large), bytes that are not UTF-8 become U+FFFD, control characters
 * (NUL above all, which PostgreSQL text refuses: the attempt could not be recorded and was made again
 * every lease) become spaces, cut at ERROR_TEXT_LIMIT characters, never inside one.
 */
async function answerStart(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ERROR_TEXT_LIMIT * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut short (the timeout, a reset) still has its start.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return printable(new TextDecoder('utf-8').decode(Buffer.concat(chunks)));
}

function printable(text: string): string {
  return Array.from(text.replace(/[\u0000-\u001f\u007f]/g, ' ')).slice(0, ERROR_TEXT_LIMIT).join('').trim();
}
