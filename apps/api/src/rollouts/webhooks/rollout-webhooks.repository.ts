// Prisma access for outgoing Rollout webhooks (rollout_webhooks) and their deliveries
// (rollout_webhook_deliveries). Several API replicas share the deliveries: a delivery is stored once per
// event and webhook (the unique (webhook_id, event_key): insert-or-skip), and each attempt is made by the
// replica that leases it (a conditional UPDATE ... RETURNING: pending, due, and not leased or its lease
// past); the attempt's record ends the lease, and only the lease holder's record lands.
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { PRISMA } from '../../tokens.js';

export interface RolloutWebhookRow {
  id: string;
  namespace: string;
  name: string;
  url: string;
  secret: string;
  events: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface DeliveryRow {
  id: string;
  webhookId: string;
  namespace: string;
  webhook: string;
  event: string;
  rollout: string;
  body: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  eventKey: string;
  leasedBy: string | null;
  leaseUntil: Date | null;
}

export type NewDelivery = Omit<DeliveryRow, 'lastStatus' | 'lastError' | 'lastAttemptAt' | 'leasedBy' | 'leaseUntil'>;

/** Who leases, when, and until when. */
export interface Lease {
  owner: string;
  now: Date;
  until: Date;
}

const DELIVERY_COLUMNS = `id, webhook_id AS "webhookId", namespace, webhook, event, rollout, body, state, attempts, last_status AS "lastStatus",
  last_error AS "lastError", created_at AS "createdAt", last_attempt_at AS "lastAttemptAt", next_attempt_at AS "nextAttemptAt",
  event_key AS "eventKey", leased_by AS "leasedBy", lease_until AS "leaseUntil"`;
/** A delivery anyone may lease at $2: pending, due, its lease (if any) past. */
const LEASABLE = `state = 'pending' AND next_attempt_at <= $2::timestamptz AT TIME ZONE 'UTC' AND (lease_until IS NULL OR lease_until <= $2::timestamptz AT TIME ZONE 'UTC')`;

@Injectable()
export class RolloutWebhooksRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /** Creates the namespace's webhook of that name, or replaces its url, secret and events. */
  async upsert(hook: { namespace: string; name: string; url: string; secret: string; events: string[] }, at: Date): Promise<RolloutWebhookRow> {
    return this.prisma.rolloutWebhook.upsert({
      where: { namespace_name: { namespace: hook.namespace, name: hook.name } },
      create: { ...hook, createdAt: at, updatedAt: at },
      update: { url: hook.url, secret: hook.secret, events: hook.events, updatedAt: at },
    });
  }

  async delete(namespace: string, name: string): Promise<boolean> {
    const { count } = await this.prisma.rolloutWebhook.deleteMany({ where: { namespace, name } });
    return count > 0;
  }

  list(namespace: string | undefined): Promise<RolloutWebhookRow[]> {
    return this.prisma.rolloutWebhook.findMany({ where: namespace === undefined ? {} : { namespace }, orderBy: [{ namespace: 'asc' }, { name: 'asc' }] });
  }

  find(id: string): Promise<RolloutWebhookRow | null> {
    return this.prisma.rolloutWebhook.findUnique({ where: { id } });
  }

  /** Stores the deliveries of an event; one another replica stored already (same webhook and event key) is skipped. */
  async createDeliveries(rows: NewDelivery[]): Promise<void> {
    if (rows.length > 0) await this.prisma.rolloutWebhookDelivery.createMany({ data: rows, skipDuplicates: true });
  }

  /** Leases the leasable deliveries of an event (whichever replica stored them). */
  leaseEvent(eventKey: string, webhookIds: readonly string[], lease: Lease): Promise<DeliveryRow[]> {
    return this.prisma.$queryRawUnsafe<DeliveryRow[]>(
      `UPDATE rollout_webhook_deliveries SET leased_by = $1, lease_until = $3::timestamptz AT TIME ZONE 'UTC'
       WHERE event_key = $4 AND webhook_id IN (SELECT jsonb_array_elements_text($5::jsonb)) AND ${LEASABLE}
       RETURNING ${DELIVERY_COLUMNS}`,
      lease.owner, lease.now.toISOString(), lease.until.toISOString(), eventKey, JSON.stringify(webhookIds),
    );
  }

  /** Leases one delivery (its retry is due); undefined when it is not leasable now. */
  async leaseOne(id: string, lease: Lease): Promise<DeliveryRow | undefined> {
    const rows = await this.prisma.$queryRawUnsafe<DeliveryRow[]>(
      `UPDATE rollout_webhook_deliveries SET leased_by = $1, lease_until = $3::timestamptz AT TIME ZONE 'UTC'
       WHERE id = $4 AND ${LEASABLE}
       RETURNING ${DELIVERY_COLUMNS}`,
      lease.owner, lease.now.toISOString(), lease.until.toISOString(), id,
    );
    return rows[0];
  }

  /**
   * Leases up to `limit` leasable deliveries, oldest due first: those a restart resumes, and those a
   * replica that stopped left leased (once the lease is past). Rows another replica is leasing at the same
   * moment are skipped, not waited for.
   */
  leaseDue(lease: Lease, limit: number): Promise<DeliveryRow[]> {
    return this.prisma.$queryRawUnsafe<DeliveryRow[]>(
      `UPDATE rollout_webhook_deliveries SET leased_by = $1, lease_until = $3::timestamptz AT TIME ZONE 'UTC'
       WHERE id IN (SELECT id FROM rollout_webhook_deliveries WHERE ${LEASABLE} ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING ${DELIVERY_COLUMNS}`,
      lease.owner, lease.now.toISOString(), lease.until.toISOString(), limit,
    );
  }

  /** Records an attempt and ends the lease; false (nothing written) when `owner` no longer holds it. */
  async recordAttempt(id: string, owner: string, attempt: Pick<DeliveryRow, 'state' | 'attempts' | 'lastStatus' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt'>): Promise<boolean> {
    const { count } = await this.prisma.rolloutWebhookDelivery.updateMany({ where: { id, leasedBy: owner }, data: { ...attempt, leasedBy: null, leaseUntil: null } });
    return count > 0;
  }

  /** Forgets finished (delivered or failed) deliveries created before `before`; the number forgotten. */
  async forgetDeliveriesBefore(before: Date): Promise<number> {
    const { count } = await this.prisma.rolloutWebhookDelivery.deleteMany({ where: { state: { not: 'pending' }, createdAt: { lt: before } } });
    return count;
  }

  /** The newest deliveries of a namespace (of one webhook when named), newest first. */
  deliveries(namespace: string, webhook: string | undefined, first: number): Promise<DeliveryRow[]> {
    return this.prisma.rolloutWebhookDelivery.findMany({
      where: { namespace, ...(webhook === undefined ? {} : { webhook }) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: first,
    });
  }
}
