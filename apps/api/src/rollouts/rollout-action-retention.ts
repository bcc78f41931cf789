// Rollout actions are kept by Idempotency-Key so that retries replay their answer, for as long as hook
// acknowledgements are (ACK_KEY_RETENTION_HOURS), and forgotten by a sweep every few minutes like them
// (hooks/ack-key-retention.ts): after that a retry with the key is a new request. The same sweep forgets
// webhook deliveries finished more than DELIVERY_RETENTION_MS ago (wall time, as deliveries are timed).
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RealClock, type Clock } from '@coxswain/cluster';
import { SWEEP_INTERVAL_MS } from '../hooks/ack-key-retention.js';
import type { Runtime } from '../runtime.js';
import { CLOCK, RUNTIME } from '../tokens.js';
import { RolloutActionsRepository } from './rollout-actions.repository.js';
import { RolloutWebhooksRepository } from './webhooks/rollout-webhooks.repository.js';

/** How long a finished webhook delivery stays visible in rolloutWebhookDeliveries. */
export const DELIVERY_RETENTION_MS = 7 * 24 * 3_600_000;

@Injectable()
export class RolloutActionRetention implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RolloutActionRetention');
  private timer: NodeJS.Timeout | undefined;
  private readonly wall: Clock = new RealClock();

  constructor(
    private readonly actions: RolloutActionsRepository,
    private readonly webhooks: RolloutWebhooksRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Pick<Runtime, 'config'>,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Forgets the keys answered, and the deliveries finished, before their retention time; never throws (the next sweep tries again). */
  async sweep(): Promise<number> {
    try {
      const [keys] = await Promise.all([
        this.actions.forgetBefore(new Date(this.clock.now() - this.runtime.config.ackKeyRetentionMs)),
        this.webhooks.forgetDeliveriesBefore(new Date(this.wall.now() - DELIVERY_RETENTION_MS)),
      ]);
      return keys;
    } catch (err) {
      this.logger.warn({ msg: 'could not forget old rollout action keys or webhook deliveries; the next sweep tries again', error: String(err) });
      return 0;
    }
  }
}
