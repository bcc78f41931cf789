// Rollout actions are kept by Idempotency-Key so that retries replay their answer, for as long as hook
// acknowledgements are (ACK_KEY_RETENTION_HOURS), and forgotten by a sweep every few minutes like them
// (hooks/ack-key-retention.ts): after that a retry with the key is a new request.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import { SWEEP_INTERVAL_MS } from '../hooks/ack-key-retention.js';
import type { Runtime } from '../runtime.js';
import { CLOCK, RUNTIME } from '../tokens.js';
import { RolloutActionsRepository } from './rollout-actions.repository.js';

@Injectable()
export class RolloutActionRetention implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RolloutActionRetention');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly actions: RolloutActionsRepository,
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

  /** Forgets the keys answered before the retention time; never throws (the next sweep tries again). */
  async sweep(): Promise<number> {
    try {
      return await this.actions.forgetBefore(new Date(this.clock.now() - this.runtime.config.ackKeyRetentionMs));
    } catch (err) {
      this.logger.warn({ msg: 'could not forget old rollout action keys; the next sweep tries again', error: String(err) });
      return 0;
    }
  }
}
