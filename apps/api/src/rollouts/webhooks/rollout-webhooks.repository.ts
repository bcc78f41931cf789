// Prisma access for outgoing Rollout webhooks (rollout_webhooks) and their deliveries
// (rollout_webhook_deliveries).
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
}

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

  async createDeliveries(rows: Omit<DeliveryRow, 'lastStatus' | 'lastError' | 'lastAttemptAt'>[]): Promise<void> {
    if (rows.length > 0) await this.prisma.rolloutWebhookDelivery.createMany({ data: rows });
  }

  async recordAttempt(id: string, attempt: Pick<DeliveryRow, 'state' | 'attempts' | 'lastStatus' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt'>): Promise<void> {
    await this.prisma.rolloutWebhookDelivery.update({ where: { id }, data: attempt });
  }

  /** Deliveries still to attempt (a restart resumes them). */
  pending(): Promise<DeliveryRow[]> {
    return this.prisma.rolloutWebhookDelivery.findMany({ where: { state: 'pending' }, orderBy: { createdAt: 'asc' } });
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
